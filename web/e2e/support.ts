/**
 * End-to-end support: real Chromium (Debian's /usr/bin/chromium through playwright-core) against the
 * real gateway serving a production build of the app, in front of the real simulator. The stack
 * itself is @sportsbook/testkit's `startStack`; this adds the build. scripts/ensure.mjs installs
 * Chromium when web/e2e has tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminToken,
  launchChromium,
  type StackOf,
  type StackOptions,
  startStack as startTestStack,
} from '@sportsbook/testkit';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { buildWeb } from '../tools/buildWeb.ts';

export { AdminToken, buildWeb, launchChromium };

export type Stack = StackOf<{ chromium: true }>;

export interface E2eStackOptions extends Pick<StackOptions, 'sim' | 'gateway'> {
  /** Prefix of the build's temporary folder. */
  tmpPrefix?: string;
}

/** The run's shared build (globalSetup.ts), when the e2e project made one. */
function sharedBuild(): string | undefined {
  try {
    return inject('webDist');
  } catch {
    return undefined;
  }
}

/**
 * Starts the simulator, the gateway (serving the app's production build, silent) and Chromium. The
 * build is the run's shared one (web/e2e/globalSetup.ts); without it, one of its own.
 */
export async function startStack(options: E2eStackOptions = {}): Promise<Stack> {
  const shared = sharedBuild();
  if (shared) {
    return startTestStack({
      chromium: true,
      sim: options.sim ?? {},
      gateway: { webDist: shared, logLevel: 'silent', ...options.gateway },
    });
  }
  const outDir = mkdtempSync(join(tmpdir(), options.tmpPrefix ?? 'web-e2e-'));
  const removeBuild = () => rmSync(outDir, { recursive: true, force: true });
  try {
    await buildWeb(outDir);
    const stack = await startTestStack({
      chromium: true,
      sim: options.sim ?? {},
      gateway: { webDist: outDir, logLevel: 'silent', ...options.gateway },
    });
    const close = stack.close;
    stack.close = async () => {
      await close();
      removeBuild();
    };
    return stack;
  } catch (err) {
    removeBuild();
    throw err;
  }
}

/** Logs a demo account in through the landing form (password demo1234) and waits for /desktop. */
export async function logIn(page: Page, baseUrl: string, accountId: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Login ID').fill(accountId);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/desktop');
}
