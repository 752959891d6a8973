/**
 * End-to-end support: real Chromium (Debian's /usr/bin/chromium through playwright-core) against the
 * real gateway serving a production build of the app, in front of the real simulator. The stack
 * itself is @sportsbook/testkit's `startStack`; this adds the build and the run's one browser, and
 * the page helpers every e2e file uses (log in, wait for a route, the balance, an info pop-up).
 * scripts/ensure.mjs installs Chromium when web/e2e has tests.
 *
 * Shared across the run's e2e files (globalSetup.ts): the production build and one Chromium, which
 * each file connects to (its contexts are its own and close with its stack). Each file still starts
 * its own simulator and gateway: almost every file configures the simulator's world (seed, sizes,
 * start time, speed), moves its clock, switches faults or limits, or restarts the gateway, and those
 * are process-wide state another file running at the same time would see. And 20 of the 28 files
 * read the simulator in-process (its store's bets and ledger, its world's quotes, `advance`), which a
 * stack started in globalSetup's process cannot give them. The files left (landing and shell on the
 * default stack; stakes) would save the start and stop of one stack each, 2-5 s of a file's time in
 * CI (its time less its tests'), against a stack started for every e2e run, one file alone included.
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
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildWeb } from '../tools/buildWeb.ts';

export { AdminToken, buildWeb, launchChromium };

export type Stack = StackOf<{ chromium: true }>;

export interface E2eStackOptions extends Pick<StackOptions, 'sim' | 'gateway'> {
  /** Prefix of the build's temporary folder. */
  tmpPrefix?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared production build of the app (folder), made once per run. */
    webDist: string;
    /** The run's Chromium (playwright `launchServer`), for `chromium.connect`. */
    browserWsEndpoint: string;
  }
}

/** The run's shared build and browser (globalSetup.ts), when the e2e project made them. */
function shared(key: 'webDist' | 'browserWsEndpoint'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A connection to the run's Chromium (globalSetup.ts), or a Chromium of its own without one. Closing
 * a connection closes its contexts and leaves the shared browser running.
 */
export async function connectChromium(): Promise<Browser> {
  const endpoint = shared('browserWsEndpoint');
  if (!endpoint) return launchChromium();
  const { chromium } = await import('playwright-core');
  return chromium.connect(endpoint);
}

/** The testkit's stack without a browser, plus a connection to the run's browser (closed first). */
async function stackWithBrowser(options: StackOptions): Promise<Stack> {
  if (!shared('browserWsEndpoint')) return startTestStack({ ...options, chromium: true });
  const stack = await startTestStack(options);
  try {
    const browser = await connectChromium();
    const close = stack.close;
    stack.close = async () => {
      await browser.close().catch(() => undefined);
      await close();
    };
    stack.browser = browser;
    return stack as Stack;
  } catch (err) {
    await stack.close();
    throw err;
  }
}

/**
 * Starts the simulator, the gateway (serving the app's production build, silent) and Chromium. The
 * build is the run's shared one (web/e2e/globalSetup.ts); without it, one of its own.
 */
export async function startStack(options: E2eStackOptions = {}): Promise<Stack> {
  const webDist = shared('webDist');
  if (webDist) {
    return stackWithBrowser({
      sim: options.sim ?? {},
      gateway: { webDist, logLevel: 'silent', ...options.gateway },
    });
  }
  const outDir = mkdtempSync(join(tmpdir(), options.tmpPrefix ?? 'web-e2e-'));
  const removeBuild = () => rmSync(outDir, { recursive: true, force: true });
  try {
    await buildWeb(outDir);
    const stack = await stackWithBrowser({
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

/** The demo accounts' password (upstream-sim/README.md). */
export const DemoPassword = 'demo1234';

/** Fills the landing page's login form shown in `page` and submits it (a click, or a tap on a phone). */
export async function submitLogin(
  page: Page,
  accountId: string,
  options: { password?: string; tap?: boolean } = {},
): Promise<void> {
  await page.getByLabel('Login ID').fill(accountId);
  await page.getByLabel('Password').fill(options.password ?? DemoPassword);
  const button = page.getByRole('button', { name: 'Log in' });
  await (options.tap ? button.tap() : button.click());
}

/**
 * Logs a demo account in through the landing form and waits for /desktop, or for `to` when given
 * (the landing page is opened with `?redirect=<to>`).
 */
export async function logIn(
  page: Page,
  baseUrl: string,
  accountId: string,
  options: { to?: string; tap?: boolean } = {},
): Promise<void> {
  const to = options.to ?? '/desktop';
  await page.goto(options.to ? `${baseUrl}/?redirect=${encodeURIComponent(to)}` : `${baseUrl}/`);
  await submitLogin(page, accountId, { tap: options.tap });
  await page.waitForURL((u) => u.pathname === to);
}

/**
 * The route in `page` has rendered: its lazy chunk is in and nothing says "loading" (nor, unless
 * `busy: false`, is busy); with `fonts`, its web fonts are loaded too.
 */
export async function settled(page: Page, options: { busy?: boolean; fonts?: boolean } = {}): Promise<void> {
  // Polled every 50 ms: the default (every animation frame) makes the page draw 60 frames a second
  // while it waits, ~5x the CPU of an interval (a static page, 4 s waits, alternated).
  await page.waitForFunction(() => document.querySelector('main, .popup-layout, .landing') !== null, null, {
    polling: 50,
  });
  const pending = options.busy === false ? '.loading' : '.loading, [aria-busy="true"]';
  await page.waitForFunction((sel) => document.querySelector(sel) === null, pending, {
    timeout: 20_000,
    polling: 50,
  });
  if (options.fonts) await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Sets the board's time filter to "All" where the board offers one (the today and parlay tabs).
 * On Saturday and Sunday (GMT+8) those tabs open on "next 4 hours" (SPEC section 4), a window of
 * the browser's clock, while a test world's kick-offs follow the simulator's clock (the book stack's
 * starts at 01:00 GMT+8 today): at some hours of a weekend the window holds no match of the board,
 * and a test that picks a price finds none (07:00-09:25 GMT+8 for the book stack's seed). A weekday
 * opens on "All" already, so this makes every day of the week run the same test.
 */
export async function everyKickoff(page: Page): Promise<void> {
  await page.locator('.board[data-status="ok"]').first().waitFor();
  const select = page.locator('select[name="timeMode"]');
  // On a phone the filter sits in a folded bar: set it without opening the bar.
  if ((await select.count()) > 0 && (await select.inputValue()) !== '0') {
    await select.selectOption('0', { force: true });
    await page.locator('.board[data-status="ok"][data-settled] button.odds-cell').first().waitFor();
  }
}

/** The header's available balance, in minor units. */
export async function available(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance-available').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

/** Opens an info pop-up from the main menu's button `name`; returns the pop-up's page. */
export async function openInfo(page: Page, name: string): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name }).click(),
  ]);
  return popup;
}

/**
 * The usual e2e file's hooks: one stack for the file (`start`), and a fresh browser context and page
 * for every test, closed after it. `use` hears each new stack and page, so a file keeps plain
 * variables; `reopen` gives the running test a new context with other options (a phone's viewport).
 */
export function stackPerFile<S extends Stack>(
  start: () => Promise<S>,
  use: { stack: (stack: S) => void; page: (page: Page, context: BrowserContext) => void },
): { reopen: (options?: BrowserContextOptions) => Promise<void> } {
  let stack: S | undefined;
  let context: BrowserContext | undefined;
  const reopen = async (options?: BrowserContextOptions): Promise<void> => {
    await context?.close();
    if (!stack) throw new Error('stackPerFile: the stack has not started');
    context = await stack.browser.newContext(options);
    use.page(await context.newPage(), context);
  };
  beforeAll(async () => {
    stack = await start();
    use.stack(stack);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });
  beforeEach(() => reopen());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  return { reopen };
}
