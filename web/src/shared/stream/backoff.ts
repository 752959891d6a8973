/** Reconnect delays: exponential with "equal jitter" (half fixed, half random), capped. */
export interface BackoffOptions {
  /** Delay ceiling of the first retry, ms. */
  readonly baseMs: number;
  /** Ceiling of every retry, ms. */
  readonly maxMs: number;
}

export const DefaultBackoff: BackoffOptions = { baseMs: 500, maxMs: 15_000 };

/**
 * The delay before retry number `attempt` (1-based): the ceiling doubles per attempt up to
 * `maxMs`, and the delay is drawn from [ceiling/2, ceiling] so that a gateway restart does not see
 * every tab come back in the same millisecond, while no tab retries in a tight loop.
 * `random` is injected (0 <= r < 1) so tests are deterministic.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const n = Math.max(1, Math.floor(attempt));
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(n - 1, 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}
