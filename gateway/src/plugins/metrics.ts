import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { sendFailure } from '../proxy/failure.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One registry per app instance, so tests can build several gateways in one process. */
    metrics: Registry;
    /** The port of the separate metrics listener (`metricsPort`), once the app listens; else undefined. */
    metricsPort(): number | undefined;
  }
}

export interface MetricsOptions {
  /** Listen address of the separate port (the gateway's HOST). */
  host?: string;
  /**
   * Serve `/metrics` on this port (same address as the app) and not on the public port; 0 picks
   * a free port (tests). Absent: on the public port, see `token`.
   */
  port?: number;
  /**
   * `Authorization: Bearer <token>` required for `/metrics`. Absent, on the public port: only
   * loopback clients whose request was not forwarded by a proxy (no X-Forwarded-For, Forwarded or
   * X-Real-IP) are answered.
   */
  token?: string;
}

const Loopback = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

function bearerMatches(headers: IncomingHttpHeaders, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** May this request read the metrics? */
export function metricsAllowed(
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
  options: MetricsOptions,
  separatePort: boolean,
): boolean {
  if (options.token !== undefined) return bearerMatches(headers, options.token);
  if (separatePort) return true;
  const forwarded =
    headers['x-forwarded-for'] !== undefined ||
    headers.forwarded !== undefined ||
    headers['x-real-ip'] !== undefined;
  return !forwarded && Loopback.test(remoteAddress ?? '');
}

/**
 * How often the event-loop delay is sampled for `gateway_nodejs_eventloop_lag_*` (prom-client's
 * `monitorEventLoopDelay` timer). prom-client's default, 10 ms, wakes the loop 100 times a second:
 * measured on the idle gateway, 0.44% of a core on its main thread (0.60% against 0.16% at 100 ms),
 * as much as owning a 500-match in-play topic costs the main thread in parsing and diffing. At 50 ms
 * every stall of 50 ms or more is still caught (it overlaps a sample), and shorter ones are sampled.
 */
export const EventLoopSampleMs = 50;

/**
 * Prometheus metrics (prom-client) at GET /metrics, never open to the public: on a
 * separate port, behind a bearer token, or for local clients only. Other plugins register their
 * metrics on app.metrics.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, opts) => {
    const registry = new Registry();
    collectDefaultMetrics({
      register: registry,
      prefix: 'gateway_',
      eventLoopMonitoringPrecision: EventLoopSampleMs,
    });
    app.decorate('metrics', registry);
    let server: Server | undefined;
    app.decorate('metricsPort', () => {
      const address = server?.address();
      return typeof address === 'object' && address !== null ? (address as AddressInfo).port : undefined;
    });

    if (opts.port === undefined) {
      app.get('/metrics', async (req, reply) => {
        if (!metricsAllowed(req.headers, req.socket.remoteAddress, opts, false)) {
          return sendFailure(reply, 'NoUserAccessRight', { httpStatus: 403 });
        }
        reply.header('content-type', registry.contentType);
        return registry.metrics();
      });
      return;
    }

    const port = opts.port;
    // Bound while the app gets ready (before it listens), so the port is known once listen resolves.
    app.addHook('onReady', async () => {
      const host = opts.host ?? '127.0.0.1';
      server = createServer((req, res) => {
        const path = (req.url ?? '').split('?', 1)[0];
        if (req.method !== 'GET' || path !== '/metrics') {
          res
            .writeHead(404, { 'content-type': 'application/json' })
            .end('{"status":0,"statusdesc":"unknownCall"}');
          return;
        }
        if (!metricsAllowed(req.headers, req.socket.remoteAddress, opts, true)) {
          res
            .writeHead(403, { 'content-type': 'application/json' })
            .end('{"status":0,"statusdesc":"NoUserAccessRight"}');
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (err: Error) => {
            app.log.error({ err }, 'metrics failed');
            res
              .writeHead(500, { 'content-type': 'application/json' })
              .end('{"status":0,"statusdesc":"systemError"}');
          },
        );
      });
      server.requestTimeout = 10_000;
      server.headersTimeout = 10_000;
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      app.log.info({ port: app.metricsPort() }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      const open = server;
      if (open === undefined) return;
      await new Promise<void>((resolve) => {
        open.close(() => resolve());
        open.closeAllConnections();
      });
    });
  },
  { name: 'metrics' },
);
