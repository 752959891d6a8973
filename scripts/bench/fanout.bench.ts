/**
 * Fan-out benchmark. Separate processes: the simulator (500 live matches, real clock),
 * the gateway polling it, and load processes opening N websocket clients on loopback (spread over
 * 127.0.0.2.. source addresses) subscribed to live soccer (`odds/1/hdpou/live`). Side by side, in
 * the same run and with the same delta frames at the same cadence (each relays the gateway's live
 * deltas, watching the topic as one client): (a) a bare `ws` server broadcasting each pre-encoded
 * (the ceiling), (b) a Socket.IO server broadcasting them, and (c) N clients each
 * polling the upstream's uxmarket once a second themselves (the load the gateway saves).
 * Reports delivery latency (gateway publish time `pt` to client receipt) p50/p99, frames and bytes
 * per second, server CPU and RSS, and upstream calls per second.
 *
 * `npx tsx scripts/bench/run.ts --only fanout` (N = 1,000 and 5,000), `--quick` (N = 200), or
 * `FANOUT_N=1000,10000` to choose N. Wire versions: `gateway` rows speak v1 (clock
 * seconds), `gateway2` rows v2 (clock anchors), `gateway2z` v2 with permessage-deflate (the
 * gateway then offers it); `FANOUT_KINDS=gateway,gateway2,gateway2z,ws` pairs them with the
 * ceiling, which keeps relaying v1 frames.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Benchmark, BenchOptions } from './run.ts';

type Kind = 'gateway' | 'gateway2' | 'gateway2z' | 'ws' | 'socketio' | 'poll';

const gatewayKinds: readonly Kind[] = ['gateway', 'gateway2', 'gateway2z'];

interface ServerStats {
  cpuMicros: number;
  rss: number;
  frames: number;
  bytes: number;
  uxmarket?: number;
  polls?: number;
  conflations?: number;
}

interface LoadReport {
  latencies: number[];
  frames: number;
  bytes: number;
  /** Bytes read off the sockets (websocket framing, compressed when deflate was negotiated). */
  wire?: number;
  snapBytes?: number;
  pollCalls: number;
  errors: number;
  snaps: number;
  closes: Record<string, number>;
}

interface Row {
  kind: Kind;
  n: number;
  p50: number;
  p99: number;
  framesPerSec: number;
  bytesPerSec: number;
  cpuPercent: number;
  cpuMicrosPerFrame: number;
  rssMb: number;
  upstreamCallsPerSec: number;
  delivered: number;
  errors: number;
  conflations: number;
  /** Per client per second: frame text received, and bytes on the wire. */
  clientBytesPerSec: number;
  clientWirePerSec: number;
  snapBytes: number;
}

const here = new URL('.', import.meta.url).pathname;
export const children = new Set<ChildProcess>();

export function spawn(file: string, args: string[], execArgv: string[] = []): ChildProcess {
  const child = fork(`${here}${file}`, args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function next<T>(child: ChildProcess, key: string, timeoutMs = 120_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no ${key} from child within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (msg: Record<string, unknown>) => {
      if (!(key in msg)) return;
      done();
      resolve((key === 'ready' ? msg : msg[key]) as T);
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`child exited (${code}) before ${key}`));
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** `gc: false`: no full collection for the heap figure (a gateway's stats at the start of a window). */
export async function stats(child: ChildProcess, gc = true): Promise<ServerStats> {
  const p = next<ServerStats>(child, 'stats');
  child.send({ cmd: 'stats', gc });
  return p;
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** The median of samples (the upper middle one of an even count), as `percentile(..., 50)`. */
export function median(xs: readonly number[]): number {
  return percentile(Float64Array.from(xs).sort(), 50);
}

export async function login(simUrl: string): Promise<{ accountId: string; token: string }> {
  const res = await fetch(`${simUrl}/authlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: 'demo01', password: 'demo1234' }),
  });
  const body = (await res.json()) as { member_profile: { player_info: { session_token: string }[] } };
  return { accountId: 'demo01', token: body.member_profile.player_info[0]?.session_token ?? '' };
}

/**
 * Forks the load processes for `n` clients of one kind: at most 2,500 sockets each (the open-files
 * limit of a process is 20,000), each from its own loopback source address (127.0.0.2, .3, ...).
 */
export function spawnLoad(o: {
  kind: string;
  n: number;
  url: string;
  session: { accountId: string; token: string };
  topic: string;
  minProcesses: number;
}): ChildProcess[] {
  const perProcess = 2500;
  const processes = Math.max(o.minProcesses, Math.ceil(o.n / perProcess));
  const workers: ChildProcess[] = [];
  for (let w = 0; w < processes; w++) {
    const count = Math.floor(o.n / processes) + (w < o.n % processes ? 1 : 0);
    workers.push(
      spawn('fanout-load.ts', [
        JSON.stringify({
          kind: o.kind,
          url: o.url,
          count,
          localAddress: `127.0.0.${2 + w}`,
          accountId: o.session.accountId,
          token: o.session.token,
          topic: o.topic,
        }),
      ]),
    );
  }
  return workers;
}

async function phase(
  kind: Kind,
  n: number,
  windowMs: number,
  server: ChildProcess,
  sim: ChildProcess,
  url: string,
  session: { accountId: string; token: string },
): Promise<Row> {
  const workers = spawnLoad({ kind, n, url, session, topic: 'odds/1/hdpou/live', minProcesses: 2 });
  let ready: { errors: number }[];
  try {
    ready = await Promise.all(workers.map((w) => next<{ errors: number }>(w, 'ready', 180_000)));
  } catch (err) {
    await Promise.all(workers.map(stop));
    throw err;
  }
  await sleep(2000);
  const s0 = await stats(server);
  const u0 = await stats(sim);
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
  const s1 = await stats(server);
  const u1 = await stats(sim);
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(workers.map(stop));

  const total = reports.reduce((a, r) => a + r.latencies.length, 0);
  const all = new Float64Array(total);
  let i = 0;
  for (const r of reports) for (const l of r.latencies) all[i++] = l;
  all.sort();
  const clientFrames = reports.reduce((a, r) => a + (kind === 'poll' ? r.pollCalls : r.frames), 0);
  const clientBytes = reports.reduce((a, r) => a + r.bytes, 0);
  const clientWire = reports.reduce((a, r) => a + (r.wire ?? 0), 0);
  const connected = Math.max(1, n - ready.reduce((a, r) => a + r.errors, 0));
  const serverFrames = kind === 'poll' ? clientFrames : s1.frames - s0.frames;
  const serverBytes = kind === 'poll' ? clientBytes : s1.bytes - s0.bytes;
  const cpu = s1.cpuMicros - s0.cpuMicros;
  const errors = reports.reduce((a, r) => a + r.errors, 0) + ready.reduce((a, r) => a + r.errors, 0);
  return {
    kind,
    n,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    framesPerSec: serverFrames / seconds,
    bytesPerSec: serverBytes / seconds,
    cpuPercent: cpu / 1e4 / seconds,
    cpuMicrosPerFrame: serverFrames > 0 ? cpu / serverFrames : Number.NaN,
    rssMb: s1.rss / 2 ** 20,
    upstreamCallsPerSec: ((u1.uxmarket ?? 0) - (u0.uxmarket ?? 0)) / seconds,
    delivered: clientFrames,
    errors,
    conflations: (s1.conflations ?? 0) - (s0.conflations ?? 0),
    clientBytesPerSec: clientBytes / seconds / connected,
    clientWirePerSec: clientWire / seconds / connected,
    snapBytes: Math.max(0, ...reports.map((r) => r.snapBytes ?? 0)),
  };
}

const Labels: Record<Kind, string> = {
  gateway: 'gateway (ours), wire v1',
  gateway2: 'gateway (ours), wire v2',
  gateway2z: 'gateway (ours), wire v2 + deflate',
  ws: '(a) bare ws ceiling',
  socketio: '(b) Socket.IO',
  poll: '(c) clients poll upstream',
};

function table(rows: Row[]): string {
  const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
  const lines = [
    '| server | clients | p50 ms | p99 ms | frames/s | MB/s | server CPU % | CPU µs/frame | RSS MB | upstream uxmarket calls/s | KB/s per client (text / wire) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${Labels[r.kind]} | ${r.n} | ${f(r.p50, 0)} | ${f(r.p99, 0)} | ${f(r.framesPerSec, 0)} | ${f(r.bytesPerSec / 2 ** 20, 1)} | ${f(r.cpuPercent)} | ${f(r.cpuMicrosPerFrame, 2)} | ${f(r.rssMb, 0)} | ${f(r.upstreamCallsPerSec, 2)} | ${r.kind === 'poll' ? 'n/a' : `${f(r.clientBytesPerSec / 1024, 2)} / ${f(r.clientWirePerSec / 1024, 2)}`} |`,
    );
  }
  return lines.join('\n');
}

/**
 * `FANOUT_RUNS=13`: the whole run repeated, and the goals counted over the runs ("k of 13"): CPU
 * per frame <= 1.1x the bare `ws` ceiling at N=1000, p99 <= 0.5x at N=5000, for each gateway kind
 * measured (v1 `gateway`, v2 `gateway2`), with each run's ratios listed.
 */
async function repeated(options: BenchOptions, runs: number) {
  const all: Record<string, number>[] = [];
  const tables: string[] = [];
  for (let r = 0; r < runs; r++) {
    const report = await once(options);
    all.push(report.numbers);
    if (r === 0) tables.push(report.markdown);
  }
  const lines: string[] = [];
  const numbers: Record<string, number> = {};
  for (const kind of ['gateway', 'gateway2']) {
    for (const [n, key, limit, label] of [
      [1000, 'cpu_per_frame_vs_ws', 1.1, 'CPU per frame <= 1.1x ws'],
      [5000, 'p99_vs_ws', 0.5, 'p99 <= 0.5x ws'],
    ] as const) {
      const xs = all.map((x) => x[`${kind}_${n}_${key}`]).filter((x): x is number => x !== undefined);
      if (xs.length === 0) continue;
      const met = xs.filter((x) => x <= limit).length;
      numbers[`${kind}_${n}_${key}_met`] = met;
      numbers[`${kind}_${n}_${key}_median`] = median(xs);
      lines.push(
        `- ${kind} N=${n}: ${label} in **${met} of ${xs.length}** runs (median ${median(xs).toFixed(2)}x; runs ${xs.map((x) => x.toFixed(2)).join(' / ')})`,
      );
    }
  }
  return {
    markdown: `The first of ${runs} runs:\n\n${tables[0]}\n\nOver ${runs} runs (FANOUT_RUNS):\n\n${lines.join('\n')}`,
    numbers,
  };
}

const fanout: Benchmark = {
  name: 'fanout',
  description:
    'Gateway fan-out of live soccer (500 live matches) to N websocket clients on loopback vs a bare `ws` broadcast (ceiling), Socket.IO, and N clients polling the upstream directly. Latency is publish (`pt`) to client receipt; CPU and RSS are the server process; for (c) "frames" are upstream calls and latency is the call time.',
  async run(options: BenchOptions) {
    const runs = Number(process.env.FANOUT_RUNS ?? 1);
    return runs > 1 ? repeated(options, runs) : once(options);
  },
};

async function once(options: BenchOptions): Promise<{ markdown: string; numbers: Record<string, number> }> {
  {
    const ns = process.env.FANOUT_N
      ? process.env.FANOUT_N.split(',').map(Number)
      : options.quick
        ? [200]
        : [1000, 5000];
    const windowMs = options.quick ? 6000 : 15_000;
    // Deflate rows after the others: at high N they leave the gateway with a backlog for a while.
    const allKinds: readonly Kind[] = ['gateway', 'gateway2', 'ws', 'socketio', 'gateway2z', 'poll'];
    // FANOUT_KINDS=gateway,ws: only some rows (profiling, quick comparisons).
    // FANOUT_RECORDING=<file>: the upstream is that recording replayed in a loop (RECORDING.md).
    const recording = process.env.FANOUT_RECORDING;
    const kinds = process.env.FANOUT_KINDS
      ? allKinds.filter((k) => process.env.FANOUT_KINDS?.split(',').includes(k))
      : allKinds;
    const rows: Row[] = [];
    const failures: string[] = [];
    const numbers: Record<string, number> = {};
    try {
      const sim = spawn('fanout-server.ts', ['sim', '500', ...(recording ? [recording] : [])]);
      const simUrl = (await next<{ url: string }>(sim, 'ready')).url;
      // FANOUT_PROFILE=<dir>: the gateway writes a V8 CPU profile there when it exits.
      const profileDir = process.env.FANOUT_PROFILE;
      const gateway = spawn(
        'fanout-server.ts',
        ['gateway', simUrl, kinds.includes('gateway2z') ? 'deflate' : ''],
        profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      );
      const gatewayUrl = (await next<{ url: string }>(gateway, 'ready')).url;
      const session = await login(simUrl);
      const relayArg = JSON.stringify({ gatewayUrl, accountId: session.accountId, token: session.token });
      // The gateway's own cost with no client (polling, normalizing, diffing 500 matches a second),
      // so the fan-out cost per frame can be told apart from it. Measured after a warm-up: the
      // first seconds after start-up still load modules, compile and hash the first snapshot.
      await sleep(options.quick ? 2000 : 5000);
      const idle0 = await stats(gateway);
      const idleStart = performance.now();
      await sleep(options.quick ? 4000 : 15_000);
      const idle1 = await stats(gateway);
      const idleCpuPerSec = (idle1.cpuMicros - idle0.cpuMicros) / ((performance.now() - idleStart) / 1000);
      numbers.gateway_idle_cpu_percent = idleCpuPerSec / 1e4;
      // The (c) rows last: thousands of clients polling leave the simulator with a backlog of
      // requests that would slow the gateway's own polls in the row after them.
      const order = [
        ...ns.flatMap((n) => kinds.filter((k) => k !== 'poll').map((kind) => ({ n, kind }))),
        ...(kinds.includes('poll') ? ns.map((n) => ({ n, kind: 'poll' as const })) : []),
      ];
      for (const { n, kind } of order) {
        let server = gatewayKinds.includes(kind) ? gateway : sim;
        let url = gatewayKinds.includes(kind) ? gatewayUrl : simUrl;
        if (kind === 'ws' || kind === 'socketio') {
          server = spawn('fanout-server.ts', [kind, relayArg]);
          url = (await next<{ url: string }>(server, 'ready')).url;
        }
        let row: Row;
        try {
          row = await phase(kind, n, windowMs, server, sim, url, session);
        } catch (err) {
          // One server failing to hold N clients is a result, not the end of the run.
          failures.push(`- ${Labels[kind]}, N=${n}: did not complete (${(err as Error).message}).`);
          if (kind === 'ws' || kind === 'socketio') await stop(server);
          continue;
        }
        if (kind === 'ws' || kind === 'socketio') await stop(server);
        rows.push(row);
        console.error(
          `fanout ${kind} n=${n}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.framesPerSec.toFixed(0)} frames/s, ${row.delivered} delivered, ${row.conflations} conflations, ${row.errors} errors, CPU ${row.cpuPercent.toFixed(1)}%, ${row.cpuMicrosPerFrame.toFixed(1)} µs/frame, RSS ${row.rssMb.toFixed(0)} MB, upstream ${row.upstreamCallsPerSec.toFixed(2)}/s`,
        );
        for (const [k, v] of Object.entries(row)) if (typeof v === 'number') numbers[`${kind}_${n}_${k}`] = v;
      }
    } finally {
      await Promise.all([...children].map(stop));
    }
    rows.sort((a, b) => a.n - b.n || allKinds.indexOf(a.kind) - allKinds.indexOf(b.kind));
    const idle = numbers.gateway_idle_cpu_percent ?? 0;
    const x = (a: number, b: number) => (a / b).toFixed(2);
    const versions = [...new Set(rows.map((r) => r.n))].flatMap((n) => {
      const w = rows.find((r) => r.kind === 'ws' && r.n === n);
      const v1 = rows.find((r) => r.kind === 'gateway' && r.n === n);
      const out: string[] = [];
      for (const kind of ['gateway2', 'gateway2z'] as const) {
        const g = rows.find((r) => r.kind === kind && r.n === n);
        if (!g) continue;
        const parts: string[] = [];
        if (w) {
          parts.push(
            `p50 ${x(g.p50, w.p50)}x, p99 ${x(g.p99, w.p99)}x, server CPU ${x(g.cpuPercent, w.cpuPercent)}x of the bare ws ceiling relaying v1`,
          );
          numbers[`${kind}_${n}_p99_vs_ws`] = g.p99 / w.p99;
        }
        if (v1) {
          parts.push(
            `wire bytes per client ${x(g.clientWirePerSec, v1.clientWirePerSec)}x of v1, server CPU ${x(g.cpuPercent, v1.cpuPercent)}x of v1`,
          );
          numbers[`${kind}_${n}_wire_vs_v1`] = g.clientWirePerSec / v1.clientWirePerSec;
        }
        if (g.snapBytes > 0) {
          parts.push(
            `${((100 * g.clientWirePerSec) / g.snapBytes).toFixed(2)}% of the ${(g.snapBytes / 1024).toFixed(0)} KB snapshot per second on the wire (v1: ${v1 ? ((100 * v1.clientWirePerSec) / g.snapBytes).toFixed(2) : 'n/a'}%)`,
          );
          numbers[`${kind}_${n}_wire_pct_of_snapshot`] = (100 * g.clientWirePerSec) / g.snapBytes;
        }
        out.push(`- N=${n}: ${Labels[kind]}: ${parts.join('; ')}`);
      }
      return out;
    });
    for (const r of rows) {
      const w = rows.find((x) => x.kind === 'ws' && x.n === r.n);
      if (w === undefined || (r.kind !== 'gateway' && r.kind !== 'gateway2')) continue;
      numbers[`${r.kind}_${r.n}_cpu_per_frame_vs_ws`] = r.cpuMicrosPerFrame / w.cpuMicrosPerFrame;
      numbers[`${r.kind}_${r.n}_p99_vs_ws`] = r.p99 / w.p99;
    }
    const ratios = [...new Set(rows.map((r) => r.n))].map((n) => {
      const g = rows.find((r) => r.kind === 'gateway' && r.n === n);
      const w = rows.find((r) => r.kind === 'ws' && r.n === n);
      const c = rows.find((r) => r.kind === 'poll' && r.n === n);
      if (!g || !w) return '';
      // Fan-out only: the gateway's CPU minus what it spends polling with no client at all.
      const fanoutPerFrame = ((g.cpuPercent - idle) * 1e4) / g.framesPerSec;
      numbers[`gateway_${n}_fanoutCpuMicrosPerFrame`] = fanoutPerFrame;
      return `- N=${n}: gateway / bare ws: p50 ${(g.p50 / w.p50).toFixed(2)}x, p99 ${(g.p99 / w.p99).toFixed(2)}x, CPU per frame ${(g.cpuMicrosPerFrame / w.cpuMicrosPerFrame).toFixed(2)}x (fan-out only, idle polling subtracted: ${fanoutPerFrame.toFixed(2)} µs, ${(fanoutPerFrame / w.cpuMicrosPerFrame).toFixed(2)}x)${c ? `; upstream calls/s: gateway ${g.upstreamCallsPerSec.toFixed(2)} vs clients polling ${c.upstreamCallsPerSec.toFixed(1)} (demand ${n}/s)` : ''}`;
    });
    const source = recording
      ? `Upstream: the recording \`${recording}\` replayed in a loop at speed 1 (FANOUT_RECORDING).\n\n`
      : '';
    return {
      markdown: `${source}${table(rows)}\n\nGateway idle (polling, no clients): ${idle.toFixed(1)}% CPU.\n\n${[...ratios, ...versions, ...failures].filter((l) => l !== '').join('\n')}`,
      numbers,
    };
  }
}

export default fanout;
