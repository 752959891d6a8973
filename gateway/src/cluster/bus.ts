/**
 * The Redis side of a topic's history (gateway/CLUSTER.md): the leader appends to a Stream per
 * topic (deltas, status changes, epoch starts) and, now and then, writes the whole snapshot to a
 * hash beside it; every node loads the snapshot and reads the stream. All leader writes go through
 * one fenced script: it runs only while the caller's value is still in the lease key.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { compareStreamIds, type TopicKeys } from './keys.ts';

/** Runs a Lua script by SHA, loading it on first use (or after a Redis restart lost it). */
export class LuaScript {
  readonly sha: string;
  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

/**
 * A stream entry's fields on the wire: one letter each, since every entry of every topic carries
 * them (the stream's memory and each XREAD's bytes); code names them through this table only.
 */
export const BusField = {
  kind: 'k',
  epoch: 'e',
  seq: 's',
  hash: 'h',
  pt: 'p',
  frame: 'f',
  fence: 'l',
  stale: 'x',
  /** The writer's lease value `<nodeId>:<fence>`. */
  writer: 'n',
} as const;

/** The snapshot hash's fields (one hash per topic: whole words cost nothing there). */
export const SnapshotField = {
  epoch: 'epoch',
  seq: 'seq',
  hash: 'hash',
  pt: 'pt',
  id: 'id',
  data: 'data',
  stale: 'stale',
} as const;

export const EntryKind = { delta: 'd', status: 's', epoch: 'e' } as const;
export type EntryKind = (typeof EntryKind)[keyof typeof EntryKind];

const F = BusField;
const S = SnapshotField;

/**
 * KEYS: lease, stream, snap, polled. ARGV: lease value, maxlen, ttl ms, kind ('' = only record the
 * poll time), epoch, seq, hash, pt, frame, fence, stale, snapshot data ('' = none).
 * Each entry also records `BusField.writer`, the writer's lease value `<nodeId>:<fence>`: who led when it was
 * written, unique per reign even when a failover lost fence increments (gateway/CLUSTER.md).
 * Returns the new entry's id, '' for a bare poll record, or false when the caller no longer leads.
 */
const PublishLua = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local ttl = ARGV[3]
redis.call('SET', KEYS[4], ARGV[8], 'PX', ttl)
if ARGV[4] == '' then return '' end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*',
  '${F.kind}', ARGV[4], '${F.epoch}', ARGV[5], '${F.seq}', ARGV[6], '${F.hash}', ARGV[7], '${F.pt}', ARGV[8], '${F.frame}', ARGV[9], '${F.fence}', ARGV[10], '${F.stale}', ARGV[11], '${F.writer}', ARGV[1])
if ARGV[12] ~= '' then
  redis.call('DEL', KEYS[3])
  redis.call('HSET', KEYS[3], '${S.epoch}', ARGV[5], '${S.seq}', ARGV[6], '${S.hash}', ARGV[7], '${S.pt}', ARGV[8], '${S.id}', id,
    '${S.data}', ARGV[12], '${S.stale}', ARGV[11])
elseif ARGV[4] == '${EntryKind.status}' then
  if redis.call('HGET', KEYS[3], '${S.epoch}') == ARGV[5] then redis.call('HSET', KEYS[3], '${S.stale}', ARGV[11]) end
end
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('PEXPIRE', KEYS[3], ttl)
return id
`;

/** KEYS: snap, stream, polled. Returns {snapshot hash as a flat list, every stream entry, polled}. */
const LoadLua = `
return {redis.call('HGETALL', KEYS[1]), redis.call('XRANGE', KEYS[2], '-', '+'), redis.call('GET', KEYS[3])}
`;

const publishScript = new LuaScript(PublishLua);
const loadScript = new LuaScript(LoadLua);

/** One stream entry, validated. `stale` travels on every entry so a new reader knows it. */
export type BusEntry =
  | {
      readonly kind: 'd';
      readonly id: string;
      readonly epoch: string;
      readonly seq: number;
      readonly hash: string;
      readonly pt: number;
      /** The delta frame exactly as clients receive it. */
      readonly frame: string;
      readonly fence: number;
      readonly stale: boolean;
    }
  | {
      readonly kind: 'e' | 's';
      readonly id: string;
      readonly epoch: string;
      readonly seq: number;
      readonly hash: string;
      readonly pt: number;
      readonly fence: number;
      readonly stale: boolean;
    };

export interface BusSnapshot {
  readonly epoch: string;
  readonly seq: number;
  readonly hash: string;
  readonly pt: number;
  /** Id of the stream entry this image includes. */
  readonly id: string;
  /** The model as JSON. */
  readonly data: string;
  readonly stale: boolean;
}

export interface PublishRequest {
  kind: EntryKind | '';
  epoch: string;
  seq: number;
  hash: string;
  pt: number;
  frame: string;
  fence: number;
  stale: boolean;
  /** JSON of the model after this entry, to refresh the snapshot key; '' leaves it. */
  snapshot: string;
}

export interface BusLimits {
  /** Stream length kept (approximate trim, at least this many). */
  maxLen: number;
  /** Keys expire this long after the last write (a topic nobody polls any more). */
  ttlMs: number;
}

function fieldsOf(flat: unknown): Map<string, string> | undefined {
  if (!Array.isArray(flat) || flat.length % 2 !== 0) return undefined;
  const out = new Map<string, string>();
  for (let i = 0; i < flat.length; i += 2) {
    const k = flat[i];
    const v = flat[i + 1];
    if (typeof k !== 'string' || typeof v !== 'string') return undefined;
    out.set(k, v);
  }
  return out;
}

const isInt = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** A raw XRANGE/XREAD entry `[id, [field, value, ...]]` as a BusEntry, or undefined if malformed. */
export function parseEntry(raw: unknown): BusEntry | undefined {
  if (!Array.isArray(raw) || typeof raw[0] !== 'string') return undefined;
  const f = fieldsOf(raw[1]);
  if (f === undefined) return undefined;
  const kind = f.get(F.kind);
  const epoch = f.get(F.epoch) ?? '';
  const seq = Number(f.get(F.seq));
  const pt = Number(f.get(F.pt));
  const fence = Number(f.get(F.fence));
  const hash = f.get(F.hash) ?? '';
  if (epoch === '' || !isInt(seq) || !isInt(pt) || !isInt(fence)) return undefined;
  const stale = f.get(F.stale) === '1';
  if (kind === EntryKind.delta) {
    const frame = f.get(F.frame);
    if (frame === undefined || frame === '' || hash === '') return undefined;
    return { kind, id: raw[0], epoch, seq, hash, pt, frame, fence, stale };
  }
  if (kind === EntryKind.epoch || kind === EntryKind.status)
    return { kind, id: raw[0], epoch, seq, hash, pt, fence, stale };
  return undefined;
}

export function parseSnapshot(flat: unknown): BusSnapshot | undefined {
  const f = fieldsOf(flat);
  if (f === undefined || f.size === 0) return undefined;
  const seq = Number(f.get(S.seq));
  const pt = Number(f.get(S.pt));
  const epoch = f.get(S.epoch);
  const hash = f.get(S.hash);
  const id = f.get(S.id);
  const data = f.get(S.data);
  if (!epoch || !hash || !id || !data || !isInt(seq) || !isInt(pt)) return undefined;
  return { epoch, seq, hash, pt, id, data, stale: f.get(S.stale) === '1' };
}

export interface LoadedHistory {
  snapshot: BusSnapshot | undefined;
  /** Every entry the stream holds, oldest first (malformed ones dropped). */
  entries: BusEntry[];
  /** When the topic was last polled by any leader (ms), or undefined. */
  polledAt: number | undefined;
}

/** Snapshot and stream read atomically (one script), so the image and the entries agree. */
export async function loadHistory(redis: Redis, keys: TopicKeys): Promise<LoadedHistory> {
  const reply = (await loadScript.run(redis, [keys.snap, keys.stream, keys.polled], [])) as unknown[];
  const entries: BusEntry[] = [];
  if (Array.isArray(reply[1])) {
    for (const raw of reply[1]) {
      const entry = parseEntry(raw);
      if (entry) entries.push(entry);
    }
  }
  const polled = Number(reply[2]);
  return {
    snapshot: parseSnapshot(reply[0]),
    entries,
    polledAt: typeof reply[2] === 'string' && isInt(polled) ? polled : undefined,
  };
}

/** Entries after `afterId` (exclusive). */
export async function readAfter(redis: Redis, keys: TopicKeys, afterId: string): Promise<BusEntry[]> {
  const raw = (await redis.xrange(keys.stream, `(${afterId}`, '+')) as unknown[];
  const out: BusEntry[] = [];
  for (const r of raw) {
    const entry = parseEntry(r);
    if (entry) out.push(entry);
  }
  return out;
}

/**
 * A fenced write. Resolves to the entry id ('' for a bare poll record) or `null` when the lease
 * value is no longer the key's (this node lost the topic: it must stop and resynchronize).
 */
export async function publish(
  redis: Redis,
  keys: TopicKeys,
  leaseValue: string,
  limits: BusLimits,
  req: PublishRequest,
): Promise<string | null> {
  const reply = await publishScript.run(
    redis,
    [keys.lease, keys.stream, keys.snap, keys.polled],
    [
      leaseValue,
      limits.maxLen,
      Math.round(limits.ttlMs),
      req.kind,
      req.epoch,
      req.seq,
      req.hash,
      req.pt,
      req.frame,
      req.fence,
      req.stale ? '1' : '0',
      req.snapshot,
    ],
  );
  return typeof reply === 'string' ? reply : null;
}

export type StreamHandler = (entries: BusEntry[]) => void;

/**
 * One blocking `XREAD` over every followed stream, on its own connection. Adding a stream wakes the
 * read with `CLIENT UNBLOCK` from the command connection, so a new topic waits for no timeout.
 * After a reconnection every follower is told to resynchronize (`onReconnect`).
 */
export class StreamReader {
  private readonly streams = new Map<string, { lastId: string; handler: StreamHandler }>();
  private running = false;
  private blockedId: number | undefined;
  private clientId: number | undefined;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly reader: Redis,
    private readonly command: Redis,
    private readonly options: {
      blockMs: number;
      count: number;
      onReconnect(): void;
      onError(err: unknown): void;
    },
  ) {
    reader.on('ready', () => {
      this.clientId = undefined;
      this.options.onReconnect();
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Follows `stream` from after `lastId` (replaces a previous registration). */
  follow(stream: string, lastId: string, handler: StreamHandler): void {
    this.streams.set(stream, { lastId, handler });
    this.interrupt();
  }

  /** Moves a followed stream's position (after a resynchronization read it directly). */
  seek(stream: string, lastId: string): void {
    const s = this.streams.get(stream);
    if (s && compareStreamIds(lastId, s.lastId) > 0) s.lastId = lastId;
  }

  unfollow(stream: string): void {
    this.streams.delete(stream);
  }

  get followed(): number {
    return this.streams.size;
  }

  private interrupt(): void {
    this.wake?.();
    const id = this.blockedId;
    if (id !== undefined) {
      this.blockedId = undefined;
      this.command.client('UNBLOCK', id).catch(() => {});
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.interrupt();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (this.streams.size === 0) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
        continue;
      }
      try {
        if (this.clientId === undefined) this.clientId = Number(await this.reader.client('ID'));
        const names = [...this.streams.keys()];
        const ids = names.map((n) => (this.streams.get(n) as { lastId: string }).lastId);
        this.blockedId = this.clientId;
        const reply = (await this.reader.xread(
          'COUNT',
          this.options.count,
          'BLOCK',
          this.options.blockMs,
          'STREAMS',
          ...names,
          ...ids,
        )) as [string, unknown[]][] | null;
        this.blockedId = undefined;
        if (reply === null) continue;
        for (const [name, raws] of reply) {
          const s = this.streams.get(name);
          if (s === undefined) continue;
          const entries: BusEntry[] = [];
          for (const raw of raws) {
            const entry = parseEntry(raw);
            const id = Array.isArray(raw) && typeof raw[0] === 'string' ? raw[0] : undefined;
            if (id !== undefined && compareStreamIds(id, s.lastId) > 0) s.lastId = id;
            if (entry) entries.push(entry);
          }
          if (entries.length > 0) s.handler(entries);
        }
      } catch (err) {
        this.blockedId = undefined;
        if (!this.running) return;
        this.options.onError(err);
        // The connection queues commands while down; a failing command here is a real error
        // (or an unblock race): pause briefly instead of spinning.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}
