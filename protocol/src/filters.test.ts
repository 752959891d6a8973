import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimeFilter } from './constants.ts';
import {
  defaultTimeFilter,
  formatGmt8,
  gmt8DayStart,
  leagueVisible,
  matchInTimeFilter,
  timeFilterApplies,
  timeWindow,
} from './filters.ts';
import type { LeagueRow } from './rows.ts';

const HOUR = 3_600_000;
/** UTC ms of a GMT+8 wall-clock time. */
const gmt8 = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h - 8, mi);
const modes = Object.values(TimeFilter);
// 2000..2100, covering every offset within a day.
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });

describe('timeWindow', () => {
  const now = gmt8(2026, 3, 11, 14, 30); // Wednesday 14:30 GMT+8

  it('modes 9, 1, 2 run from now for 2, 4, 8 hours', () => {
    expect(timeWindow(9, now)).toEqual({ from: now, to: now + 2 * HOUR });
    expect(timeWindow(1, now)).toEqual({ from: now, to: now + 4 * HOUR });
    expect(timeWindow(2, now)).toEqual({ from: now, to: now + 8 * HOUR });
  });

  it('mode 3 runs until the next midnight GMT+8', () => {
    expect(timeWindow(3, now)).toEqual({ from: now, to: gmt8(2026, 3, 12) });
    // 23:59 UTC+8 is 15:59 UTC: still the same GMT+8 day.
    expect(timeWindow(3, gmt8(2026, 3, 11, 23, 59))?.to).toBe(gmt8(2026, 3, 12));
    // 16:00 UTC is already the next GMT+8 day.
    expect(timeWindow(3, Date.UTC(2026, 2, 11, 16, 0))?.to).toBe(gmt8(2026, 3, 13));
  });

  it('mode 4 is the next 00:00-04:00 block that has not ended', () => {
    expect(timeWindow(4, now)).toEqual({ from: gmt8(2026, 3, 12, 0), to: gmt8(2026, 3, 12, 4) });
    const inside = gmt8(2026, 3, 11, 2);
    expect(timeWindow(4, inside)).toEqual({ from: inside, to: gmt8(2026, 3, 11, 4) });
    expect(timeWindow(4, gmt8(2026, 3, 11, 4))).toEqual({
      from: gmt8(2026, 3, 12, 0),
      to: gmt8(2026, 3, 12, 4),
    });
  });

  it('mode 5 is the next 04:00-12:00 block that has not ended', () => {
    expect(timeWindow(5, gmt8(2026, 3, 11, 1))).toEqual({
      from: gmt8(2026, 3, 11, 4),
      to: gmt8(2026, 3, 11, 12),
    });
    expect(timeWindow(5, gmt8(2026, 3, 11, 5))).toEqual({
      from: gmt8(2026, 3, 11, 5),
      to: gmt8(2026, 3, 11, 12),
    });
    expect(timeWindow(5, now)).toEqual({ from: gmt8(2026, 3, 12, 4), to: gmt8(2026, 3, 12, 12) });
  });

  it('mode 0 and unknown modes filter nothing', () => {
    expect(timeWindow(0, now)).toBeNull();
    expect(timeWindow(7, now)).toBeNull();
    expect(timeWindow(1, Number.NaN)).toBeNull();
    expect(matchInTimeFilter(now - 10 * HOUR, 0, now)).toBe(true);
  });

  it('a match that already kicked off is outside every window', () => {
    for (const mode of modes.filter((m) => m !== 0)) {
      expect(matchInTimeFilter(now - 1, mode, now)).toBe(false);
    }
  });

  it('law: every window is non-empty, starts at or after now, ends after now, within its length (property)', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...modes), (t, mode) => {
        const window = timeWindow(mode, t);
        if (mode === 0) {
          expect(window).toBeNull();
          return;
        }
        expect(window).not.toBeNull();
        if (!window) return;
        expect(window.from).toBeGreaterThanOrEqual(t);
        expect(window.to).toBeGreaterThan(window.from);
        expect(window.to - t).toBeLessThanOrEqual(24 * HOUR + 12 * HOUR);
        const maxHours: Record<number, number> = { 9: 2, 1: 4, 2: 8, 3: 24, 4: 4, 5: 8 };
        expect(window.to - window.from).toBeLessThanOrEqual((maxHours[mode] ?? 0) * HOUR);
      }),
      { numRuns: 1000 },
    );
  });

  it('law: blocks 4 and 5 lie inside their GMT+8 hours (property)', () => {
    fc.assert(
      fc.property(instant, (t) => {
        for (const [mode, start, end] of [
          [4, 0, 4],
          [5, 4, 12],
        ] as const) {
          const window = timeWindow(mode, t);
          if (!window) throw new Error('no window');
          const day = gmt8DayStart(window.to - 1);
          expect(window.to).toBe(day + end * HOUR);
          expect(window.from).toBeGreaterThanOrEqual(day + start * HOUR);
          // It is the first such block: the same block one day earlier has already ended.
          expect(window.to - 24 * HOUR).toBeLessThanOrEqual(t);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('law: matchInTimeFilter is membership of [from, to) (property)', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: -48 * HOUR, max: 48 * HOUR }),
        fc.constantFrom(...modes),
        (t, d, mode) => {
          const window = timeWindow(mode, t);
          const inside = window === null || (t + d >= window.from && t + d < window.to);
          expect(matchInTimeFilter(t + d, mode, t)).toBe(inside);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('defaultTimeFilter', () => {
  it('is 1 on Saturday and Sunday GMT+8, 0 otherwise, at the UTC midnight boundaries', () => {
    // Friday 23:59:59.999 GMT+8 = Friday 15:59:59.999 UTC.
    expect(defaultTimeFilter(gmt8(2026, 3, 13, 24) - 1)).toBe(0);
    // Saturday 00:00 GMT+8 = Friday 16:00 UTC: a weekend in GMT+8 while still Friday in UTC.
    expect(defaultTimeFilter(Date.UTC(2026, 2, 13, 16, 0))).toBe(1);
    // Sunday 23:59 GMT+8, then Monday 00:00 GMT+8 (= Sunday 16:00 UTC).
    expect(defaultTimeFilter(gmt8(2026, 3, 15, 23, 59))).toBe(1);
    expect(defaultTimeFilter(Date.UTC(2026, 2, 15, 16, 0))).toBe(0);
    // Monday 07:00 UTC is Monday in both.
    expect(defaultTimeFilter(Date.UTC(2026, 2, 16, 7))).toBe(0);
  });

  it('law: 1 exactly when Intl says the Kuala Lumpur weekday is Sat or Sun (property)', () => {
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kuala_Lumpur', weekday: 'short' });
    fc.assert(
      fc.property(instant, (t) => {
        const name = weekday.format(t);
        expect(defaultTimeFilter(t)).toBe(name === 'Sat' || name === 'Sun' ? 1 : 0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('timeFilterApplies', () => {
  it('applies to the all/today/1/hdpou views, never outright', () => {
    for (const view of ['all', 'today', 1, '1', 'hdpou']) expect(timeFilterApplies(view)).toBe(true);
    for (const view of ['outright', 'early', 'live', 'parlay', 2, ''])
      expect(timeFilterApplies(view)).toBe(false);
  });
});

describe('leagueVisible', () => {
  const league = (flag: 0 | 1, code: number): LeagueRow => [1, 1, 'L', flag, code, 0, 'X'];
  it('mode 1: flag 1 or code 25; mode 2: flag 1; mode 3: flag 0', () => {
    expect(leagueVisible(league(1, 0), 1)).toBe(true);
    expect(leagueVisible(league(0, 25), 1)).toBe(true);
    expect(leagueVisible(league(0, 0), 1)).toBe(false);
    expect(leagueVisible(league(1, 0), 2)).toBe(true);
    expect(leagueVisible(league(0, 25), 2)).toBe(false);
    expect(leagueVisible(league(0, 25), 3)).toBe(true);
    expect(leagueVisible({ flag: 1, code: 25 }, 3)).toBe(false);
    expect(leagueVisible({ flag: 0, code: 0 }, 0)).toBe(true);
  });
});

describe('formatGmt8', () => {
  it('formats in GMT+8', () => {
    const t = Date.UTC(2026, 0, 3, 16, 5, 9);
    expect(formatGmt8(t, 'yyyy-MM-dd HH:mm:ss')).toBe('2026-01-04 00:05:09');
    expect(formatGmt8(t, "EEE d MMM yy, h:mm a 'GMT+8'")).toBe('Sun 4 Jan 26, 12:05 AM GMT+8');
    expect(formatGmt8(Number.NaN, 'yyyy')).toBe('');
  });

  it('agrees with Intl in Asia/Kuala_Lumpur (property)', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kuala_Lumpur',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(instant, (t) => {
        expect(formatGmt8(t, 'dd/MM/yyyy, HH:mm:ss')).toBe(intl.format(t));
      }),
      { numRuns: 500 },
    );
  });
});
