/**
 * Pure helpers of the virtual sports view: the odds topics it reads, the events gathered
 * from them (each market with the topic its price came from, for the bet slip), countdowns, and the
 * text replay of an event's scoring.
 */
import type { MarketMatch, MarketModel, MarketOdds } from '@sportsbook/protocol';

/** The topics of a virtual sport: the win and line markets, before (today, early) and in play. */
export function virtualTopics(sportId: number): string[] {
  return ['today', 'early', 'live'].flatMap((group) =>
    ['1x2', 'hdpou'].map((market) => `odds/${sportId}/${market}/${group}`),
  );
}

/** The order markets show in: the win market first, then handicap and total. */
const MarketOrder = ['1X2', 'ML', 'HDP', 'OU', 'OE'];

export interface VirtualMarketView {
  readonly topic: string;
  readonly odds: MarketOdds;
}

export interface VirtualEventView {
  readonly match: MarketMatch;
  readonly leagueName: string;
  readonly markets: readonly VirtualMarketView[];
}

/** Events of the given topic models, sorted by kick-off; each odds row once, with its topic. */
export function collectEvents(
  models: readonly { readonly topic: string; readonly model: MarketModel | null }[],
): VirtualEventView[] {
  const events = new Map<
    number,
    { match: MarketMatch; leagueName: string; markets: Map<string, VirtualMarketView> }
  >();
  for (const { topic, model } of models) {
    if (!model) continue;
    for (const match of Object.values(model.match)) {
      const known = events.get(match.id);
      const entry = known ?? {
        match,
        leagueName: model.league[String(match.leagueId)]?.name ?? '',
        markets: new Map<string, VirtualMarketView>(),
      };
      // The live topic's row wins (it carries the score and clock).
      if (match.live === 1) entry.match = match;
      events.set(match.id, entry);
    }
    for (const odds of Object.values(model.odds)) {
      const entry = events.get(odds.matchId);
      if (entry && !entry.markets.has(odds.id)) entry.markets.set(odds.id, { topic, odds });
    }
  }
  return [...events.values()]
    .map((e) => ({
      match: e.match,
      leagueName: e.leagueName,
      markets: [...e.markets.values()].sort(
        (x, y) => MarketOrder.indexOf(x.odds.betType) - MarketOrder.indexOf(y.odds.betType),
      ),
    }))
    .sort((x, y) => x.match.kickoff - y.match.kickoff || x.match.id - y.match.id);
}

/** `m:ss` of a duration (0:00 when past). */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The pick names of a market's prices (keys of the `virtual` namespace). */
export function pickKeys(betType: string): string[] {
  switch (betType) {
    case '1X2':
      return ['pick.home', 'pick.draw', 'pick.away'];
    case 'OU':
      return ['pick.over', 'pick.under'];
    case 'OE':
      return ['pick.odd', 'pick.even'];
    default:
      return ['pick.home', 'pick.away'];
  }
}

export interface ReplayGoal {
  readonly sec: number;
  readonly side: 'H' | 'A';
  readonly points: number;
}

export interface ReplayLine {
  /** Game minute (1-based, as a clock shows it). */
  readonly minute: number;
  readonly team: string;
  /** The running score after this goal, `h-a`. */
  readonly score: string;
}

/** One line per scoring moment, in order, with the running score. */
export function replayLines(goals: readonly ReplayGoal[], home: string, away: string): ReplayLine[] {
  let h = 0;
  let a = 0;
  return goals.map((g) => {
    if (g.side === 'H') h += g.points;
    else a += g.points;
    return { minute: Math.floor(g.sec / 60) + 1, team: g.side === 'H' ? home : away, score: `${h}-${a}` };
  });
}
