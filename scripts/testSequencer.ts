/**
 * The order `npm test` starts its files in (vitest.config.ts `sequence.sequencer`): longest first
 * across every project, so that two workers end together instead of one finishing a long file alone
 * at the end (Vitest's own order runs projects one after another). A file's length is its last
 * measured duration (Vitest's cache) when there is one; on a fresh clone, an estimate from its size,
 * an end-to-end file (a browser against a real stack) counting as ten times a unit file of the same
 * size.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Estimated milliseconds per byte of a test file without a measured duration. */
const MsPerByte = { e2e: 4, unit: 0.4 };

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const estimate = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
      const measured = cache.getFileTestResults(key)?.duration;
      if (measured !== undefined) return measured;
      const size = cache.getFileStats(key)?.size ?? 0;
      return size * (spec.project.name === 'e2e' ? MsPerByte.e2e : MsPerByte.unit);
    };
    const weight = new Map(files.map((spec) => [spec, estimate(spec)]));
    return [...files].sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0));
  }
}
