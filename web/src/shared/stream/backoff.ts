import { EMPTY, type MonoTypeOperatorFunction, retry, timer } from 'rxjs';

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

/** What a failed connection does next: stop retrying, come back soon (a short jittered pause: the
 * node asked to be left at once), or wait its backoff. */
export type RetryChoice = 'stop' | 'soon' | 'backoff';

/**
 * The reconnect loop as one RxJS operator: on an error the source is subscribed again after
 * `backoffDelay(attempt)` (attempts counted from 1, reset by the first value of a new
 * subscription), after up to `baseMs` when `choose` says 'soon', or never ('stop': the stream
 * completes). `choose` sees every failure first (the stream notes its connection state there).
 */
export function retryWithBackoff<T>(options: {
  backoff: BackoffOptions;
  random: () => number;
  choose: (error: unknown, attempt: number) => RetryChoice;
}): MonoTypeOperatorFunction<T> {
  const { backoff, random, choose } = options;
  return retry({
    resetOnSuccess: true,
    delay: (error: unknown, attempt: number) => {
      const choice = choose(error, attempt);
      if (choice === 'stop') return EMPTY;
      return timer(
        choice === 'soon' ? Math.round(backoff.baseMs * random()) : backoffDelay(attempt, backoff, random),
      );
    },
  });
}
