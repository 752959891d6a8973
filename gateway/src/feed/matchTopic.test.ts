/**
 * `match/<id>` (the web's "more markets" panel): one upstream `uxmatch` poll per interval for the
 * match, whether 1 or 100 sockets watch it, and none once the last one leaves. Real simulator;
 * a listening gateway for the sockets (the simulator's call counter is the measure), a gateway app
 * on fake timers for "no poll after the last one leaves" (its own call count is the measure).
 */
import { FeedTestClient, type GatewayApp, login } from '@sportsbook/testkit';
import {
  AdminToken,
  fakeClockGateway,
  GatewayFakeTimers,
  simCalls,
  startPair,
} from '@sportsbook/testkit/feed';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningGateway } from '../index.ts';

const INTERVAL = 100;
const WINDOW_MS = 1500;

describe('match/<id>: one uxmatch poll per interval, however many watch', { timeout: 60_000 }, () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let session: { accountId: string; token: string };
  let topic: string;

  beforeAll(async () => {
    ({ sim, gateway } = await startPair(
      { world: { seed: 3, liveMatches: 6, todayMatches: 4, earlyMatches: 2 } },
      {
        pollIntervalMs: INTERVAL,
        heartbeatMs: 1000,
        groupFactors: { live: 1, today: 5, early: 10, menu: 5, match: 1 },
        // 100 sockets of one session from one address: the caps (4 / 8 / 64) are lifted here.
        feed: { maxSocketsPerSession: 200, maxSocketsPerAccount: 200, maxSocketsPerIp: 200 },
      },
    ));
    session = await login(sim.url);
    const live = sim.world.market({ sport_id: 1, market_type: 'hdpou', group: 'live' });
    const linked = new Set(live.links.map(([, child]) => child));
    const main = live.matches.find((m) => !linked.has(m[0]));
    if (!main) throw new Error('no live soccer match');
    topic = `match/${main[0]}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  async function watchers(n: number): Promise<FeedTestClient[]> {
    const clients: FeedTestClient[] = [];
    for (let i = 0; i < n; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, n - i) }, async (_, j) => {
          const c = await FeedTestClient.connect(gateway.wsUrl, { verify: i + j < 5 });
          await c.hello(session.accountId, session.token, 10_000);
          await c.sub(topic);
          await c.until(() => c.topics.has(topic), 10_000, `${topic} snapshot`);
          return c;
        }),
      );
      clients.push(...batch);
    }
    return clients;
  }

  /** uxmatch calls in a window of wall-clock time while the world moves, and the time measured. */
  async function callsInWindow(): Promise<{ calls: number; elapsedMs: number }> {
    const before = await simCalls(sim, 'uxmatch');
    const started = performance.now();
    const mover = setInterval(() => sim.advance(10_000), 200);
    await new Promise((r) => setTimeout(r, WINDOW_MS)); // the measured quantity is calls per window
    clearInterval(mover);
    const calls = (await simCalls(sim, 'uxmatch')) - before;
    return { calls, elapsedMs: performance.now() - started };
  }

  for (const n of [1, 100]) {
    it(`${n} watching socket${n > 1 ? 's' : ''}: at most one poll per interval, deltas to every socket`, async () => {
      const clients = await watchers(n);
      try {
        const { calls, elapsedMs } = await callsInWindow();
        // At most one poll per interval of the time actually measured (+1 for a poll in flight at
        // an edge): one extra poll per socket would be n times that.
        expect(calls, `uxmatch with ${n} sockets in ${Math.round(elapsedMs)} ms`).toBeLessThanOrEqual(
          Math.floor(elapsedMs / INTERVAL) + 1,
        );
        expect(calls, 'the topic kept polling').toBeGreaterThanOrEqual(3);
        await Promise.all(
          clients.map((c) => c.until(() => (c.topics.get(topic)?.deltas ?? 0) > 0, 10_000, 'a delta')),
        );
        expect(clients.flatMap((c) => c.problems)).toEqual([]);
      } finally {
        await Promise.all(clients.map((c) => c.close()));
      }
    });
  }
});

describe('match/<id> on fake timers', () => {
  let sim: RunningSim;
  let session: { accountId: string; token: string };
  let app: GatewayApp | undefined;
  beforeAll(async () => {
    sim = await startSim({
      clock: 'manual',
      adminToken: AdminToken,
      world: { seed: 3, liveMatches: 6, todayMatches: 4, earlyMatches: 2 },
    });
    session = await login(sim.url);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app?.close();
    await sim?.close();
  });

  it('stops polling when the last socket unsubscribes (no leaked topic)', async () => {
    // A gateway app on fake timers (testkit fakeClockGateway): the polls are real calls to the
    // simulator, counted as the gateway makes them, in windows of the gateway's own clock.
    vi.useFakeTimers({ toFake: [...GatewayFakeTimers] });
    const gateway = await fakeClockGateway(sim, (ms) => vi.advanceTimersByTimeAsync(ms), {
      pollIntervalMs: INTERVAL,
      groupFactors: { live: 1, today: 5, early: 10, menu: 5, match: 1 },
    });
    app = gateway.app;
    const live = sim.world.market({ sport_id: 1, market_type: 'hdpou', group: 'live' });
    const linked = new Set(live.links.map(([, child]) => child));
    const topic = `match/${live.matches.find((m) => !linked.has(m[0]))?.[0]}`;
    const c = await FeedTestClient.inject(gateway.app);
    await c.hello(session.accountId, session.token);
    await c.sub(topic);
    await gateway.run(1000, () => c.topics.has(topic));
    const polls = () => gateway.upstream.count('/odds/uxmatch');
    // Watched: one poll per interval of the gateway's clock.
    const watched = polls();
    await gateway.run(10 * INTERVAL);
    expect(polls() - watched).toBe(10);
    await c.unsub(topic);
    const after = polls();
    // The world moves (a delta would be polled for) over fifteen intervals: no poll.
    for (let i = 0; i < 3; i++) {
      sim.advance(10_000);
      await gateway.run(5 * INTERVAL);
    }
    expect(polls()).toBe(after);
    c.ws.terminate();
  });
});
