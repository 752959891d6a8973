import { CloseCode } from '@sportsbook/protocol';
import { FeedTestClient, login } from '@sportsbook/testkit';
import { advanceDeltas, gatewayMetric, startPair } from '@sportsbook/testkit/feed';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningGateway } from '../index.ts';

const LIVE = 'odds/1/hdpou/live';
// Big early/today boards: their snapshots fill the kernel's socket buffers of a client that stops
// reading, so the gateway's own send buffer (bufferedAmount) grows past its bound.
const HEAVY = ['hdpou', 'cs', '1x2', 'htft', 'oe', 'tg', 'fglg'].flatMap((m) => [
  `odds/1/${m}/early`,
  `odds/1/${m}/today`,
]);

describe('slow subscribers', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let session: { accountId: string; token: string };

  beforeAll(async () => {
    ({ sim, gateway } = await startPair(
      { world: { liveMatches: 60, todayMatches: 1000, earlyMatches: 1000 } },
      {
        pollIntervalMs: 100,
        // Early and today boards are polled once here: the test is about the live topic.
        groupFactors: { live: 1, today: 10_000, early: 10_000, menu: 10_000, match: 1 },
        feed: {
          sendSoftBytes: 64 * 1024,
          sendLowBytes: 16 * 1024,
          slowCloseMs: 3000,
          mergeMaxRatio: 1,
          closeGraceMs: 10_000,
        },
      },
    ));
    session = await login(sim.url);
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  async function slowClient(): Promise<FeedTestClient> {
    const c = await FeedTestClient.connect(gateway.wsUrl);
    await c.hello(session.accountId, session.token);
    await c.sub(LIVE);
    await c.until(() => c.topics.has(LIVE), 5000, 'live snapshot');
    c.ws.pause();
    let id = 100;
    for (const t of HEAVY) c.send({ op: 'sub', id: id++, topic: t });
    return c;
  }

  const lagging = () => [...gateway.app.feed.connections].filter((c) => c.lagging).length;

  it('conflates a slow client while a fast one keeps every delta, and closes one that stays slow', async () => {
    const fast = await FeedTestClient.connect(gateway.wsUrl);
    await fast.hello(session.accountId, session.token);
    await fast.sub(LIVE);
    await fast.until(() => fast.topics.has(LIVE), 5000, 'snapshot');

    const slow = await slowClient();
    const stuck = await slowClient();
    // Both slow sockets go over the bound (the gateway's own state; the world keeps moving).
    await vi.waitFor(
      () => {
        sim.advance(5000);
        expect(lagging()).toBe(2);
      },
      { timeout: 20_000, interval: 200 },
    );

    await advanceDeltas(sim, fast, LIVE, 8);
    const fastState = fast.topics.get(LIVE);
    expect(fast.problems).toEqual([]);
    expect(fastState?.seqs).toEqual(Array.from({ length: fastState?.seqs.length ?? 0 }, (_, i) => i + 1));

    // The slow client reads again: it catches up with one merged delta (or a fresh snapshot).
    slow.ws.resume();
    const current = () => gateway.app.feed.hub.topics.get(LIVE)?.history.seq;
    await slow.until(
      () => slow.topics.get(LIVE)?.seq === current() && HEAVY.every((t) => slow.topics.has(t)),
      20_000,
      'slow client caught up',
    );
    const slowState = slow.topics.get(LIVE);
    expect(slow.problems).toEqual([]);
    // One merged delta (`prev`) instead of the deltas it missed.
    expect(slowState?.conflated).toBeGreaterThanOrEqual(1);
    expect(slowState?.snaps).toBe(1);
    expect(slowState?.deltas ?? 0).toBeLessThan(fastState?.deltas ?? 0);
    expect(slowState?.hash).toBe(fast.topics.get(LIVE)?.hash);
    expect(await gatewayMetric(gateway, 'gateway_conflations_total')).toBeGreaterThanOrEqual(1);

    // The other never reads again: closed with the documented code, the fast one unaffected.
    await vi.waitFor(async () => expect(await gatewayMetric(gateway, 'gateway_slow_closes_total')).toBe(1), {
      timeout: 15_000,
      interval: 200,
    });
    // Reading again (within the close grace), it finds the close frame behind its backlog.
    stuck.ws.resume();
    expect(await stuck.closedWith(10_000)).toBe(CloseCode.tooSlow);
    expect(fast.closed).toBeUndefined();
    await Promise.all([fast.close(), slow.close()]);
  }, 60_000);
});
