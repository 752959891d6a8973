/**
 * End-to-end support: real Chromium (Debian's /usr/bin/chromium through playwright-core) against the
 * real gateway serving a production build of the app, in front of the real simulator. Everything is
 * started on free ports and closed after. scripts/ensure.mjs looks for `launchChromium` to install
 * Chromium on a fresh machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningGateway, startGateway } from '@sportsbook/gateway';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';

export const ChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: ChromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

const webRoot = fileURLToPath(new URL('..', import.meta.url));

/** A production build of the app into `outDir` (Vitest's NODE_ENV=test would build React for development). */
export async function buildWeb(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

export const AdminToken = 'e2e-admin-token';

export interface Stack {
  sim: RunningSim;
  gateway: RunningGateway;
  browser: Browser;
  /** POST to the simulator's test-only admin calls. */
  admin(path: 'account' | 'clock' | 'faults', body: object): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Builds the app, starts the simulator, the gateway (serving the build) and Chromium. */
export async function startStack(): Promise<Stack> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-e2e-'));
  const closers: (() => Promise<void> | void)[] = [() => rmSync(outDir, { recursive: true, force: true })];
  const close = async () => {
    for (const fn of closers.reverse()) await fn();
  };
  try {
    await buildWeb(outDir);
    const sim = await startSim({ clock: 'manual', adminToken: AdminToken });
    closers.push(() => sim.close());
    const gateway = await startGateway({ upstreamUrl: sim.url, webDist: outDir, logLevel: 'silent' });
    closers.push(() => gateway.close());
    const browser = await launchChromium();
    closers.push(() => browser.close());
    const admin = async (path: string, body: object) => {
      const res = await fetch(`${sim.url}/admin/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': AdminToken },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    return { sim, gateway, browser, admin, close };
  } catch (err) {
    await close();
    throw err;
  }
}
