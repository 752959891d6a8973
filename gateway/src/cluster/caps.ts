/**
 * Socket caps across the cluster (gateway/CLUSTER.md "Caps across nodes"). Each
 * node keeps its own counts per address, session and account (feed/limits.ts, authoritative for
 * that node) and writes them to Redis: one hash per key, one field per node, valued
 * `<count>|<expires at, Redis ms>`. A new socket is admitted when the other nodes' live counts
 * plus this node's (the new socket already reserved) stay within the cap: one Lua script reads and
 * writes atomically. A field not refreshed by `capsTtlMs` is dead (its node crashed) and is dropped
 * by the next reader, so a dead node's sockets stop counting within that time. Each node rewrites
 * its non-zero counts every `capsRefreshMs` (pipelined), and writes a changed count soon after it
 * changes (batched per tick).
 *
 * While Redis is down the caps are per node (the caller skips `admit`); the changes made meanwhile
 * are written when it is back. Keys (`capKey`): `sb:cap:ip:<address>`, `sb:cap:{a:<account>}` and
 * `sb:cap:{a:<account>}:s:<sha256 of the session, 16 hex>` (a session's and its account's hashes
 * share a hash tag, so the script's two keys sit in one slot of a Redis Cluster; a session token
 * never reaches Redis).
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { CapEntry, SharedSocketCounts } from '../feed/limits.ts';
import { LuaScript } from './bus.ts';
import { KeyPrefix } from './redis.ts';

/**
 * KEYS: the cap hashes. ARGV: node id, ttl ms, then (count, max) per key: this node's count with
 * the new socket, and the cap. Returns 0 (every count written) or the 1-based index of the first
 * key over its cap (nothing written). Dead fields (expired) are dropped on the way.
 */
const AdmitLua = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
for i = 1, #KEYS do
  local others = 0
  local vals = redis.call('HGETALL', KEYS[i])
  for j = 1, #vals, 2 do
    if vals[j] ~= ARGV[1] then
      local v = vals[j + 1]
      local sep = string.find(v, '|', 1, true)
      local exp = sep and tonumber(string.sub(v, sep + 1)) or 0
      if exp >= now then
        others = others + tonumber(string.sub(v, 1, sep - 1))
      else
        redis.call('HDEL', KEYS[i], vals[j])
      end
    end
  end
  if others + tonumber(ARGV[1 + 2 * i]) > tonumber(ARGV[2 + 2 * i]) then return i end
end
for i = 1, #KEYS do
  redis.call('HSET', KEYS[i], ARGV[1], ARGV[1 + 2 * i] .. '|' .. (now + ttl))
  redis.call('PEXPIRE', KEYS[i], ttl)
end
return 0
`;

/** KEYS[1]: a cap hash. ARGV: node id, ttl ms, count (0 deletes the node's field). */
const WriteLua = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
if tonumber(ARGV[3]) <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3] .. '|' .. (now + ttl))
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1
`;

const admitScript = new LuaScript(AdmitLua);
const writeScript = new LuaScript(WriteLua);

/**
 * The Redis key of a local cap key (feed/limits.ts `limitKeys`): `ip:<address>`,
 * `a:<account>`, `s:<account>\u0000<token>`.
 */
export function capKey(local: string): string {
  if (local.startsWith('ip:')) return `${KeyPrefix}cap:${local}`;
  if (local.startsWith('a:')) return `${KeyPrefix}cap:{${local}}`;
  const cut = local.indexOf('\u0000');
  const account = local.slice(2, cut < 0 ? undefined : cut);
  const token = cut < 0 ? '' : local.slice(cut + 1);
  return `${KeyPrefix}cap:{a:${account}}:s:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
}

export interface SharedCapsOptions {
  redis: Redis;
  nodeId: string;
  /** Redis is reachable now (cluster.ts RedisHealth). */
  up: () => boolean;
  ttlMs: number;
  refreshMs: number;
  /** This node's current count under a local key (feed/limits.ts SocketLimits). */
  countOf: (key: string) => number;
  /** Every local key this node counts a socket under (for the periodic refresh). */
  keys: () => Iterable<string>;
  onError?: (err: unknown) => void;
}

export class SharedCaps implements SharedSocketCounts {
  private readonly dirty = new Set<string>();
  private flushing = false;
  private flushQueued = false;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: SharedCapsOptions) {
    this.timer = setInterval(() => this.refresh(), options.refreshMs);
    this.timer.unref();
  }

  /** Redis can be asked now; otherwise the caller counts per node. */
  get available(): boolean {
    return !this.closed && this.options.up();
  }

  /**
   * Admits one socket under every entry (in order), writing this node's counts when all are within
   * their caps. The index of the first entry over its cap, or -1. Throws when Redis fails (the
   * caller falls back to its own counts).
   */
  async admit(entries: readonly CapEntry[]): Promise<number> {
    if (entries.length === 0) return -1;
    const args: (string | number)[] = [this.options.nodeId, this.options.ttlMs];
    for (const e of entries) args.push(e.count, e.max);
    const reply = Number(
      await admitScript.run(
        this.options.redis,
        entries.map((e) => capKey(e.key)),
        args,
      ),
    );
    return reply === 0 ? -1 : reply - 1;
  }

  /** This node's count of `key` changed: written soon (batched), or when Redis is back. */
  changed(key: string): void {
    if (this.closed) return;
    this.dirty.add(key);
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      void this.flush();
    });
  }

  /** Writes the changed counts (all of them, again, after a failure). */
  async flush(): Promise<void> {
    if (this.flushing || this.dirty.size === 0 || !this.available) return;
    this.flushing = true;
    const keys = [...this.dirty];
    this.dirty.clear();
    try {
      await this.write(keys);
    } catch (err) {
      for (const key of keys) this.dirty.add(key);
      this.options.onError?.(err);
    } finally {
      this.flushing = false;
    }
    if (this.dirty.size > 0 && !this.flushQueued) this.changed([...this.dirty][0] as string);
  }

  /** Rewrites every non-zero count (keeps this node's fields alive) and any pending change. */
  refresh(): void {
    if (!this.available) return;
    for (const key of this.options.keys()) this.dirty.add(key);
    void this.flush();
  }

  private async write(keys: readonly string[]): Promise<void> {
    const pipeline = this.options.redis.pipeline();
    for (const key of keys) {
      pipeline.evalsha(
        writeScript.sha,
        1,
        capKey(key),
        this.options.nodeId,
        this.options.ttlMs,
        this.options.countOf(key),
      );
    }
    const results = (await pipeline.exec()) ?? [];
    if (results.some(([err]) => err && String(err.message).includes('NOSCRIPT'))) {
      // The script is not loaded yet (first use, or Redis restarted): load it, then write again.
      await this.options.redis.script('LOAD', writeScript.source);
      await this.write(keys);
      return;
    }
    const failed = results.find(([err]) => err);
    if (failed?.[0]) throw failed[0];
  }

  /** Stops refreshing; this node's fields are deleted so its sockets stop counting at once. */
  async close(): Promise<void> {
    if (this.closed) return;
    clearInterval(this.timer);
    const keys = [...this.options.keys(), ...this.dirty];
    this.closed = true;
    if (!this.options.up() || keys.length === 0) return;
    const pipeline = this.options.redis.pipeline();
    for (const key of new Set(keys)) pipeline.hdel(capKey(key), this.options.nodeId);
    await pipeline.exec().catch(() => {});
  }
}
