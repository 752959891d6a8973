/**
 * A throwaway local `redis-server`: no persistence, on a free port (or the given one), started and
 * stopped by the caller. `npm start` with GATEWAY_PROCESSES > 1 and no REDIS_URL runs one
 * (scripts/start.ts); the tests get it as `startRedis` from @sportsbook/testkit, and
 * scripts/ensure.mjs installs Debian's redis-server when a test file mentions `startRedis`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface RunningRedis {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for exit (a crash: nothing is flushed, clients see the socket drop). */
  kill(): Promise<void>;
  /** Starts the server again on the same port (empty, as after a crash without persistence). */
  restart(): Promise<void>;
}

/** A port nobody listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch (err) {
      lastError = err;
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not answer PING within ${timeoutMs} ms: ${String(lastError)}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startLocalRedis(options: { port?: number; bin?: string } = {}): Promise<RunningRedis> {
  const port = options.port ?? (await freePort());
  const url = `redis://127.0.0.1:${port}`;
  const bin = options.bin ?? 'redis-server';
  let child: ChildProcess;

  async function launch(): Promise<void> {
    child = spawn(
      bin,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
    await Promise.race([waitForPing(url, child, 10_000), spawnError]);
  }

  async function signal(sig: NodeJS.Signals): Promise<void> {
    const done = exited(child);
    child.kill(sig);
    await done;
  }

  await launch();
  return {
    url,
    port,
    get pid() {
      return child.pid ?? 0;
    },
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
    restart: async () => {
      await exited(child);
      await launch();
    },
  };
}
