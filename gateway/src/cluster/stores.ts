/**
 * The proxy's and the feed's shared state in Redis (gateway/CLUSTER.md), implementing the same
 * interfaces as the in-process stores (proxy/stores.ts), so a retry or a second request on another
 * node is caught too:
 * - locks: `SET key token NX PX ttl`, released by a check-and-del script;
 * - idempotency: `SET key {running} NX PX`, the final reply kept for the window, waiters on any
 *   node woken by a pub/sub message (and a re-read, so a message missed while subscribing is not);
 * - session verdicts: a short TTL per (account, token), the token hashed.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { IdempotencyBegin, IdempotencyStore, Lease, LockStore, StoredReply } from '../proxy/stores.ts';
import { LuaScript } from './bus.ts';
import { closeRedis, connectRedis, KeyPrefix, type RedisTarget } from './redis.ts';

const ReleaseLua = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

export class RedisLockStore implements LockStore {
  constructor(private readonly redis: Redis) {}

  async acquire(key: string, ttlMs: number): Promise<Lease | null> {
    const redisKey = `${KeyPrefix}lock:${key}`;
    const token = randomUUID();
    const ok = await this.redis.set(redisKey, token, 'PX', Math.max(1, Math.round(ttlMs)), 'NX');
    if (ok !== 'OK') return null;
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        try {
          await ReleaseLua.run(this.redis, [redisKey], [token]);
        } catch {
          // Redis unreachable: the lease's TTL frees the account.
        }
      },
    };
  }
}

type Stored =
  | { readonly s: 'running'; readonly f: string }
  | { readonly s: 'done'; readonly f: string; readonly r: StoredReply };

function parseStored(text: string | null): Stored | undefined {
  if (text === null) return undefined;
  try {
    const v = JSON.parse(text) as { s?: unknown; f?: unknown; r?: { httpStatus?: unknown } };
    if (typeof v.f !== 'string') return undefined;
    if (v.s === 'running') return { s: 'running', f: v.f };
    if (v.s === 'done' && typeof v.r?.httpStatus === 'number') return v as Stored;
  } catch {
    // fall through
  }
  return undefined;
}

function parseReply(text: string): StoredReply | null {
  try {
    const v = JSON.parse(text) as { httpStatus?: unknown; body?: unknown };
    return typeof v.httpStatus === 'number' ? { httpStatus: v.httpStatus, body: v.body } : null;
  } catch {
    return null;
  }
}

/** KEYS: entry, ARGV: done JSON minus fingerprint, window ms, channel, reply JSON. */
const CompleteLua = new LuaScript(`
local fingerprint = ''
local current = redis.call('GET', KEYS[1])
if current then
  local ok, decoded = pcall(cjson.decode, current)
  if ok and type(decoded) == 'table' and type(decoded.f) == 'string' then fingerprint = decoded.f end
end
redis.call('SET', KEYS[1], '{"s":"done","f":' .. cjson.encode(fingerprint) .. ',"r":' .. ARGV[1] .. '}', 'PX', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[1])
return 1
`);

/** KEYS: entry, ARGV: channel, reply JSON. Deletes only a running entry. */
const ReleaseIdemLua = new LuaScript(`
local current = redis.call('GET', KEYS[1])
if current and string.find(current, '"s":"running"', 1, true) then
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', ARGV[1], ARGV[2])
  return 1
end
return 0
`);

export interface RedisIdempotencyOptions {
  windowMs: number;
  /**
   * A claimed key whose node died mid-call frees itself after this (the first reply is then
   * unknown; the next retry calls the upstream again, as after an upstream timeout).
   */
  runningTtlMs?: number;
  nodeId: string;
}

export class RedisIdempotencyStore implements IdempotencyStore {
  private subscriber: Redis | undefined;
  private readonly waiters = new Map<string, Set<(reply: StoredReply | null) => void>>();
  private readonly runningTtlMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly url: RedisTarget,
    private readonly options: RedisIdempotencyOptions,
  ) {
    this.runningTtlMs = options.runningTtlMs ?? 120_000;
  }

  private key(key: string): string {
    return `${KeyPrefix}idem:${encodeURIComponent(key)}`;
  }

  private channel(key: string): string {
    return `${KeyPrefix}idem-done:${encodeURIComponent(key)}`;
  }

  async begin(key: string, fingerprint: string): Promise<IdempotencyBegin> {
    const running = JSON.stringify({ s: 'running', f: fingerprint });
    for (let attempt = 0; attempt < 3; attempt++) {
      const previous = (await this.redis.set(this.key(key), running, 'PX', this.runningTtlMs, 'NX', 'GET')) as
        | string
        | null;
      if (previous === null) return { kind: 'claimed' };
      const stored = parseStored(previous);
      if (stored?.s === 'running') return { kind: 'running', fingerprint: stored.f };
      if (stored?.s === 'done') return { kind: 'done', fingerprint: stored.f, reply: stored.r };
      // Unreadable (not ours): drop it and claim.
      await this.redis.del(this.key(key));
    }
    return { kind: 'claimed' };
  }

  async complete(key: string, reply: StoredReply): Promise<void> {
    await CompleteLua.run(
      this.redis,
      [this.key(key)],
      [JSON.stringify(reply), this.options.windowMs, this.channel(key)],
    );
  }

  async release(key: string, reply: StoredReply): Promise<void> {
    await ReleaseIdemLua.run(this.redis, [this.key(key)], [this.channel(key), JSON.stringify(reply)]);
  }

  async wait(key: string, timeoutMs: number): Promise<StoredReply | null> {
    const channel = this.channel(key);
    return new Promise<StoredReply | null>((resolve) => {
      let done = false;
      const finish = (reply: StoredReply | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        const set = this.waiters.get(channel);
        set?.delete(finish);
        if (set?.size === 0) {
          this.waiters.delete(channel);
          this.subscriber?.unsubscribe(channel).catch(() => {});
        }
        resolve(reply);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      let set = this.waiters.get(channel);
      const first = set === undefined;
      if (set === undefined) {
        set = new Set();
        this.waiters.set(channel, set);
      }
      set.add(finish);
      const subscribed = first ? this.subscribe(channel) : Promise.resolve();
      // Subscribe first, then read: a reply published in between is seen one way or the other.
      subscribed
        .then(() => this.redis.get(this.key(key)))
        .then((text) => {
          const stored = parseStored(text);
          if (stored === undefined) finish(null);
          else if (stored.s === 'done') finish(stored.r);
        })
        .catch(() => finish(null));
    });
  }

  private async subscribe(channel: string): Promise<void> {
    if (this.subscriber === undefined) {
      const sub = connectRedis(this.url, { name: `${this.options.nodeId}:idem-sub`, queueWhileDown: true });
      sub.on('message', (ch: string, message: string) => {
        const reply = parseReply(message);
        for (const wake of [...(this.waiters.get(ch) ?? [])]) wake(reply);
      });
      this.subscriber = sub;
    }
    await this.subscriber.subscribe(channel);
  }

  async close(): Promise<void> {
    for (const set of [...this.waiters.values()]) for (const wake of [...set]) wake(null);
    const sub = this.subscriber;
    this.subscriber = undefined;
    if (sub) await closeRedis(sub);
  }
}

export type CachedVerdict = 'valid' | 'invalid';

/** Session verdicts shared by every node: one upstream check per session per TTL for the cluster. */
export class RedisSessionCache {
  constructor(private readonly redis: Redis) {}

  private key(accountId: string, token: string): string {
    const digest = createHash('sha256')
      .update(`${accountId.trim().toLowerCase()}\u0000${token}`)
      .digest('hex');
    return `${KeyPrefix}session:${digest}`;
  }

  /** The cached verdict, or undefined when none (or Redis is unreachable). */
  async get(accountId: string, token: string): Promise<CachedVerdict | undefined> {
    try {
      const v = await this.redis.get(this.key(accountId, token));
      return v === 'valid' || v === 'invalid' ? v : undefined;
    } catch {
      return undefined;
    }
  }

  async set(accountId: string, token: string, verdict: CachedVerdict, ttlMs: number): Promise<void> {
    try {
      await this.redis.set(this.key(accountId, token), verdict, 'PX', Math.max(1, Math.round(ttlMs)));
    } catch {
      // A cache: losing a write costs one more upstream check.
    }
  }

  /** Forgets a session (logout, an upstream rejection seen elsewhere). */
  async delete(accountId: string, token: string): Promise<void> {
    try {
      await this.redis.del(this.key(accountId, token));
    } catch {
      // see set()
    }
  }
}
