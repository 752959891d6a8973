/**
 * Redis down (gateway/CLUSTER.md "Redis down"): two gateway processes over a real
 * redis-server and the real simulator with a moving world. Redis is killed -9: every node polls
 * the topics its own clients watch, so prices keep flowing on both nodes (at least half the
 * healthy rate, no gap, no close), `/readyz` says `degraded: redis`; Redis restarted (empty): one
 * leader polls again (the upstream back to one poll per interval) and the clients follow the
 * cluster's epoch without a snapshot.
 */
import {
  FeedTestClient,
  type GatewayProcess,
  login,
  type RunningRedis,
  serverBundle,
  simCalls,
  startGatewayProcesses,
  startRedis,
} from '@sportsbook/testkit';
import { gatewayMetric } from '@sportsbook/testkit/feed';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const LIVE = 'odds/1/hdpou/live';
const INTERVAL_MS = 250;
const LEASE_MS = 1500;
const WINDOW_MS = 3000;
const PER_NODE = 4;

/**
 * Windows of wall time: the rates below are deltas and calls per second of two gateway processes
 * on their own clocks, so the window is the measured quantity (fake timers cannot reach them). The
 * clients' rates and the upstream's calls are read over the same window, not one after the other.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two gateway processes while Redis is down', () => {
  let redis: RunningRedis;
  let sim: RunningSim;
  let driver: NodeJS.Timeout | undefined;
  const nodes: GatewayProcess[] = [];
  const clients: FeedTestClient[] = [];

  async function readiness(node: GatewayProcess): Promise<{ http: number; status: string }> {
    const res = await fetch(`${node.url}/readyz`);
    const body = (await res.json()) as { status?: string };
    return { http: res.status, status: body.status ?? '' };
  }

  /** The clients' delta rates and the upstream's call rate, measured over one window. */
  function measure(ms: number): Promise<[number[], number]> {
    return Promise.all([rates(ms), uxmarketPerSecond(ms)]);
  }

  /** Deltas each client got over `ms`, per second. */
  async function rates(ms: number): Promise<number[]> {
    const before = clients.map((c) => c.topics.get(LIVE)?.deltas ?? 0);
    await sleep(ms);
    return clients.map((c, i) => (((c.topics.get(LIVE)?.deltas ?? 0) - (before[i] as number)) * 1000) / ms);
  }

  async function uxmarketPerSecond(ms: number): Promise<number> {
    const before = await simCalls(sim, 'uxmarket');
    await sleep(ms);
    return (((await simCalls(sim, 'uxmarket')) - before) * 1000) / ms;
  }

  beforeAll(async () => {
    redis = await startRedis();
    sim = await startSim({
      clock: 'manual',
      adminToken: 'degraded-test',
      world: { seed: 7, liveMatches: 12, todayMatches: 10, earlyMatches: 4 },
    });
    const env = {
      UPSTREAM_URL: sim.url,
      REDIS_URL: redis.url,
      POLL_INTERVAL_MS: String(INTERVAL_MS),
      CLUSTER_LEASE_MS: String(LEASE_MS),
      WARM_TOPICS: '',
      WS_MAX_SOCKETS_PER_SESSION: '1000',
      WS_MAX_SOCKETS_PER_ACCOUNT: '1000',
    };
    // Real gateway processes, started from one bundle of the sources (plain node, no tsx per start).
    const bundle = await serverBundle('gateway/src/server.ts');
    nodes.push(...(await startGatewayProcesses(2, env, { bundle })));
    const session = await login(sim.url);
    // A live evening: the odds move on every poll.
    driver = setInterval(() => sim.advance(3000), INTERVAL_MS / 2);
    for (const node of nodes) {
      for (let i = 0; i < PER_NODE; i++) {
        // Half the clients speak wire v2 (the market topic's clock-anchored view).
        const c = await FeedTestClient.connect(node.wsUrl, { version: i % 2 === 0 ? 1 : 2 });
        clients.push(c);
        await c.hello(session.accountId, session.token);
        await c.sub(LIVE);
        await c.until(() => c.topics.has(LIVE), 10_000, `state of ${LIVE}`);
      }
    }
    // `rooms` (a tournament topic) on every node too: it is led like the odds topics.
    for (const c of clients.slice(0, 1).concat(clients.slice(PER_NODE, PER_NODE + 1))) {
      await c.sub('rooms');
      await c.until(() => c.topics.has('rooms'), 10_000, 'state of rooms');
    }
  }, 120_000);

  afterAll(async () => {
    if (driver) clearInterval(driver);
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(nodes.map((n) => n.stop()));
    await sim?.close();
    await redis?.stop().catch(() => {});
  });

  it('keeps prices flowing on both nodes without a gap, says degraded, and returns to one leader', async () => {
    for (const node of nodes) expect(await readiness(node)).toEqual({ http: 200, status: 'ready' });
    const [healthy, healthyCalls] = await measure(WINDOW_MS);
    expect(Math.min(...healthy)).toBeGreaterThan(1);
    // One poller for the cluster.
    expect(healthyCalls).toBeLessThanOrEqual(1000 / INTERVAL_MS + 1);

    await redis.kill();
    for (const node of nodes) {
      await expect
        .poll(() => readiness(node), { timeout: 10_000, interval: 100 })
        .toEqual({
          http: 200,
          status: 'degraded: redis',
        });
    }
    const [down, downCalls] = await measure(WINDOW_MS);
    for (const [i, rate] of down.entries()) {
      expect(rate, `client ${i}: ${rate}/s down against ${healthy[i]}/s before`).toBeGreaterThanOrEqual(
        (healthy[i] as number) / 2,
      );
    }
    // N polls instead of 1, bounded: one per topic per interval per node.
    expect(downCalls).toBeGreaterThan(1000 / INTERVAL_MS + 1);
    expect(downCalls).toBeLessThanOrEqual(nodes.length * (1000 / INTERVAL_MS) + 1);
    // Both nodes poll their own topics (the odds topic and `rooms` at least).
    for (const node of nodes) {
      expect(await gatewayMetric(node, 'gateway_cluster_local_polls_total')).toBeGreaterThan(0);
      expect(await gatewayMetric(node, 'gateway_cluster_local_topics')).toBeGreaterThanOrEqual(2);
    }
    for (const c of clients) {
      expect(c.topics.get(LIVE)?.stale).toBe(false);
      expect(c.topics.get('rooms')?.stale ?? false).toBe(false);
    }

    await redis.restart();
    for (const node of nodes) {
      await expect
        .poll(() => readiness(node), { timeout: 15_000, interval: 100 })
        .toEqual({
          http: 200,
          status: 'ready',
        });
    }
    // Every node back on the cluster's leader: nobody polls on its own, one poll per interval.
    for (const node of nodes) {
      await expect
        .poll(() => gatewayMetric(node, 'gateway_cluster_local_topics'), { timeout: 15_000, interval: 100 })
        .toBe(0);
    }
    const [back, backCalls] = await measure(WINDOW_MS);
    expect(backCalls).toBeLessThanOrEqual(1000 / INTERVAL_MS + 1);
    expect(Math.min(...back)).toBeGreaterThan(1);

    // Stop the world: every client, on either node, ends on one epoch and hash.
    if (driver) clearInterval(driver);
    driver = undefined;
    // Four poll intervals: the deltas already polled reach the clients before one is the target.
    await sleep(INTERVAL_MS * 4);
    const v1 = clients.filter((c) => c.version === 1);
    const target = v1[0]?.topics.get(LIVE);
    for (const c of v1) {
      await c.until(() => c.topics.get(LIVE)?.hash === target?.hash, 5000, 'one state on both nodes');
    }
    for (const c of clients) {
      expect(c.problems).toEqual([]);
      expect(c.closed).toBeUndefined();
      // Not a snapshot since the first one: the outage and the return were deltas.
      expect(c.topics.get(LIVE)?.snaps).toBe(1);
    }
  }, 120_000);
});
