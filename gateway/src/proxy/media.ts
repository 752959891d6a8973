/**
 * The media relay (PROXY.md "Media"): `GET`/`HEAD /media/<file>` on the gateway's origin
 * streams the upstream's `/media/<file>` (live TV clips, highlight clips, the operator's logos), so
 * the browser only ever talks to the gateway and the page's CSP stays `'self'`. The `Range` header
 * goes up and `206`/`Content-Range` come back, so a <video> can seek; the body is streamed, never
 * buffered. A file name is one path segment of `[A-Za-z0-9._-]` (no dot first); anything else is a
 * 404 envelope without asking the upstream. An unreachable or slow upstream is a 502/504 envelope.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Agent, request, errors as undiciErrors } from 'undici';
import type { GatewayPluginOptions } from '../app.ts';
import { sendFailure } from './failure.ts';

export const MediaFile = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,95}$/;

/** Request headers passed to the upstream, and reply headers passed back. */
const Forwarded = ['range', 'if-none-match', 'if-modified-since', 'if-range'] as const;
const Returned = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
] as const;

/** How long the upstream may take to start answering, and to send each piece of the body. */
const MediaTimeoutMs = 15_000;

export const mediaPlugin = fp<GatewayPluginOptions>(
  async (app: FastifyInstance, opts) => {
    const agent = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
    app.addHook('onClose', async () => {
      await agent.close();
    });
    const base = opts.config.upstreamUrl;

    app.get<{ Params: { file: string } }>('/media/:file', async (req, reply) => {
      const file = req.params.file;
      if (!MediaFile.test(file)) return sendFailure(reply, 'empty', { httpStatus: 404 });
      const headers: Record<string, string> = {};
      for (const name of Forwarded) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      // A client that goes away stops the upstream transfer too.
      const abort = new AbortController();
      req.raw.once('close', () => abort.abort());
      try {
        const res = await request(`${base}/media/${file}`, {
          method: req.method === 'HEAD' ? 'HEAD' : 'GET',
          dispatcher: agent,
          headers,
          signal: abort.signal,
          headersTimeout: MediaTimeoutMs,
          bodyTimeout: MediaTimeoutMs,
        });
        if (res.statusCode >= 500 || res.statusCode === 404) {
          await res.body.dump();
          const code = res.statusCode === 404 ? 404 : 502;
          return sendFailure(reply, code === 404 ? 'empty' : 'requestFailed', { httpStatus: code });
        }
        reply.code(res.statusCode);
        for (const name of Returned) {
          const value = res.headers[name];
          if (typeof value === 'string') reply.header(name, value);
        }
        return reply.send(res.body);
      } catch (err) {
        const timedOut =
          err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError;
        if (!reply.sent && !abort.signal.aborted)
          req.log.warn({ err: (err as Error).message, file }, 'media relay failed');
        return sendFailure(reply, timedOut ? 'requestTimeout' : 'requestFailed', {
          httpStatus: timedOut ? 504 : 502,
        });
      }
    });
  },
  { name: 'media' },
);
