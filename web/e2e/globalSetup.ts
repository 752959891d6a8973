/**
 * The e2e project's global setup: ONE production build of the app and ONE Chromium for every e2e
 * file (each used to build its own, ~8-20 s apiece, and launch its own browser). Both reach the files
 * through Vitest's provide/inject (`webDist`, `browserWsEndpoint`); support.ts's `startStack` serves
 * the build and connects to the browser, and makes its own of either when run without them. The
 * build and the browser are provided to every project of the run (the root project's context is every
 * project's), so the other tests that read a production build (web/tools/sharedWebBuild.ts) or drive
 * a page (testkit `sharedChromium`) use them too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestChromiumFlags, TestChromiumPath } from '@sportsbook/testkit';
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../tools/buildWeb.ts';

// `webDist` and `browserWsEndpoint` are declared in support.ts (Vitest's ProvidedContext).
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-e2e-shared-'));
  const removeBuild = () => rmSync(outDir, { recursive: true, force: true });
  const { chromium } = await import('playwright-core');
  // The browser starts while the app builds; whichever fails, nothing is left behind.
  const launching = chromium.launchServer({ executablePath: TestChromiumPath, args: [...TestChromiumFlags] });
  const built = await buildWeb(outDir).then(
    () => undefined,
    (err: unknown) => err ?? new Error('build failed'),
  );
  const server = await launching.catch((err: unknown) => {
    removeBuild();
    throw err;
  });
  if (built) {
    await server.close();
    removeBuild();
    throw built;
  }
  project.vitest.getRootProject().provide('webDist', outDir);
  project.provide('webDist', outDir);
  // The browser too: the unit files that drive a page connect to it (testkit `sharedChromium`).
  project.vitest.getRootProject().provide('browserWsEndpoint', server.wsEndpoint());
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    removeBuild();
  };
}
