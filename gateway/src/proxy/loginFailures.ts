/**
 * Failed logins per (account, client address) in a fixed window: after `max` failures
 * from one address, that address gets `loginLimit` for the account until the window ends, while
 * the owner, from another address, still logs in. Successful logins are not counted. Bounded by
 * an LRU (lru-cache), so a flood of made-up account ids costs bounded memory; in-process, like the
 * other login limits (each node counts its own).
 */
import { LRUCache } from 'lru-cache';

interface Window {
  failures: number;
  /** When this window ends (ms, the injected clock). */
  endsAt: number;
}

export class LoginFailures {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly options: { max: number; windowMs: number; maxEntries?: number },
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new LRUCache<string, Window>({ max: options.maxEntries ?? 100_000 });
  }

  static key(account: string, address: string): string {
    return `${account}\u0000${address}`;
  }

  /** Seconds until this key may try again, or 0 when it may now. */
  blockedFor(key: string): number {
    const window = this.windows.get(key);
    const now = this.now();
    if (window === undefined || window.endsAt <= now || window.failures < this.options.max) return 0;
    return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
  }

  /** One more failed login for this key. */
  fail(key: string): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      this.windows.set(key, { failures: 1, endsAt: now + this.options.windowMs });
    } else {
      window.failures++;
    }
  }
}
