/**
 * Sessions, token-launch tokens and the two rate limits. These run on the wall clock (real time,
 * injectable for tests), not on the sim clock: they are about real clients, and a sim running at
 * 60x must not expire a session in 30 real seconds.
 */
import { randomBytes } from 'node:crypto';
import { AccountLimits } from '@sportsbook/protocol';
import { reject } from '../reply.ts';
import type { Session } from './types.ts';

export interface SessionOptions {
  /** Idle time after which a session expires (sliding), default 30 minutes. */
  sessionTtlMs: number;
  /** Lifetime of a token-launch token, default 5 minutes; single use. */
  launchTokenTtlMs: number;
  /** Failed logins in a row (per login id and client IP together) before loginLimit, default 5. */
  loginFailures: number;
  /** Calls per account per second before requestLimit; 0 disables. Default 50. */
  requestsPerSecond: number;
}

export class Sessions {
  private readonly sessions = new Map<string, Session>();
  private readonly launchTokens = new Map<string, { accountId: string; expiresAt: number }>();
  private readonly failures = new Map<string, { count: number; lockedUntil: number }>();
  private readonly windows = new Map<string, { second: number; count: number }>();

  constructor(
    private readonly options: SessionOptions,
    private readonly wallNow: () => number,
  ) {}

  create(accountId: string): Session {
    const now = this.wallNow();
    const session: Session = {
      token: randomBytes(24).toString('hex'),
      accountId,
      createdAt: now,
      lastSeen: now,
      expiresAt: now + this.options.sessionTtlMs,
    };
    this.sessions.set(session.token, session);
    return session;
  }

  /** The live session of `token` for `accountId`, touched (sliding expiry). */
  check(accountId: string, token: string): Session {
    const session = this.sessions.get(token);
    if (!session) reject('session_not_exists');
    if (session.accountId !== accountId.trim().toLowerCase()) reject('invalidSession');
    const now = this.wallNow();
    if (now >= session.expiresAt) {
      this.sessions.delete(token);
      reject('session_expired');
    }
    session.lastSeen = now;
    session.expiresAt = now + this.options.sessionTtlMs;
    return session;
  }

  revoke(token: string): void {
    this.sessions.delete(token);
  }

  /** Ends every session of an account (switch login, restriction), or all when no id is given. */
  revokeAccount(accountId?: string, except?: string): number {
    let count = 0;
    for (const [token, session] of this.sessions) {
      if ((accountId === undefined || session.accountId === accountId) && token !== except) {
        this.sessions.delete(token);
        count++;
      }
    }
    return count;
  }

  /** Marks the sessions of an account (or all) expired, for tests of session_expired. */
  expireAccount(accountId?: string): number {
    let count = 0;
    const now = this.wallNow();
    for (const session of this.sessions.values()) {
      if (accountId === undefined || session.accountId === accountId) {
        session.expiresAt = now;
        count++;
      }
    }
    return count;
  }

  createLaunchToken(accountId: string): string {
    const token = randomBytes(24).toString('hex');
    this.launchTokens.set(token, { accountId, expiresAt: this.wallNow() + this.options.launchTokenTtlMs });
    return token;
  }

  /** Single use: the token is gone after this call whatever the outcome. */
  useLaunchToken(token: string): string {
    const entry = this.launchTokens.get(token);
    this.launchTokens.delete(token);
    if (!entry) reject('invalidSession');
    // A launch token past its life: sessionExpired, the launch route's code (session_expired is a
    // member session's).
    if (this.wallNow() >= entry.expiresAt) reject('sessionExpired');
    return entry.accountId;
  }

  /**
   * Throws loginLimit while the login id is locked for this client IP (SPEC: retry after 1
   * minute). Failures count per login id and IP together: wrong passwords from one address lock
   * that address out of that account, never the owner logging in from another.
   */
  assertLoginAllowed(loginId: string, ip: string): void {
    const entry = this.failures.get(failureKey(loginId, ip));
    if (entry && entry.lockedUntil > this.wallNow()) reject('loginLimit');
  }

  loginFailed(loginId: string, ip: string): void {
    const key = failureKey(loginId, ip);
    const entry = this.failures.get(key) ?? { count: 0, lockedUntil: 0 };
    if (entry.lockedUntil !== 0 && entry.lockedUntil <= this.wallNow()) {
      entry.count = 0;
      entry.lockedUntil = 0;
    }
    entry.count++;
    if (entry.count >= this.options.loginFailures)
      entry.lockedUntil = this.wallNow() + AccountLimits.loginRetryWaitMs;
    this.failures.set(key, entry);
    if (this.failures.size > 100_000) this.failures.clear();
  }

  loginSucceeded(loginId: string, ip: string): void {
    this.failures.delete(failureKey(loginId, ip));
  }

  /** Fixed one-second window per key (account id); requestLimit above the configured rate. */
  assertRequestAllowed(key: string): void {
    if (this.options.requestsPerSecond <= 0) return;
    const second = Math.floor(this.wallNow() / 1000);
    const window = this.windows.get(key);
    if (!window || window.second !== second) {
      if (this.windows.size > 100_000) this.windows.clear();
      this.windows.set(key, { second, count: 1 });
      return;
    }
    window.count++;
    if (window.count > this.options.requestsPerSecond) reject('requestLimit');
  }
}

function failureKey(loginId: string, ip: string): string {
  return `${loginId.trim().toLowerCase()}\u0000${ip}`;
}
