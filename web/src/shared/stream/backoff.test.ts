import { defer, throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { backoffDelay, type RetryChoice, retryWithBackoff } from './backoff.ts';

const options = { baseMs: 50, maxMs: 400 };

/** A source that fails on every subscription, noting the virtual time of each; after `emitOn`
 * subscriptions it emits one value (a welcome) before failing. */
function failing(scheduler: TestScheduler, times: number[], emitOn = new Set<number>()) {
  return defer(() => {
    times.push(scheduler.now());
    const n = times.length;
    return emitOn.has(n) ? scheduler.createColdObservable('a#') : throwError(() => new Error(`fail ${n}`));
  });
}

describe('retryWithBackoff', () => {
  it('resubscribes after the backoff delays (doubling, capped, jittered by random) and stops when told', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const times: number[] = [];
    const attempts: number[] = [];
    scheduler.run(({ expectObservable }) => {
      const choose = (_: unknown, attempt: number): RetryChoice => {
        attempts.push(attempt);
        return attempt > 5 ? 'stop' : 'backoff';
      };
      // random 0: every delay is the ceiling's half: 25, 50, 100, 200, 200 (ceiling capped at 400).
      const retried = failing(scheduler, times).pipe(
        retryWithBackoff({ backoff: options, random: () => 0, choose }),
      );
      expectObservable(retried).toBe('575ms |');
    });
    expect(times).toEqual([0, 25, 75, 175, 375, 575]);
    expect(attempts).toEqual([1, 2, 3, 4, 5, 6]);
    expect(times.slice(1).map((t, i) => t - (times[i] ?? 0))).toEqual(
      [1, 2, 3, 4, 5].map((n) => backoffDelay(n, options, () => 0)),
    );
  });

  it("resets the attempt count on a value, and 'soon' waits up to baseMs only", () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const times: number[] = [];
    const attempts: number[] = [];
    scheduler.run(({ expectObservable }) => {
      const choose = (_: unknown, attempt: number): RetryChoice => {
        attempts.push(attempt);
        if (times.length >= 5) return 'stop';
        return times.length === 4 ? 'soon' : 'backoff';
      };
      // The third subscription emits a value before it fails: the next failure is attempt 1 again.
      const retried = failing(scheduler, times, new Set([3])).pipe(
        retryWithBackoff({ backoff: options, random: () => 0.5, choose }),
      );
      // random 0.5: delays of 3/4 of the ceiling: 38, 75; a value at 113 and the failure at 114 is
      // attempt 1 again (38), then 'soon' (25), then stop.
      expectObservable(retried).toBe('113ms a 63ms |');
    });
    expect(times).toEqual([0, 38, 113, 152, 177]);
    expect(attempts).toEqual([1, 2, 1, 2, 3]);
  });
});
