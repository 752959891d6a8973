/**
 * The feed's integration tests (`@sportsbook/testkit/feed`): the stack with a fast poll loop and
 * heartbeat and no warm topics, and a helper that moves the world delta by delta.
 */
import type { BuildGatewayOptions } from '@sportsbook/gateway';
import type { StartSimOptions } from '@sportsbook/upstream-sim';
import { FeedTestClient } from './feedClient.ts';
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
