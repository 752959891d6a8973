/**
 * Writes scripts/testDurations.json, the file durations `scripts/testSequencer.ts` orders a fresh
 * clone's run by (it has no Vitest cache there), from the log of a full run:
 * `npx tsx scripts/testDurations.ts < run.log`. Only files of a second or more are kept (the
 * rest are ordered by their size's estimate, which is as good at that length).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// A finished file's line: " ✓  e2e  web/e2e/book.test.ts (8 tests) 121505ms".
const FileLine = /^ [✓❯×] +([\w-]+) +(\S+\.test\.tsx?) \(.*\) (\d+)ms$/;

export function durationsOf(log: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const raw of log.split('\n')) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a log's colour codes are what is stripped
    const m = FileLine.exec(raw.replace(/\x1b\[[0-9;]*m/g, '').trimEnd());
    if (!m || Number(m[3]) < 1000) continue;
    out[`${m[1]}:${m[2]}`] = Math.round(Number(m[3]) / 100) * 100;
  }
  return Object.fromEntries(Object.entries(out).sort(([, a], [, b]) => b - a));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = durationsOf(readFileSync(0, 'utf8'));
  writeFileSync(new URL('./testDurations.json', import.meta.url), `${JSON.stringify(table, null, 2)}\n`);
  console.log(`${Object.keys(table).length} files`);
}
