/**
 * The order `npm test` starts its files in (vitest.config.ts `sequence.sequencer`): longest first
 * across every project, so that two workers end together instead of one finishing a long file alone
 * at the end (Vitest's own order runs projects one after another). A file's length is its last
 * measured duration (Vitest's cache) when there is one; else, on a fresh clone, its duration in the
 * last full run's table (scripts/testDurations.json, written by scripts/testDurations.ts from that
 * run's log); else an estimate from its size, an end-to-end file (a browser against a real stack)
 * counting as ten times a unit file of the same size. Without the table a fresh clone ordered the
 * a11y sweep, the longest file by far, by its size: it started late and ended the run alone.
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
    return [...files].sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0));
  }
}
