/**
 * Socket caps of one node (gateway/FEED.md "Limits"): per client address from the upgrade, per
 * session and per account from the welcome. A refused socket is closed with 4429 and counted in
 * `gateway_ws_refusals_total{reason}`. Counts are per node, and in cluster mode also across the
 * nodes (cluster/caps.ts: each node's counts in Redis; checked at the welcome), so behind a
 * balancer over N nodes a client still holds each cap once; while Redis is down, per node.
 */
import type { FeedTuning } from './tuning.ts';

/** Every reason the feed refuses a socket or a topic (the `reason` label of the refusal metric). */
export type Refusal =
  | 'sockets_per_ip'
  | 'sockets_per_session'
  | 'sockets_per_account'
  | 'topics_per_node'
  | 'unknown_topic'
  | 'topic_checks'
  /** `account/<id>` of an account not the socket's own (err `forbiddenTopic`). */
  | 'forbidden_topic';

/** A multiset of keys with a cap per key. */
export class Counts {
  private readonly byKey = new Map<string, number>();

  get(key: string): number {
    return this.byKey.get(key) ?? 0;
  }

  /** Adds one unless the key already holds `max`; false when refused. */
  acquire(key: string, max: number): boolean {
    const n = this.get(key);
    if (n >= max) return false;
    this.byKey.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = this.get(key);
    if (n <= 1) this.byKey.delete(key);
    else this.byKey.set(key, n - 1);
  }

  get size(): number {
    return this.byKey.size;
  }

  keys(): IterableIterator<string> {
    return this.byKey.keys();
  }
}

/** The account key the upstream uses: ids are case-insensitive (sessions.ts keys the same way). */
export const accountKey = (accountId: string) => accountId.trim().toLowerCase();

/**
 * The keys sockets are counted under: `ip:<address>`, `a:<account>`, `s:<account>\u0000<token>`
 * (cluster/caps.ts turns them into Redis keys, the session hashed).
 */
export const limitKeys = {
  ip: (ip: string) => `ip:${ip}`,
  account: (accountId: string) => `a:${accountKey(accountId)}`,
  session: (accountId: string, token: string) => `s:${accountKey(accountId)}\u0000${token}`,
};

/** One key of a cluster-wide admission: this node's count with the new socket, and the cap. */
export interface CapEntry {
  readonly key: string;
  readonly count: number;
  readonly max: number;
}

/**
 * The cluster's counts (cluster/caps.ts): other nodes' sockets under the same keys. Absent (one
 * node) or unavailable (Redis down): the caps are this node's alone.
 */
export interface SharedSocketCounts {
  readonly available: boolean;
  /** The index of the first entry over its cap cluster-wide, or -1 (then every count is written). */
  admit(entries: readonly CapEntry[]): Promise<number>;
  /** This node's count of a key changed. */
  changed(key: string): void;
}

export class SocketLimits {
  private readonly counts = new Counts();
  private shared: SharedSocketCounts | undefined;

  constructor(
    private readonly tuning: Pick<
      FeedTuning,
      'maxSocketsPerIp' | 'maxSocketsPerSession' | 'maxSocketsPerAccount'
    >,
    private readonly onRefusal: (reason: Refusal) => void,
  ) {}

  /** Counts across the cluster from now on (cluster mode). */
  share(shared: SharedSocketCounts): void {
    this.shared = shared;
  }

  /** This node's count under a key (limitKeys). */
  countOf(key: string): number {
    return this.counts.get(key);
  }

  /** Every key this node counts a socket under. */
  keys(): IterableIterator<string> {
    return this.counts.keys();
  }

  /** A socket from `ip` was upgraded: false (and counted) when the address holds its maximum here. */
  openIp(ip: string): boolean {
    const key = limitKeys.ip(ip);
    if (this.counts.acquire(key, this.tuning.maxSocketsPerIp)) {
      this.shared?.changed(key);
      return true;
    }
    this.onRefusal('sockets_per_ip');
    return false;
  }

  closeIp(ip: string): void {
    this.release(limitKeys.ip(ip));
  }

  /**
   * A socket's session was accepted: the refusal when its session, account (or, across the
   * cluster, its address) is at its maximum. Synchronous on one node or while Redis is down; a
   * promise when the cluster is asked (the socket is reserved here meanwhile). A Redis failure
   * admits on this node's counts.
   */
  openSession(
    accountId: string,
    token: string,
    ip?: string,
  ): Refusal | undefined | Promise<Refusal | undefined> {
    const s = limitKeys.session(accountId, token);
    const a = limitKeys.account(accountId);
    let refusal: Refusal | undefined;
    if (this.counts.get(s) >= this.tuning.maxSocketsPerSession) refusal = 'sockets_per_session';
    else if (this.counts.get(a) >= this.tuning.maxSocketsPerAccount) refusal = 'sockets_per_account';
    if (refusal) {
      this.onRefusal(refusal);
      return refusal;
    }
    this.counts.acquire(s, Number.POSITIVE_INFINITY);
    this.counts.acquire(a, Number.POSITIVE_INFINITY);
    const shared = this.shared;
    if (shared === undefined || !shared.available) {
      shared?.changed(s);
      shared?.changed(a);
      return undefined;
    }
    return this.admitShared(shared, accountId, token, ip);
  }

  private async admitShared(
    shared: SharedSocketCounts,
    accountId: string,
    token: string,
    ip: string | undefined,
  ): Promise<Refusal | undefined> {
    const s = limitKeys.session(accountId, token);
    const a = limitKeys.account(accountId);
    const { maxSocketsPerIp, maxSocketsPerSession, maxSocketsPerAccount } = this.tuning;
    let refusal: Refusal | undefined;
    try {
      // The address alone first (its own slot), then the session and account together.
      if (ip !== undefined) {
        const key = limitKeys.ip(ip);
        const over = await shared.admit([{ key, count: this.counts.get(key), max: maxSocketsPerIp }]);
        if (over >= 0) refusal = 'sockets_per_ip';
      }
      if (refusal === undefined) {
        const over = await shared.admit([
          { key: s, count: this.counts.get(s), max: maxSocketsPerSession },
          { key: a, count: this.counts.get(a), max: maxSocketsPerAccount },
        ]);
        if (over === 0) refusal = 'sockets_per_session';
        else if (over === 1) refusal = 'sockets_per_account';
      }
    } catch {
      // Redis failed mid-way: this node's counts decide (written when it is back).
      shared.changed(s);
      shared.changed(a);
      return undefined;
    }
    if (refusal !== undefined) {
      this.release(s);
      this.release(a);
      this.onRefusal(refusal);
    }
    return refusal;
  }

  closeSession(accountId: string, token: string): void {
    this.release(limitKeys.session(accountId, token));
    this.release(limitKeys.account(accountId));
  }

  private release(key: string): void {
    this.counts.release(key);
    this.shared?.changed(key);
  }
}
