/**
 * `npm run chaos` entry: runs every `scripts/chaos/<name>.chaos.ts` in order (the soak last), or
 * only some with `--only <name>` (repeatable or comma-separated); `--quick` runs the small sizes
 * (the ones `chaos.test.ts` runs in `npm test`); `--list` lists them; `--seed <n>` replays a run;
 * `--json <file>` also writes the numbers. Each scenario prints one figure line; the exit code is
 * 1 when any property failed. Everything runs on 127.0.0.1 and stops by itself.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machine } from '../machine.ts';
import type { ChaosReport, Scenario } from './scenario.ts';

const chaosDir = new URL('.', import.meta.url);
/** Run order: the cheap ones first, the soak (minutes) last. */
const order = ['fuzz', 'caps', 'bets', 'gateway-kill', 'redis-kill', 'sentinel', 'outage', 'soak'];

function available(): string[] {
  const names = readdirSync(chaosDir)
    .filter((f) => f.endsWith('.chaos.ts'))
    .map((f) => f.slice(0, -'.chaos.ts'.length));
  const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : order.length - 1);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export async function loadScenario(name: string): Promise<Scenario> {
  const mod = (await import(new URL(`./${name}.chaos.ts`, chaosDir).href)) as { default: Scenario };
  return mod.default;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      json: { type: 'string' },
      list: { type: 'boolean' },
      quick: { type: 'boolean' },
      seed: { type: 'string' },
    },
  });
  const names = available();
  if (values.list) {
    for (const name of names) console.log(`${name}: ${(await loadScenario(name)).property}`);
    return;
  }
  const only = (values.only ?? []).flatMap((o) => o.split(',')).filter((o) => o.length > 0);
  const unknown = only.filter((o) => !names.includes(o));
  if (unknown.length > 0) {
    console.error(`unknown scenario(s): ${unknown.join(', ')}; available: ${names.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const selected = only.length > 0 ? names.filter((n) => only.includes(n)) : names;
  const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 1_000_000;
  const quick = values.quick ?? false;
  console.log(
    `# chaos ${new Date().toISOString()} ${quick ? '(--quick) ' : ''}seed ${seed}\nMachine: ${machine()}`,
  );
  const results: Record<string, ChaosReport & { seconds: number }> = {};
  let failed = 0;
  for (const name of selected) {
    const scenario = await loadScenario(name);
    const started = Date.now();
    let report: ChaosReport;
    try {
      report = await scenario.run({ quick, seed });
    } catch (err) {
      report = {
        figure: `crashed: ${(err as Error).stack ?? err}`,
        failures: ['the scenario crashed'],
        numbers: {},
      };
    }
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    const verdict = report.failures.length === 0 ? 'PASS' : 'FAIL';
    if (report.failures.length > 0) failed += 1;
    console.log(`${verdict} ${name} (${seconds} s): ${report.figure}`);
    for (const f of report.failures) console.log(`  - ${f}`);
    results[name] = { ...report, seconds };
  }
  console.log(`${selected.length - failed} passed, ${failed} failed`);
  if (values.json) {
    writeFileSync(
      values.json,
      `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), quick, seed, results }, null, 2)}\n`,
    );
  }
  if (failed > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
  // Scenarios close what they start; a stray handle must not keep the runner alive.
  process.exit(process.exitCode ?? 0);
}
