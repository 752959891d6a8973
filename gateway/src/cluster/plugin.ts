/**
 * Scale-out over Redis (gateway/CLUSTER.md): with `config.redisUrl` (or `config.redisSentinels`)
 * the app gets `app.cluster`,
 * whose stores the proxy uses and whose topic source the feed uses; without it `app.cluster` is
 * null and everything stays in-process.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { GatewayPluginOptions } from '../app.ts';
import { feedTuning } from '../feed/tuning.ts';
import { Cluster } from './cluster.ts';
import { describeRedisTarget, redisTarget } from './redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's cluster membership; null without Redis. */
    cluster: Cluster | null;
  }
}

export const clusterPlugin = fp<GatewayPluginOptions>(
  async (app, { config }) => {
    const target = redisTarget(config);
    if (target === undefined) {
      app.decorate('cluster', null);
      return;
    }
    const log = app.log.child({ component: 'cluster' });
    // Unique per process even when several gateways share a pid (tests): leases name their holder.
    const nodeId = `${feedTuning(config.feed).nodeId}.${randomBytes(3).toString('hex')}`;
    const cluster = new Cluster({
      url: target,
      nodeId,
      log,
      tuning: config.cluster,
      idempotencyWindowMs: config.idempotencyWindowMs,
      registry: app.metrics,
    });
    try {
      await cluster.ready(5000);
    } catch {
      // Serve anyway: topics stay stale and the stores fail soft until Redis answers.
      log.error({ redis: describeRedisTarget(target) }, 'redis not reachable at startup');
    }
    app.decorate('cluster', cluster);
    // Registered before the feed and the proxy, so this runs after their own close hooks.
    app.addHook('onClose', async () => cluster.close());
    log.info({ nodeId, redis: describeRedisTarget(target) }, 'cluster mode');
  },
  { name: 'cluster', dependencies: ['metrics'] },
);
