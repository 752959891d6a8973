/**
 * Redis connections for scale-out (gateway/CLUSTER.md). Commands fail fast while Redis is down
 * (no offline queue, one retry) so a poll, a bet or a session check never hangs on it; the client
 * keeps reconnecting in the background with jittered, capped backoff, and `RedisHealth` tells the
 * feed when to mark topics stale and when to resynchronize.
 */
import { EventEmitter } from 'node:events';
import { Redis, type RedisOptions } from 'ioredis';

/** Every key the gateway writes starts with this, so one Redis can serve other things too. */
export const KeyPrefix = 'sb:';

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

export function connectRedis(url: string, options: RedisConnectOptions): Redis {
  const maxBackoffMs = options.maxBackoffMs ?? 2000;
  const redisOptions: RedisOptions = {
    connectionName: options.name.replace(/[^A-Za-z0-9_.:-]/g, '_'),
    retryStrategy: (times) => reconnectDelay(times, maxBackoffMs),
    maxRetriesPerRequest: options.queueWhileDown ? null : 1,
    enableOfflineQueue: options.queueWhileDown ?? false,
    connectTimeout: 2000,
    lazyConnect: false,
    ...(options.commandTimeoutMs !== undefined ? { commandTimeout: options.commandTimeoutMs } : {}),
  };
  const client = new Redis(url, redisOptions);
  // ioredis reports connection errors as events; without a listener Node would treat them as
  // unhandled. RedisHealth logs the transitions that matter.
  client.on('error', () => {});
  return client;
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
