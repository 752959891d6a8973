/**
 * The promotions `eventlist` serves, generated from the world: nothing is stored,
 * every answer is computed from the seed, the simulator's clock and the matches the world holds, so
 * two simulators with one seed answer alike at the same time.
 * - A league promotion (`parlay` bonus or `cashback` week) runs one GMT+8 week (Monday 00:00 to the
 *   next Monday 00:00) for about a third of the leagues with matches to come, picked per league and
 *   week from the seed (at least one league always has one).
 * - A match promotion (`boost`) runs the 24 hours before kick-off for about one upcoming match in
 *   five, picked per match from the seed; listed (upcoming) from 48 hours before kick-off, at most 8,
 *   soonest first.
 * Texts are the member's language (eventTexts.ts); team and league names are the world's.
 * Virtual sports (180/181) and outright events have no promotions.
 */
import type { Language } from '@sportsbook/protocol';
import { textSeed } from '../world/rng.ts';
import type { MatchResultRow } from '../world/types.ts';
import { type PromoKind, promoText } from './eventTexts.ts';

const DayMs = 86_400_000;
const WeekMs = 7 * DayMs;
const Gmt8Ms = 8 * 3_600_000;
const BoostWindowMs = DayMs;
/** Boosts are listed this long before kick-off (upcoming until the last day before it). */
const BoostListedMs = 2 * DayMs;
const MaxBoosts = 8;
const VirtualSports = new Set([180, 181]);

/** One promotion as `eventlist` answers it (protocol schemas/info.ts PromoEventRow). */
export interface PromoEvent {
  event_id: number;
  kind: PromoKind;
  title: string;
  content: string;
  /** UTC ms. */
  start: number;
  end: number;
  /** 0 upcoming, 1 running (ended ones are not listed). */
  status: 0 | 1;
  sport_id: number;
  league_id: number;
  league_name: string;
  match_id?: number;
  home?: string;
  away?: string;
  kickoff?: number;
}

/** The GMT+8 week holding `now`: its number since the epoch and its Monday 00:00 (UTC ms). */
export function gmt8Week(now: number): { week: number; start: number } {
  const days = Math.floor((now + Gmt8Ms) / DayMs);
  // 1970-01-01 was a Thursday: (days + 3) % 7 is 0 on a Monday.
  const monday = days - ((days + 3) % 7);
  return { week: Math.floor(monday / 7), start: monday * DayMs - Gmt8Ms };
}

/** The window of matches `promoEvents` is given: this week's and the next day's. */
export function promoWindow(now: number): { from: number; to: number } {
  const { start } = gmt8Week(now);
  return { from: start, to: Math.max(start + WeekMs, now + BoostListedMs + 1) };
}

/**
 * The promotions at `now` from the world's matches in `promoWindow(now)` (any order), in
 * `language`: running ones first, then by start, then by id.
 */
export function promoEvents(
  rows: readonly MatchResultRow[],
  seed: number,
  now: number,
  language: Language,
): PromoEvent[] {
  const { week, start: weekStart } = gmt8Week(now);
  const playable = rows.filter((r) => !r.outright && !VirtualSports.has(r.sportId));
  const events: PromoEvent[] = [];

  // League promotions: leagues with a match still to play this week.
  const leagues = new Map<number, MatchResultRow>();
  for (const r of playable) {
    if (r.status !== 0 || r.kickoff >= weekStart + WeekMs || r.kickoff < now) continue;
    if (!leagues.has(r.leagueId)) leagues.set(r.leagueId, r);
  }
  const draws = [...leagues.values()]
    .map((r) => ({ r, h: textSeed(`${seed}:league:${r.leagueId}:${week}`) }))
    .sort((a, b) => a.r.leagueId - b.r.leagueId);
  const picked = draws.filter((d) => d.h % 3 === 0);
  const lowest = draws.reduce<(typeof draws)[number] | undefined>(
    (m, d) => (m && m.h <= d.h ? m : d),
    undefined,
  );
  if (picked.length === 0 && lowest) picked.push(lowest);
  for (const { r, h } of picked) {
    const kind: PromoKind = (h >>> 8) % 2 === 0 ? 'parlay' : 'cashback';
    events.push({
      event_id: (week * 100_000 + r.leagueId) * 10 + 2,
      kind,
      ...promoText(kind, language, { league: r.leagueName }),
      start: weekStart,
      end: weekStart + WeekMs,
      status: 1,
      sport_id: r.sportId,
      league_id: r.leagueId,
      league_name: r.leagueName,
    });
  }

  // Match boosts: upcoming matches kicking off within two days.
  const boosts = playable
    .filter(
      (r) =>
        r.status === 0 &&
        r.kickoff > now &&
        r.kickoff <= now + BoostListedMs &&
        textSeed(`${seed}:match:${r.matchId}`) % 5 === 0,
    )
    .sort((a, b) => a.kickoff - b.kickoff || a.matchId - b.matchId)
    .slice(0, MaxBoosts);
  for (const r of boosts) {
    const start = r.kickoff - BoostWindowMs;
    events.push({
      event_id: r.matchId * 10 + 1,
      kind: 'boost',
      ...promoText('boost', language, { match: `${r.home} v ${r.away}`, league: r.leagueName }),
      start,
      end: r.kickoff,
      status: start <= now ? 1 : 0,
      sport_id: r.sportId,
      league_id: r.leagueId,
      league_name: r.leagueName,
      match_id: r.matchId,
      home: r.home,
      away: r.away,
      kickoff: r.kickoff,
    });
  }
  return events.sort((a, b) => b.status - a.status || a.start - b.start || a.event_id - b.event_id);
}
