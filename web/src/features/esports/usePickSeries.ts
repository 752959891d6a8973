/**
 * A price of a series going to the bet slip: the slip's selection built from the series and the
 * board's odds (match winner named by the team; handicap and total by the board's own labels).
 */
import type { EsportsEvent, MarketOdds } from '@sportsbook/protocol';
import { useCallback } from 'react';
import type { Selection } from '../betslip/types.ts';
import type { SlipRef } from '../betslip/useSlipView.ts';
import type { PickHandler } from '../board/OddsCell.tsx';
import { pickLabel } from '../board/view.ts';
import { ESportsId } from './view.ts';

type T = Parameters<typeof pickLabel>[3];

/** The pick handler of a series priced on `topic`. */
export function usePickSeries(slip: SlipRef, t: T): (event: EsportsEvent, topic: string) => PickHandler {
  return useCallback(
    (event: EsportsEvent, topic: string) =>
      (odds: MarketOdds, index: number): void => {
        const teams = { home: event.home, away: event.away };
        const selection: Selection = {
          topic,
          oddsId: odds.id,
          matchId: odds.matchId,
          sportId: ESportsId,
          leagueName: event.league_name,
          ...teams,
          betType: odds.betType,
          selection: index,
          line: odds.line,
          price: odds.prices[index] ?? 0,
          // Match winner: the team; handicap and total: the board's own labels ("Team -1.5", "Over 2.5").
          label:
            odds.betType === 'ML'
              ? index === 0
                ? event.home
                : event.away
              : pickLabel(odds, index, teams, t),
          rowLabel: null,
          live: event.phase !== 'pre',
          parlay: true,
        };
        slip.send({ type: 'bet.select', selection, requestId: crypto.randomUUID() });
      },
    [slip, t],
  );
}
