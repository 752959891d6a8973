/**
 * Cluster mode in one process: two gateways sharing a real redis-server and the real simulator
 * (manual clock). The multi-process version, with the acceptance checks, is
 * cluster.process.test.ts.
 */

import { FeedTestClient, login, type RunningRedis, startRedis } from '@sportsbook/testkit';
import { advanceDeltas, gatewayMetric, startPair } from '@sportsbook/testkit/feed';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../index.ts';
import { topicKeys } from './keys.ts';
import { closeRedis, connectRedis, RedisHealth } from './redis.ts';

const LIVE = 'odds/1/hdpou/live';

describe('two gateways over one Redis', () => {
  let redis: RunningRedis;
  let sim: RunningSim;
  const gateways: RunningGateway[] = [];
  const clients: FeedTestClient[] = [];
  let session: { accountId: string; token: string };

  const options = () => ({
    upstreamUrl: sim.url,
    webDist: undefined,
    pollIntervalMs: 50,
    heartbeatMs: 250,
    warmTopics: [],
    redisUrl: redis.url,
    // The snapshot key is rewritten only every 50 deltas: it stays behind what clients hold.
    cluster: { leaseMs: 600, snapshotEveryMs: 60_000 },
    // Many sockets of one session across both nodes (the caps hold across the cluster: caps.test.ts).
    feed: {
      ringMaxCount: 50,
      maxBackoffMs: 200,
      minPollTimeoutMs: 200,
      maxSocketsPerSession: 100,
      maxSocketsPerAccount: 100,
    },
  });

  async function subscriber(
    gateway: RunningGateway,
    from?: { epoch: string; seq: number },
    adopt?: FeedTestClient,
  ) {
    const c = await FeedTestClient.connect(gateway.wsUrl);
    clients.push(c);
    if (adopt) {
      const state = adopt.topics.get(LIVE);
      if (state) c.adopt(LIVE, state);
    }
    await c.hello(session.accountId, session.token);
    await c.sub(LIVE, from);
    await c.until(() => c.topics.has(LIVE), 5000, `state of ${LIVE}`);
    return c;
  }

  /** A client that saw `deltas` deltas on `node` and dropped; the world moves on a few seconds. */
  async function dropAfter(node: RunningGateway, deltas: number) {
    const ca = await subscriber(node);
    await advanceDeltas(sim, ca, LIVE, deltas);
    const state = ca.topics.get(LIVE);
    const from = { epoch: state?.epoch ?? '', seq: state?.seq ?? 0 };
    await ca.close();
    sim.advance(5000);
    return { ca, from };
  }

  beforeAll(async () => {
    redis = await startRedis();
    const pair = await startPair({}, { webDist: undefined, warmTopics: [] });
    // Only the simulator of the pair is used; its own gateway is not in the cluster.
    await pair.gateway.close();
    sim = pair.sim;
    gateways.push(await startGateway(options()), await startGateway(options()));
    session = await login(sim.url);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    for (const g of gateways) await g.close().catch(() => {});
    await sim?.close();
    await redis?.stop();
  });

  const leaders = () =>
    gateways.filter(
      (g) =>
        (g.app.cluster?.topics.size ?? 0) > 0 && [...(g.app.cluster?.topics ?? [])].some((t) => t.leading),
    );

  it('serves identical seq, epoch and hash on both nodes, with one leader', async () => {
    const [a, b] = gateways as [RunningGateway, RunningGateway];
    const ca = await subscriber(a);
    const cb = await subscriber(b);
    await advanceDeltas(sim, ca, LIVE, 8);
    await cb.until(
      () => (cb.topics.get(LIVE)?.seq ?? 0) >= (ca.topics.get(LIVE)?.seq ?? 0),
      5000,
      'b catches up',
    );
    const sa = ca.topics.get(LIVE);
    const sb = cb.topics.get(LIVE);
    expect(sa?.epoch).toBe(sb?.epoch);
    expect(sa?.hash).toBe(sb?.hash);
    expect(ca.problems).toEqual([]);
    expect(cb.problems).toEqual([]);
    // Both saw the same deltas (b subscribed later: a suffix of a's).
    const aDeltas = ca.framesOf('delta').map((d) => `${d.seq}:${d.hash}`);
    const bDeltas = cb.framesOf('delta').map((d) => `${d.seq}:${d.hash}`);
    expect(aDeltas.slice(-bDeltas.length)).toEqual(bDeltas);
    expect(leaders()).toHaveLength(1);
  });

  it('serves wire v2 (clock anchors) from both nodes with the same epoch, seq and hash', async () => {
    const [a, b] = gateways as [RunningGateway, RunningGateway];
    const v2 = async (gateway: RunningGateway) => {
      const c = await FeedTestClient.connect(gateway.wsUrl, { version: 2 });
      clients.push(c);
      await c.hello(session.accountId, session.token);
      await c.sub(LIVE);
      await c.until(() => c.topics.has(LIVE), 5000, `state of ${LIVE}`);
      return c;
    };
    const ca = await v2(a);
    const cb = await v2(b);
    await advanceDeltas(sim, ca, LIVE, 4);
    await cb.until(
      () => (cb.topics.get(LIVE)?.seq ?? 0) >= (ca.topics.get(LIVE)?.seq ?? 0),
      5000,
      'b catches up',
    );
    const [sa, sb] = [ca.topics.get(LIVE), cb.topics.get(LIVE)];
    expect(sa?.epoch).toMatch(/~v2$/);
    expect([sb?.epoch, sb?.seq, sb?.hash]).toEqual([sa?.epoch, sa?.seq, sa?.hash]);
    expect(Object.keys((sa?.model.clock ?? {}) as object).length).toBeGreaterThan(0);
    expect(ca.problems).toEqual([]);
    expect(cb.problems).toEqual([]);
    // The session's socket cap per node is 4: leave room for the tests after this one.
    await Promise.all([ca.close(), cb.close()]);
  });

  it("resumes on the other node from the first one's position without a snapshot", async () => {
    const [a, b] = gateways as [RunningGateway, RunningGateway];
    const { ca, from } = await dropAfter(a, 2);
    const resumed = await subscriber(b, from, ca);
    await advanceDeltas(sim, resumed, LIVE, 2);
    expect(resumed.framesOf('snap')).toHaveLength(0);
    expect(resumed.problems).toEqual([]);
  });

  it('resumes on a node new to the topic with the deltas from the stream, never an older snapshot', async () => {
    const [a] = gateways as [RunningGateway];
    const { ca, from } = await dropAfter(a, 3);
    // The precondition of the bug: the snapshot key is older than what the client holds.
    const snapSeq = Number(await a.app.cluster?.redis.hget(topicKeys(LIVE).snap, 'seq'));
    expect(snapSeq).toBeLessThan(from.seq);
    // A node that does not follow the topic yet.
    const fresh = await startGateway(options());
    try {
      expect(fresh.app.cluster?.topics.size).toBe(0);
      const resumed = await subscriber(fresh, from, ca);
      await advanceDeltas(sim, resumed, LIVE, 2);
      const snaps = resumed.framesOf('snap').map((f) => f.seq);
      expect(snaps.filter((seq) => seq < from.seq)).toEqual([]);
      // The deltas after `from` were still in the stream: replayed, no snapshot at all.
      expect(snaps).toEqual([]);
      expect(resumed.topics.get(LIVE)?.epoch).toBe(from.epoch);
      expect(resumed.problems).toEqual([]);
      await resumed.close();
    } finally {
      await fresh.close();
    }
  });

  it('holds a resume from a seq its lagging reader has not reached until it read the stream', async () => {
    const lagging = gateways.find((g) => !leaders().includes(g)) as RunningGateway;
    const other = gateways.find((g) => g !== lagging) as RunningGateway;
    const watcher = await subscriber(lagging);
    const ahead = await subscriber(other);
    const cluster = lagging.app.cluster;
    const replica = [...(cluster?.topics ?? [])][0]?.history;
    let resumed: FeedTestClient | undefined;
    await cluster?.reader.stop();
    try {
      await advanceDeltas(sim, ahead, LIVE, 2);
      const state = ahead.topics.get(LIVE);
      const from = { epoch: state?.epoch ?? '', seq: state?.seq ?? 0 };
      // The lagging node holds a snapshot of this epoch, but older than the client's seq.
      expect(replica?.epoch).toBe(from.epoch);
      expect(replica?.seq).toBeLessThan(from.seq);
      const c = await subscriber(lagging, from, ahead);
      resumed = c;
      await c.until(
        () => c.framesOf('snap').length > 0 || (replica?.seq ?? 0) >= from.seq,
        5000,
        'a snapshot or the replica reading on',
      );
      expect(c.framesOf('snap').map((f) => f.seq)).toEqual([]);
      cluster?.reader.start();
      await advanceDeltas(sim, c, LIVE, 2);
      expect(c.framesOf('snap')).toEqual([]);
      expect(c.problems).toEqual([]);
    } finally {
      cluster?.reader.start();
      await Promise.all([watcher.close(), ahead.close(), resumed?.close()]);
    }
  });

  it('moves polling to the other node when the leader goes, continuing the epoch', async () => {
    const leader = leaders()[0] as RunningGateway;
    const survivor = gateways.find((g) => g !== leader) as RunningGateway;
    const c = await subscriber(survivor);
    const epoch = c.topics.get(LIVE)?.epoch;
    await leader.close();
    gateways.splice(gateways.indexOf(leader), 1);
    await advanceDeltas(sim, c, LIVE, 3);
    expect(c.topics.get(LIVE)?.epoch).toBe(epoch);
    expect(c.framesOf('snap')).toHaveLength(1);
    expect(c.problems).toEqual([]);
    expect(leaders()).toEqual([survivor]);
  });

  /** Two gateways (a test above closed one). */
  async function pair(): Promise<[RunningGateway, RunningGateway]> {
    while (gateways.length < 2) gateways.push(await startGateway(options()));
    return gateways as [RunningGateway, RunningGateway];
  }

  it('keeps serving from its own polls while Redis is down, says degraded, and rejoins the cluster without a snapshot', async () => {
    const [g, h] = await pair();
    const c = await subscriber(g);
    const d = await subscriber(h);
    await advanceDeltas(sim, c, LIVE, 2);
    await redis.kill();
    // Prices keep coming on both nodes, each from its own polls.
    await advanceDeltas(sim, c, LIVE, 3);
    await advanceDeltas(sim, d, LIVE, 3);
    expect(g.app.cluster?.localTopicCount).toBe(1);
    expect(h.app.cluster?.localTopicCount).toBe(1);
    expect((await fetch(`${g.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${g.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('gateway-degraded')).toBe('redis');
    expect(await ready.json()).toMatchObject({ status: 'degraded: redis', degraded: ['redis'] });
    await redis.restart();
    // Redis came back empty: one leader's new epoch; both nodes rejoin it and stop polling alone.
    await vi.waitFor(
      () => expect([g.app.cluster?.localTopicCount, h.app.cluster?.localTopicCount]).toEqual([0, 0]),
      { timeout: 10_000, interval: 50 },
    );
    expect(await (await fetch(`${g.url}/readyz`)).json()).toMatchObject({ status: 'ready' });
    await advanceDeltas(sim, c, LIVE, 2);
    await vi.waitFor(() => expect(d.topics.get(LIVE)?.hash).toBe(c.topics.get(LIVE)?.hash), {
      timeout: 5000,
      interval: 50,
    });
    for (const x of [c, d]) {
      expect(x.problems).toEqual([]);
      // The outage and the return were deltas (the return: one `prev` delta), never a snapshot.
      expect(x.topics.get(LIVE)?.snaps).toBe(1);
    }
  });

  it('never takes back a pre-outage state when Redis kept its data (connections dropped)', async () => {
    const [g, h] = await pair();
    const c = await subscriber(g);
    const d = await subscriber(h);
    await advanceDeltas(sim, c, LIVE, 2);
    await vi.waitFor(() => expect(d.topics.get(LIVE)?.hash).toBe(c.topics.get(LIVE)?.hash), {
      timeout: 5000,
      interval: 50,
    });
    const before = new Set(
      [c, d].flatMap((x) => [...x.framesOf('snap'), ...x.framesOf('delta')].map((f) => f.hash)),
    );
    const marks = [c, d].map((x) => x.frames.length);
    const localPolls = async () =>
      (await gatewayMetric(g, 'gateway_cluster_local_polls_total')) +
      (await gatewayMetric(h, 'gateway_cluster_local_polls_total'));
    const polledAlone = await localPolls();
    // Every gateway connection dropped; the server, its stream and snapshot keys stay.
    const admin = connectRedis(redis.url, { name: 'test-admin' });
    try {
      await new RedisHealth(admin).ready(5000);
      await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    } finally {
      await closeRedis(admin);
    }
    // The world moves during the blip and after it.
    await advanceDeltas(sim, c, LIVE, 3);
    await vi.waitFor(
      () => expect([g.app.cluster?.localTopicCount, h.app.cluster?.localTopicCount]).toEqual([0, 0]),
      { timeout: 10_000, interval: 50 },
    );
    // The nodes did poll on their own during the drop.
    expect(await localPolls()).toBeGreaterThan(polledAlone);
    await advanceDeltas(sim, c, LIVE, 2);
    await vi.waitFor(() => expect(d.topics.get(LIVE)?.hash).toBe(c.topics.get(LIVE)?.hash), {
      timeout: 5000,
      interval: 50,
    });
    for (const [i, x] of [c, d].entries()) {
      expect(x.problems).toEqual([]);
      const after = x.frames.slice(marks[i]).filter((f) => f.t === 'snap' || f.t === 'delta');
      expect(after.filter((f) => f.t === 'snap')).toEqual([]);
      // No frame after the drop carries a state from before it (the stream's old snapshot).
      expect(after.filter((f) => before.has((f as { hash: string }).hash))).toEqual([]);
    }
  });
});
