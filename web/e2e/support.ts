/**
 * End-to-end support: real Chromium (Debian's /usr/bin/chromium through playwright-core) against the
 * real gateway serving a production build of the app, in front of the real simulator. Everything is
 * started on free ports and closed after. scripts/ensure.mjs looks for `launchChromium` to install
 * Chromium on a fresh machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildGatewayOptions, type RunningGateway, startGateway } from '@sportsbook/gateway';
import { type RunningSim, type StartSimOptions, startSim } from '@sportsbook/upstream-sim';
import { type Browser, chromium } from 'playwright-core';
import { buildWeb } from '../tools/buildWeb.ts';

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

export { buildWeb };

export const AdminToken = 'e2e-admin-token';

export interface Stack {
  sim: RunningSim;
  gateway: RunningGateway;
  browser: Browser;
  /** POST to the simulator's test-only admin calls. */
  admin(path: 'account' | 'clock' | 'faults', body: object): Promise<Record<string, unknown>>;
  /** Closes the gateway and starts a new one on the same port (clients must resume by themselves). */
  restartGateway(): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions {
  /** Simulator options on top of the manual clock and the admin token. */
  sim?: StartSimOptions;
  /** Gateway options on top of the simulator's URL and the build. */
  gateway?: Partial<BuildGatewayOptions>;
  /** Prefix of the build's temporary folder. */
  tmpPrefix?: string;
}

/** Builds the app, starts the simulator, the gateway (serving the build) and Chromium. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const outDir = mkdtempSync(join(tmpdir(), options.tmpPrefix ?? 'web-e2e-'));
  const closers: (() => Promise<void> | void)[] = [() => rmSync(outDir, { recursive: true, force: true })];
  const close = async () => {
    for (const fn of closers.reverse()) await fn();
  };
  try {
    await buildWeb(outDir);
    const sim = await startSim({ clock: 'manual', adminToken: AdminToken, ...options.sim });
    closers.push(() => sim.close());
    const gatewayOptions = { upstreamUrl: sim.url, webDist: outDir, logLevel: 'silent', ...options.gateway };
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
    const stack: Stack = {
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
