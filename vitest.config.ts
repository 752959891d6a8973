import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/testSequencer.ts';

// One runner for the whole repo: each package is a project; end-to-end browser tests live in web/e2e.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      // The unit and integration projects run unisolated: a worker's files share one module graph
      // instead of importing protocol, the simulator, the gateway and React again per file (their
      // state is per instance: apps, worlds, registries, machines; a test that fakes timers puts
      // them back, and the gateway's shared scheduler follows the timers in use). Measured alone on
      // 2 cores: gateway 166 -> 105 s wall and 261 -> 127 s CPU, web 137 -> 55 s, upstream-sim
      // 107 -> 59 s. The scripts project (process and chaos tests) stays isolated.
      {
        extends: true,
        test: { name: 'protocol', include: ['protocol/src/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: { name: 'upstream-sim', include: ['upstream-sim/src/**/*.test.ts'], isolate: false },
      },
      { extends: true, test: { name: 'gateway', include: ['gateway/src/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      { extends: true, test: { name: 'testkit', include: ['testkit/src/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          // Node by default: three files in four need no DOM; the ones that render, or read window,
          // document or storage, say `// @vitest-environment jsdom` (jsdom's set-up per file cost
          // ~1.4 s). The sequencer keeps each environment's files together: a worker is reused
          // only for a file of the same project and environment.
          environment: 'node',
          isolate: false,
        },
      },
      // Browser end-to-end tests: real Chromium (playwright-core) against a real gateway and simulator.
      // One production build of the app and one Chromium for every e2e file (web/e2e/globalSetup.ts);
      // each file starts its own simulator and gateway (web/e2e/support.ts says why). The files share
      // the run's workers with the other projects (at most `maxWorkers` e2e files at once).
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.test.ts'],
          globalSetup: ['web/e2e/globalSetup.ts'],
          // Unisolated like the unit projects: a worker imports playwright-core, the testkit, the
          // simulator and the gateway once for all its e2e files, not once per file (each file still
          // starts its own stack and closes it; their state is per instance). Three files on one
          // worker: import 78 -> 47 s on the loaded machine.
          isolate: false,
          // A suite's tests marked concurrent would run two at a time (none is yet: two pages on two
          // cores beside another file's stack).
          maxConcurrency: 2,
          // One retry for a browser test. In one full run of 2026-11-27, two e2e tests (each passing
          // alone and in three later runs of every e2e file) lost their page's content right after a
          // login for 30 s; not reproduced with page logs on. A retry keeps CI honest about real
          // failures (a test failing twice fails the run) while that is found.
          retry: 1,
        },
      },
    ],
    // At least two workers (Vitest's default is one per core less one: on 2 cores every file ran
    // alone) and every project in one pool: the e2e files and the long scripts files first, longest
    // first, then each unit project's files together (scripts/testSequencer.ts says why).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
