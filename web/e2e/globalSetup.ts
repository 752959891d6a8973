/**
 * The e2e project's global setup: ONE production build of the app for every e2e file (each used to
 * build its own, ~8-20 s apiece). The folder reaches the files through Vitest's provide/inject
 * (`webDist`); support.ts's `startStack` serves it and builds its own only when run without it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../tools/buildWeb.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared production build of the app (folder), made once per run. */
    webDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-e2e-shared-'));
  await buildWeb(outDir);
  project.provide('webDist', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
