/**
 * Redis with failover (gateway/CLUSTER.md "Redis with failover"), with real
 * processes: one primary, one replica and three `redis-server --sentinel` on loopback (fast
 * detection: down-after 1 s, failover timeout 3 s), the simulator with a moving world, two gateway
 * processes given `REDIS_SENTINELS`, and 200 websocket clients on the in-play topic. The primary is
 * killed with -9; the test proves that no client saw a gap or a close, that the leader lease lives
 * on the promoted primary, and, from the leader identity every stream entry records (`n`, the
 * writer's lease value), that every delta was published by exactly one reign and that a reign whose
 * lease write was lost in the failover never publishes again (fencing).
 */
import { normalizeMarket, parseMarketData, stateHash } from '@sportsbook/protocol';
import {
  FeedTestClient,
  type GatewayProcess,
  login,
  type RunningSentinelGroup,
  serverBundle,
  startGatewayProcesses,
  startSentinelGroup,
} from '@sportsbook/testkit';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicKeys } from './keys.ts';
import { closeRedis, connectRedis, RedisHealth } from './redis.ts';

const LIVE = 'odds/1/hdpou/live';
const INTERVAL_MS = 250;
const LEASE_MS = 1500;
const CLIENTS = 200;
const keys = topicKeys(LIVE);

/** One stream entry as the test's own reader saw it, with the writer's identity. */
interface Seen {
  id: string;
  kind: string;
  epoch: string;
  seq: number;
  hash: string;
  /** The writer's lease value `<nodeId>:<fence>`. */
  writer: string;
  /** When the server wrote it (the stream id's milliseconds; one machine, one clock). */
  at: number;
}

function seenOf(id: string, flat: string[]): Seen {
  const f = new Map<string, string>();
  for (let i = 0; i < flat.length; i += 2) f.set(flat[i] as string, flat[i + 1] as string);
  return {
    id,
    kind: f.get('k') ?? '',
    epoch: f.get('e') ?? '',
    seq: Number(f.get('s')),
    hash: f.get('h') ?? '',
    writer: f.get('n') ?? '',
    at: Number(id.split('-')[0]),
  };
}

/**
 * Follows the topic's stream through Sentinel (the same factory the gateway uses), recording every
 * entry with its writer, across the failover.
 */
function watchStream(group: RunningSentinelGroup, seen: Seen[]) {
  const r = connectRedis(
    { sentinels: group.sentinels.map((s) => ({ host: '127.0.0.1', port: s.port })), name: group.name },
    { name: 'test-watch', queueWhileDown: true },
  );
  let running = true;
  let lastId = '0-0';
  const loop = (async () => {
    while (running) {
      try {
        const reply = (await r.xread('COUNT', 500, 'BLOCK', 300, 'STREAMS', keys.stream, lastId)) as
          | [string, [string, string[]][]][]
          | null;
        for (const [, entries] of reply ?? []) {
          for (const [id, flat] of entries) {
            seen.push(seenOf(id, flat));
            lastId = id;
          }
        }
      } catch {
        // A read refused mid-failover: pause before the next one rather than spin (not a test wait).
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await closeRedis(r);
    },
  };
}

/** The upstream's current state of the topic, hashed as the gateways hash it. */
async function upstreamHash(simUrl: string): Promise<string> {
  const res = await fetch(`${simUrl}/odds/uxmarket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sport_id: 1, market_type: 'hdpou', group: 'live' }),
  });
  const json = (await res.json()) as { data: unknown };
  const parsed = parseMarketData(json.data as never);
  if (!parsed.ok) throw new Error(parsed.error);
  return stateHash(normalizeMarket(parsed.value) as never);
}

describe('Redis Sentinel failover under 200 clients (two gateway processes)', () => {
  let group: RunningSentinelGroup;
  let sim: RunningSim;
  let driver: NodeJS.Timeout | undefined;
  const nodes: GatewayProcess[] = [];
  const clients: FeedTestClient[] = [];

  beforeAll(async () => {
    [group, sim] = await Promise.all([
      startSentinelGroup(),
      startSim({
        clock: 'manual',
        adminToken: 'sentinel-test',
        world: { seed: 7, liveMatches: 12, todayMatches: 10, earlyMatches: 2 },
      }),
    ]);
    const env = {
      UPSTREAM_URL: sim.url,
      REDIS_SENTINELS: group.sentinelsEnv,
      REDIS_SENTINEL_NAME: group.name,
      POLL_INTERVAL_MS: String(INTERVAL_MS),
      CLUSTER_LEASE_MS: String(LEASE_MS),
      WARM_TOPICS: '',
      WS_MAX_SOCKETS_PER_SESSION: '1000',
      WS_MAX_SOCKETS_PER_ACCOUNT: '1000',
      WS_MAX_SOCKETS_PER_IP: '1000',
    };
    // Real gateway processes, started from one bundle of the sources (plain node, no tsx per start).
    const bundle = await serverBundle('gateway/src/server.ts');
    nodes.push(...(await startGatewayProcesses(2, env, { bundle })));
    // A live evening: the odds move on every poll.
    driver = setInterval(() => sim.advance(3000), INTERVAL_MS / 2);
  }, 120_000);

  afterAll(async () => {
    if (driver) clearInterval(driver);
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(nodes.map((n) => n.stop()));
    await sim?.close();
    await group?.stop();
  });

  it('kill -9 of the primary: no gap, no close, the lease on the promoted primary, one writer per delta', async () => {
    const session = await login(sim.url);
    for (let i = 0; i < CLIENTS; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, CLIENTS - i) }, async (_, k) => {
          const c = await FeedTestClient.connect((nodes[(i + k) % 2] as GatewayProcess).wsUrl);
          await c.hello(session.accountId, session.token, 10_000);
          await c.sub(LIVE, undefined, 10_000);
          return c;
        }),
      );
      clients.push(...batch);
    }
    await Promise.all(clients.map((c) => c.until(() => c.topics.has(LIVE), 20_000, `state of ${LIVE}`)));

    const seen: Seen[] = [];
    const watcher = watchStream(group, seen);
    try {
      // Steady state first: every client moving.
      const start = Math.max(...clients.map((c) => c.topics.get(LIVE)?.seq ?? 0));
      await Promise.all(
        clients.map((c) => c.until(() => (c.topics.get(LIVE)?.seq ?? 0) >= start + 4, 20_000, 'deltas')),
      );

      const oldPrimary: Redis = group.client(group.primary.port);
      const replica: Redis = group.client(group.replica.port);
      await Promise.all([new RedisHealth(oldPrimary).ready(5000), new RedisHealth(replica).ready(5000)]);
      const oldLease = (await oldPrimary.get(keys.lease)) as string;
      expect(oldLease).toMatch(/^gw-\d+\..+:\d+$/);
      // The lease write is lost in the failover: the replica about to be promoted never got it
      // (as when the primary dies before replicating an acquisition), so on the new primary the
      // topic is free while the old leader may still believe it leads.
      await replica.config('SET', 'replica-read-only', 'no');
      await replica.del(keys.lease);
      await closeRedis(oldPrimary);
      const seqAtKill = Math.max(...clients.map((c) => c.topics.get(LIVE)?.seq ?? 0));
      await group.primary.kill();
      // Taken once the old primary is gone: an entry the old reign wrote while the kill was under
      // way carries a stream id (the primary's clock) from before this, and is not "after the kill".
      const killedAt = Date.now();

      const promoted = await group.failoverFrom(group.primary.port, 30_000);
      expect(promoted).toBe(group.replica.port);
      expect(String(await replica.call('ROLE'))).toMatch(/^master/);

      // Prices flow again on every client.
      await Promise.all(
        clients.map((c) =>
          c.until(() => (c.topics.get(LIVE)?.seq ?? 0) >= seqAtKill + 8, 30_000, 'deltas after the failover'),
        ),
      );
      // No close, and every frame continued the client's state (seq chain and hash, also across
      // the nodes' own polling while Redis was away: gateway/CLUSTER.md "Redis down").
      for (const c of clients) {
        expect(c.closed).toBeUndefined();
        expect(c.problems).toEqual([]);
      }

      // The lease lives on the promoted primary, held by one of the gateways, with a TTL.
      await expect.poll(() => replica.get(keys.lease), { timeout: 15_000 }).toMatch(/^gw-\d+\..+:\d+$/);
      const newLease = (await replica.get(keys.lease)) as string;
      expect(Number(await replica.pttl(keys.lease))).toBeGreaterThan(0);
      const pids = nodes.map((n) => n.pid);
      expect(pids).toContain(Number(/^gw-(\d+)\./.exec(newLease)?.[1]));

      // The new reign publishes on the promoted primary while the world still moves (the nodes may
      // have carried the clients past the kill on their own polls before it took the lease).
      const deltasSinceKill = async () =>
        ((await replica.xrange(keys.stream, String(killedAt), '+')) as [string, string[]][]).filter(
          ([id, flat]) => seenOf(id, flat).kind === 'd',
        ).length;
      await expect.poll(deltasSinceKill, { timeout: 15_000 }).toBeGreaterThan(0);

      // Stop the world: every client converges on the last state the new reign wrote.
      if (driver) clearInterval(driver);
      driver = undefined;
      const finalHash = await upstreamHash(sim.url);
      const converged = await Promise.allSettled(
        clients.map((c) =>
          c.until(() => c.topics.get(LIVE)?.hash === finalHash, 20_000, 'the upstream state'),
        ),
      );
      const behind = clients.filter((_, i) => converged[i]?.status === 'rejected');
      expect(
        behind.map((c) => `${clients.indexOf(c) % 2}:${c.topics.get(LIVE)?.seq}:${c.topics.get(LIVE)?.hash}`),
        `upstream ${finalHash}, last written ${seen.filter((x) => x.kind === 'd').at(-1)?.seq}`,
      ).toEqual([]);
      for (const c of clients) expect(c.problems).toEqual([]);

      // Everything written on the promoted primary since the kill, read there directly (the
      // watcher above saw the old primary's entries, before the kill).
      const known = new Set(seen.map((e) => e.id));
      const tail = (await replica.xrange(keys.stream, String(killedAt), '+')) as [string, string[]][];
      for (const [id, flat] of tail) if (!known.has(id)) seen.push(seenOf(id, flat));
      seen.sort((x, y) => x.at - y.at || Number(x.id.split('-')[1]) - Number(y.id.split('-')[1]));

      // One writer per delta: every (epoch, seq) in the stream was written once, by one reign...
      const deltas = seen.filter((s) => s.kind === 'd');
      const writers = new Map<string, Set<string>>();
      for (const d of deltas) {
        const k = `${d.epoch}:${d.seq}`;
        writers.set(k, (writers.get(k) ?? new Set()).add(`${d.writer}|${d.hash}`));
      }
      for (const [k, w] of writers) expect(w.size, `writers of ${k}: ${[...w].join(', ')}`).toBe(1);
      // ...reigns never interleave (a writer that was succeeded never writes again)...
      const order: string[] = [];
      for (const d of deltas) if (order.at(-1) !== d.writer) order.push(d.writer);
      expect(new Set(order).size).toBe(order.length);
      // ...the reign whose lease was lost never wrote again (nothing after the kill)...
      const after = deltas.filter((d) => d.at > killedAt);
      expect(after.length).toBeGreaterThan(0);
      expect(after.map((d) => d.writer)).not.toContain(oldLease);
      expect(after.at(-1)?.writer).toBe(newLease);
      await closeRedis(replica);
    } finally {
      await watcher.stop();
    }
  }, 180_000);
});
