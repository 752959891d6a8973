/**
 * Session checks for `hello`, against the upstream (`POST /userprofile`, a read without side effects), cached briefly and
 * single-flighted per (account, token): a reconnect storm of one player's tabs, or of a thousand
 * players, is at most one upstream call per distinct session per cache period, not a login storm.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { UpstreamClient } from '../plugins/upstream.ts';

/** `unknown`: the upstream could not answer (down, rate limited); never a reason to log anyone out. */
export type SessionVerdict = 'valid' | 'invalid' | 'unknown';

interface Entry {
  verdict: SessionVerdict;
  at: number;
  pending: Promise<SessionVerdict> | undefined;
}

export interface SessionCheckerOptions {
  upstream: Pick<UpstreamClient, 'post'>;
  log: FastifyBaseLogger;
  cacheMs: number;
  negativeCacheMs: number;
  timeoutMs: number;
  now?: () => number;
  /** Verdicts shared by every node (cluster/stores.ts `RedisSessionCache`): one check per session for the cluster. */
  shared?: {
    get(accountId: string, token: string): Promise<'valid' | 'invalid' | undefined>;
    set(accountId: string, token: string, verdict: 'valid' | 'invalid', ttlMs: number): Promise<void>;
  };
}

const key = (accountId: string, token: string) => `${accountId.trim().toLowerCase()}\u0000${token}`;

export class SessionChecker {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: SessionCheckerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Upstream calls made (tests assert a storm is one call). */
  calls = 0;

  /** The session's verdict, from the cache when fresh; `force` skips a fresh valid entry. */
  check(accountId: string, token: string, force = false): Promise<SessionVerdict> {
    const k = key(accountId, token);
    const entry = this.entries.get(k);
    if (entry?.pending) return entry.pending;
    const now = this.now();
    if (entry && !force) {
      const ttl = entry.verdict === 'valid' ? this.options.cacheMs : this.options.negativeCacheMs;
      if (entry.verdict !== 'unknown' && now - entry.at < ttl) return Promise.resolve(entry.verdict);
    }
    const pending = this.ask(accountId, token, force).then((verdict) => {
      const previous = this.entries.get(k);
      // An outage keeps the last known answer: players already in stay in.
      const kept = verdict === 'unknown' && previous?.verdict === 'valid' ? 'valid' : verdict;
      this.entries.set(k, {
        verdict: kept,
        at: verdict === 'unknown' ? (previous?.at ?? 0) : this.now(),
        pending: undefined,
      });
      this.prune();
      return kept;
    });
    this.entries.set(k, { verdict: entry?.verdict ?? 'unknown', at: entry?.at ?? 0, pending });
    return pending;
  }

  private async ask(accountId: string, token: string, force = false): Promise<SessionVerdict> {
    const shared = this.options.shared;
    if (shared && !force) {
      const known = await shared.get(accountId, token);
      if (known !== undefined) return known;
    }
    const verdict = await this.askUpstream(accountId, token);
    if (shared && verdict !== 'unknown') {
      await shared.set(
        accountId,
        token,
        verdict,
        verdict === 'valid' ? this.options.cacheMs : this.options.negativeCacheMs,
      );
    }
    return verdict;
  }

  private async askUpstream(accountId: string, token: string): Promise<SessionVerdict> {
    this.calls++;
    try {
      const res = await this.options.upstream.post(
        '/userprofile',
        { account_id: accountId, session_token: token },
        { timeoutMs: this.options.timeoutMs },
      );
      const body = res.body as { status?: unknown; statusdesc?: unknown } | null;
      if (body?.status === 1) return 'valid';
      // The catalogue answers the session group (expired, unknown, blocked account...) with 401;
      // a malformed id is a 400. Rate limits (429) and server errors say nothing about the session.
      if (res.httpStatus === 401 || res.httpStatus === 400 || res.httpStatus === 403) return 'invalid';
      this.options.log.warn(
        { httpStatus: res.httpStatus, statusdesc: body?.statusdesc },
        'session check inconclusive',
      );
      return 'unknown';
    } catch (err) {
      this.options.log.warn({ err }, 'session check failed');
      return 'unknown';
    }
  }

  private prune(): void {
    if (this.entries.size < 10_000) return;
    const now = this.now();
    for (const [k, e] of this.entries) {
      if (!e.pending && now - e.at > this.options.cacheMs) this.entries.delete(k);
    }
  }
}
