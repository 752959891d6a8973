/**
 * A throwaway Redis Sentinel group on loopback (gateway/CLUSTER.md "Redis with failover"): one
 * primary, one replica and three `redis-server --sentinel` processes in a temp directory, with
 * fast failure detection (down-after 1 s, failover timeout 3 s) so a failover test takes seconds.
 * Only the processes started here are ever signalled, by pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeRedis, connectRedis, freePort, type Redis, RedisHealth } from '@sportsbook/gateway';

export { closeRedis, connectRedis, type Redis, RedisHealth };

export interface SentinelNode {
  readonly port: number;
  readonly pid: number;
  /** SIGKILL and wait (a crash). */
  kill(): Promise<void>;
}

export interface RunningSentinelGroup {
  /** The master group name (`REDIS_SENTINELS`' companion `REDIS_SENTINEL_NAME`). */
  readonly name: string;
  /** The first primary and its replica (roles change on a failover). */
  readonly primary: SentinelNode;
  readonly replica: SentinelNode;
  readonly sentinels: readonly SentinelNode[];
  /** `host:port,...` of the sentinels, the value of `REDIS_SENTINELS`. */
  readonly sentinelsEnv: string;
  /** The primary's port as a sentinel reports it now. */
  masterPort(): Promise<number>;
  /** Resolves once the sentinels name a primary other than `port` (a finished failover). */
  failoverFrom(port: number, timeoutMs?: number): Promise<number>;
  /** A plain connection to one node (a test reading the keys where they really are). */
  client(port: number): Redis;
  /** Closes a connection from `client`. */
  close(r: Redis): Promise<void>;
  /** Stops every process still running and removes the temp directory. */
  stop(): Promise<void>;
}

export interface SentinelGroupOptions {
  name?: string;
  downAfterMs?: number;
  failoverTimeoutMs?: number;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One call on a short-lived connection to a node (the gateway's own connection factory). */
async function once<T>(port: number, fn: (r: Redis) => Promise<T>): Promise<T> {
  const r = connectRedis(`redis://127.0.0.1:${port}`, { name: 'testkit', maxBackoffMs: 100 });
  try {
    await new RedisHealth(r).ready(1000);
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

/** Polls `probe` on a short-lived connection to `port` until it returns true. */
async function until(port: number, probe: (r: Redis) => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await once(port, probe)) return;
    } catch (err) {
      last = err;
    }
    await sleep(50);
  }
  throw new Error(`${what} not within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

export async function startSentinelGroup(options: SentinelGroupOptions = {}): Promise<RunningSentinelGroup> {
  const name = options.name ?? 'mymaster';
  const dir = mkdtempSync(join(tmpdir(), 'sb-sentinel-'));
  const children: ChildProcess[] = [];
  const node = (child: ChildProcess, port: number): SentinelNode => ({
    port,
    pid: child.pid ?? 0,
    kill: async () => {
      const done = exited(child);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await done;
    },
  });
  const launch = (args: string[]): ChildProcess => {
    const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'inherit'], cwd: dir });
    child.on('error', () => {});
    children.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        const done = exited(child);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await done;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const common = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'];
    const fast = ['--repl-diskless-sync', 'yes', '--repl-diskless-sync-delay', '0'];
    const [pPort, rPort] = [await freePort(), await freePort()];
    const primary = node(launch(['--port', String(pPort), ...common, ...fast]), pPort);
    await until(pPort, async (r) => (await r.ping()) === 'PONG', 10_000, 'primary');
    const replica = node(
      launch(['--port', String(rPort), ...common, ...fast, '--replicaof', '127.0.0.1', String(pPort)]),
      rPort,
    );
    await until(
      rPort,
      async (r) => (await r.info('replication')).includes('master_link_status:up'),
      10_000,
      'replica in sync',
    );
    const sentinels: SentinelNode[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const file = join(dir, `sentinel-${i}.conf`);
      writeFileSync(
        file,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${pPort} 2`,
          `sentinel down-after-milliseconds ${name} ${options.downAfterMs ?? 1000}`,
          `sentinel failover-timeout ${name} ${options.failoverTimeoutMs ?? 3000}`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      sentinels.push(node(launch([file, '--sentinel', '--loglevel', 'warning']), port));
    }
    // Ready when every sentinel knows the replica and the two other sentinels (hello messages
    // every 2 s): a failover then needs no discovery first.
    for (const s of sentinels) {
      await until(
        s.port,
        async (r) => {
          const replicas = (await r.call('SENTINEL', 'REPLICAS', name)) as unknown[];
          const peers = (await r.call('SENTINEL', 'SENTINELS', name)) as unknown[];
          return replicas.length >= 1 && peers.length >= 2;
        },
        20_000,
        `sentinel ${s.port} discovering the group`,
      );
    }
    const masterPort = async (): Promise<number> => {
      for (const s of sentinels) {
        try {
          const addr = (await once(s.port, (r) => r.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name))) as
            | [string, string]
            | null;
          if (addr) return Number(addr[1]);
        } catch {
          // try the next sentinel
        }
      }
      throw new Error('no sentinel answered');
    };
    return {
      name,
      primary,
      replica,
      sentinels,
      sentinelsEnv: sentinels.map((s) => `127.0.0.1:${s.port}`).join(','),
      masterPort,
      async failoverFrom(port, timeoutMs = 20_000) {
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          const now = await masterPort().catch(() => port);
          if (now !== port) return now;
          await sleep(50);
        }
        throw new Error(`no failover from ${port} within ${timeoutMs} ms`);
      },
      client(port) {
        // Commands wait for a reconnection: Sentinel kills the clients of an instance it reconfigures.
        return connectRedis(`redis://127.0.0.1:${port}`, {
          name: 'test',
          maxBackoffMs: 200,
          queueWhileDown: true,
        });
      },
      close: closeRedis,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
