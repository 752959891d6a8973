/**
 * Socket caps of one node (gateway/FEED.md "Limits"): per client address from the upgrade, per
 * session and per account from the welcome. A refused socket is closed with 4429 and counted in
 * `gateway_ws_refusals_total{reason}`. Counts are per node: behind a balancer over N nodes a client
 * can hold up to N times each cap.
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
}

/** The account key the upstream uses: ids are case-insensitive (sessions.ts keys the same way). */
export const accountKey = (accountId: string) => accountId.trim().toLowerCase();
const sessionKey = (accountId: string, token: string) => `${accountKey(accountId)}\u0000${token}`;

export class SocketLimits {
  private readonly ips = new Counts();
  private readonly sessions = new Counts();
  private readonly accounts = new Counts();

  constructor(
    private readonly tuning: Pick<
      FeedTuning,
      'maxSocketsPerIp' | 'maxSocketsPerSession' | 'maxSocketsPerAccount'
    >,
    private readonly onRefusal: (reason: Refusal) => void,
  ) {}

  /** A socket from `ip` was upgraded: false (and counted) when the address holds its maximum. */
  openIp(ip: string): boolean {
    if (this.ips.acquire(ip, this.tuning.maxSocketsPerIp)) return true;
    this.onRefusal('sockets_per_ip');
    return false;
  }

  closeIp(ip: string): void {
    this.ips.release(ip);
  }

  /** A socket's session was accepted: the refusal when its session or account is at its maximum. */
  openSession(accountId: string, token: string): Refusal | undefined {
    const s = sessionKey(accountId, token);
    const a = accountKey(accountId);
    let refusal: Refusal | undefined;
    if (this.sessions.get(s) >= this.tuning.maxSocketsPerSession) refusal = 'sockets_per_session';
    else if (this.accounts.get(a) >= this.tuning.maxSocketsPerAccount) refusal = 'sockets_per_account';
    if (refusal) {
      this.onRefusal(refusal);
      return refusal;
    }
    this.sessions.acquire(s, Number.POSITIVE_INFINITY);
    this.accounts.acquire(a, Number.POSITIVE_INFINITY);
    return undefined;
  }

  closeSession(accountId: string, token: string): void {
    this.sessions.release(sessionKey(accountId, token));
    this.accounts.release(accountKey(accountId));
  }
}
