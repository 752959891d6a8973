// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import {
  LandingBudgetBytes,
  landingFiles,
  landingReport,
  landingStages,
  StageBudgetBytes,
  stageReport,
} from '../tools/budget.ts';
import { sharedWebBuild, type WebBuild } from '../tools/sharedWebBuild.ts';

// The run's production build (the e2e set-up's), or one of this file's own when run without it.
let build: WebBuild | undefined;
const builtDir = async (): Promise<string> => {
  build ??= await sharedWebBuild('web-budget-');
  return build.dir;
};
afterAll(() => build?.remove());

describe('landing page JavaScript budget', () => {
  it('counts the entry chunk, the app it starts and their static imports, not lazy chunks', () => {
    const files = landingFiles({
      'index.html': { file: 'a.js', isEntry: true, imports: ['_b'], dynamicImports: ['main.tsx'] },
      _b: { file: 'b.js', imports: ['_a'] },
      _a: { file: 'a2.js' },
      'main.tsx': { file: 'main.js', imports: ['_c'], dynamicImports: ['lazy.tsx'] },
      _c: { file: 'c.js' },
      'lazy.tsx': { file: 'lazy.js', imports: ['_b', '_d'] },
      _d: { file: 'd.js' },
    });
    expect(files.sort()).toEqual(['a.js', 'a2.js', 'b.js', 'c.js', 'main.js']);
  });

  it('stays within 150 KB gzipped', { timeout: 120_000 }, async () => {
    const report = landingReport(await builtDir());
    expect(report.files.length).toBeGreaterThan(0);
    expect(report.gzipBytes).toBeLessThanOrEqual(LandingBudgetBytes);
  });

  it('splits the start into stages: each dynamic import of the entry brings what no earlier one did', () => {
    const stages = landingStages({
      'index.html': { file: 'e.js', isEntry: true, dynamicImports: ['react', 'main.tsx'] },
      react: { file: 'r.js', imports: ['_shared'] },
      _shared: { file: 's.js' },
      'main.tsx': { file: 'm.js', imports: ['_shared', '_app'] },
      _app: { file: 'a.js' },
    });
    expect(stages).toEqual([
      { key: 'index.html', files: ['e.js'] },
      { key: 'react', files: ['r.js', 's.js'] },
      { key: 'main.tsx', files: ['m.js', 'a.js'] },
    ]);
  });

  // Each stage's modules are evaluated in one task: no stage may be the whole app again.
  it('starts the app in stages of at most 240 KB of JavaScript each', { timeout: 120_000 }, async () => {
    const stages = stageReport(await builtDir());
    expect(stages.length).toBeGreaterThanOrEqual(4);
    expect(stages.filter((s) => s.bytes > StageBudgetBytes)).toEqual([]);
  });
});
