/**
 * Fan-out over several gateway processes: the same N clients served by one gateway
 * process, then split evenly over two gateway processes forming a cluster over Redis
 * (gateway/CLUSTER.md), on the same machine. The simulator is fanout-server.ts's `sim` role (500
 * live matches, or FANOUT_RECORDING), the clients are fanout-load.ts (`gateway` kind) on live
 * soccer, the gateways are real `gateway/src/server.ts` processes (`startGatewayProcess`). Reports
 * p50/p99 delivery latency (`pt` to receipt) and CPU per frame: the sum over the gateway processes
 * of `gateway_process_cpu_seconds_total` over the sum of `gateway_frames_sent_total` (both from
 * each process's /metrics, so the heartbeats are counted as frames here), plus Redis's CPU.
 *
 * `npx tsx scripts/bench/run.ts --only fanout-cluster` (N = 5,000; `--quick` N = 200;
 * `FANOUT_CLUSTER_N=2000,5000` chooses N, `FANOUT_CLUSTER_PROCESSES=1,2,3` the process counts).
 * Redis's commands per second are counted too (INFO stats), for CAPACITY.md's model.
 */

import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type GatewayProcess, type RunningRedis, startGatewayProcess, startRedis } from '@sportsbook/testkit';
import { children, login, next, percentile, sleep, spawn, stop } from './fanout.bench.ts';
import type { Benchmark, BenchOptions } from './run.ts';

const TOPIC = 'odds/1/hdpou/live';

interface Counters {
  cpuSeconds: number;
  frames: number;
  bytes: number;
  polls: number;
}

interface Row {
  processes: number;
  n: number;
  p50: number;
  p99: number;
  framesPerSec: number;
  cpuPercent: number;
  cpuMicrosPerFrame: number;
  redisCpuPercent: number;
  /** Commands Redis processed per second (INFO stats `total_commands_processed`). */
  redisOpsPerSec: number;
  pollsPerSec: number;
  delivered: number;
  errors: number;
}

interface LoadReport {
  latencies: number[];
  frames: number;
  errors: number;
}

async function counters(gw: GatewayProcess): Promise<Counters> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  const pick = (name: string) => {
    let total = 0;
    for (const line of text.split('\n')) {
      if (line.startsWith(`${name} `) || line.startsWith(`${name}{`))
        total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return total;
  };
  return {
    cpuSeconds: pick('gateway_process_cpu_seconds_total'),
    frames: pick('gateway_frames_sent_total'),
    bytes: pick('gateway_bytes_sent_total'),
    polls: pick('gateway_topic_polls_total'),
  };
}

/** CPU seconds of a process from /proc (Linux; Redis has no /metrics). */
function procCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function sum(list: Counters[], key: keyof Counters): number {
  return list.reduce((a, c) => a + c[key], 0);
}

async function phase(
  gateways: GatewayProcess[],
  redis: RunningRedis | undefined,
  n: number,
  windowMs: number,
  session: { accountId: string; token: string },
): Promise<Row> {
  const processes = Math.max(2, Math.ceil(n / 2500));
  // An even number of load processes so each gateway gets the same share.
  const loadCount = processes + (processes % gateways.length);
  const workers: ChildProcess[] = [];
  for (let w = 0; w < loadCount; w++) {
    const count = Math.floor(n / loadCount) + (w < n % loadCount ? 1 : 0);
    const gw = gateways[w % gateways.length] as GatewayProcess;
    workers.push(
      spawn('fanout-load.ts', [
        JSON.stringify({
          kind: 'gateway',
          url: gw.wsUrl,
          count,
          localAddress: `127.0.0.${2 + w}`,
          accountId: session.accountId,
          token: session.token,
          topic: TOPIC,
        }),
      ]),
    );
  }
  let ready: { errors: number }[];
  try {
    ready = await Promise.all(workers.map((w) => next<{ errors: number }>(w, 'ready', 180_000)));
  } catch (err) {
    await Promise.all(workers.map(stop));
    throw err;
  }
  await sleep(2000);
  const c0 = await Promise.all(gateways.map(counters));
  const r0 = redis ? procCpuSeconds(redis.pid) : 0;
  const o0 = redis ? await redisCommands(redis) : 0;
  for (const w of workers) w.send({ cmd: 'start' });
  const t0 = performance.now();
  await sleep(windowMs);
  const reports = await Promise.all(
    workers.map((w) => {
      const p = next<LoadReport>(w, 'report');
      w.send({ cmd: 'report' });
      return p;
    }),
  );
  const c1 = await Promise.all(gateways.map(counters));
  const r1 = redis ? procCpuSeconds(redis.pid) : 0;
  const o1 = redis ? await redisCommands(redis) : 0;
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(workers.map(stop));

  const total = reports.reduce((a, r) => a + r.latencies.length, 0);
  const all = new Float64Array(total);
  let i = 0;
  for (const r of reports) for (const l of r.latencies) all[i++] = l;
  all.sort();
  const frames = sum(c1, 'frames') - sum(c0, 'frames');
  const cpu = sum(c1, 'cpuSeconds') - sum(c0, 'cpuSeconds');
  return {
    processes: gateways.length,
    n,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    framesPerSec: frames / seconds,
    cpuPercent: (cpu * 100) / seconds,
    cpuMicrosPerFrame: frames > 0 ? (cpu * 1e6) / frames : Number.NaN,
    redisCpuPercent: redis ? ((r1 - r0) * 100) / seconds : 0,
    // The measuring connections' own few commands (ready check, INFO) are within the noise.
    redisOpsPerSec: redis ? (o1 - o0) / seconds : 0,
    pollsPerSec: (sum(c1, 'polls') - sum(c0, 'polls')) / seconds,
    delivered: reports.reduce((a, r) => a + r.frames, 0),
    errors: reports.reduce((a, r) => a + r.errors, 0) + ready.reduce((a, r) => a + r.errors, 0),
  };
}

function gatewayEnv(upstreamUrl: string, redisUrl?: string): Record<string, string> {
  return {
    UPSTREAM_URL: upstreamUrl,
    POLL_INTERVAL_MS: '1000',
    WARM_TOPICS: TOPIC,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_IP_PER_MINUTE: '1000000',
    // Thousands of sockets of one session from a few addresses: socket caps lifted.
    WS_MAX_SOCKETS_PER_SESSION: '1000000',
    WS_MAX_SOCKETS_PER_ACCOUNT: '1000000',
    WS_MAX_SOCKETS_PER_IP: '1000000',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
}

function table(rows: Row[]): string {
  const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
  const lines = [
    '| gateway processes | clients | p50 ms | p99 ms | frames/s | gateways CPU % (sum) | CPU µs/frame | Redis CPU % | Redis commands/s | gateway polls/s (sum) | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.processes}${r.processes > 1 ? ' (Redis cluster)' : ' (no Redis)'} | ${r.n} | ${f(r.p50, 0)} | ${f(r.p99, 0)} | ${f(r.framesPerSec, 0)} | ${f(r.cpuPercent)} | ${f(r.cpuMicrosPerFrame, 2)} | ${r.processes > 1 ? f(r.redisCpuPercent) : '-'} | ${r.processes > 1 ? f(r.redisOpsPerSec, 0) : '-'} | ${f(r.pollsPerSec, 2)} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}

const fanoutCluster: Benchmark = {
  name: 'fanout-cluster',
  description:
    "The same N live-soccer websocket clients served by 1 gateway process, then split over 2 gateway processes clustered over Redis, on this machine. CPU per frame = sum of the gateways' `gateway_process_cpu_seconds_total` / sum of `gateway_frames_sent_total` (heartbeats included); Redis CPU reported apart.",
  async run(options: BenchOptions) {
    const ns = process.env.FANOUT_CLUSTER_N
      ? process.env.FANOUT_CLUSTER_N.split(',').map(Number)
      : options.quick
        ? [200]
        : [5000];
    const windowMs = options.quick ? 6000 : 15_000;
    // FANOUT_CLUSTER_PROCESSES=1,2,3: the process counts of each N (CAPACITY.md's 3-process check).
    const counts = (process.env.FANOUT_CLUSTER_PROCESSES ?? '1,2').split(',').map(Number);
    const recording = process.env.FANOUT_RECORDING;
    const rows: Row[] = [];
    const numbers: Record<string, number> = {};
    const gateways: GatewayProcess[] = [];
    let redis: RunningRedis | undefined;
    try {
      const sim = spawn('fanout-server.ts', ['sim', '500', ...(recording ? [recording] : [])]);
      const simUrl = (await next<{ url: string }>(sim, 'ready')).url;
      const session = await login(simUrl);
      redis = await startRedis();
      for (const n of ns) {
        for (const processes of counts) {
          const redisUrl = processes > 1 ? redis.url : undefined;
          if (redisUrl) await flush(redis);
          for (let p = 0; p < processes; p++)
            gateways.push(await startGatewayProcess(gatewayEnv(simUrl, redisUrl)));
          // Warm-up: modules loaded, the first snapshot polled and hashed, leases settled.
          await sleep(options.quick ? 3000 : 5000);
          const row = await phase(gateways, redisUrl ? redis : undefined, n, windowMs, session);
          await Promise.all(gateways.splice(0).map((g) => g.stop()));
          rows.push(row);
          console.error(
            `fanout-cluster ${processes} process(es) n=${n}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.framesPerSec.toFixed(0)} frames/s, CPU ${row.cpuPercent.toFixed(1)}%, ${row.cpuMicrosPerFrame.toFixed(1)} µs/frame, Redis ${row.redisCpuPercent.toFixed(1)}%, ${row.delivered} delivered, ${row.errors} errors`,
          );
          for (const [k, v] of Object.entries(row))
            if (typeof v === 'number') numbers[`p${processes}_${n}_${k}`] = v;
        }
      }
    } finally {
      await Promise.all(gateways.map((g) => g.stop()));
      await redis?.stop();
      await Promise.all([...children].map(stop));
    }
    const ratios = rows
      .filter((r) => r.processes > 1)
      .map((many) => {
        const one = rows.find((r) => r.processes === 1 && r.n === many.n);
        if (!one) return '';
        return `- N=${many.n}: ${many.processes} processes / 1: p50 ${(many.p50 / one.p50).toFixed(2)}x, p99 ${(many.p99 / one.p99).toFixed(2)}x, CPU per frame ${(many.cpuMicrosPerFrame / one.cpuMicrosPerFrame).toFixed(2)}x (gateways only; Redis adds ${many.redisCpuPercent.toFixed(1)}% of a core, ${many.redisOpsPerSec.toFixed(0)} commands/s).`;
      });
    const source = recording ? `Upstream: the recording \`${recording}\` replayed in a loop.\n\n` : '';
    return { markdown: `${source}${table(rows)}\n\n${ratios.join('\n')}`, numbers };
  },
};

/** `use` on a connection of its own to `redis`, closed afterwards. */
async function withRedis<T>(
  redis: RunningRedis,
  use: (client: import('ioredis').Redis) => Promise<T>,
): Promise<T> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redis.url);
  try {
    return await use(client);
  } finally {
    client.disconnect();
  }
}

/** Redis's count of commands processed since it started. */
const redisCommands = (redis: RunningRedis) =>
  withRedis(redis, async (client) =>
    Number(/total_commands_processed:(\d+)/.exec(await client.info('stats'))?.[1] ?? Number.NaN),
  );

/** A fresh Redis per cluster row: no topic history left from an earlier row. */
const flush = (redis: RunningRedis) => withRedis(redis, (client) => client.flushall());

export default fanoutCluster;
