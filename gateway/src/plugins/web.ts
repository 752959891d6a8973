import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app with history-mode fallback: any GET that is not an API, websocket,
 * metrics or health path and accepts HTML gets index.html, so deep links (/desktop, /info/betlist)
 * load the app, which then routes on the client.
 */
export const webPlugin = fp<{ root?: string }>(
  async (app, opts) => {
    const root = opts.root;
    const hasApp = root !== undefined && existsSync(`${root}/index.html`);
    if (hasApp) {
      await app.register(fastifyStatic, { root, wildcard: false, index: 'index.html' });
    }
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const isApiLike = /^\/(api|ws|metrics|healthz|readyz)(\/|$)/.test(path);
      if (hasApp && req.method === 'GET' && !isApiLike && !/\.[a-z0-9]+$/i.test(path)) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ status: 0, statusdesc: 'unknownCall' });
    });
  },
  { name: 'web' },
);
