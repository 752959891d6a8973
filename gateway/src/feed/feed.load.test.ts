import { FeedTestClient, login } from '@sportsbook/testkit';
import { simCalls, startPair } from '@sportsbook/testkit/feed';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../index.ts';

const INTERVAL = 100;
const TOPICS = ['odds/1/hdpou/live', 'odds/1/1x2/live', 'menu'];
const CALLS = ['uxmarket', 'uxmenu'];

async function connectMany(
  gateway: RunningGateway,
  session: { accountId: string; token: string },
  n: number,
  setup: (c: FeedTestClient, i: number) => Promise<void>,
  verifyFirst = 1000,
): Promise<FeedTestClient[]> {
  const clients: FeedTestClient[] = [];
  // In batches, so the test process itself does not stall the gateway's timers.
  for (let i = 0; i < n; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, n - i) }, async (_, j) => {
        // All clients share this process with the gateway and the simulator: a few check hashes,
        // the rest only follow seqs, so the test measures the gateway's polling, not our CPU.
        const c = await FeedTestClient.connect(gateway.wsUrl, { verify: i + j < verifyFirst });
        await c.hello(session.accountId, session.token, 10_000);
        await setup(c, i + j);
        return c;
      }),
    );
    clients.push(...batch);
  }
  return clients;
}

async function oddsCalls(sim: RunningSim): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(CALLS.map(async (c) => [c, await simCalls(sim, c)] as const)));
}

describe('the load claim: upstream odds polls do not depend on the number of clients', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let session: { accountId: string; token: string };

  beforeAll(async () => {
    ({ sim, gateway } = await startPair(
      {},
      {
        pollIntervalMs: INTERVAL,
        heartbeatMs: 1000,
        // Over a thousand sockets of one session from one address: the caps are lifted here
        // (feed.guard.test.ts tests them).
        feed: { maxSocketsPerSession: 5000, maxSocketsPerAccount: 5000, maxSocketsPerIp: 5000 },
      },
    ));
    session = await login(sim.url);
  });
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  it('polls each topic once per interval with 1, 10 and 200 clients', async () => {
    const windowMs = 2000;
    const perPhase: Record<number, { calls: Record<string, number>; elapsedMs: number }> = {};
    for (const n of [1, 10, 200]) {
      const clients = await connectMany(
        gateway,
        session,
        n,
        async (c) => {
          for (const t of TOPICS) await c.sub(t);
          await c.until(() => TOPICS.every((t) => c.topics.has(t)), 10_000, 'snapshots');
        },
        5,
      );
      const before = await oddsCalls(sim);
      const started = performance.now();
      // The world moves during the window so every client also receives deltas.
      const mover = setInterval(() => sim.advance(1000), 250);
      await new Promise((r) => setTimeout(r, windowMs)); // the measured quantity is calls per wall-clock window
      clearInterval(mover);
      const after = await oddsCalls(sim);
      const elapsedMs = performance.now() - started;
      perPhase[n] = {
        calls: Object.fromEntries(CALLS.map((c) => [c, (after[c] ?? 0) - (before[c] ?? 0)])),
        elapsedMs,
      };
      expect(clients.every((c) => c.problems.length === 0)).toBe(true);
      expect(clients.every((c) => (c.topics.get(TOPICS[0] as string)?.deltas ?? 0) > 0)).toBe(true);
      await Promise.all(clients.map((c) => c.close()));
    }
    // Two live topics at 100 ms and the menu at 500 ms. Whatever the number of clients, no topic is
    // polled more than once per interval of the time actually measured (+1 for a poll in flight at
    // each edge). The bound is on the measured elapsed time, not the nominal window, so a loaded
    // machine (CI runs other test files beside this one) that slows the poll loop cannot fail it,
    // while a single extra poll per client, or per subscription, would.
    for (const n of [1, 10, 200]) {
      const phase = perPhase[n];
      if (!phase) throw new Error(`phase ${n} missing`);
      for (const call of CALLS) {
        const topicsOfCall = call === 'uxmarket' ? 2 : 1;
        const interval = call === 'uxmarket' ? INTERVAL : INTERVAL * 5;
        const count = phase.calls[call] ?? 0;
        const bound = topicsOfCall * (Math.floor(phase.elapsedMs / interval) + 1);
        expect(count, `${call} with ${n} clients in ${Math.round(phase.elapsedMs)} ms`).toBeLessThanOrEqual(
          bound,
        );
        expect(count, `${call} with ${n} clients kept polling`).toBeGreaterThanOrEqual(topicsOfCall);
      }
    }
  });

  it('survives a reconnect storm: 1,000 clients resume without snapshots or extra polls', async () => {
    const topic = TOPICS[0] as string;
    const clients = await connectMany(gateway, session, 1000, async (c) => {
      await c.sub(topic);
      await c.until(() => c.topics.has(topic), 10_000, 'snapshot');
    });
    for (const c of clients) c.forgetFrames();
    const sessionCalls = gateway.app.feed.sessions.calls;
    const callsBefore = await simCalls(sim, 'uxmarket');
    const started = Date.now();
    // Everyone is dropped at once (no close handshake), then everyone comes back at once.
    await Promise.all(
      clients.map(
        (c) =>
          new Promise<void>((resolve) => {
            c.ws.once('close', () => resolve());
            c.ws.terminate();
          }),
      ),
    );
    sim.advance(5000);
    const back = await Promise.all(
      clients.map(async (old) => {
        const held = old.topics.get(topic);
        if (!held) throw new Error('no state');
        const c = await FeedTestClient.connect(gateway.wsUrl);
        await c.hello(session.accountId, session.token, 20_000);
        const from = c.adopt(topic, held);
        await c.sub(topic, from, 20_000);
        return c;
      }),
    );
    const current = () => gateway.app.feed.hub.topics.get(topic)?.history.seq ?? -1;
    await Promise.all(
      back.map((c) => c.until(() => c.topics.get(topic)?.seq === current(), 10_000, 'resumed')),
    );
    const elapsed = Date.now() - started;
    const calls = (await simCalls(sim, 'uxmarket')) - callsBefore;
    expect(back.every((c) => c.framesOf('snap').length === 0)).toBe(true);
    expect(back.every((c) => c.problems.length === 0)).toBe(true);
    // One hello check for the shared session (cached), and no more polls than the interval allows.
    expect(gateway.app.feed.sessions.calls - sessionCalls).toBeLessThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(Math.ceil(elapsed / INTERVAL) + 1);
    await Promise.all(back.map((c) => c.close()));
  });
});
