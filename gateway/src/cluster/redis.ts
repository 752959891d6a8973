/**
 * Redis connections for scale-out (gateway/CLUSTER.md). Commands fail fast while Redis is down
 * (no offline queue, one retry) so a poll, a bet or a session check never hangs on it; the client
 * keeps reconnecting in the background with jittered, capped backoff, and `RedisHealth` tells the
 * feed when to mark topics stale and when to resynchronize.
 *
 * `connectRedis` is the one place the gateway opens a connection to its Redis (commands, the
 * blocking stream reader, the pub/sub subscribers): to a URL (`REDIS_URL`) or to whichever node
 * the Sentinels name primary (`REDIS_SENTINELS`, gateway/CLUSTER.md "Redis with failover").
 */
import { EventEmitter } from 'node:events';
import { Redis, type RedisOptions } from 'ioredis';

/** Every key the gateway writes starts with this, so one Redis can serve other things too. */
export const KeyPrefix = 'sb:';

/** One Sentinel's address. */
export interface SentinelAddress {
  host: string;
  port: number;
}

/** A Redis primary found through Sentinel (`REDIS_SENTINELS`, `REDIS_SENTINEL_NAME`). */
export interface RedisSentinelTarget {
  sentinels: readonly SentinelAddress[];
  /** The master group name the Sentinels monitor (`sentinel monitor <name> ...`). */
  name: string;
  /** AUTH for the primary and replicas (`REDIS_PASSWORD`). */
  password?: string;
  /** AUTH for the Sentinels themselves (`REDIS_SENTINEL_PASSWORD`). */
  sentinelPassword?: string;
}

/** Where the cluster's Redis is: a `redis://` URL, or a Sentinel group. */
export type RedisTarget = string | RedisSentinelTarget;

/** The configured Redis, if any (`redisSentinels` wins; config.ts refuses both set). */
export function redisTarget(config: {
  redisUrl?: string | undefined;
  redisSentinels?: RedisSentinelTarget | undefined;
}): RedisTarget | undefined {
  return config.redisSentinels ?? config.redisUrl;
}

/** The target for logs: no password, a URL's credentials masked. */
export function describeRedisTarget(target: RedisTarget): string {
  if (typeof target === 'string') return target.replace(/\/\/[^@]*@/, '//***@');
  return `sentinel ${target.name}@${target.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}`;
}

export interface RedisConnectOptions {
  /** Name shown by `CLIENT LIST` (node id and role), for operators. */
  name: string;
  /** Longest wait between reconnection attempts. */
  maxBackoffMs?: number;
  /** Per-command timeout; blocking reads pass their own. */
  commandTimeoutMs?: number;
  /** For the blocking stream reader: commands wait for the connection instead of failing. */
  queueWhileDown?: boolean;
}

/** Exponential backoff from 50 ms, capped, with jitter so a fleet does not reconnect in step. */
export function reconnectDelay(
  attempt: number,
  maxBackoffMs: number,
  random: () => number = Math.random,
): number {
  const base = Math.min(50 * 2 ** Math.min(attempt - 1, 16), maxBackoffMs);
  return Math.round(base * (0.5 + random() / 2));
}

export function connectRedis(target: RedisTarget, options: RedisConnectOptions): Redis {
  // Through Sentinel a reconnection first asks a Sentinel (cheap) and a lost primary is the
  // expected failover: retry sooner, so clients wait for the promotion, not for our backoff.
  const maxBackoffMs = options.maxBackoffMs ?? (typeof target === 'string' ? 2000 : 500);
  const redisOptions: RedisOptions = {
    connectionName: options.name.replace(/[^A-Za-z0-9_.:-]/g, '_'),
    retryStrategy: (times) => reconnectDelay(times, maxBackoffMs),
    maxRetriesPerRequest: options.queueWhileDown ? null : 1,
    enableOfflineQueue: options.queueWhileDown ?? false,
    connectTimeout: 2000,
    lazyConnect: false,
    ...(options.commandTimeoutMs !== undefined ? { commandTimeout: options.commandTimeoutMs } : {}),
  };
  const client =
    typeof target === 'string'
      ? new Redis(target, redisOptions)
      : new Redis(sentinelOptions(target, redisOptions));
  // ioredis reports connection errors as events; without a listener Node would treat them as
  // unhandled. RedisHealth logs the transitions that matter.
  client.on('error', () => {});
  return client;
}

/**
 * ioredis in Sentinel mode: every (re)connection asks the Sentinels for the current primary and
 * checks its role, so after a failover the next attempt lands on the promoted replica. A write
 * that reaches a primary demoted alive (READONLY) reconnects; the command itself fails to its
 * caller (a fenced publish, a lease renewal, a store), which already treats a failed write as
 * unknown. ioredis's `failoverDetector` (drop the connection on `+switch-master`) stays off: in a
 * probe with it on, one gateway's command connection stayed off the promoted primary for over 8 s
 * after the switch (its disconnect landing on the reconnection already under way), while without
 * it both gateways were back within 1.2 s of the promotion; a dead primary drops the connections
 * anyway.
 */
function sentinelOptions(target: RedisSentinelTarget, base: RedisOptions): RedisOptions {
  return {
    ...base,
    sentinels: target.sentinels.map((s) => ({ host: s.host, port: s.port })),
    name: target.name,
    role: 'master',
    failoverDetector: false,
    // All Sentinels unreachable: keep asking, with the same capped, jittered backoff.
    sentinelRetryStrategy: (times) => reconnectDelay(times, 1000),
    sentinelCommandTimeout: 1000,
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 1 : false),
    ...(target.password !== undefined ? { password: target.password } : {}),
    ...(target.sentinelPassword !== undefined ? { sentinelPassword: target.sentinelPassword } : {}),
  };
}

export type RedisState = 'up' | 'down';

/**
 * Up/down of one connection, with events on change only. `down` after the connection closed (or
 * never opened); `up` on `ready`.
 */
export class RedisHealth extends EventEmitter<{ change: [RedisState] }> {
  private current: RedisState;

  constructor(private readonly client: Redis) {
    super();
    this.current = client.status === 'ready' ? 'up' : 'down';
    client.on('ready', () => this.set('up'));
    client.on('close', () => this.set('down'));
    client.on('end', () => this.set('down'));
  }

  get state(): RedisState {
    return this.current;
  }

  private set(state: RedisState): void {
    if (state === this.current) return;
    this.current = state;
    this.emit('change', state);
  }

  /** Resolves once the connection is ready (immediately when it is). */
  ready(timeoutMs: number): Promise<void> {
    if (this.client.status === 'ready') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.client.off('ready', onReady);
        reject(new Error(`redis not ready within ${timeoutMs} ms`));
      }, timeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.client.once('ready', onReady);
    });
  }
}

/** Closes a connection: QUIT when connected (pending replies arrive), else just disconnect. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // fall through: the connection is already gone
    }
  }
  client.disconnect();
}
