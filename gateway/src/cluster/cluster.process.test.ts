import type { OddsRow } from '@sportsbook/protocol';
/**
 * The acceptance checks (gateway/CLUSTER.md): a real redis-server, the real simulator and
 * three gateway processes. The simulator's clock is driven by the test (a steady stream of odds
 * changes, like a live evening), the gateways poll it on their own.
 */
import { normalizeMarket, parseMarketData, stateHash } from '@sportsbook/protocol';
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
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicKeys } from './keys.ts';
import { closeRedis, connectRedis, RedisHealth } from './redis.ts';

const LIVE = 'odds/1/hdpou/live';
const INTERVAL_MS = 250;
const LEASE_MS = 1500;

type Row = OddsRow;

// biome-ignore lint/suspicious/noExplicitAny: the test reads whichever reply fields each call has
async function postJson(url: string, body: unknown): Promise<{ http: number; json: any; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { http: res.status, json: await res.json(), headers: res.headers };
}

describe('three gateway processes over one Redis', () => {
  let redis: RunningRedis;
  let sim: RunningSim;
  let driver: NodeJS.Timeout | undefined;
  const nodes: GatewayProcess[] = [];
  const clients: FeedTestClient[] = [];
  let session: { accountId: string; token: string };

  async function subscriber(
    node: GatewayProcess,
    from?: { epoch: string; seq: number },
    adopt?: FeedTestClient,
  ) {
    const c = await FeedTestClient.connect(node.wsUrl);
    clients.push(c);
    const state = adopt?.topics.get(LIVE);
    if (state) c.adopt(LIVE, state);
    await c.hello(session.accountId, session.token);
    await c.sub(LIVE, from);
    await c.until(() => c.topics.has(LIVE), 10_000, `state of ${LIVE}`);
    return c;
  }

  /** The upstream's current state of the topic, hashed as the gateways hash it. */
  async function upstreamHash(): Promise<string> {
    const { json } = await postJson(`${sim.url}/odds/uxmarket`, {
      sport_id: 1,
      market_type: 'hdpou',
      group: 'live',
    });
    const parsed = parseMarketData(json.data);
    if (!parsed.ok) throw new Error(parsed.error);
    return stateHash(normalizeMarket(parsed.value) as never);
  }

  async function leaderPid(): Promise<number> {
    const r = connectRedis(redis.url, { name: 'test' });
    try {
      await new RedisHealth(r).ready(5000);
      const value = await r.get(topicKeys(LIVE).lease);
      const pid = Number(/^gw-(\d+)\./.exec(value ?? '')?.[1]);
      return pid;
    } finally {
      await closeRedis(r);
    }
  }

  beforeAll(async () => {
    redis = await startRedis();
    sim = await startSim({
      clock: 'manual',
      adminToken: 'cluster-test',
      world: { seed: 5, liveMatches: 12, todayMatches: 20, earlyMatches: 4 },
    });
    const env = {
      UPSTREAM_URL: sim.url,
      REDIS_URL: redis.url,
      POLL_INTERVAL_MS: String(INTERVAL_MS),
      CLUSTER_LEASE_MS: String(LEASE_MS),
      WARM_TOPICS: '',
      // Many sockets of one session across the nodes (the caps hold across the cluster).
      WS_MAX_SOCKETS_PER_SESSION: '1000',
      WS_MAX_SOCKETS_PER_ACCOUNT: '1000',
    };
    // Real gateway processes, started from one bundle of the sources (plain node, no tsx per start).
    const bundle = await serverBundle('gateway/src/server.ts');
    nodes.push(...(await startGatewayProcesses(3, env, { bundle })));
    session = await login(sim.url);
    // A live evening: the odds move on every poll.
    driver = setInterval(() => sim.advance(3000), INTERVAL_MS / 2);
  }, 120_000);

  afterAll(async () => {
    if (driver) clearInterval(driver);
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(nodes.map((n) => n.stop()));
    await sim?.close();
    await redis?.stop();
  });

  it('sends identical seq and hash sequences on every node, from one poll per interval for the cluster', async () => {
    const cs = await Promise.all(nodes.map((n) => subscriber(n)));
    const [first] = cs as [FeedTestClient];
    const target = (first.topics.get(LIVE)?.seq ?? 0) + 12;
    await Promise.all(
      cs.map((c) => c.until(() => (c.topics.get(LIVE)?.seq ?? 0) >= target, 20_000, 'deltas')),
    );
    const sequences = cs.map((c) =>
      c
        .framesOf('delta')
        .filter((d) => d.seq > target - 10 && d.seq <= target)
        .map((d) => `${d.seq}:${d.hash}`),
    );
    expect(sequences[0]).toHaveLength(10);
    expect(sequences[1]).toEqual(sequences[0]);
    expect(sequences[2]).toEqual(sequences[0]);
    expect(new Set(cs.map((c) => c.topics.get(LIVE)?.epoch)).size).toBe(1);
    for (const c of cs) expect(c.problems).toEqual([]);

    // The measured quantity is upstream calls per wall-clock window.
    const windowMs = 4000;
    const before = await simCalls(sim, 'uxmarket');
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const polls = (await simCalls(sim, 'uxmarket')) - before;
    expect(polls).toBeGreaterThanOrEqual(windowMs / INTERVAL_MS - 3);
    expect(polls).toBeLessThanOrEqual(windowMs / INTERVAL_MS + 2);
  });

  it('moves polling within the lease when the leader is killed; every client ends on the upstream state', async () => {
    const pid = await leaderPid();
    const leader = nodes.find((n) => n.pid === pid);
    expect(leader).toBeDefined();
    const survivors = nodes.filter((n) => n !== leader);
    const watchers = await Promise.all(survivors.map((n) => subscriber(n)));
    const onLeader = await subscriber(leader as GatewayProcess);
    await onLeader.until(() => (onLeader.topics.get(LIVE)?.seq ?? 0) > 0, 10_000, 'a delta on the leader');

    const killedAt = Date.now();
    await (leader as GatewayProcess).kill();
    nodes.splice(nodes.indexOf(leader as GatewayProcess), 1);
    const callsAtKill = await simCalls(sim, 'uxmarket');
    // The first poll after the kill: by the new leader.
    await expect
      .poll(() => simCalls(sim, 'uxmarket'), { timeout: LEASE_MS * 3, interval: 25 })
      .toBeGreaterThan(callsAtKill);
    expect(Date.now() - killedAt).toBeLessThanOrEqual(LEASE_MS + INTERVAL_MS + 500);
    expect(await leaderPid()).not.toBe(pid);

    // The client of the dead node resumes on a survivor from where it was: no snapshot needed.
    await onLeader.until(() => onLeader.closed !== undefined, 5000, 'socket of the killed node closed');
    const held = onLeader.topics.get(LIVE);
    const resumed = await subscriber(
      survivors[0] as GatewayProcess,
      { epoch: held?.epoch ?? '', seq: held?.seq ?? 0 },
      onLeader,
    );

    // Stop the world and let every client settle on the upstream's last state.
    if (driver) clearInterval(driver);
    driver = undefined;
    const finalHash = await upstreamHash();
    for (const c of [...watchers, resumed]) {
      await c.until(() => c.topics.get(LIVE)?.hash === finalHash, 10_000, 'the upstream state');
      expect(c.problems).toEqual([]);
      // Deltas arrived without a gap the client had to recover from.
      const seqs = c.topics.get(LIVE)?.seqs ?? [];
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe((seqs[i - 1] as number) + 1);
    }
    expect(resumed.framesOf('snap')).toHaveLength(0);
    expect(new Set(watchers.map((c) => c.topics.get(LIVE)?.epoch)).size).toBe(1);
  });

  it('debits once when a bet is retried on another node', async () => {
    const [a, b] = nodes as [GatewayProcess, GatewayProcess];
    const signIn = await postJson(`${a.url}/api/authlogin`, { account_id: 'demo05', password: 'demo1234' });
    expect(signIn.json.status).toBe(1);
    const s = {
      account_id: 'demo05',
      session_token: signIn.json.member_profile.player_info[0].session_token as string,
    };
    const market = await postJson(`${sim.url}/odds/uxmarket`, {
      sport_id: 1,
      market_type: 'hdpou',
      group: 'today',
    });
    const row = (market.json.data.odds as Row[]).find((r) => r[4] === 0 && r[5].length > 0) as Row;
    const balance = async () =>
      (await postJson(`${b.url}/api/userbalance`, { ...s, parent_id: 'ag01' })).json.balance as number;
    const before = await balance();
    const body = {
      ...s,
      request_id: `cluster-${process.pid}-${Date.now()}`,
      odds_id: row[0],
      selection: 0,
      price: row[5][0],
      stake: 10,
      odds_type: 4,
    };
    const callsBefore = await simCalls(sim, 'betsingle');
    const placed = await postJson(`${a.url}/api/bet/betsingle`, body);
    expect(placed.json, JSON.stringify(placed.json)).toMatchObject({ status: 1 });
    const retried = await postJson(`${b.url}/api/bet/betsingle`, body);
    expect(retried.json).toEqual(placed.json);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await simCalls(sim, 'betsingle')).toBe(callsBefore + 1);
    expect(await balance()).toBeCloseTo(before - 10, 6);
  });
});
