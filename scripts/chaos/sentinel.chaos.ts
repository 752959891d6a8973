/**
 * Redis primary killed with -9 under Sentinel (gateway/CLUSTER.md "Redis with
 * failover"): a primary, a replica and three `redis-server --sentinel` on loopback (down-after 1 s,
 * failover timeout 3 s), two gateway processes given `REDIS_SENTINELS`, the simulator's odds moving
 * on every poll, clients spread over both nodes. The primary dies; the Sentinels promote the
 * replica; the gateways' connections follow it. Properties: no gap, no close, no hash mismatch,
 * every client ends on the upstream's hash, the topic's lease is on the promoted primary and only
 * one leader writes there. Figures: deltas per client per second before and during the failover
 * (from the kill until the promotion plus two seconds), the failover's time, upstream calls per
 * second, snapshots, stale flags.
 */
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import {
  ClusterChaos,
  median,
  progress,
  rateMark,
  ratesSince,
  round,
  sleep,
  startSentinelGroup,
  tally,
  withClusterStack,
} from './stack.ts';

const { topic: LIVE } = ClusterChaos;
const LeaseKey = `sb:t:{${LIVE}}:lease`;
const StreamKey = `sb:t:{${LIVE}}:stream`;

const Sizes = {
  full: { clients: 200, windowMs: 8000 },
  quick: { clients: 24, windowMs: 3000 },
};

const scenario: Scenario = {
  name: 'sentinel',
  property:
    'Redis primary killed with -9 under Sentinel (1 replica, 3 sentinels), clients on two nodes: 0 gaps, 0 closes, every client ends on the upstream hash, the lease moves to the promoted primary with one writer',
  async run({ quick, seed }): Promise<ChaosReport> {
    const size = quick ? Sizes.quick : Sizes.full;
    const checks = new Checks();
    return withClusterStack(
      {
        name: 'sentinel',
        seed,
        worldSeed: 9,
        nodes: 2,
        clients: size.clients,
        backend: () => startSentinelGroup(),
        env: (group) => ({ REDIS_SENTINELS: group.sentinelsEnv, REDIS_SENTINEL_NAME: group.name }),
      },
      async ({ sim, backend: group, nodes, clients, settle }) => {
        progress('sentinel', `primary :${group.primary.port}`);
        await sleep(1000);

        // Healthy.
        const m0 = await rateMark(clients, sim, LIVE);
        await sleep(size.windowMs);
        const { perClient: healthy, calls: callsBefore } = await ratesSince(m0, clients, sim, LIVE);
        const snapsBefore = clients.map((c) => c.state(LIVE)?.snaps ?? 0);
        const staleBefore = clients.map((c) => c.statuses.get(LIVE)?.length ?? 0);

        // The failover: from the kill until the promotion plus two seconds.
        const m1 = await rateMark(clients, sim, LIVE);
        const killedAt = m1.at;
        await group.primary.kill();
        const promoted = await group.failoverFrom(group.primary.port, 30_000);
        const failoverMs = Date.now() - killedAt;
        progress('sentinel', `kill -9 primary; sentinels promoted :${promoted} after ${failoverMs} ms`);
        await sleep(2000);
        const {
          perClient: during,
          calls: callsDuring,
          ms: duringMs,
        } = await ratesSince(m1, clients, sim, LIVE);

        // The lease on the promoted primary, and who wrote there since the kill.
        const primary = group.client(promoted);
        let lease: string | null = null;
        const leaseDeadline = Date.now() + 15_000;
        while (lease === null && Date.now() < leaseDeadline) {
          lease = await primary.get(LeaseKey).catch(() => null);
          if (lease === null) await sleep(100);
        }
        const leaseMs = Date.now() - killedAt;
        const written = (await primary.xrange(StreamKey, String(killedAt), '+')) as [string, string[]][];
        const writers = new Set(
          written.map(([, f]) => f[f.indexOf('n') + 1]).filter((w): w is string => w !== undefined),
        );
        await group.close(primary);

        const behind = await settle(20_000);
        const { gaps, mismatches, closes, snapshots: snaps } = tally(clients, LIVE, snapsBefore);
        const staleSeen = clients.filter((c, i) =>
          (c.statuses.get(LIVE) ?? []).slice(staleBefore[i]).includes(true),
        ).length;
        const healthyRate = median(healthy);
        const duringRate = median(during);
        const lowest = Math.min(...during);

        checks.check(promoted === group.replica.port, `the sentinels promoted :${promoted}, not the replica`);
        checks.check(gaps === 0, `${gaps} seq gaps`);
        checks.check(mismatches === 0, `${mismatches} hash mismatches`);
        checks.check(closes === 0, `${closes} sockets closed`);
        checks.check(behind.length === 0, `${behind.length} clients did not end on the upstream's hash`);
        checks.check(lease !== null, 'no lease on the promoted primary');
        checks.check(
          writers.size <= 1,
          `${writers.size} writers on the promoted primary: ${[...writers].join(', ')}`,
        );

        return {
          figure: `${clients.length} clients on ${nodes.length} nodes; primary killed -9, replica promoted after ${round(failoverMs / 1000, 1)} s, lease on it after ${round(leaseMs / 1000, 1)} s (${writers.size} writer since the kill); deltas per client per second ${round(healthyRate)} before -> ${round(duringRate)} during the failover (median over the ${round(duringMs / 1000, 1)} s from the kill; lowest client ${round(lowest)}); upstream uxmarket calls/s ${round(callsBefore)} before -> ${round(callsDuring)} during; ${gaps} gaps, ${mismatches} hash mismatches, ${closes} closes, ${staleSeen} told stale, ${snaps} snapshots; ${clients.length - behind.length}/${clients.length} on the upstream's hash`,
          failures: checks.failures,
          numbers: {
            clients: clients.length,
            failoverMs,
            leaseMs,
            writers: writers.size,
            healthyPerClient: healthyRate,
            duringPerClient: duringRate,
            lowestDuring: lowest,
            callsBefore,
            callsDuring,
            gaps,
            mismatches,
            closes,
            staleSeen,
            snapshots: snaps,
            behind: behind.length,
          },
        };
      },
    );
  },
};

export default scenario;
