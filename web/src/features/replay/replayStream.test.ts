/**
 * The replay bar's stream (replayStream.ts): one read and nothing more when no replay is served;
 * else a read every ReplayRefreshMs, never two at once, and the bar's subscription's end stops it.
 */
import type { ReplayView } from '@sportsbook/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplayRefreshMs, replayViews } from './replayStream.ts';

const view = (position: number): ReplayView => ({
  replay: {
    position,
    start: 0,
    end: 60_000,
    speed: 1,
    paused: false,
    loop: false,
    ended: false,
    mode: 'replay',
  },
  goals: [],
});

describe('replayViews', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads once and ends when no replay is served', async () => {
    const read = vi.fn(async () => null);
    const seen: ReplayView[] = [];
    let done = false;
    replayViews(read).subscribe({ next: (v) => seen.push(v), complete: () => (done = true) });
    await vi.advanceTimersByTimeAsync(ReplayRefreshMs * 5);
    expect(read).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
    expect(done).toBe(true);
  });

  it('reads again every ReplayRefreshMs while served, and stops when unsubscribed', async () => {
    let position = 0;
    const read = vi.fn(async () => {
      position += 1000;
      return view(position);
    });
    const seen: number[] = [];
    const subscription = replayViews(read).subscribe((v) => seen.push(v.replay.position));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1000]);
    await vi.advanceTimersByTimeAsync(ReplayRefreshMs * 3);
    expect(seen).toEqual([1000, 2000, 3000, 4000]);
    subscription.unsubscribe();
    await vi.advanceTimersByTimeAsync(ReplayRefreshMs * 3);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('never overlaps a slow read, and skips a failed one', async () => {
    let calls = 0;
    const read = vi.fn(
      () =>
        new Promise<ReplayView | null>((resolve) => {
          calls += 1;
          const n = calls;
          // The second read takes 2.5 periods; the third fails.
          setTimeout(() => resolve(n === 3 ? null : view(n)), n === 2 ? ReplayRefreshMs * 2.5 : 0);
        }),
    );
    const seen: number[] = [];
    const subscription = replayViews(read).subscribe((v) => seen.push(v.replay.position));
    await vi.advanceTimersByTimeAsync(ReplayRefreshMs * 4);
    // t=0 read 1; t=1000 read 2 (until 3500; ticks at 2000 and 3000 dropped); t=4000 read 3 (null).
    expect(calls).toBe(3);
    expect(seen).toEqual([1, 2]);
    subscription.unsubscribe();
  });
});
