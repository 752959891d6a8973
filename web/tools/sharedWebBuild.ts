/**
 * The production build a test reads: the run's shared one when there is one, else a build of its
 * own. web/e2e/globalSetup.ts builds the app once per run when e2e files run and provides its folder
 * to every project (`webDist`), so the JavaScript budget (web/src/budget.test.ts) and the compiled
 * servers' login (scripts/build.test.ts) read that build instead of making two more (~20-30 s of CPU
 * each). Run alone (no e2e project in the run), a test builds its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildWeb } from './buildWeb.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared production build of the app (folder), made once per run. */
    webDist: string;
  }
}

export interface WebBuild {
  /** The build's folder (index.html, assets, .vite/manifest.json). */
  dir: string;
  /** True when the run's shared build: the caller must not change it. */
  shared: boolean;
  /** Deletes a build of the caller's own; leaves the shared one. */
  remove: () => void;
}

/** The run's shared build, or one made now in a temporary folder named `prefix...`. */
export async function sharedWebBuild(prefix: string): Promise<WebBuild> {
  let dir: string | undefined;
  try {
    dir = inject('webDist');
  } catch {
    // Not in a Vitest worker (a script): no shared build.
  }
  if (dir) return { dir, shared: true, remove: () => undefined };
  const own = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(own, { recursive: true, force: true });
  try {
    await buildWeb(own);
  } catch (err) {
    remove();
    throw err;
  }
  return { dir: own, shared: false, remove };
}
