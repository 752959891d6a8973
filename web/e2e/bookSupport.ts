/**
 * The sportsbook's end-to-end stack: support.ts's build and Chromium (`launchChromium`), with a
 * simulator tuned for betting (manual clock, short live delay, a fast game) and a gateway that
 * polls quickly and can be restarted on the same port mid-session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningGateway, startGateway } from '@sportsbook/gateway';
import { gmt8DayStart } from '@sportsbook/protocol';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import type { Browser } from 'playwright-core';
import { AdminToken, buildWeb, launchChromium } from './support.ts';

export { launchChromium };

export interface BookStack {
  sim: RunningSim;
  gateway: RunningGateway;
  browser: Browser;
  admin(path: 'account' | 'clock' | 'faults', body: object): Promise<Record<string, unknown>>;
  /** Closes the gateway and starts a new one on the same port (clients must resume by themselves). */
  restartGateway(): Promise<void>;
  close(): Promise<void>;
}

const HourMs = 3_600_000;

export async function startBookStack(): Promise<BookStack> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-book-e2e-'));
  const closers: (() => Promise<void> | void)[] = [() => rmSync(outDir, { recursive: true, force: true })];
  const close = async () => {
    for (const fn of closers.reverse()) await fn();
  };
  try {
    await buildWeb(outDir);
    const sim = await startSim({
      clock: 'manual',
      adminToken: AdminToken,
      // The sim's working date stays the browser's GMT+8 day for the hours the tests advance, so the
      // statement's default range holds the settlement.
      world: {
        seed: 11,
        liveMatches: 10,
        todayMatches: 12,
        earlyMatches: 6,
        startTime: gmt8DayStart(Date.now()) + HourMs,
        speed: 5,
      },
      bets: { liveDelayMs: { default: 1000 } },
    });
    closers.push(() => sim.close());
    const gatewayOptions = {
      upstreamUrl: sim.url,
      webDist: outDir,
      logLevel: 'silent',
      pollIntervalMs: 200,
      heartbeatMs: 1000,
    };
    const current = { gateway: await startGateway(gatewayOptions) };
    closers.push(() => current.gateway.close());
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
    const stack: BookStack = {
      sim,
      gateway: current.gateway,
      browser,
      admin,
      async restartGateway() {
        const port = current.gateway.port;
        await current.gateway.close();
        current.gateway = await startGateway({ ...gatewayOptions, port });
        stack.gateway = current.gateway;
      },
      close,
    };
    return stack;
  } catch (err) {
    await close();
    throw err;
  }
}
