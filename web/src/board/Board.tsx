/**
 * The odds board of one topic: leagues grouped and sorted, one page of matches. It re-renders when
 * the structure (leagues, match lists) changes; prices re-render in their own cells.
 */
import type { MarketModel, MarketType, OddsFormat } from '@sportsbook/protocol';
import { memo, useRef } from 'react';
import { useBook } from '../i18n/book/useBook.ts';
import { useTopicSelector } from '../stream/react.tsx';
import { MatchRow } from './MatchRow.tsx';
import type { PickHandler } from './OddsCell.tsx';
import {
  type BoardFilters,
  groupLeagues,
  type LeagueGroup,
  matchCount,
  oddsIndex,
  pageOf,
  sameGroups,
} from './view.ts';

export interface BoardProps {
  topic: string;
  filters: BoardFilters;
  format: OddsFormat;
  page: number;
  pageSize: number;
  showScore: boolean;
  onPick: PickHandler;
  onPageChange: (page: number) => void;
  onToggleFavourite: (leagueId: number) => void;
}

export const Board = memo(function Board(props: BoardProps) {
  const { t } = useBook();
  const groups = useTopicSelector<MarketModel, LeagueGroup[]>(
    props.topic,
    (v) => (v.model ? groupLeagues(v.model, props.filters) : []),
    sameGroups,
  );
  const status = useTopicSelector(props.topic, (v) =>
    v.model === null ? (v.error ?? 'loading') : v.stale ? 'stale' : 'ok',
  );
  const indexRef = useRef<ReadonlyMap<number, readonly string[]> | undefined>(undefined);
  const index = useTopicSelector<MarketModel, ReadonlyMap<number, readonly string[]>>(
    props.topic,
    (v) => {
      const next = v.model ? oddsIndex(v.model.odds, indexRef.current) : new Map<number, readonly string[]>();
      indexRef.current = next;
      return next;
    },
    (a, b) => a.size === b.size && [...a].every(([k, ids]) => b.get(k) === ids),
  );
  const total = matchCount(groups);
  const pages = Math.max(1, Math.ceil(total / props.pageSize));
  const shown = pageOf(groups, Math.min(props.page, pages - 1), props.pageSize);
  const locked = status === 'stale';
  const none: readonly string[] = [];
  return (
    <section className="board" data-topic={props.topic} data-status={status}>
      {status === 'loading' ? <p className="board-note">{t('board.loading')}</p> : null}
      {status !== 'loading' && status !== 'ok' && status !== 'stale' ? (
        <p className="board-note">{t('board.unavailable')}</p>
      ) : null}
      {status === 'ok' && total === 0 ? <p className="board-note">{t('board.empty')}</p> : null}
      {shown.map((g) => (
        <div className="league" key={g.leagueId} data-league={g.leagueId}>
          <div className="league-head">
            <button
              type="button"
              className={`fav${g.favourite ? ' on' : ''}`}
              aria-label={t('board.favourite')}
              onClick={() => props.onToggleFavourite(g.leagueId)}
            >
              ★
            </button>
            <span>{g.name}</span>
          </div>
          {g.matchIds.map((id) => (
            <MatchRow
              key={id}
              topic={props.topic}
              matchId={id}
              marketType={props.filters.marketType as MarketType}
              oddsIds={index.get(id) ?? none}
              format={props.format}
              locked={locked}
              showScore={props.showScore}
              onPick={props.onPick}
            />
          ))}
        </div>
      ))}
      {pages > 1 ? (
        <nav className="pager">
          {Array.from({ length: pages }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the identity (page number, selection index)
            <button type="button" key={i} disabled={i === props.page} onClick={() => props.onPageChange(i)}>
              {i + 1}
            </button>
          ))}
        </nav>
      ) : null}
    </section>
  );
});
