import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { sendFailure } from '../proxy/failure.ts';

/**
 * Backend endpoints that are not routes (SPEC section 2: /prg, /apitv): an operator's own services
 * this deployment does not have. They answer a clean 404 envelope, never the web app's page.
 */
export const BackendOnlyPath = /^\/(prg|apitv)(\/|$)/;

/** A file of the build whose name carries its content hash (Vite's `assets/<name>-<hash>.<ext>`). */
export const HashedAsset = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/** The page of the build a deep link gets: index.html without the landing page. */
export const AppShellFile = 'app.html';

/**
 * Serves the built web app with history-mode fallback: any GET that is not an API, websocket,
 * metrics, health or backend-only path and accepts HTML gets index.html (app.html, the app shell,
 * when the build has it), so deep links (/desktop, /info/betlist) load the app, which then routes
 * on the client.
 *
 * The build writes a brotli and a gzip copy beside each text file (web/vite.config.ts
 * `precompress`); the one the browser accepts is served (`preCompressed`), with
 * `Vary: Accept-Encoding`, else the plain file. Hashed assets are cached for a year, immutable;
 * everything else (index.html) is revalidated on every load (a phone over 4G).
 */
export const webPlugin = fp<{ root?: string }>(
  async (app, opts) => {
    const root = opts.root;
    const hasApp = root !== undefined && existsSync(`${root}/index.html`);
    // index.html holds the landing page prerendered; a deep link gets the app shell when the build
    // has one (web/tools/landingHtml.ts), so a reload of /desktop never paints the login form.
    const deepLinkPage = hasApp && existsSync(`${root}/${AppShellFile}`) ? AppShellFile : 'index.html';
    if (hasApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: 'index.html',
        preCompressed: true,
        setHeaders(reply, path) {
          reply.header(
            'cache-control',
            HashedAsset.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const isApiLike = /^\/(api|ws|metrics|healthz|readyz)(\/|$)/.test(path) || BackendOnlyPath.test(path);
      if (hasApp && req.method === 'GET' && !isApiLike && !/\.[a-z0-9]+$/i.test(path)) {
        return reply.type('text/html').sendFile(path === '/' ? 'index.html' : deepLinkPage);
      }
      return sendFailure(reply, 'unknownCall', { httpStatus: 404 });
    });
  },
  { name: 'web' },
);
