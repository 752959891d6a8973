/**
 * Gateway processes killed with -9 at random points under 200 clients: three clustered gateways
 * (one redis-server), the simulator's odds moving on every poll; a random node is killed with
 * SIGKILL every few seconds and replaced. Clients of a dead node reconnect to a live one and
 * resume with `from`. In the end every client holds the upstream's state hash, and no client saw
 * a seq gap or a hash mismatch on the way.
 */
import { startSim } from '@sportsbook/upstream-sim';
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import {
  ClusterChaos,
  clusterEnv,
  type GatewayProcess,
  login,
  progress,
  type ResilientClient,
  type RunningRedis,
  random,
  redisGet,
  sleep,
  startClients,
  startGatewayProcess,
  startRedis,
  untilAllOn,
  upstreamHash,
} from './stack.ts';

const { topic: LIVE, intervalMs: INTERVAL_MS } = ClusterChaos;

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
    let redis: RunningRedis | undefined;
    const sim = await startSim({
      clock: 'manual',
      sessions: { requestsPerSecond: 0 },
      world: { seed: 5, liveMatches: 12, todayMatches: 20, earlyMatches: 4 },
    });
    const live: GatewayProcess[] = [];
    const all: GatewayProcess[] = [];
    const clients: ResilientClient[] = [];
    let driver: NodeJS.Timeout | undefined;
    let leaderKills = 0;
    try {
      redis = await startRedis();
      const env = clusterEnv(sim.url, { REDIS_URL: redis.url });
      const spawnNode = async () => {
        const node = await startGatewayProcess(env);
        live.push(node);
        all.push(node);
        return node;
      };
      await Promise.all(Array.from({ length: size.nodes }, spawnNode));
      // A live evening: the odds move on every poll.
      driver = setInterval(() => sim.advance(3000), INTERVAL_MS / 2);
      const sessions = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(sim.url, `load${String(i + 1).padStart(2, '0')}`)),
      );
      const nodes = () => live.map((n) => n.wsUrl);
      await startClients(clients, size.clients, { nodes, sessions, topics: [LIVE], rand });
      progress('gateway-kill', `${clients.length} clients on ${live.length} nodes`);

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
        await spawnNode();
      }
      await sleep(size.minGapMs);
      clearInterval(driver);
      driver = undefined;
      const finalHash = await upstreamHash(sim.url, LIVE);
      const behind = await untilAllOn(clients, LIVE, finalHash, 30_000);
      const onHash = clients.length - behind.length;
      const problems = clients.flatMap((c) => c.allProblems());
      const gaps = problems.filter((p) => p.includes('delta base')).length;
      const mismatches = problems.filter((p) => p.includes('hash')).length;
      const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
      const resumeSnaps = clients.reduce((n, c) => n + c.resumeSnaps, 0);
      checks.check(behind.length === 0, `${behind.length} clients did not end on the upstream's hash`);
      checks.check(gaps === 0, `${gaps} seq gaps (e.g. ${problems.find((p) => p.includes('delta base'))})`);
      checks.check(mismatches === 0, `${mismatches} hash mismatches`);
      const other = problems.length - gaps - mismatches;
      checks.check(
        other === 0,
        `${other} other problems (e.g. ${problems.find((p) => !p.includes('delta base') && !p.includes('hash'))})`,
      );
      return {
        figure: `${size.nodes} clustered nodes, ${size.clients} clients, ${size.kills} kill -9 at random points (${leaderKills} of the leader; each node replaced): ${onHash}/${size.clients} clients on the upstream's hash, ${gaps} gaps, ${mismatches} hash mismatches; ${reconnects} reconnects, ${resumeSnaps} resumes needed a snapshot`,
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
    } finally {
      if (driver) clearInterval(driver);
      await Promise.all(clients.map((c) => c.stop()));
      await Promise.all(all.map((n) => n.stop()));
      await sim.close();
      await redis?.stop();
    }
  },
};

export default scenario;
