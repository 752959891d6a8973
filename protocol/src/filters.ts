/**
 * Board filters (SPEC section 4): the kickoff time filter, the league filter, and GMT+8 display.
 * Time comes in as an argument (`now`, UTC epoch ms); nothing here reads the clock.
 *
 * Time filter semantics (ours where the spec is silent):
 * - Every window is half-open `[from, to)` over the kickoff time, in UTC ms, computed in GMT+8
 *   (Asia/Kuala_Lumpur: fixed +08:00, no DST since 1982, so the offset is exact arithmetic).
 * - A window never reaches into the past: `from >= now`. A match that has already kicked off is
 *   outside every window except mode 0; in-play matches are listed by the live market group,
 *   which is not time filtered.
 * - 9, 1, 2: from now for 2, 4, 8 hours. 3: from now until the next 00:00 GMT+8.
 * - 4 (00:00-04:00) and 5 (04:00-12:00): the first such block that has not ended yet: today's
 *   block while now is before its end (clipped to start at now when now is inside it), otherwise
 *   tomorrow's. So at 02:00 mode 4 is [02:00, 04:00) today; at 05:00 it is tomorrow 00:00-04:00.
 * - 0 and any unknown mode: no filter (`timeWindow` returns null, every match passes).
 */
import {
  DisplayTimeZone,
  DisplayUtcOffsetMs,
  LeagueFilter,
  type LeagueFilter as LeagueFilterMode,
  TimeFilter,
  type TimeFilter as TimeFilterMode,
} from './constants.ts';
import type { LeagueRow } from './rows.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface TimeWindow {
  /** Inclusive, UTC ms. */
  readonly from: number;
  /** Exclusive, UTC ms. */
  readonly to: number;
}

/** UTC ms of 00:00 GMT+8 on the GMT+8 calendar day containing `utcMs`. */
export function gmt8DayStart(utcMs: number): number {
  const local = utcMs + DisplayUtcOffsetMs;
  return local - (((local % DAY) + DAY) % DAY) - DisplayUtcOffsetMs;
}

/** Day of week in GMT+8: 0 Sunday .. 6 Saturday. */
export function gmt8Weekday(utcMs: number): number {
  return new Date(utcMs + DisplayUtcOffsetMs).getUTCDay();
}

function nextBlock(now: number, startHour: number, endHour: number): TimeWindow {
  const day = gmt8DayStart(now);
  let from = day + startHour * HOUR;
  let to = day + endHour * HOUR;
  if (now >= to) {
    from += DAY;
    to += DAY;
  }
  return { from: Math.max(from, now), to };
}

/** The kickoff window of a time filter mode at `now`, or null when the mode filters nothing. */
export function timeWindow(mode: TimeFilterMode | number, now: number): TimeWindow | null {
  if (typeof now !== 'number' || !Number.isFinite(now)) return null;
  switch (mode) {
    case TimeFilter.next2h:
      return { from: now, to: now + 2 * HOUR };
    case TimeFilter.next4h:
      return { from: now, to: now + 4 * HOUR };
    case TimeFilter.next8h:
      return { from: now, to: now + 8 * HOUR };
    case TimeFilter.untilMidnight:
      return { from: now, to: gmt8DayStart(now) + DAY };
    case TimeFilter.midnightTo4:
      return nextBlock(now, 0, 4);
    case TimeFilter.fourToNoon:
      return nextBlock(now, 4, 12);
    default:
      return null;
  }
}

/** True when a match kicking off at `kickoff` (UTC ms) is shown under `mode` at `now`. */
export function matchInTimeFilter(kickoff: number, mode: TimeFilterMode | number, now: number): boolean {
  const window = timeWindow(mode, now);
  if (window === null) return true;
  return typeof kickoff === 'number' && kickoff >= window.from && kickoff < window.to;
}

/** Startup time filter (SPEC section 4): next 4 hours on Saturday and Sunday in GMT+8, else all. */
export function defaultTimeFilter(now: number): TimeFilterMode {
  const day = gmt8Weekday(now);
  return day === 0 || day === 6 ? TimeFilter.next4h : TimeFilter.all;
}

/**
 * Views the time filter applies to (SPEC section 4: "all/today/1/hdpou views, never outright").
 * These are the menu state values of SPEC section 3 (menu0 'all', menu1 'today', menu2 sport 1,
 * menu3 'hdpou'); the board asks with the view it is rendering. Anything else, outright
 * included, is never time filtered.
 */
export const TimeFilteredViews = ['all', 'today', '1', 'hdpou'] as const;

export function timeFilterApplies(view: string | number): boolean {
  return (TimeFilteredViews as readonly string[]).includes(String(view));
}

export interface LeagueFlags {
  /** 1 main league, 0 other. */
  readonly flag: number;
  /** 25 marks a special league shown with the main ones in mode 1. */
  readonly code: number;
}

/**
 * League filter by market (SPEC section 4): 1 flag 1 or code 25; 2 flag 1 only; 3 flag 0 only.
 * Any other mode shows every league.
 */
export function leagueVisible(league: LeagueFlags | LeagueRow, mode: LeagueFilterMode | number): boolean {
  const flag = Array.isArray(league) ? league[3] : (league as LeagueFlags).flag;
  const code = Array.isArray(league) ? league[4] : (league as LeagueFlags).code;
  switch (mode) {
    case LeagueFilter.mainOrSpecial:
      return flag === 1 || code === 25;
    case LeagueFilter.mainOnly:
      return flag === 1;
    case LeagueFilter.otherOnly:
      return flag === 0;
    default:
      return true;
  }
}

// ---- display ----------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone: DisplayTimeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

const TOKENS = /'[^']*'|yyyy|yy|MMM|MM|M|dd|d|HH|H|hh|h|mm|ss|EEE|a/g;

/**
 * Formats a UTC instant in GMT+8. Pattern tokens: yyyy yy MMM MM M dd d HH H hh h mm ss EEE a;
 * text in single quotes is literal. MMM and EEE use `locale` (default en-US). Returns '' for a
 * non-finite instant.
 * Example: formatGmt8(Date.UTC(2026, 0, 3, 16, 5), 'yyyy-MM-dd HH:mm') === '2026-01-04 00:05'.
 */
export function formatGmt8(utcMs: number, pattern: string, locale = 'en-US'): string {
  if (typeof utcMs !== 'number' || !Number.isFinite(utcMs) || Math.abs(utcMs) > 8.64e15) return '';
  // Numbers come from the fixed offset; Intl supplies the localized month and weekday names.
  const local = new Date(utcMs + DisplayUtcOffsetMs);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const day = local.getUTCDate();
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  const second = local.getUTCSeconds();
  let names: { month: string; weekday: string } | undefined;
  const name = (kind: 'month' | 'weekday'): string => {
    if (!names) {
      const parts = formatterFor(locale).formatToParts(utcMs);
      names = {
        month: parts.find((p) => p.type === 'month')?.value ?? String(month),
        weekday: parts.find((p) => p.type === 'weekday')?.value ?? '',
      };
    }
    return names[kind];
  };
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return String(pattern).replace(TOKENS, (token) => {
    switch (token) {
      case 'yyyy':
        return pad(year, 4);
      case 'yy':
        return pad(year % 100);
      case 'MMM':
        return name('month');
      case 'MM':
        return pad(month);
      case 'M':
        return String(month);
      case 'dd':
        return pad(day);
      case 'd':
        return String(day);
      case 'HH':
        return pad(hour);
      case 'H':
        return String(hour);
      case 'hh':
        return pad(h12);
      case 'h':
        return String(h12);
      case 'mm':
        return pad(minute);
      case 'ss':
        return pad(second);
      case 'EEE':
        return name('weekday');
      case 'a':
        return hour < 12 ? 'AM' : 'PM';
      default:
        return token.slice(1, -1);
    }
  });
}
