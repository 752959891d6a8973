/**
 * Pure views of the /esports2 lobby: which odds rows of a board topic belong to a match (match
 * winner, map handicap, total maps), which topic carries a match, and the games filter.
 */
import type { EsportsEvent, MarketOdds } from '@sportsbook/protocol';

/** The e-sports sport id (protocol's Sports). */
export const ESportsId = 43;

/** The lobby's markets in display order: match winner (ML), map handicap (HDP), total maps (OU). */
export const EsportsMarkets = ['ML', 'HDP', 'OU'] as const;
export type EsportsMarket = (typeof EsportsMarkets)[number];

export type MarketIds = Partial<Record<EsportsMarket, string>>;

/** Odds ids per match of a topic's odds, main lines only (the lowest odds id of each bet type). */
export function marketIndex(odds: Readonly<Record<string, MarketOdds>> | undefined): Map<number, MarketIds> {
  const out = new Map<number, MarketIds>();
  if (!odds) return out;
  for (const id of Object.keys(odds).sort()) {
    const o = odds[id];
    if (!o || !(EsportsMarkets as readonly string[]).includes(o.betType)) continue;
    const entry = out.get(o.matchId) ?? {};
    const bt = o.betType as EsportsMarket;
    if (entry[bt] === undefined) entry[bt] = id;
    out.set(o.matchId, entry);
  }
  return out;
}

/** Two indexes are the same when every match has the same odds ids. */
export function sameIndex(a: Map<number, MarketIds>, b: Map<number, MarketIds>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (!w || w.ML !== v.ML || w.HDP !== v.HDP || w.OU !== v.OU) return false;
  }
  return true;
}

/** The lobby's two sections under a game filter ('all' or a game code). */
export function lobbySections(events: readonly EsportsEvent[], game: string) {
  const shown = events.filter((e) => game === 'all' || e.game === game);
  return {
    live: shown.filter((e) => e.phase === 'map' || e.phase === 'break'),
    upcoming: shown.filter((e) => e.phase === 'pre'),
  };
}
