/**
 * Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core, for the browser
 * tests and the board benchmark. scripts/ensure.mjs installs Chromium when a test mentions
 * `launchChromium` or web/e2e has tests.
 */
import type { Browser } from 'playwright-core';

export const ChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export async function launchChromium(): Promise<Browser> {
  // Loaded on first use: most tests that import the testkit never start a browser.
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: ChromiumPath,
    args: [...ChromiumFlags],
  });
}
