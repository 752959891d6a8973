/**
 * The gateway as a Fastify app with no process concerns (STYLE.md): server.ts owns the logger,
 * signals and listen; tests build it with explicit options and listen on port 0.
 */
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import { RedactPaths, redactUrl, redactUrlsIn } from '@sportsbook/protocol';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { stdSerializers } from 'pino';
import { clusterPlugin } from './cluster/plugin.ts';
import { type GatewayConfig, resolveConfig } from './config.ts';
import { docsPlugin } from './docs/plugin.ts';
import { feedPlugin } from './feed/plugin.ts';
import { opsPlugin } from './ops/plugin.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { upstreamPlugin } from './plugins/upstream.ts';
import { webPlugin } from './plugins/web.ts';
import { sendFailure } from './proxy/failure.ts';
import { gamePagesPlugin } from './proxy/gamePages.ts';
import { mediaPlugin } from './proxy/media.ts';
import { originCheck } from './proxy/origin.ts';
import { proxyPlugin } from './proxy/plugin.ts';
import { securityHeaders } from './proxy/security.ts';
import type { ProxyStores } from './proxy/stores.ts';
import { recordPlugin } from './record/plugin.ts';
import { replayPlugin } from './replay/plugin.ts';

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

/**
 * The gateway's pino options: the shared redaction paths, and no query string in any logged URL
 * (launch and session tokens travel in them): the request line keeps its path only, and URLs
 * inside error messages and stacks lose their query too.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
  transport?: { target: string; options?: object },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(transport ? { transport } : {}),
    redact: { paths: [...RedactPaths], censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      // Other lines that name a URL under these keys (@fastify/websocket logs `path`).
      url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
      path: (path: unknown) => (typeof path === 'string' ? redactUrl(path) : path),
      err: (err: FastifyError) => {
        const out = stdSerializers.err(err);
        return { ...out, message: redactUrlsIn(out.message), stack: redactUrlsIn(out.stack) };
      },
    },
    ...(stream ? { stream } : {}),
  };
}

/** A catalogue envelope for a failure Fastify raised itself (bad URL, bad body on a 404, ...). */
function sendFrameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  const code = status >= 400 && status < 500 ? 'badRequest' : 'systemError';
  if (code === 'systemError') req.log.error({ err: error }, 'request failed');
  else req.log.info({ code: error.code, url: redactUrl(req.url) }, 'request refused');
  return sendFailure(reply, code, code === 'badRequest' ? { extra: { reason: error.code ?? code } } : {});
}

/** How often Node looks for requests over their time: a tenth of the bound, within [50 ms, 1 s]. */
export function connectionsCheckingInterval(requestTimeoutMs: number): number {
  return Math.min(1000, Math.max(50, Math.round(requestTimeoutMs / 10)));
}

export async function buildGateway(options: BuildGatewayOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    // Registering every call's route compiles its body and reply schemas (100+): on a loaded
    // 2-core machine that once took past Fastify's default 10 s, and the app refused to start.
    pluginTimeout: 30_000,
    // Only behind a proxy that sets X-Forwarded-For; otherwise any client could pick its own IP
    // and step around the per-IP limits.
    trustProxy: config.trustProxy,
    // The proxy sets its own per-call timeouts; this bounds a client that trickles its request.
    // Node keeps a request under `headersTimeout` (default 60 s) even once `requestTimeout` is
    // smaller when the latter is set after the server exists (as Fastify does), and looks only
    // every `connectionsCheckingInterval` (default 30 s): a trickled body was held ~90 s. Both
    // are given at creation, so the whole request is cut at requestTimeoutMs (+ one check).
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(config.requestTimeoutMs),
    },
    // A URL Fastify cannot route (bad percent-encoding) still gets the catalogue envelope.
    frameworkErrors: (error, req, reply) => sendFrameworkError(error, req, reply),
  });
  // Errors outside the /api scope (which has its own): the 404 route with an unreadable body,
  // websocket upgrades, health checks. Every answer is the envelope, never Fastify's default JSON.
  app.setErrorHandler((error: FastifyError, req, reply) => sendFrameworkError(error, req, reply));
  await app.register(helmet, securityHeaders());
  await app.register(metricsPlugin, {
    host: config.host,
    ...(config.metricsPort !== undefined ? { port: config.metricsPort } : {}),
    ...(config.metricsToken !== undefined ? { token: config.metricsToken } : {}),
  });
  await app.register(upstreamPlugin, { baseUrl: config.upstreamUrl });
  await app.register(websocket, {
    options: {
      maxPayload: 64 * 1024,
      // Off unless configured (WS_DEFLATE): the hub then compresses frames of 1 KB and more.
      perMessageDeflate: config.feed?.perMessageDeflate === true ? { threshold: 1024 } : false,
    },
    // Graceful shutdown: stop polling, tell every client to reconnect elsewhere (1012), close.
    preClose(done) {
      app.feed.shutdown();
      app.websocketServer.close(() => done());
    },
  });
  // The origin allowlist of /api applies to the feed's websocket upgrade too (cross-site websocket
  // hijacking): a foreign page cannot open /ws with the player's cookies and network position.
  // Added after @fastify/websocket's own onRequest hook, which marks upgrades so that a refused
  // one has its socket destroyed once the 403 is written.
  const originAllowed = originCheck(config);
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.split('?', 1)[0] !== '/ws') return;
    if (originAllowed(req)) return;
    req.log.info({ origin: req.headers.origin, host: req.headers.host }, 'ws origin refused');
    return sendFailure(reply, 'NoUserAccessRight', { httpStatus: 403 });
  });
  await app.register(clusterPlugin, { config });
  await app.register(recordPlugin, { config });
  await app.register(feedPlugin, { config });
  // Before the proxy: the API reference collects its routes as they are added.
  await app.register(docsPlugin);
  await app.register(proxyPlugin, {
    config,
    // Many nodes: locks and idempotency keys in Redis, so a retry on another node is caught too.
    ...(options.proxyStores
      ? { stores: options.proxyStores }
      : app.cluster
        ? { stores: { locks: app.cluster.locks, idempotency: app.cluster.idempotency } }
        : {}),
  });
  // The ops dashboard's feed at /ops/ws, with OPS_TOKEN only (OPS.md).
  await app.register(opsPlugin, { config });
  // The replay timeline's relay, only when this gateway serves a replay (RECORDING.md).
  await app.register(replayPlugin, { config });
  // Live TV and highlight clips and the operator's logos, relayed from the upstream (PROXY.md "Media").
  await app.register(mediaPlugin, { config });
  // Launched game pages, their files and lobby thumbnails, relayed from the upstream (PROXY.md "Game pages").
  await app.register(gamePagesPlugin, { config });
  await app.register(webPlugin, { root: config.webDist });

  // Liveness: the process answers. Readiness: the upstream answers; with Redis down the node still
  // serves (it polls its own clients' topics, CLUSTER.md "Redis down"), so it stays 200 and says
  // `degraded: redis` in the body and the `Gateway-Degraded` header (Redis down hits every node at
  // once: a 503 would take the whole fleet out of the balancer).
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_req, reply) => {
    const degraded = app.cluster?.degraded ?? [];
    const state = degraded.length === 0 ? {} : { status: `degraded: ${degraded.join(', ')}`, degraded };
    if (degraded.length > 0) reply.header('gateway-degraded', degraded.join(', '));
    try {
      const res = await app.upstream.post('/version', {}, { timeoutMs: 2000 });
      return { ok: true, status: 'ready', upstream: res.httpStatus, ...state };
    } catch (err) {
      return reply.code(503).send({ ok: false, reason: (err as Error).message, ...state });
    }
  });
  return app;
}
