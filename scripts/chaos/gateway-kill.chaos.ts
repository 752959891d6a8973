/**
 * Gateway processes killed with -9 at random points under 200 clients: three clustered gateways
 * (one redis-server), the simulator's odds moving on every poll; a random node is killed with
 * SIGKILL every few seconds and replaced (but the last). Clients of a dead node reconnect to a live one and
 * resume with `from`. In the end every client holds the upstream's state hash, and no client saw
 * a seq gap or a hash mismatch on the way.
 */
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import {
  ClusterChaos,
  type GatewayProcess,
  progress,
  random,
  redisGet,
  sleep,
  startRedis,
  tally,
  withClusterStack,
} from './stack.ts';

const { topic: LIVE } = ClusterChaos;

const Sizes = {
  full: { clients: 200, nodes: 3, kills: 6, minGapMs: 2000, maxGapMs: 6000 },
  quick: { clients: 24, nodes: 2, kills: 2, minGapMs: 1000, maxGapMs: 2500 },
};

const scenario: Scenario = {
  name: 'gateway-kill',
  property:
    'gateways killed with -9 at random points under 200 clients: every client ends on the upstream hash, 0 seq gaps, 0 hash mismatches',
  async run({ quick, seed }): Promise<ChaosReport> {
    const size = quick ? Sizes.quick : Sizes.full;
    const checks = new Checks();
    const rand = random(seed);
    return withClusterStack(
      {
        name: 'gateway-kill',
        seed,
        worldSeed: 5,
        nodes: size.nodes,
        clients: size.clients,
        backend: startRedis,
        env: (redis) => ({ REDIS_URL: redis.url }),
      },
      async ({ backend: redis, nodes: live, clients, spawn, settle }) => {
        let leaderKills = 0;
        for (let k = 0; k < size.kills; k++) {
          await sleep(size.minGapMs + rand() * (size.maxGapMs - size.minGapMs));
          // Every other kill hits the topic's leader (its pid is in the lease key), the others a random node.
          const lease = k % 2 === 0 ? await redisGet(redis.url, `sb:t:{${LIVE}}:lease`) : null;
          const leaderPid = Number(/^gw-(\d+)\./.exec(lease ?? '')?.[1]);
          const victim = (live.find((n) => n.pid === leaderPid) ??
            live[Math.floor(rand() * live.length)]) as GatewayProcess;
          live.splice(live.indexOf(victim), 1);
          await victim.kill();
          if (victim.pid === leaderPid) leaderKills += 1;
          progress(
            'gateway-kill',
            `kill -9 ${victim.pid}${victim.pid === leaderPid ? ' (the leader)' : ''} (${k + 1}/${size.kills})`,
          );
          // Replaced, except after the last kill: its clients reconnect to the nodes left, as they
          // did to the replacements, and a node started then would serve nobody (each start is a few
          // seconds of a core).
          if (k < size.kills - 1) await spawn();
        }
        await sleep(size.minGapMs);
        const behind = await settle(30_000);
        const onHash = clients.length - behind.length;
        const { gaps, mismatches, other, problems } = tally(clients, LIVE);
        const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
        const resumeSnaps = clients.reduce((n, c) => n + c.resumeSnaps, 0);
        checks.check(behind.length === 0, `${behind.length} clients did not end on the upstream's hash`);
        checks.check(gaps === 0, `${gaps} seq gaps (e.g. ${problems.find((p) => p.includes('delta base'))})`);
        checks.check(mismatches === 0, `${mismatches} hash mismatches`);
        checks.check(other.length === 0, `${other.length} other problems (e.g. ${other[0]})`);
        return {
          figure: `${size.nodes} clustered nodes, ${size.clients} clients, ${size.kills} kill -9 at random points (${leaderKills} of the leader; each node but the last replaced): ${onHash}/${size.clients} clients on the upstream's hash, ${gaps} gaps, ${mismatches} hash mismatches; ${reconnects} reconnects, ${resumeSnaps} resumes needed a snapshot`,
          failures: checks.failures,
          numbers: {
            clients: size.clients,
            kills: size.kills,
            onHash,
            gaps,
            mismatches,
            reconnects,
            resumeSnaps,
          },
        };
      },
    );
  },
};

export default scenario;
