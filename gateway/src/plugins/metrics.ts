import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** One registry per app instance, so tests can build several gateways in one process. */
    metrics: Registry;
  }
}

/** Prometheus metrics at GET /metrics (prom-client). Other plugins register their metrics on app.metrics. */
export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'gateway_' });
    app.decorate('metrics', registry);
    app.get('/metrics', async (_req, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
