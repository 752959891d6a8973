/** The slip's pick built from a price on the board or a match's markets panel. */
import { isMyanmarBetType, type MarketOdds } from '@sportsbook/protocol';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import type { Selection } from '../betslip/types.ts';
import { pickLabel, type Translate } from './view.ts';

type PickModel = {
  match: Record<
    string,
    { home: string; away: string; live: number; parlay: number; sportId: number; leagueId: number }
  >;
  league: Record<string, { name: string }>;
};

/** The slip's pick of a price of `topic` (the board's topic, or a panel's `match/<id>`). */
export function selectionOf(
  stream: OddsStream | null,
  topic: string,
  odds: MarketOdds,
  index: number,
  options: { sportId: number; liveTab: boolean; t: Translate },
): Selection {
  const model = stream?.peek(topic)?.model as PickModel | null | undefined;
  const match = model?.match[String(odds.matchId)];
  return {
    topic,
    oddsId: odds.id,
    matchId: odds.matchId,
    sportId: match?.sportId ?? options.sportId,
    leagueName: model?.league[String(match?.leagueId)]?.name ?? '',
    home: match?.home ?? '',
    away: match?.away ?? '',
    betType: odds.betType,
    selection: index,
    line: odds.line,
    price: odds.prices[index] ?? 0,
    label: pickLabel(odds, index, { home: match?.home ?? '', away: match?.away ?? '' }, options.t),
    // Myanmar rows' label is the giver, not the selection: the body (line) follows it instead.
    rowLabel: isMyanmarBetType(odds.betType) ? null : (odds.labels?.[index] ?? null),
    giver: isMyanmarBetType(odds.betType) ? (odds.labels?.[0] ?? null) : null,
    live: options.liveTab || match?.live === 1,
    parlay: match?.parlay === 1,
  };
}
