// @vitest-environment jsdom
/** `useNow`: ticks on the period's boundaries, one timer per period for every reader, none when idle. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './useNow.ts';

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T08:00:00.400Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the wall time and turns with each multiple of the period', () => {
    const { result, unmount } = renderHook(() => useNow(1000));
    expect(result.current).toBe(Date.parse('2026-11-27T08:00:00.400Z'));
    act(() => vi.advanceTimersByTime(599));
    expect(result.current).toBe(Date.parse('2026-11-27T08:00:00.400Z'));
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(Date.parse('2026-11-27T08:00:01.000Z'));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(Date.parse('2026-11-27T08:00:02.000Z'));
    unmount();
  });

  it('shares one timer between readers of a period and stops when the last one leaves', () => {
    const a = renderHook(() => useNow(60_000));
    const b = renderHook(() => useNow(60_000));
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(60_000));
    expect(a.result.current).toBe(b.result.current);
    expect(a.result.current % 60_000).toBe(0);
    a.unmount();
    expect(vi.getTimerCount()).toBe(1);
    b.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a reader mounted after an idle spell sees the time now, not the last tick', () => {
    const first = renderHook(() => useNow(1000));
    first.unmount();
    vi.setSystemTime(new Date('2026-11-27T09:00:00.000Z'));
    const second = renderHook(() => useNow(1000));
    expect(second.result.current).toBe(Date.parse('2026-11-27T09:00:00.000Z'));
    second.unmount();
  });
});
