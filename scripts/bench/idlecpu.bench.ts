/**
 * What a gateway process costs before it sends anything: the CPU of one process
 * with no client, measured side by side in one run for
 * - a bare `ws` server process (idle-server.ts): the floor of a Node process holding a socket server;
 * - the gateway with no topic (`cold`): its own timers, metrics and housekeeping;
 * - the gateway polling the simulator's 500-live-match topic (`odds/1/hdpou/live`, as in the fanout
 *   rows): what owning the topic adds (HTTP, parse, normalize, diff, hash, views, GC).
 * Each is measured over a window after a warm-up, in rounds alternating the three, as process CPU
 * time (all threads); the median round is kept. `npx tsx scripts/bench/run.ts --only idlecpu`.
 *
 * `IDLECPU_BASE=<dir>`: a fourth process in each round, the gateway of another tree (e.g. a
 * `git archive` of an older commit with this tree's node_modules linked in) polling the same topic,
 * so a change is measured against its base side by side in one run (a ratio survives a loaded machine).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { children, median, next, sleep, spawn, stats, stop } from './fanout.bench.ts';
import type { Benchmark } from './run.ts';

type Variant = 'bare' | 'cold' | 'warm' | 'base';
const Labels: Record<Variant, string> = {
  bare: 'bare `ws` server (no client)',
  cold: 'gateway, no topic',
  warm: 'gateway polling the 500-live-match topic',
  base: 'IDLECPU_BASE gateway polling the 500-live-match topic',
};

/** The gateway of the tree at `dir` (its own scripts/bench/fanout-server.ts), as `spawn` starts this one's. */
function spawnBase(dir: string, simUrl: string): ChildProcess {
  const child = fork(`${dir}/scripts/bench/fanout-server.ts`, ['gateway', simUrl, '', ''], {
    cwd: dir,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** CPU % of one core the process used over `windowMs`, after `warmupMs`. */
async function measure(server: ChildProcess, warmupMs: number, windowMs: number): Promise<number> {
  await sleep(warmupMs);
  const a = await stats(server);
  const t0 = performance.now();
  await sleep(windowMs);
  const b = await stats(server);
  const seconds = (performance.now() - t0) / 1000;
  return (b.cpuMicros - a.cpuMicros) / 1e4 / seconds;
}

const idlecpu: Benchmark = {
  name: 'idlecpu',
  description:
    'CPU of one process with no client: a bare ws server, the gateway with no topic, and the gateway polling the 500-live-match topic, alternated in rounds, medians.',
  async run(options) {
    const rounds = options.quick ? 1 : 3;
    const warmupMs = options.quick ? 4000 : 8000;
    const windowMs = options.quick ? 5000 : 20_000;
    const samples: Record<Variant, number[]> = { bare: [], cold: [], warm: [], base: [] };
    const baseDir = process.env.IDLECPU_BASE;
    const variants: Variant[] = baseDir ? ['bare', 'cold', 'warm', 'base'] : ['bare', 'cold', 'warm'];
    try {
      const sim = spawn('fanout-server.ts', ['sim', '500']);
      const simUrl = (await next<{ url: string }>(sim, 'ready')).url;
      for (let r = 0; r < rounds; r++) {
        for (const variant of variants) {
          const server =
            variant === 'bare'
              ? spawn('idle-server.ts', [])
              : variant === 'base'
                ? spawnBase(baseDir as string, simUrl)
                : spawn('fanout-server.ts', ['gateway', simUrl, '', variant === 'cold' ? 'cold' : '']);
          await next<{ url: string }>(server, 'ready');
          samples[variant].push(await measure(server, warmupMs, windowMs));
          await stop(server);
        }
      }
    } finally {
      await Promise.all([...children].map(stop));
    }
    const bare = median(samples.bare);
    const cold = median(samples.cold);
    const warm = median(samples.warm);
    const base = baseDir ? median(samples.base) : undefined;
    const rows = variants.map(
      (v) =>
        `| ${Labels[v]} | ${median(samples[v]).toFixed(2)} | ${samples[v].map((x) => x.toFixed(2)).join(' / ')} |`,
    );
    return {
      markdown: [
        `Process CPU time (all threads) over ${windowMs / 1000} s after a ${warmupMs / 1000} s warm-up, ${rounds} rounds alternating the three.`,
        '',
        '| process, no client | median % of a core | rounds |',
        '|---|---:|---:|',
        ...rows,
        '',
        `The gateway's own cost with nothing to poll: ${cold.toFixed(2)}% (${(cold / Math.max(bare, 0.01)).toFixed(1)}x the bare server's ${bare.toFixed(2)}%). Owning the live topic adds ${(warm - cold).toFixed(2)}%.`,
        ...(base === undefined
          ? []
          : [
              '',
              `Against IDLECPU_BASE (${baseDir}): ${warm.toFixed(2)}% vs ${base.toFixed(2)}% (${(warm / Math.max(base, 0.01)).toFixed(2)}x); per round ${samples.warm.map((w, i) => (w / Math.max(samples.base[i] ?? 0, 0.01)).toFixed(2)).join(' / ')}.`,
            ]),
      ].join('\n'),
      numbers: {
        bare_cpu_percent: bare,
        cold_cpu_percent: cold,
        warm_cpu_percent: warm,
        topic_cpu_percent: warm - cold,
        ...(base === undefined
          ? {}
          : { base_cpu_percent: base, warm_over_base: warm / Math.max(base, 0.01) }),
      },
    };
  },
};

export default idlecpu;
