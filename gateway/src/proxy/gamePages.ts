/**
 * The game pages relay (PROXY.md "Game pages"): a launch URL is a gateway path, so the
 * pop-up only ever talks to the gateway's origin. `GET /api/games/<provider>/launch?token=...`
 * (the page), `GET /api/games/<provider>/static/<file>` (its script and style) and
 * `GET /api/games/<provider>/thumb/<file>` (lobby thumbnails) fetch the same paths from the
 * upstream and send them back with their status, type and cache headers. The page's own calls
 * (`launch`, `play`) are ordinary POST calls of the proxy. The gateway's CSP stays as it is: the
 * page has no inline script. Bad names never reach the upstream (404 envelope); an unreachable or
 * slow upstream is a 502/504 envelope.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Agent, request, errors as undiciErrors } from 'undici';
import type { GatewayPluginOptions } from '../app.ts';
import { sendFailure } from './failure.ts';
import { MediaFile } from './media.ts';

const Provider = /^[A-Za-z0-9_-]{1,32}$/;
const Token = /^[A-Za-z0-9_-]{16,128}$/;
const Returned = ['content-type', 'cache-control'] as const;
const PageTimeoutMs = 10_000;
/** Pages, scripts and thumbnails are small; anything bigger is not a game page. */
const MaxBytes = 1024 * 1024;

export const gamePagesPlugin = fp<GatewayPluginOptions>(
  async (app: FastifyInstance, opts) => {
    const agent = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
    app.addHook('onClose', async () => {
      await agent.close();
    });
    const base = opts.config.upstreamUrl;

    async function relay(
      path: string,
      reply: FastifyReply,
      log: FastifyInstance['log'],
    ): Promise<FastifyReply> {
      try {
        const res = await request(`${base}${path}`, {
          method: 'GET',
          dispatcher: agent,
          headersTimeout: PageTimeoutMs,
          bodyTimeout: PageTimeoutMs,
        });
        const length = Number(res.headers['content-length'] ?? 0);
        if (res.statusCode >= 500 && res.statusCode !== 503) {
          await res.body.dump();
          return sendFailure(reply, 'requestFailed', { httpStatus: 502 });
        }
        if (length > MaxBytes) {
          await res.body.dump();
          return sendFailure(reply, 'requestFailed', { httpStatus: 502 });
        }
        const body = Buffer.from(await res.body.arrayBuffer());
        reply.code(res.statusCode);
        for (const name of Returned) {
          const value = res.headers[name];
          if (typeof value === 'string') reply.header(name, value);
        }
        return reply.send(body);
      } catch (err) {
        const timedOut =
          err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError;
        log.warn({ err: (err as Error).message }, 'game page relay failed');
        return sendFailure(reply, timedOut ? 'requestTimeout' : 'requestFailed', {
          httpStatus: timedOut ? 504 : 502,
        });
      }
    }

    const notFound = (reply: FastifyReply) => sendFailure(reply, 'unknownCall', { httpStatus: 404 });

    app.get<{ Params: { provider: string }; Querystring: { token?: unknown } }>(
      '/api/games/:provider/launch',
      async (req, reply) => {
        const { provider } = req.params;
        const token = req.query.token;
        if (!Provider.test(provider) || typeof token !== 'string' || !Token.test(token))
          return notFound(reply);
        return relay(`/games/${provider}/launch?token=${token}`, reply, req.log);
      },
    );
    for (const kind of ['static', 'thumb'] as const) {
      app.get<{ Params: { provider: string; file: string } }>(
        `/api/games/:provider/${kind}/:file`,
        async (req, reply) => {
          const { provider, file } = req.params;
          if (!Provider.test(provider) || !MediaFile.test(file)) return notFound(reply);
          return relay(`/games/${provider}/${kind}/${file}`, reply, req.log);
        },
      );
    }
  },
  { name: 'gamePages' },
);
