/**
 * The order `npm test` starts its files in (vitest.config.ts `sequence.sequencer`).
 *
 * A file's length is its last measured duration (Vitest's cache) when there is one; else, on a
 * fresh clone, its duration in the last full run's table (scripts/testDurations.json, written by
 * scripts/testDurations.ts from that run's log); else an estimate from its size, an end-to-end file
 * (a browser against a real stack) counting as ten times a unit file of the same size.
 *
 * The long files first, longest first: every e2e file and the scripts project's long files, so that
 * two workers end together instead of one finishing a long file alone at the end (without the table
 * a fresh clone ordered the a11y sweep, the longest file by far, by its size: it started late and
 * ended the run alone). Then the unit projects one after another, each one's files longest first.
 * Why in blocks: an unisolated worker is kept for the next file only when the next file in the queue
 * is of the same project and test environment; otherwise Vitest stops it and the next file starts a
 * new process that imports everything again. Longest first across every project switched ~60 times.
 * A project's files that run under jsdom (a `@vitest-environment` docblock) form their own block.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const lastRun = JSON.parse(readFileSync(new URL('./testDurations.json', import.meta.url), 'utf8')) as Record<
  string,
  number
>;

/** Estimated milliseconds per byte of a test file without a measured duration. */
const MsPerByte = { e2e: 4, unit: 0.4 };

/** A scripts file at least this long (ms) runs among the e2e files; the rest run with the units. */
const LongScriptMs = 10_000;

/** The test environment a file's docblock names (`// @vitest-environment jsdom`), or ''. */
function docblockEnvironment(file: string): string {
  try {
    return /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  } catch {
    return '';
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const estimate = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
      const measured = cache.getFileTestResults(key)?.duration;
      if (measured !== undefined) return measured;
      const listed = lastRun[key];
      if (listed !== undefined) return listed;
      const size = cache.getFileStats(key)?.size ?? 0;
      return size * (spec.project.name === 'e2e' ? MsPerByte.e2e : MsPerByte.unit);
    };
    const weight = new Map(files.map((spec) => [spec, estimate(spec)]));
    const longestFirst = (a: TestSpecification, b: TestSpecification) =>
      (weight.get(b) ?? 0) - (weight.get(a) ?? 0);
    const long: TestSpecification[] = [];
    const blocks = new Map<string, TestSpecification[]>();
    for (const spec of files) {
      const name = spec.project.name;
      if (name === 'e2e' || (name === 'scripts' && (weight.get(spec) ?? 0) >= LongScriptMs)) {
        long.push(spec);
        continue;
      }
      const block = `${name} ${docblockEnvironment(spec.moduleId) || spec.project.config.environment}`;
      blocks.set(block, [...(blocks.get(block) ?? []), spec]);
    }
    const total = (specs: TestSpecification[]) =>
      specs.reduce((sum, spec) => sum + (weight.get(spec) ?? 0), 0);
    const units = [...blocks.values()]
      .map((specs) => specs.sort(longestFirst))
      .sort((a, b) => total(b) - total(a));
    return [...long.sort(longestFirst), ...units.flat()];
  }
}
