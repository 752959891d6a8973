/**
 * Redis killed with -9 under clients (gateway/CLUSTER.md "Redis down"): two
 * clustered gateway processes, the simulator's odds moving on every poll, clients spread over both
 * nodes. Redis dies for a while and comes back empty. While it is down every node polls the topics
 * its own clients watch, so prices keep flowing (at least half the healthy rate per client), with
 * no gap and no close, and `/readyz` says `degraded: redis`; once it is back one
 * leader polls again (upstream calls back to one per interval) and every client ends on the
 * upstream's hash. Figures: deltas per client per second before and during the fault, upstream
 * calls per second before, during and after, gaps, closes, snapshots.
 */
import { gatewayMetric } from '@sportsbook/testkit/feed';
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import {
  ClusterChaos,
  type GatewayProcess,
  median,
  progress,
  type ResilientClient,
  rateMark,
  ratesSince,
  round,
  sleep,
  startRedis,
  tally,
  withClusterStack,
} from './stack.ts';

const { topic: LIVE, intervalMs: INTERVAL_MS } = ClusterChaos;

const Sizes = {
  full: { clients: 200, outageMs: 30_000, windowMs: 10_000 },
  // The outage holds the 3 s window measured from its first second, and a little more.
  quick: { clients: 24, outageMs: 4500, windowMs: 3000 },
};

async function readiness(node: GatewayProcess): Promise<string> {
  try {
    const res = await fetch(`${node.url}/readyz`);
    const body = (await res.json()) as { status?: string };
    return `${res.status} ${body.status ?? ''}`;
  } catch (err) {
    return `unreachable: ${(err as Error).message}`;
  }
}

async function untilReadiness(nodes: GatewayProcess[], want: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(nodes.map(readiness));
    if (states.every((s) => s === want)) return true;
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
}

/** Deltas per client per second over `ms`, and upstream calls of the topic per second. */
async function measure(clients: ResilientClient[], sim: { url: string }, ms: number) {
  const mark = await rateMark(clients, sim, LIVE);
  await sleep(ms);
  return ratesSince(mark, clients, sim, LIVE);
}

const scenario: Scenario = {
  name: 'redis-kill',
  property:
    'Redis killed with -9 under clients on two nodes: prices keep flowing at >= half the healthy rate on every client, 0 gaps, 0 closes, readiness says degraded: redis; back, one leader polls again and every client ends on the upstream hash',
  async run({ quick, seed }): Promise<ChaosReport> {
    const size = quick ? Sizes.quick : Sizes.full;
    const checks = new Checks();
    return withClusterStack(
      {
        name: 'redis-kill',
        seed,
        worldSeed: 9,
        nodes: 2,
        clients: size.clients,
        backend: startRedis,
        env: (redis) => ({ REDIS_URL: redis.url }),
      },
      async ({ sim, backend: redis, nodes, clients, settle }) => {
        await sleep(1000);

        const marks = () => clients.map((c) => c.statuses.get(LIVE)?.length ?? 0);
        /** Clients told stale between two status marks. */
        const toldStale = (from: number[], to: number[]) =>
          clients.filter((c, i) => (c.statuses.get(LIVE) ?? []).slice(from[i], to[i]).includes(true)).length;
        const healthyFrom = marks();
        const healthy = await measure(clients, sim, size.windowMs);
        const snapsBefore = clients.map((c) => c.state(LIVE)?.snaps ?? 0);
        const staleBefore = marks();
        const staleHealthy = toldStale(healthyFrom, staleBefore);

        const killedAt = Date.now();
        await redis.kill();
        progress('redis-kill', `kill -9 redis-server; ${size.outageMs} ms down`);
        const degradedSeen = await untilReadiness(nodes, '200 degraded: redis', 10_000);
        // Measure inside the outage, past the first second of it.
        await sleep(Math.max(0, 1000 - (Date.now() - killedAt)));
        const down = await measure(clients, sim, size.windowMs);
        await sleep(Math.max(0, size.outageMs - (Date.now() - killedAt)));
        const staleAtRestart = marks();
        await redis.restart();
        const restartedAt = Date.now();
        const readyAgain = await untilReadiness(nodes, '200 ready', 20_000);
        // Every node back on the cluster's leader (no topic polled alone any more).
        let rejoinedS = Number.NaN;
        for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(100)) {
          const local = await Promise.all(nodes.map((n) => gatewayMetric(n, 'gateway_cluster_local_topics')));
          if (local.every((n) => n === 0)) {
            rejoinedS = (Date.now() - restartedAt) / 1000;
            break;
          }
        }
        const back = await measure(clients, sim, size.windowMs);
        progress('redis-kill', `redis back; ${round(back.calls)} upstream calls/s`);

        const behind = await settle(20_000);
        const { gaps, mismatches, closes, snapshots: snaps } = tally(clients, LIVE, snapsBefore);
        const staleDown = toldStale(staleBefore, staleAtRestart);
        const staleBack = toldStale(staleAtRestart, marks());
        const slow = down.perClient.filter((r, i) => r < (healthy.perClient[i] as number) / 2).length;
        const healthyRate = median(healthy.perClient);
        const downRate = median(down.perClient);
        const minShare = Math.min(
          ...down.perClient.map((r, i) => r / Math.max(healthy.perClient[i] as number, Number.EPSILON)),
        );

        checks.check(
          degradedSeen,
          'readiness did not say degraded: redis on every node while Redis was down',
        );
        checks.check(readyAgain, 'readiness did not say ready on every node after Redis came back');
        checks.check(
          slow === 0,
          `${slow} clients got less than half their healthy rate while Redis was down`,
        );
        checks.check(gaps === 0, `${gaps} seq gaps`);
        checks.check(mismatches === 0, `${mismatches} hash mismatches`);
        checks.check(closes === 0, `${closes} sockets closed`);
        checks.check(!Number.isNaN(rejoinedS), 'a node still polled on its own 20 s after Redis came back');
        checks.check(behind.length === 0, `${behind.length} clients did not end on the upstream's hash`);
        const perInterval = 1000 / INTERVAL_MS;
        checks.check(
          down.calls <= nodes.length * perInterval + 1,
          `${round(down.calls)} upstream calls/s while Redis was down (bound: ${nodes.length} nodes x ${perInterval})`,
        );
        checks.check(
          back.calls <= perInterval + 1,
          `${round(back.calls)} upstream calls/s after Redis came back (one leader: ${perInterval})`,
        );

        return {
          figure: `${clients.length} clients on ${nodes.length} nodes; Redis killed -9 for ${round(size.outageMs / 1000, 1)} s: deltas per client per second ${round(healthyRate)} before -> ${round(downRate)} during (median; lowest client at ${round(minShare * 100, 0)}% of its own healthy rate); upstream uxmarket calls/s ${round(healthy.calls)} before -> ${round(down.calls)} during -> ${round(back.calls)} after; ${gaps} gaps, ${mismatches} hash mismatches, ${closes} closes, ${snaps} snapshots; clients told stale (no poll answered for 2.5 intervals) ${staleHealthy} in the healthy window, ${staleDown} during the fault, ${staleBack} after; readiness degraded ${degradedSeen ? 'yes' : 'no'}, ready again ${readyAgain ? 'yes' : 'no'}, every node back on one leader ${round(rejoinedS, 1)} s after the restart; ${clients.length - behind.length}/${clients.length} on the upstream's hash`,
          failures: checks.failures,
          numbers: {
            clients: clients.length,
            outageMs: size.outageMs,
            healthyPerClient: healthyRate,
            downPerClient: downRate,
            lowestShare: minShare,
            callsBefore: healthy.calls,
            callsDown: down.calls,
            callsAfter: back.calls,
            gaps,
            mismatches,
            closes,
            staleHealthy,
            staleDown,
            staleBack,
            rejoinedS,
            snapshots: snaps,
            behind: behind.length,
          },
        };
      },
    );
  },
};

export default scenario;
