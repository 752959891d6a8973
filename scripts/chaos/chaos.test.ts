/**
 * The CI-sized part of `npm run chaos` (scripts/chaos/run.ts, RELIABILITY.md): each scenario at
 * its `--quick` size, against real processes on loopback (the simulator, gateway processes, a
 * redis-server from startRedis). Each test prints the scenario's figure line and fails with the
 * list of broken properties. The soak (minutes) runs only in `npm run chaos`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario } from './run.ts';
import { removeServerBundles } from './stack.ts';

const seed = Number(process.env.CHAOS_SEED ?? 20261123);

async function quick(name: string): Promise<void> {
  const report = await (await loadScenario(name)).run({ quick: true, seed });
  console.log(`chaos ${name} (seed ${seed}): ${report.figure}`);
  expect(report.failures, report.figure).toEqual([]);
}

afterAll(removeServerBundles);

describe('chaos (quick sizes)', () => {
  it(
    'fuzz: fuzzed /ws frames and /api bodies: 0 crashes, 0 5xx, every answer in the envelope',
    () => quick('fuzz'),
    120_000,
  );
  it('caps: N sockets and topics from one account: upstream calls stay flat', () => quick('caps'), 120_000);
  it(
    'bets: retried bets with injected timeouts across two nodes: exactly one debit each',
    () => quick('bets'),
    120_000,
  );
  it(
    'gateway-kill: kill -9 under clients: every client ends on the upstream hash, 0 gaps',
    () => quick('gateway-kill'),
    120_000,
  );
  it(
    'redis-kill: Redis killed -9 under clients on two nodes: prices keep flowing, 0 gaps, 0 closes, one leader after',
    () => quick('redis-kill'),
    120_000,
  );
  it(
    'outage: Redis and the simulator killed and restarted: nothing lost, never stale (Redis), stale then fresh (simulator)',
    () => quick('outage'),
    120_000,
  );
});
