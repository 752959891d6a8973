/**
 * A soak: 2,000 clients on one gateway process for 10 minutes (the simulator as its own process,
 * real clock, odds moving every second). Every client checks every frame's seq and hash. Reported:
 * the gateway's RSS after the clients connected and at the end (growth), unexpected closes, seq
 * gaps and hash mismatches, and at the end (the world paused) whether every client holds the
 * upstream's hash. Fails on an unexpected close, a gap, a mismatch or a client off the hash;
 * RSS growth is reported, not judged (one run is no proof of a leak either way).
 */
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import {
  type GatewayProcess,
  login,
  loopbackAddress,
  progress,
  ResilientClient,
  random,
  rssMiB,
  type SimProcess,
  sleep,
  startGatewayProcess,
  startSimProcess,
  UnboundedSockets,
  untilAllOn,
  upstreamHash,
} from './stack.ts';

const LIVE = 'odds/1/hdpou/live';

const Sizes = {
  full: {
    clients: Number(process.env.CHAOS_SOAK_CLIENTS ?? 2000),
    minutes: Number(process.env.CHAOS_SOAK_MINUTES ?? 10),
    warmupMs: 30_000,
  },
  quick: { clients: 40, minutes: 0.25, warmupMs: 2000 },
};

const scenario: Scenario = {
  name: 'soak',
  property:
    '2,000 clients for 10 minutes on one gateway: 0 unexpected closes, 0 gaps, every client on the upstream hash at the end; gateway RSS growth reported',
  async run({ quick, seed }): Promise<ChaosReport> {
    const size = quick ? Sizes.quick : Sizes.full;
    const checks = new Checks();
    const rand = random(seed);
    let sim: SimProcess | undefined;
    let gw: GatewayProcess | undefined;
    const clients: ResilientClient[] = [];
    try {
      sim = await startSimProcess({ seed: 11, liveMatches: 12 });
      gw = await startGatewayProcess({
        UPSTREAM_URL: sim.url,
        // The soak measures memory and stability, not the per-session/account bounds (caps does).
        ...UnboundedSockets,
      });
      const simUrl = sim.url;
      const sessions = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(simUrl, `load${String(i + 1).padStart(2, '0')}`)),
      );
      const rssIdle = rssMiB(gw.pid);
      const wsUrl = gw.wsUrl;
      for (let i = 0; i < size.clients; i++) {
        const topics = [LIVE];
        if (i % 4 === 1) topics.push('menu');
        if (i % 4 === 2) topics.push('odds/1/hdpou/today');
        clients.push(
          new ResilientClient({
            nodes: () => [wsUrl],
            session: sessions[i % sessions.length] as { accountId: string; token: string },
            topics,
            localAddress: loopbackAddress(i, 50),
            rand,
          }),
        );
      }
      for (let i = 0; i < clients.length; i += 50)
        await Promise.all(clients.slice(i, i + 50).map((c) => c.start(120_000)));
      progress('soak', `${clients.length} clients connected; warming up ${size.warmupMs / 1000} s`);
      await sleep(size.warmupMs);
      const rssStart = rssMiB(gw.pid);
      const samples: number[] = [rssStart];
      const seqStart = clients[0]?.state(LIVE)?.seq ?? 0;
      const endAt = Date.now() + size.minutes * 60_000;
      while (Date.now() < endAt) {
        await sleep(Math.min(10_000, Math.max(0, endAt - Date.now())));
        samples.push(rssMiB(gw.pid));
        const closes = clients.reduce((n, c) => n + c.unexpectedCloses.length, 0);
        progress(
          'soak',
          `${Math.round((size.minutes * 60_000 - (endAt - Date.now())) / 1000)} s: gateway RSS ${samples.at(-1)?.toFixed(0)} MiB, ${closes} unexpected closes`,
        );
      }
      const rssEnd = rssMiB(gw.pid);
      const deltas = (clients[0]?.state(LIVE)?.seq ?? 0) - seqStart;
      await sim.admin('clock', { action: 'pause' });
      await sleep(3000);
      const finalHash = await upstreamHash(simUrl, LIVE);
      const behind = await untilAllOn(clients, LIVE, finalHash, 30_000);
      const closes = clients.flatMap((c) => c.unexpectedCloses);
      const codes = new Map<number, number>();
      for (const code of closes) codes.set(code, (codes.get(code) ?? 0) + 1);
      const problems = clients.flatMap((c) => c.allProblems());
      const gaps = problems.filter((p) => p.includes('delta base')).length;
      const growth = rssEnd - rssStart;
      checks.check(
        closes.length === 0,
        `${closes.length} unexpected closes (${[...codes].map(([c, n]) => `${c}x${n}`).join(' ')})`,
      );
      checks.check(gaps === 0, `${gaps} seq gaps`);
      checks.check(
        problems.length === gaps,
        `${problems.length - gaps} other problems (e.g. ${problems.find((p) => !p.includes('delta base'))})`,
      );
      checks.check(behind.length === 0, `${behind.length} clients not on the upstream's hash at the end`);
      checks.check(gw.child.exitCode === null, 'the gateway died');
      const duration =
        size.minutes >= 1
          ? `${Math.round(size.minutes * 10) / 10} min`
          : `${Math.round(size.minutes * 60)} s`;
      return {
        figure: `${size.clients} clients x ${duration} on one gateway (${deltas} live deltas each): gateway RSS ${rssIdle.toFixed(0)} MiB idle, ${rssStart.toFixed(0)} MiB after connect+warm-up, ${rssEnd.toFixed(0)} MiB at the end (growth ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MiB, max ${Math.max(...samples).toFixed(0)}); ${closes.length} unexpected closes, ${gaps} gaps, ${clients.length - behind.length}/${clients.length} on the upstream's hash`,
        failures: checks.failures,
        numbers: {
          clients: size.clients,
          minutes: size.minutes,
          rssIdle,
          rssStart,
          rssEnd,
          growth,
          rssMax: Math.max(...samples),
          unexpectedCloses: closes.length,
          gaps,
          deltas,
          onHash: clients.length - behind.length,
        },
      };
    } finally {
      await Promise.all(clients.map((c) => c.stop()));
      await gw?.stop();
      await sim?.stop();
    }
  },
};

export default scenario;
