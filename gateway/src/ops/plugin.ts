/**
 * The ops dashboard's feed (gateway/OPS.md): with `config.opsToken`, the websocket `/ops/ws`
 * takes one `auth` frame carrying the operator token, then gets an `ops` frame every second with
 * this node's live figures, read from the hub and the metrics registry (no extra bookkeeping on
 * the hot path but the delivery-latency histogram). One collector serves every dashboard socket
 * and runs only while one is open. Without the token the route does not exist.
 */
import { timingSafeEqual } from 'node:crypto';
import { OpsCloseCode, type OpsFrame, parseOpsAuth } from '@sportsbook/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { GatewayPluginOptions } from '../app.ts';
import { topicKeys } from '../cluster/keys.ts';
import { KeyPrefix } from '../cluster/redis.ts';
import { topicInterval } from '../feed/plugin.ts';
import { type Buckets, bucketDelta, leaseHolder, quantile, rates, saving } from './stats.ts';

/** How often the dashboard gets a frame, and how long a socket may take to authenticate. */
export const OpsTickMs = 1000;
const AuthTimeoutMs = 5000;
/** Cluster: every node's own figures, by node id (JSON `{clients, topics, at}`). */
export const OpsNodesKey = `${KeyPrefix}ops:nodes`;
/** A node that has not reported for this long is gone. */
const NodeGoneMs = 5 * OpsTickMs;

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface MetricValue {
  value: number;
  labels: Record<string, string | number | undefined>;
  metricName?: string;
}

/** A metric's values, or none when it is not registered. */
async function valuesOf(app: FastifyInstance, name: string): Promise<MetricValue[]> {
  const metric = app.metrics.getSingleMetric(name);
  if (!metric) return [];
  return (await metric.get()).values as MetricValue[];
}

/** Sums a metric's values by one label (or one total under ''). */
function sumBy(
  values: MetricValue[],
  label?: string,
  where?: (v: MetricValue) => boolean,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of values) {
    if (where && !where(v)) continue;
    const key = label ? String(v.labels[label] ?? '') : '';
    out.set(key, (out.get(key) ?? 0) + v.value);
  }
  return out;
}

export const opsPlugin = fp<GatewayPluginOptions>(
  async (app, { config }) => {
    const token = config.opsToken;
    if (token === undefined) return;
    const sockets = new Set<WebSocket>();
    let timer: NodeJS.Timeout | undefined;
    let previous: { at: number; upstream: Map<string, number>; latency: Buckets } | undefined;
    const node = app.cluster?.nodeId ?? app.feed.tuning.nodeId;
    const own = () => ({ node, clients: app.feed.connections.size, topics: app.feed.hub.topics.size });

    // Cluster: each node reports itself every second, so any node's dashboard shows them all.
    const cluster = app.cluster;
    if (cluster) {
      const report = setInterval(() => {
        const { clients, topics } = own();
        cluster.redis
          .hset(OpsNodesKey, node, JSON.stringify({ clients, topics, at: Date.now() }))
          .catch((err: unknown) => app.log.warn({ err }, 'ops report failed'));
      }, OpsTickMs);
      report.unref();
      app.addHook('preClose', async () => {
        clearInterval(report);
        await cluster.redis.hdel(OpsNodesKey, node).catch(() => 0);
      });
    }

    /** Every live node's figures (this node's own are always current). */
    async function nodes(at: number): Promise<OpsFrame['nodes']> {
      if (!cluster) return [own()];
      const reported = await cluster.redis.hgetall(OpsNodesKey).catch(() => ({}) as Record<string, string>);
      const rows = [own()];
      for (const [id, text] of Object.entries(reported)) {
        if (id === node) continue;
        try {
          const r = JSON.parse(text) as { clients: number; topics: number; at: number };
          if (at - r.at <= NodeGoneMs) rows.push({ node: id, clients: r.clients, topics: r.topics });
        } catch {
          // a malformed entry is skipped
        }
      }
      return rows.sort((a, b) => a.node.localeCompare(b.node));
    }

    async function collect(): Promise<OpsFrame> {
      const at = Date.now();
      const entries = [...app.feed.hub.topics.values()];
      const leases = app.cluster
        ? await app.cluster.redis.mget(...entries.map((e) => topicKeys(e.name).lease)).catch(() => [])
        : [];
      const topics = entries.map((entry, i) => {
        // Account topics are node-local (no lease, CLUSTER.md "Account topics"): polled here while watched here.
        const local = !app.cluster || entry.topic.kind === 'account';
        const leader = local ? (entry.subs.size > 0 || entry.warm ? node : null) : leaseHolder(leases[i]);
        return {
          topic: entry.name,
          subscribers: entry.subs.size,
          intervalMs: topicInterval(config, entry.topic),
          stale: entry.history.status.stale,
          leader,
        };
      });
      const saved = saving(topics.map((t) => ({ ...t, polled: t.leader === node })));
      const upstream = sumBy(await valuesOf(app, 'gateway_upstream_calls_total'), 'call');
      const latency: Buckets = new Map(
        (await valuesOf(app, 'gateway_delivery_latency_seconds'))
          .filter((v) => v.metricName?.endsWith('_bucket'))
          .map((v) => [v.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(v.labels.le), v.value]),
      );
      const seconds = previous ? (at - previous.at) / 1000 : 0;
      const window = previous ? bucketDelta(previous.latency, latency) : new Map<number, number>();
      const ms = (q: number) => {
        const s = quantile(window, q);
        return s === null ? null : Math.round(s * 10_000) / 10;
      };
      const upstreamPerSecond = previous ? rates(previous.upstream, upstream, seconds) : {};
      previous = { at, upstream, latency };
      const refusals = Object.fromEntries(sumBy(await valuesOf(app, 'gateway_ws_refusals_total'), 'reason'));
      const rateLimited = sumBy(
        await valuesOf(app, 'gateway_proxy_requests_total'),
        undefined,
        (v) => v.labels.outcome === 'rateLimited',
      ).get('');
      if (rateLimited !== undefined) refusals.apiRateLimited = rateLimited;
      return {
        t: 'ops',
        at,
        node,
        nodes: await nodes(at),
        clients: app.feed.connections.size,
        topics,
        upstreamPerSecond,
        naivePerSecond: saved.naivePerSecond,
        sharedPerSecond: saved.sharedPerSecond,
        savedShare: saved.savedShare,
        latencyMs: { p50: ms(0.5), p95: ms(0.95), p99: ms(0.99) },
        slow: {
          conflated: sumBy(await valuesOf(app, 'gateway_conflations_total')).get('') ?? 0,
          closed: sumBy(await valuesOf(app, 'gateway_slow_closes_total')).get('') ?? 0,
        },
        refusals,
      };
    }

    async function tick(): Promise<void> {
      try {
        const text = JSON.stringify(await collect());
        for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
      } catch (err) {
        app.log.warn({ err }, 'ops collection failed');
      }
    }

    function join(socket: WebSocket): void {
      sockets.add(socket);
      if (!timer) {
        previous = undefined;
        timer = setInterval(() => void tick(), OpsTickMs);
        timer.unref();
      }
      void tick();
    }

    function leave(socket: WebSocket): void {
      sockets.delete(socket);
      if (sockets.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    }

    app.get('/ops/ws', { websocket: true }, (socket) => {
      const deadline = setTimeout(() => socket.close(OpsCloseCode.authTimeout, 'no auth'), AuthTimeoutMs);
      socket.once('close', () => {
        clearTimeout(deadline);
        leave(socket);
      });
      socket.once('message', (data: Buffer) => {
        clearTimeout(deadline);
        const auth = parseOpsAuth(data.toString('utf8'));
        if (!auth.ok || !tokenMatches(auth.value.token, token)) {
          socket.close(OpsCloseCode.badToken, 'bad token');
          return;
        }
        join(socket);
      });
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      for (const socket of sockets) socket.close(1001, 'closing');
    });
  },
  { name: 'ops', dependencies: ['metrics', 'feed'] },
);
