/**
 * `npm run bench` entry: runs every `scripts/bench/<name>.bench.ts` in turn (sorted by name), or
 * only some with `--only <name>` (repeatable, or comma-separated). A benchmark file default-exports
 * a `Benchmark`; adding one is adding a file. Results print as markdown, ready for BENCHMARKS.md;
 * `--json <file>` also writes them as JSON.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machine } from '../machine.ts';

export interface BenchmarkReport {
  /** Markdown (tables, ratios) printed under the benchmark's heading. */
  markdown: string;
  /** Machine-readable numbers (ops/s, bytes, ratios). */
  numbers: Record<string, number>;
}

export interface BenchOptions {
  /** `--quick`: a smaller, shorter run (smoke test of the benchmark itself). */
  quick: boolean;
}

export interface Benchmark {
  name: string;
  description: string;
  run(options: BenchOptions): Promise<BenchmarkReport>;
}

const benchDir = new URL('.', import.meta.url);

function available(): string[] {
  return readdirSync(benchDir)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.slice(0, -'.bench.ts'.length))
    .sort();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      json: { type: 'string' },
      list: { type: 'boolean' },
      quick: { type: 'boolean' },
    },
  });
  const names = available();
  if (values.list) {
    console.log(names.join('\n'));
    return;
  }
  const only = (values.only ?? []).flatMap((o) => o.split(',')).filter((o) => o.length > 0);
  const unknown = only.filter((o) => !names.includes(o));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${names.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const selected = only.length > 0 ? names.filter((n) => only.includes(n)) : names;
  console.log(`# Benchmarks\n\nMachine: ${machine()}\n`);
  const results: Record<string, BenchmarkReport['numbers']> = {};
  for (const name of selected) {
    const mod = (await import(new URL(`./${name}.bench.ts`, benchDir).href)) as { default: Benchmark };
    const bench = mod.default;
    console.log(`## ${bench.name}\n\n${bench.description}\n`);
    const report = await bench.run({ quick: values.quick ?? false });
    console.log(`${report.markdown}\n`);
    results[bench.name] = report.numbers;
  }
  if (values.json)
    writeFileSync(values.json, `${JSON.stringify({ machine: machine(), results }, null, 2)}\n`);
}

await main();
