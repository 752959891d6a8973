/**
 * A token bucket: `perSecond` sustained, `burst` at once. Time comes in as an argument (ms), so the
 * bucket itself reads no clock. Used per socket (frames), per node (topic checks) and per account
 * (topic checks, in front of the node's bucket: gate.ts).
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.refilledAt = now;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond);
    this.refilledAt = now;
  }

  /** Whether a token is there at `now` (none taken). */
  has(now: number): boolean {
    this.refill(now);
    return this.tokens >= 1;
  }

  /** Takes one token; false (nothing taken) when the bucket is empty. */
  take(now: number): boolean {
    if (!this.has(now)) return false;
    this.tokens -= 1;
    return true;
  }

  /** The bucket is full at `now`: it would behave as a new one (so it can be forgotten). */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }
}
