/**
 * Gateway processes for the cluster's multi-process tests and the fan-out benchmark: each is
 * `node --import tsx gateway/src/server.ts` (or a bundle of it) with its own environment, as in
 * production.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@sportsbook/gateway';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface GatewayProcess {
  readonly url: string;
  readonly wsUrl: string;
  readonly port: number;
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves when the process has exited (by any means). */
  readonly exited: Promise<void>;
  /** SIGTERM (graceful close) and wait. */
  stop(): Promise<void>;
  /** SIGKILL and wait: a crash, nothing released. */
  kill(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode} before listening`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gateway at ${url} not healthy within ${timeoutMs} ms`);
}

export async function startGatewayProcess(
  env: Record<string, string>,
  options: {
    port?: number;
    /** A bundle of gateway/src/server.ts (scripts/build.ts `bundleServer`) to run with plain node
     * instead of the sources through tsx: the same code, started in less than half the CPU time. */
    bundle?: string;
  } = {},
): Promise<GatewayProcess> {
  const port = options.port ?? (await freePort());
  const args = options.bundle ? [options.bundle] : ['--import', 'tsx', 'gateway/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    url,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    port,
    child,
    pid: child.pid ?? 0,
    exited,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}

/**
 * `count` gateway processes started side by side. If one fails to start, the others are killed
 * before the error is thrown: a test whose set-up fails leaves no gateway running.
 */
export async function startGatewayProcesses(
  count: number,
  env: Record<string, string>,
  options: Parameters<typeof startGatewayProcess>[1] = {},
): Promise<GatewayProcess[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startGatewayProcess(env, options)),
  );
  const failure = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.kill() : undefined)));
    throw failure.reason;
  }
  return started.map((s) => (s as PromiseFulfilledResult<GatewayProcess>).value);
}
