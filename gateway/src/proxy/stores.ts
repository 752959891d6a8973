/**
 * The proxy's two pieces of shared state, behind small interfaces so a Redis-backed pair can replace
 * the in-memory one when several gateway processes serve the same players (DESIGN.md "Many nodes"):
 * - LockStore: the spec's one-at-a-time rule (a lease per `${account}:${lock}`);
 * - IdempotencyStore: bet placements by client key (first reply kept for a window; retries that
 *   arrive while the first runs wait for it).
 * Every method is async so a networked store drops in without changing the callers.
 */
import { LRUCache } from 'lru-cache';

export interface Lease {
  /** Frees the lock; a no-op once the lease expired and someone else took it. Idempotent. */
  release(): Promise<void>;
}

export interface LockStore {
  /**
   * Takes `key` for at most `ttlMs` (so a crashed holder cannot block an account for ever), or
   * returns null at once when it is held. Redis: `SET key token NX PX ttl`; release deletes only
   * its own token.
   */
  acquire(key: string, ttlMs: number): Promise<Lease | null>;
  close?(): Promise<void>;
}

/** The reply a placement produced, as the gateway sends it. */
export interface StoredReply {
  readonly httpStatus: number;
  readonly body: unknown;
}

export type IdempotencyBegin =
  /** This request owns the key: call the upstream, then `complete` or `release`. */
  | { readonly kind: 'claimed' }
  /** Another request owns it and is still running: `wait` for its reply. */
  | { readonly kind: 'running'; readonly fingerprint: string }
  /** Done within the window: answer with the stored reply. */
  | { readonly kind: 'done'; readonly fingerprint: string; readonly reply: StoredReply };

export interface IdempotencyStore {
  /**
   * Atomically claims `key` for a new attempt, or reports who holds it. `fingerprint` identifies
   * the request's content, so a key reused for a different bet can be told apart from a retry.
   * Redis: `SET key {running,fingerprint} NX PX window`, else `GET`.
   */
  begin(key: string, fingerprint: string): Promise<IdempotencyBegin>;
  /** The final reply of a claimed key: kept for the window; waiters receive it. */
  complete(key: string, reply: StoredReply): Promise<void>;
  /**
   * Gives a claimed key up without a final reply (the upstream's answer is unknown: timeout,
   * unreachable): current waiters receive `reply`, the next retry claims the key again.
   */
  release(key: string, reply: StoredReply): Promise<void>;
  /** The reply of a running key once it completes or is released; null after `timeoutMs`. */
  wait(key: string, timeoutMs: number): Promise<StoredReply | null>;
  close?(): Promise<void>;
}

export interface ProxyStores {
  locks: LockStore;
  idempotency: IdempotencyStore;
}

/** In-process locks: correct for one gateway process. */
export class MemoryLockStore implements LockStore {
  private readonly held = new Map<string, { token: number; expiresAt: number }>();
  private nextToken = 1;

  constructor(private readonly now: () => number = Date.now) {}

  async acquire(key: string, ttlMs: number): Promise<Lease | null> {
    const current = this.held.get(key);
    const now = this.now();
    if (current && current.expiresAt > now) return null;
    const token = this.nextToken++;
    this.held.set(key, { token, expiresAt: now + ttlMs });
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        if (this.held.get(key)?.token === token) this.held.delete(key);
      },
    };
  }

  /** Locks currently held (for tests and metrics). */
  size(): number {
    const now = this.now();
    let count = 0;
    for (const entry of this.held.values()) if (entry.expiresAt > now) count++;
    return count;
  }
}

type Entry =
  | { state: 'running'; fingerprint: string; waiters: Set<(reply: StoredReply) => void> }
  | { state: 'done'; fingerprint: string; reply: StoredReply };

/**
 * In-process idempotency: an LRU bounded by count and age (lru-cache), so a flood of distinct keys
 * costs bounded memory. Survives nothing: a restarted process forgets every key (use the Redis
 * store when that matters).
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries: LRUCache<string, Entry>;

  constructor(options: { windowMs: number; maxEntries: number }) {
    this.entries = new LRUCache<string, Entry>({ max: options.maxEntries, ttl: options.windowMs });
  }

  async begin(key: string, fingerprint: string): Promise<IdempotencyBegin> {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.entries.set(key, { state: 'running', fingerprint, waiters: new Set() });
      return { kind: 'claimed' };
    }
    if (entry.state === 'running') return { kind: 'running', fingerprint: entry.fingerprint };
    return { kind: 'done', fingerprint: entry.fingerprint, reply: entry.reply };
  }

  async complete(key: string, reply: StoredReply): Promise<void> {
    const entry = this.entries.get(key);
    const fingerprint = entry?.fingerprint ?? '';
    this.entries.set(key, { state: 'done', fingerprint, reply });
    if (entry?.state === 'running') for (const wake of entry.waiters) wake(reply);
  }

  async release(key: string, reply: StoredReply): Promise<void> {
    const entry = this.entries.get(key);
    if (entry?.state !== 'running') return;
    this.entries.delete(key);
    for (const wake of entry.waiters) wake(reply);
  }

  wait(key: string, timeoutMs: number): Promise<StoredReply | null> {
    const entry = this.entries.get(key);
    if (entry === undefined) return Promise.resolve(null);
    if (entry.state === 'done') return Promise.resolve(entry.reply);
    return new Promise((resolve) => {
      const wake = (reply: StoredReply | null) => {
        clearTimeout(timer);
        entry.waiters.delete(wake);
        resolve(reply);
      };
      const timer = setTimeout(() => wake(null), timeoutMs);
      entry.waiters.add(wake);
    });
  }

  /** Keys held (running or done), for tests. */
  size(): number {
    return this.entries.size;
  }
}

export function memoryStores(options: { windowMs: number; maxEntries: number }): ProxyStores {
  return { locks: new MemoryLockStore(), idempotency: new MemoryIdempotencyStore(options) };
}
