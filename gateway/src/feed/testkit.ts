/** Shared setup of the feed's integration tests: the real simulator and the real gateway, port 0. */
import { type RunningSim, type StartSimOptions, startSim } from '@sportsbook/upstream-sim';

/** `upstream_sim_calls_total` of one call (all hosts). */
export { simCalls } from '@sportsbook/upstream-sim';

import { type BuildGatewayOptions, type RunningGateway, startGateway } from '../index.ts';
import type { FeedTestClient } from './testClient.ts';

export const ADMIN_TOKEN = 'feed-test-admin';

export async function startPair(
  simOptions: StartSimOptions = {},
  gatewayOptions: Partial<BuildGatewayOptions> = {},
): Promise<{ sim: RunningSim; gateway: RunningGateway }> {
  const sim = await startSim({
    clock: 'manual',
    adminToken: ADMIN_TOKEN,
    faultTimeoutMs: 1000,
    ...simOptions,
  });
  const gateway = await startGateway({
    upstreamUrl: sim.url,
    webDist: undefined,
    pollIntervalMs: 50,
    heartbeatMs: 250,
    warmTopics: [],
    ...gatewayOptions,
  });
  return { sim, gateway };
}

/** A gateway metric's value (sum over label sets matching `labels`). */
export async function gatewayMetric(gateway: RunningGateway, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if ((line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && line.includes(labels)) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

export async function setFaults(sim: RunningSim, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sim.url}/admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`faults: HTTP ${res.status}`);
}

/**
 * Moves the world until the client has seen `count` more deltas of `topic` (the gateway's real
 * poll loop picks each change up). Each step waits for the delta it caused, event by event.
 */
export async function advanceDeltas(
  sim: RunningSim,
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
