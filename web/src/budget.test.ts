// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LandingBudgetBytes, landingFiles, landingReport } from '../tools/budget.ts';
import { buildWeb } from '../tools/buildWeb.ts';

const outDir = mkdtempSync(join(tmpdir(), 'web-budget-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

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
    await buildWeb(outDir);
    const report = landingReport(outDir);
    expect(report.files.length).toBeGreaterThan(0);
    expect(report.gzipBytes).toBeLessThanOrEqual(LandingBudgetBytes);
  });
});
