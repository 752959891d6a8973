/**
 * The parlay tab's second board: the early market's matches open to parlays,
 * from the `odds/<sport>/<market>/early` topic, under today's. Its own pages; the time filter
 * (today's views, SPEC section 4) does not narrow it. A pick names this topic, so the slip
 * follows the early price.
 */
import type { MarketOdds, MarketType, OddsFormat } from '@sportsbook/protocol';
import { useCallback, useMemo, useState } from 'react';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { Board } from './Board.tsx';
import { type BoardFilters, boardTopic } from './view.ts';

export function EarlyParlayBoard(props: {
  sportId: number;
  marketType: MarketType;
  filters: BoardFilters;
  format: OddsFormat;
  pageSize: number;
  showScore: boolean;
  onPick: (topic: string, odds: MarketOdds, index: number) => void;
  onToggleFavourite: (leagueId: number) => void;
  onMore?: (matchId: number) => void;
  moreOpen?: number | null;
}) {
  const { t } = useBook();
  const topic = boardTopic(props.sportId, props.marketType, 'early');
  const [page, setPage] = useState(0);
  const filters = useMemo(() => ({ ...props.filters, timeMode: 0 }), [props.filters]);
  const { onPick: pick } = props;
  const onPick = useCallback((odds: MarketOdds, index: number) => pick(topic, odds, index), [pick, topic]);
  return (
    <section className="parlay-early" data-parlay-early="" aria-labelledby="parlay-early-title">
      <h2 id="parlay-early-title" className="board-subtitle">
        {t('board.parlayEarly')}
      </h2>
      <Board
        topic={topic}
        filters={filters}
        format={props.format}
        page={page}
        pageSize={props.pageSize}
        showScore={props.showScore}
        onPick={onPick}
        onPageChange={setPage}
        onToggleFavourite={props.onToggleFavourite}
        onMore={props.onMore}
        moreOpen={props.moreOpen}
      />
    </section>
  );
}
