/**
 * The landing page's JavaScript budget: the entry chunk, the app it starts and every chunk
 * they import statically, gzipped, at most 150 KB. Lazy routes (dynamic imports) are not counted: they load
 * after the landing page. Read from Vite's build manifest so the build plugin and the test agree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const LandingBudgetBytes = 150 * 1024;

/** The part of a Vite manifest entry this needs (`.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Files of the JS the landing page loads: the entry chunks, the chunks they import dynamically (the
 * entry, src/boot.ts, only starts the app, src/main.tsx, after the first paint) and their static
 * imports, transitively.
 */
export function landingFiles(manifest: Manifest): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    visit(key);
    for (const started of chunk.dynamicImports ?? []) visit(started);
  }
  return files;
}

/**
 * The JS each stage of the app's start evaluates (src/boot.ts): the entry chunk, then each module
 * the entry imports dynamically, in the entry's order, with the static imports no earlier stage
 * loaded. A module graph brought in by one `import()` is evaluated in one task, so a stage's size
 * bounds the longest task of the start.
 */
export function landingStages(manifest: Manifest): { key: string; files: string[] }[] {
  const loaded = new Set<string>();
  const stage = (key: string) => {
    const files: string[] = [];
    const visit = (k: string) => {
      if (loaded.has(k)) return;
      loaded.add(k);
      const chunk = manifest[k];
      if (!chunk) return;
      if (chunk.file.endsWith('.js')) files.push(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    return { key, files };
  };
  const stages: { key: string; files: string[] }[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    stages.push(stage(key));
    for (const started of chunk.dynamicImports ?? []) stages.push(stage(started));
  }
  return stages;
}

/**
 * The most JavaScript (raw bytes) one stage of the start may evaluate: React DOM's client (about
 * 210 KB) and a little. The whole app in one stage was 457 KB, one long task of about 0.5 s on a
 * phone (4x slower CPU) before the form could be used.
 */
export const StageBudgetBytes = 240 * 1024;

/** Raw bytes of each stage of the start of a build in `outDir`. */
export function stageReport(outDir: string): { key: string; bytes: number }[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return landingStages(manifest).map(({ key, files }) => ({
    key,
    bytes: files.reduce((sum, file) => sum + readFileSync(join(outDir, file)).length, 0),
  }));
}

export interface LandingReport {
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
}

/** Sizes of the landing JS of a build in `outDir` (which must hold `.vite/manifest.json`). */
export function landingReport(outDir: string): LandingReport {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const files = landingFiles(manifest).map((file) => {
    const code = readFileSync(join(outDir, file));
    return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
  });
  const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, gzipBytes, budgetBytes: LandingBudgetBytes, withinBudget: gzipBytes <= LandingBudgetBytes };
}

export function formatReport(report: LandingReport): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = report.files.map((f) => `  ${f.file}  ${kb(f.bytes)} (gzip ${kb(f.gzipBytes)})`);
  const verdict = report.withinBudget ? 'within' : 'OVER';
  return [
    `landing JS: gzip ${kb(report.gzipBytes)} of ${kb(report.budgetBytes)} budget (${verdict})`,
    ...lines,
  ].join('\n');
}
