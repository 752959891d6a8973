/**
 * Debian's Chromium through playwright-core: the headless shell for the browser tests, the full
 * browser (/usr/bin/chromium) for the benchmarks; CHROMIUM_PATH overrides both. scripts/ensure.mjs
 * installs them when a test mentions `launchChromium` or web/e2e has tests.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** The full browser: what the benchmarks measure a page in (Lighthouse, blocking-ab, the board bench). */
export const ChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The test browser: Debian's chromium-headless-shell, the same Chromium (Blink, V8, version) without
 * the full browser's layers around the page (profile services, UI, extensions), and the build
 * Playwright itself runs headless tests in. Its browser process and renderers cost less: three
 * log-ins to /desktop, 4.88 -> 2.70 s of Chromium CPU (browser process 1.34 -> 0.47 s); a new
 * context and its first page 0.24 -> 0.07 s. The full browser where the shell is not installed.
 */
export const TestChromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : ChromiumPath);

/** The flags every Chromium here runs with (no sandbox, no GPU, no downloads or sync; the guide's list). */
export const ChromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

/**
 * The test browser's flags: the list above, plus one process per site instead of per site and per
 * browsing instance. The tests load one origin, so site isolation bought nothing but processes: every
 * new context also got a spare renderer (shell.test.ts: 43 -> 33 renderer processes for 11 tests,
 * the file's Chromium CPU 0.84-0.93x in alternated runs). Not for what a benchmark measures of a page
 * (Lighthouse, blocking-ab): those keep `ChromiumFlags`.
 */
export const TestChromiumFlags = [...ChromiumFlags, '--disable-site-isolation-trials'] as const;

/**
 * A Chromium of the test's own (the run's shared one is web/e2e/globalSetup.ts's), with `args`: the
 * test browser with the test flags, the full browser with any other list (a benchmark's).
 */
export async function launchChromium(args: readonly string[] = TestChromiumFlags): Promise<Browser> {
  // Loaded on first use: most tests that import the testkit never start a browser.
  const { chromium } = await import('playwright-core');
  const executablePath = args === TestChromiumFlags ? TestChromiumPath : ChromiumPath;
  return chromium.launch({ executablePath, args: [...args] });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (web/e2e/globalSetup.ts, playwright `launchServer`), for `chromium.connect`. */
    browserWsEndpoint: string;
  }
}

/**
 * A connection to the run's Chromium when the e2e project started one (web/e2e/globalSetup.ts
 * provides it to every project), else a Chromium of the caller's own. A browser launch and its
 * first page cost ~4 s of CPU on this machine; the unit files that drive a page (the API docs, the
 * game pages, the build's login) use the run's. Closing a connection closes its contexts and
 * leaves the shared browser running.
 */
export async function sharedChromium(): Promise<Browser> {
  let endpoint: string | undefined;
  try {
    // Loaded here: outside a Vitest worker (a script, a benchmark) there is nothing to inject.
    endpoint = (await import('vitest')).inject('browserWsEndpoint');
  } catch {
    endpoint = undefined;
  }
  if (!endpoint) return launchChromium();
  const { chromium } = await import('playwright-core');
  return chromium.connect(endpoint);
}
