import { describe, expect, it } from 'vitest';
import { clockKey, gmt8, standingsPath } from './liveApi.ts';
import { isHls } from './Player.tsx';

describe('live page helpers', () => {
  it('names the period and the minute played of a live clock', () => {
    expect(clockKey({ period: 1, clock: 23 * 60 + 59 })).toEqual({ key: 'clock.1', min: 23 });
    expect(clockKey({ period: 2, clock: 45 * 60 })).toEqual({ key: 'clock.2', min: 45 });
    expect(clockKey({ period: 9, clock: 0 })).toEqual({ key: 'clock.other', min: 0 });
  });

  it('tells an HLS URL from a WebM one', () => {
    expect(isHls('/media/a.m3u8')).toBe(true);
    expect(isHls('/media/a.M3U8?t=1')).toBe(true);
    expect(isHls('/media/live-1.webm')).toBe(false);
  });

  it('shows times in GMT+8 and builds the standings URL', () => {
    expect(gmt8(Date.UTC(2026, 0, 3, 16, 5))).toBe('01/04 00:05');
    expect(standingsPath()).toBe('/standings');
    expect(standingsPath(12)).toBe('/standings?league=12');
  });
});
