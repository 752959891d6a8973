/**
 * The feed's integration tests (`@sportsbook/testkit/feed`): the stack with a fast poll loop and
 * heartbeat and no warm topics, a helper that moves the world delta by delta, and a gateway app on
 * fake timers whose upstream calls are counted and awaited (the poll, stale, backoff and
 * recovery timing tests).
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { BuildGatewayOptions } from '@sportsbook/gateway';
import type { StartSimOptions } from '@sportsbook/upstream-sim';
import { FeedTestClient } from './feedClient.ts';
import { buildTestGateway } from './inject.ts';
import { type Stack, simAdmin, startStack } from './stack.ts';

export { gatewayMetric, simCalls } from './http.ts';
export { AdminToken } from './stack.ts';

/** `startStack` tuned for the feed: 50 ms polls, 250 ms heartbeats, no warm topics, 1 s fault holds. */
export function startPair(
  simOptions: StartSimOptions = {},
  gatewayOptions: Partial<BuildGatewayOptions> = {},
): Promise<Stack> {
  return startStack({
    sim: { faultTimeoutMs: 1000, ...simOptions },
    gateway: { pollIntervalMs: 50, heartbeatMs: 250, warmTopics: [], ...gatewayOptions },
  });
}

/** Sets the simulator's faults (`/admin/faults`); throws unless it answered 200. */
export async function setFaults(sim: { url: string }, body: Record<string, unknown>): Promise<void> {
  const reply = await simAdmin(sim, 'faults', body);
  if (reply.status !== 1) throw new Error(`faults: ${JSON.stringify(reply)}`);
}

/**
 * Moves the world until the client has seen `count` more deltas of `topic` (the gateway's real
 * poll loop picks each change up). Each step waits for the delta it caused, event by event.
 */
export async function advanceDeltas(
  sim: { advance(ms: number): void },
  client: FeedTestClient,
  topic: string,
  count: number,
  stepMs = 5000,
): Promise<void> {
  const state = () => client.topics.get(topic);
  const target = (state()?.deltas ?? 0) + count;
  for (let i = 0; i < count * 5 && (state()?.deltas ?? 0) < target; i++) {
    const before = state()?.deltas ?? 0;
    sim.advance(stepMs);
    await client.until(() => (state()?.deltas ?? 0) > before, 3000, `a delta of ${topic}`).catch(() => {});
  }
  if ((state()?.deltas ?? 0) < target)
    throw new Error(`only ${state()?.deltas} deltas of ${topic}, wanted ${target}`);
}

/**
 * A suite's feed clients: `watch` connects one, says hello with the session and subscribes to a
 * topic; `track` adds a client made elsewhere; `closeAll` closes every one (the suite's afterAll).
 */
export class Watchers {
  readonly clients: FeedTestClient[] = [];

  async watch(
    wsUrl: string,
    session: { accountId: string; token: string },
    topic: string,
  ): Promise<FeedTestClient> {
    const c = this.track(await FeedTestClient.connect(wsUrl));
    await c.hello(session.accountId, session.token);
    await c.sub(topic);
    return c;
  }

  track(client: FeedTestClient): FeedTestClient {
    this.clients.push(client);
    return client;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}

/** One upstream call a gateway made, as `trackUpstream` saw it. */
export interface TrackedCall {
  path: string;
  body: unknown;
  /** The gateway's clock when the call started (a fake one in tests on fake timers). */
  at: number;
}

/**
 * The upstream calls of a gateway app whose timers are fake: wraps its real upstream client (the
 * calls still go to the simulator) to record each call and hold the ones in flight. A test moves
 * the fake clock one step, then `settle`s: waits for the polls that step started to be answered,
 * so what happens in a window of gateway time does not depend on how fast the machine answers.
 * `run` does both for a window. Not for calls the simulator holds on its own (fake) timers.
 */
export function trackUpstream<
  Post extends (path: string, body: unknown, ...rest: never[]) => Promise<unknown>,
>(upstream: { post: Post }, now: () => number = () => Date.now()) {
  const calls: TrackedCall[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const post = upstream.post.bind(upstream);
  upstream.post = ((path: string, body: unknown, ...rest: never[]) => {
    calls.push({ path, body, at: now() });
    const reply = post(path, body, ...rest);
    inFlight.add(reply);
    const done = () => inFlight.delete(reply);
    reply.then(done, done);
    return reply;
  }) as Post;
  // A call answered may lead to the next one (an account poll's calls, a room's second call) a
  // few promise hops later: a turn of the event loop (real, never faked) lets those run first.
  const settle = async (): Promise<void> => {
    do {
      await Promise.allSettled([...inFlight]);
      await turn();
    } while (inFlight.size > 0);
  };
  return {
    calls,
    settle,
    /** Calls to `path` (with `body`'s JSON, when given) since the tracker was made. */
    count(path: string, body?: unknown): number {
      const json = body === undefined ? undefined : JSON.stringify(body);
      return calls.filter((c) => c.path === path && (json === undefined || JSON.stringify(c.body) === json))
        .length;
    },
    /**
     * Moves the clock `ms` in steps of `stepMs` with `advance` (vi.advanceTimersByTimeAsync),
     * settling after each step; stops early, after a step, once `until` holds.
     */
    async run(
      advance: (ms: number) => Promise<unknown>,
      ms: number,
      stepMs: number,
      until?: () => boolean | Promise<boolean>,
    ): Promise<void> {
      await settle();
      for (let t = 0; t < ms; t += stepMs) {
        await advance(Math.min(stepMs, ms - t));
        await settle();
        if (await until?.()) return;
      }
    },
  };
}

/**
 * The timers a test fakes for `fakeClockGateway` (`vi.useFakeTimers({ toFake: [...GatewayFakeTimers] })`):
 * the gateway's timers and clock. setImmediate, nextTick and I/O stay real, so sockets and the
 * simulator's replies still arrive.
 */
export const GatewayFakeTimers = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'Date',
] as const;

/**
 * A gateway app built on fake timers (install them first: `GatewayFakeTimers`) in front of the
 * real simulator, not listening (clients connect with `FeedTestClient.inject`): 50 ms polls,
 * 250 ms heartbeats, no warm topics, 10 s call timeouts, its upstream calls tracked (`trackUpstream`). `run(ms)`
 * moves its clock in 10 ms steps with `advance` (vi.advanceTimersByTimeAsync), each step's polls
 * answered before the next.
 */
export async function fakeClockGateway(
  sim: { url: string },
  advance: (ms: number) => Promise<unknown>,
  options: Partial<BuildGatewayOptions> = {},
) {
  const app = await buildTestGateway({
    upstreamUrl: sim.url,
    pollIntervalMs: 50,
    heartbeatMs: 250,
    warmTopics: [],
    ...options,
    // A call's timeout is real time (AbortSignal.timeout), not the fake clock: long, so a loaded
    // machine's slow reply is not a failed poll.
    feed: { minPollTimeoutMs: 10_000, ...options.feed },
  });
  const upstream = trackUpstream(app.upstream);
  return {
    app,
    upstream,
    run: (ms: number, until?: () => boolean | Promise<boolean>) => upstream.run(advance, ms, 10, until),
  };
}
