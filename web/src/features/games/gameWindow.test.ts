import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchClosed } from './gameWindow.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('game window watch', () => {
  it('calls back once when the window closes, and never after a stop', () => {
    vi.useFakeTimers();
    const win = { closed: false };
    let calls = 0;
    watchClosed(win, () => calls++, 100);
    vi.advanceTimersByTime(1_000);
    expect(calls).toBe(0);
    win.closed = true;
    vi.advanceTimersByTime(1_000);
    expect(calls).toBe(1);

    const other = { closed: false };
    let later = 0;
    const stop = watchClosed(other, () => later++, 100);
    stop();
    other.closed = true;
    vi.advanceTimersByTime(1_000);
    expect(later).toBe(0);
  });
});
