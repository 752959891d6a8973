/**
 * The one way a test starts the real stack: the simulator (manual clock, admin token) on a free
 * port, a gateway in front of it on another, and on request a throwaway redis-server the gateway
 * uses and a Chromium. Everything started is closed by `close()`, last started first, also when a
 * later part fails to start.
 */
import {
  type BuildGatewayOptions,
  type RunningGateway,
  type RunningRedis,
  startGateway,
  startLocalRedis,
} from '@sportsbook/gateway';
import { type RunningSim, type StartSimOptions, startSim } from '@sportsbook/upstream-sim';
import type { Browser } from 'playwright-core';
import { sharedChromium } from './chromium.ts';

/** The admin token of every simulator the testkit starts (its loopback-only /admin calls). */
export const AdminToken = 'test-admin-token';

export interface StackOptions {
  /** Simulator options on top of `clock: 'manual'` and the admin token. */
  sim?: StartSimOptions;
  /**
   * Gateway options on top of the simulator's URL, no web build (`webDist: undefined`) and, with
   * `redis`, the Redis URL.
   */
  gateway?: Partial<BuildGatewayOptions>;
  /** Also start a redis-server and point the gateway at it (`REDIS_URL` mode). */
  redis?: boolean;
  /** Also a Chromium: the run's shared one when there is one (`sharedChromium`), else its own. */
  chromium?: boolean;
}

export interface Stack {
  sim: RunningSim;
  /** The current gateway (a new object after `restartGateway`). */
  gateway: RunningGateway;
  redis: RunningRedis | undefined;
  browser: Browser | undefined;
  /** POST to the simulator's admin calls with the admin token; the reply's JSON. */
  admin(path: 'account' | 'clock' | 'faults', body: object): Promise<Record<string, unknown>>;
  /** Closes the gateway and starts a new one on the same port (clients must resume by themselves). */
  restartGateway(): Promise<void>;
  /** Closes everything started, last first; safe to call twice. */
  close(): Promise<void>;
}

/** `Stack` with `redis` and `browser` typed as present when the options asked for them. */
export type StackOf<O extends StackOptions> = Stack &
  (O extends { redis: true } ? { redis: RunningRedis } : unknown) &
  (O extends { chromium: true } ? { browser: Browser } : unknown);

/** POSTs to a simulator's `/admin/<path>` with the testkit's admin token. */
export async function simAdmin(
  sim: { url: string },
  path: string,
  body: object,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${sim.url}/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': AdminToken },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

export async function startStack<const O extends StackOptions = Record<never, never>>(
  options?: O,
): Promise<StackOf<O>> {
  const closers: (() => Promise<void> | void)[] = [];
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const fn of closers.reverse()) await fn();
    })();
    return closing;
  };
  try {
    const redis = options?.redis ? await startLocalRedis() : undefined;
    if (redis) closers.push(() => redis.stop());
    const sim = await startSim({ clock: 'manual', adminToken: AdminToken, ...options?.sim });
    closers.push(() => sim.close());
    const gatewayOptions: BuildGatewayOptions = {
      upstreamUrl: sim.url,
      webDist: undefined,
      ...(redis ? { redisUrl: redis.url } : {}),
      ...options?.gateway,
    };
    const current = { gateway: await startGateway(gatewayOptions) };
    closers.push(() => current.gateway.close());
    const browser = options?.chromium ? await sharedChromium() : undefined;
    if (browser) closers.push(() => browser.close());
    const stack: Stack = {
      sim,
      gateway: current.gateway,
      redis,
      browser,
      admin: (path, body) => simAdmin(sim, path, body),
      async restartGateway() {
        const port = current.gateway.port;
        await current.gateway.close();
        current.gateway = await startGateway({ ...gatewayOptions, port });
        stack.gateway = current.gateway;
      },
      close,
    };
    return stack as StackOf<O>;
  } catch (err) {
    await close();
    throw err;
  }
}
