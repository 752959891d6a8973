/**
 * The gateway as a Fastify app with no process concerns (STYLE.md): server.ts owns the logger,
 * signals and listen; tests build it with explicit options and listen on port 0.
 */
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import { RedactPaths } from '@sportsbook/protocol';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { clusterPlugin } from './cluster/plugin.ts';
import { type GatewayConfig, resolveConfig } from './config.ts';
import { feedPlugin } from './feed/plugin.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { upstreamPlugin } from './plugins/upstream.ts';
import { webPlugin } from './plugins/web.ts';
import { proxyPlugin } from './proxy/plugin.ts';
import { securityHeaders } from './proxy/security.ts';
import type { ProxyStores } from './proxy/stores.ts';
import { recordPlugin } from './record/plugin.ts';

export type BuildGatewayOptions = Partial<GatewayConfig> & {
  upstreamUrl: string;
  /** Fastify logger options; tests pass a stream to capture lines. */
  logger?: FastifyServerOptions['logger'];
  /** The proxy's lock and idempotency stores; in-memory when absent (gateway/PROXY.md). */
  proxyStores?: Partial<ProxyStores>;
};

/** What the feed and proxy plugins receive: the resolved configuration. */
export interface GatewayPluginOptions {
  config: GatewayConfig;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: [...RedactPaths], censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}

export async function buildGateway(options: BuildGatewayOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    // Only behind a proxy that sets X-Forwarded-For; otherwise any client could pick its own IP
    // and step around the per-IP limits.
    trustProxy: config.trustProxy,
    // The proxy sets its own per-call timeouts; this bounds a client that trickles its request.
    requestTimeout: 30_000,
  });
  await app.register(helmet, securityHeaders());
  await app.register(metricsPlugin);
  await app.register(upstreamPlugin, { baseUrl: config.upstreamUrl });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // Graceful shutdown: stop polling, tell every client to reconnect elsewhere (1012), close.
    preClose(done) {
      app.feed.shutdown();
      app.websocketServer.close(() => done());
    },
  });
  await app.register(clusterPlugin, { config });
  await app.register(recordPlugin, { config });
  await app.register(feedPlugin, { config });
  await app.register(proxyPlugin, {
    config,
    // Many nodes: locks and idempotency keys in Redis, so a retry on another node is caught too.
    ...(options.proxyStores
      ? { stores: options.proxyStores }
      : app.cluster
        ? { stores: { locks: app.cluster.locks, idempotency: app.cluster.idempotency } }
        : {}),
  });
  await app.register(webPlugin, { root: config.webDist });

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_req, reply) => {
    try {
      const res = await app.upstream.post('/version', {}, { timeoutMs: 2000 });
      return { ok: true, upstream: res.httpStatus };
    } catch (err) {
      return reply.code(503).send({ ok: false, reason: (err as Error).message });
    }
  });
  return app;
}
