/**
 * Wire protocol v1 and v2 on one topic (protocol clock.ts): v1 clients keep today's
 * frames (clock seconds ticking in liveState), v2 clients get clock anchors, and both verify every
 * hash. Resumes never cross versions without a snapshot.
 */
import {
  ClockToleranceMs,
  clockSecondsAt,
  type LiveState,
  type MatchClock,
  type Model,
  stateHash,
  WireErrorCode,
} from '@sportsbook/protocol';
import { FeedTestClient, login } from '@sportsbook/testkit';
import { AdminToken, fakeClockGateway, GatewayFakeTimers } from '@sportsbook/testkit/feed';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const LIVE = 'odds/1/hdpou/live';

type Matches = Record<string, { liveState: LiveState | null }>;

describe('wire versions 1 and 2 on one topic', () => {
  // A gateway app on fake timers in front of the real simulator (testkit fakeClockGateway): the
  // world and the gateway's clock move together, step by step, so "a live evening at 1x" and "the
  // upstream stalls while the clock goes on" are the gateway's time, not the machine's.
  let sim: RunningSim;
  let gateway: Awaited<ReturnType<typeof fakeClockGateway>>;
  let session: { accountId: string; token: string };
  const clients: FeedTestClient[] = [];

  async function ready(
    version: number,
    from?: { epoch: string; seq: number },
    adopt?: FeedTestClient,
  ): Promise<FeedTestClient> {
    const c = await FeedTestClient.inject(gateway.app, { version });
    clients.push(c);
    const state = adopt?.topics.get(LIVE);
    if (state) c.adopt(LIVE, state);
    await c.hello(session.accountId, session.token);
    await c.sub(LIVE, from);
    await gateway.run(1000, () => c.topics.has(LIVE));
    expect(c.topics.has(LIVE)).toBe(true);
    return c;
  }

  /** Moves the simulator in step with the gateway's clock (a live evening at 1x) for `ms`. */
  async function liveFor(ms: number): Promise<void> {
    for (let t = 0; t < ms; t += 100) {
      sim.advance(100);
      await gateway.run(100);
    }
    // The last polls land (nothing moves any more: the upstream answers the same).
    await gateway.run(100);
  }

  /** Moves the world until `c` has `count` more deltas of the live topic. */
  async function deltas(c: FeedTestClient, count: number): Promise<void> {
    const seen = () => c.topics.get(LIVE)?.deltas ?? 0;
    const target = seen() + count;
    for (let i = 0; i < count * 5 && seen() < target; i++) {
      sim.advance(5000);
      await gateway.run(1000, () => seen() >= target);
    }
    expect(seen()).toBeGreaterThanOrEqual(target);
  }

  beforeAll(async () => {
    sim = await startSim({
      clock: 'manual',
      adminToken: AdminToken,
      world: { seed: 20, liveMatches: 40, todayMatches: 10, earlyMatches: 4 },
    });
    session = await login(sim.url);
    vi.useFakeTimers({ toFake: [...GatewayFakeTimers] });
    gateway = await fakeClockGateway(sim, (ms) => vi.advanceTimersByTimeAsync(ms), {
      feed: { ringMaxCount: 200, maxSocketsPerSession: 50, maxSocketsPerAccount: 50 },
    });
  });
  afterAll(async () => {
    // No close handshakes: their timers would be fake ones.
    for (const c of clients) c.ws.terminate();
    vi.useRealTimers();
    await gateway?.app.close();
    await sim?.close();
  });

  it('serves v1 clock seconds and v2 clock anchors; both hashes agree; v2 gets every price change v1 gets', async () => {
    const v1 = await ready(1);
    const v2 = await ready(2);
    await liveFor(4000);
    expect(v1.problems).toEqual([]);
    expect(v2.problems).toEqual([]);
    const s1 = v1.topics.get(LIVE);
    const s2 = v2.topics.get(LIVE);
    if (!s1 || !s2) throw new Error('no state');
    // v2 is the same history: its epoch is v1's with the version, its seqs a subsequence of v1's.
    expect(s2.epoch).toBe(`${s1.epoch}~v2`);
    expect(s2.seq).toBeLessThanOrEqual(s1.seq);
    expect(stateHash(s1.model)).toBe(s1.hash);
    expect(stateHash(s2.model)).toBe(s2.hash);

    // v1 holds no anchors; v2 holds one per running clock and ticks it to v1's seconds.
    expect(s1.model.clock).toBeUndefined();
    const clocks = s2.model.clock as Record<string, MatchClock>;
    const m1 = s1.model.match as Matches;
    const m2 = s2.model.match as Matches;
    expect(Object.keys(clocks).length).toBeGreaterThan(0);
    for (const [id, clock] of Object.entries(clocks)) {
      const ls1 = m1[id]?.liveState as LiveState;
      const ls2 = m2[id]?.liveState as LiveState;
      expect(ls2[3]).toBe(0);
      const ticked = clockSecondsAt(ls2, clock, s1.lastPt) as number;
      expect(Math.abs(ticked - ls1[3])).toBeLessThanOrEqual(ClockToleranceMs / 1000 + 1);
    }
    // Apart from the clocks the two models are the same.
    const withoutClock = (m: Model) => {
      const { clock: _, ...rest } = m;
      const match: Matches = {};
      for (const [id, e] of Object.entries(rest.match as Matches)) {
        match[id] = {
          ...e,
          liveState:
            e.liveState && clocks[id]
              ? ([...e.liveState.slice(0, 3), 0, ...e.liveState.slice(4)] as LiveState)
              : e.liveState,
        };
      }
      return { ...rest, match };
    };
    expect(withoutClock(s2.model)).toEqual(withoutClock(s1.model));

    // Every price change v1 was sent after both snapshots, v2 was sent at the same seq.
    const since = Math.max(v1.framesOf('snap')[0]?.seq ?? 0, v2.framesOf('snap')[0]?.seq ?? 0);
    const oddsOps = (c: FeedTestClient) =>
      new Map(
        c
          .framesOf('delta')
          .filter((d) => d.seq > since)
          .map((d) => [d.seq, JSON.stringify(d.ops.filter((op) => op[0] === 'odds'))] as const)
          .filter(([, ops]) => ops !== '[]'),
      );
    const priced = oddsOps(v1);
    expect(priced.size).toBeGreaterThan(0);
    expect(oddsOps(v2)).toEqual(priced);

    // And v2 gets fewer bytes: the clocks no longer tick on the wire.
    const bytes = (c: FeedTestClient) =>
      c.framesOf('delta').reduce((n, d) => n + JSON.stringify(d).length, 0);
    expect(v2.framesOf('delta').length).toBeLessThanOrEqual(v1.framesOf('delta').length);
    expect(bytes(v2) * 2).toBeLessThan(bytes(v1));
  });

  it('resumes a v2 client inside the buffer with its deltas, and never across versions without a snapshot', async () => {
    const a = await ready(2);
    const from2 = { epoch: a.topics.get(LIVE)?.epoch ?? '', seq: a.topics.get(LIVE)?.seq ?? 0 };
    a.ws.terminate();
    await deltas(await ready(2), 3);

    // Same version, inside the buffer: the missed deltas, no snapshot.
    const resumed = await ready(2, from2, a);
    await gateway.run(1000, () => (resumed.topics.get(LIVE)?.deltas ?? 0) > 0);
    expect(resumed.topics.get(LIVE)?.deltas).toBeGreaterThan(0);
    expect(resumed.framesOf('snap')).toEqual([]);
    expect(resumed.problems).toEqual([]);

    // A v2 position offered to v1 (and a v1 position offered to v2): a snapshot of that version.
    const down = await ready(1, from2, a);
    expect(down.framesOf('snap')).toHaveLength(1);
    expect(down.topics.get(LIVE)?.model.clock).toBeUndefined();
    expect(down.problems).toEqual([]);
    const s1 = down.topics.get(LIVE);
    const up = await ready(2, { epoch: s1?.epoch ?? '', seq: s1?.seq ?? 0 }, down);
    expect(up.framesOf('snap')).toHaveLength(1);
    expect(up.topics.get(LIVE)?.epoch).toBe(`${s1?.epoch}~v2`);
    expect(up.problems).toEqual([]);
  });

  it('stops a v2 clock whose upstream stalls (a paused world), and v1 keeps one frame per seq', async () => {
    // Run, then pause the world: the upstream's clocks stand still while the wall clock goes on.
    const v1 = await ready(1);
    const v2 = await ready(2);
    await liveFor(1500);
    const running = Object.keys((v2.topics.get(LIVE)?.model.clock ?? {}) as Record<string, MatchClock>);
    expect(running.length).toBeGreaterThan(0);
    const clocks = () => Object.keys((v2.topics.get(LIVE)?.model.clock ?? {}) as object).length;
    await gateway.run(ClockToleranceMs + 4000, () => clocks() === 0);
    expect(clocks()).toBe(0);
    const s1 = v1.topics.get(LIVE);
    const s2 = v2.topics.get(LIVE);
    // Stopped: v2 shows the upstream's seconds as sent, like v1.
    const m1 = (s1?.model.match ?? {}) as Matches;
    const m2 = (s2?.model.match ?? {}) as Matches;
    for (const id of running) expect(m2[id]?.liveState).toEqual(m1[id]?.liveState);
    // v1 saw the anchor-only step as a frame without ops: its seqs stay contiguous, no `prev`.
    expect(v1.problems).toEqual([]);
    expect(v2.problems).toEqual([]);
    expect(s1?.conflated).toBe(0);
    expect(s1?.seqs).toEqual(Array.from({ length: s1?.seqs.length ?? 0 }, (_, i) => (s1?.seqs[0] ?? 0) + i));
    expect(v1.framesOf('delta').some((d) => d.ops.length === 0)).toBe(true);
  });

  it('answers unsupportedVersion to a hello of another version', async () => {
    const c = await FeedTestClient.inject(gateway.app);
    clients.push(c);
    c.send({ op: 'hello', v: 3, account_id: session.accountId, session_token: session.token });
    await c.until(() => c.framesOf('err').length > 0, 5000, 'err');
    expect(c.framesOf('err')[0]?.code).toBe(WireErrorCode.unsupportedVersion);
  });
});
