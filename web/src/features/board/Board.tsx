/**
 * The odds board of one topic: leagues grouped and sorted, one page of matches. League grouping and
 * the match -> odds index are recomputed only when a delta changes the structure (`boardStructure`:
 * lists, leagues, matches or odds come or go, a match moves league, kickoff or parlay flag); rows
 * and prices re-render on their own entity's changes (useTopicEntity). A banner says when the odds
 * are stale and betting is paused.
 */
import type { MarketModel, MarketType, OddsFormat } from '@sportsbook/protocol';
import { type CSSProperties, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useIsPhone } from '../../shared/phone.ts';
import { useIndicator, useTopicModelWhen, useTopicSelector } from '../../shared/stream/react.tsx';
import { extraMarkets } from '../markets/groups.ts';
import { useMarketsText } from '../markets/i18n/index.ts';
import { type MarketsT, MarketsText } from '../markets/text.ts';
import { BoardHead, BoardNote } from './BoardHead.tsx';
import { BoardPager } from './BoardPager.tsx';
import { MatchRow } from './MatchRow.tsx';
import {
  BoardFocus,
  BoardPickAt,
  type BoardT,
  BoardText,
  type PickHandler,
  pickAtOf,
  rememberTexts,
} from './OddsCell.tsx';
import { attachBoardKeys } from './roving.ts';
import { ensureRovingCellWhenIdle } from './rovingIdle.ts';
import { useRevealed } from './useRevealed.ts';
import {
  type BoardFilters,
  betTypesOf,
  boardColumns,
  boardStructureChanged,
  gridTemplate,
  groupLeagues,
  hiddenByTime,
  type LeagueGroup,
  matchCount,
  oddsIndex,
  pageOf,
  sameGroups,
} from './view.ts';

/**
 * Rows of a page past which the rows off screen are skipped (`content-visibility: auto`). Under it,
 * the rows in view painted at the placeholder height in the first frame and grew in the next,
 * moving every league below (/desktop's start at 1350x940: a layout shift of 0.08), and a page that
 * short costs little to keep laid out on each price tick.
 */
const LongPage = 40;
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
  /** Opens a match's every market (features/markets); `moreOpen` is the match whose panel is open. */
  onMore?: (matchId: number) => void;
  moreOpen?: number | null;
  /** Called once the page's every row is rendered (or the board says why it has none). */
  onSettled?: () => void;
  /** Sets the time filter to "All": offered when the filter alone empties the board (hiddenByTime). */
  onShowAllTimes?: () => void;
}

const NoOdds: readonly string[] = [];

export const Board = memo(function Board(props: BoardProps) {
  const { t } = useBook();
  // The cells' texts: remembered per language, and the prices' names from one template (OddsCell.tsx).
  const cellT = useMemo(() => rememberTexts(t as BoardT), [t]);
  const pickAt = useMemo(() => pickAtOf(t as BoardT), [t]);
  const { t: marketsT } = useMarketsText();
  const structure = useTopicModelWhen<MarketModel>(props.topic, boardStructureChanged);
  const groupsRef = useRef<LeagueGroup[]>([]);
  const groups = useMemo(() => {
    const next = structure ? groupLeagues(structure, props.filters) : [];
    // Same leagues and matches: keep the old array so the page below keeps its identity too.
    if (sameGroups(groupsRef.current, next)) return groupsRef.current;
    groupsRef.current = next;
    return next;
  }, [structure, props.filters]);
  // pageType 2 (account/layout.ts): each market's main line only.
  const mainLineOnly = props.filters.mainLineOnly === true;
  const indexRef = useRef<ReadonlyMap<number, readonly string[]> | undefined>(undefined);
  const index = useMemo(() => {
    const next = structure
      ? oddsIndex(structure.odds, indexRef.current, mainLineOnly)
      : new Map<number, readonly string[]>();
    indexRef.current = next;
    return next;
  }, [structure, mainLineOnly]);
  const marketType = props.filters.marketType as MarketType;
  // A phone shows the HDP & O/U board as cards of the main market (MatchRow `compact`).
  const phone = useIsPhone();
  const compact = phone && marketType === 'hdpou';
  // Optional column groups (ML, DC...) follow the bet types the topic carries: a structure change.
  const present = useMemo(() => [...betTypesOf(structure?.odds ?? {})].sort().join(' '), [structure]);
  const display = props.filters.display;
  const columns = useMemo(
    () => boardColumns(marketType, new Set(present.split(' ')), display),
    [marketType, present, display],
  );
  const template = useMemo(() => gridTemplate(columns), [columns]);
  const status = useTopicSelector(props.topic, (v) =>
    v.model === null ? (v.error ?? 'loading') : v.stale ? 'stale' : 'ok',
  );
  // Any watched topic stale (this board's, the menu's...): the gateway's upstream is failing.
  const indicator = useIndicator();
  const total = matchCount(groups);
  const timeHidden = useMemo(
    () => total === 0 && structure !== null && hiddenByTime(structure, props.filters),
    [total, structure, props.filters],
  );
  const pages = Math.max(1, Math.ceil(total / props.pageSize));
  const page = Math.min(props.page, pages - 1);
  const pageGroups = useMemo(() => pageOf(groups, page, props.pageSize), [groups, page, props.pageSize]);
  const onPage = matchCount(pageGroups);
  // In steps on a phone only (useRevealed.ts says why).
  const revealed = useRevealed(onPage, `${props.topic} ${page}`, phone);
  const shown = useMemo(
    () => (revealed >= onPage ? pageGroups : pageOf(pageGroups, 0, revealed)),
    [pageGroups, onPage, revealed],
  );
  const settled = status !== 'loading' && revealed >= onPage;
  // The pager comes once the board's first page is all in: under rows still coming in steps it was
  // pushed down by each step (a layout shift, 0.07 on a phone). It then stays, so that a page change
  // never takes it from under the player's click or focus.
  const [pagerReady, setPagerReady] = useState(false);
  if (settled && !pagerReady) setPagerReady(true);
  const { onSettled } = props;
  useEffect(() => (settled ? onSettled?.() : undefined), [settled, onSettled]);
  const locked = status === 'stale';
  // Keyboard (roving.ts): one tab stop among the prices, arrows between them; one delegated listener
  // each on the board, none per price. A Tab anywhere first makes sure the tab stop is an open price.
  const root = useRef<HTMLElement>(null);
  const live = useRef<HTMLParagraphElement>(null);
  const focus = useMemo(
    () => ({
      roving: true,
      announce: (text: string) => {
        if (live.current) live.current.textContent = text;
      },
    }),
    [],
  );
  useEffect(() => (root.current ? attachBoardKeys(root.current) : undefined), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prices shown change with these
  useEffect(
    () => (root.current ? ensureRovingCellWhenIdle(root.current) : undefined),
    [shown, status, columns],
  );
  return (
    <>
      <section
        ref={root}
        className={`board market-${marketType}`}
        data-topic={props.topic}
        data-status={status}
        // Every row of the page is in (useRevealed adds them in steps after a new page or filter).
        data-settled={settled ? '' : undefined}
        // A long page's rows off screen skip style, layout and paint (board.css); a short one's are
        // all laid out, so the rows in view never paint at a placeholder height first.
        data-long-page={onPage > LongPage ? '' : undefined}
        style={{ '--board-cols': template } as CSSProperties}
      >
        {locked || indicator === 'stale' ? (
          <div className="board-stale" role="alert" data-stale-banner="">
            {t('board.staleBanner')}
          </div>
        ) : null}
        <BoardNote
          status={status}
          empty={total === 0}
          t={t}
          onShowAllTimes={timeHidden ? props.onShowAllTimes : undefined}
        />
        {total > 0 ? <BoardHead groups={columns} t={cellT} /> : null}
        <BoardText.Provider value={cellT}>
          <BoardPickAt.Provider value={pickAt}>
            <BoardFocus.Provider value={focus}>
              <MarketsText.Provider value={marketsT as MarketsT}>
                {shown.map((g) => (
                  // By kick-off time a league can have several bands: its first match tells them apart.
                  <div className="league" key={`${g.leagueId}-${g.matchIds[0]}`} data-league={g.leagueId}>
                    <div className="league-head">
                      <button
                        type="button"
                        className={`fav${g.favourite ? ' on' : ''}`}
                        // Remembered (cellT): asked once per league in each of the board's renders.
                        aria-label={cellT('board.favourite')}
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
                        groups={columns}
                        oddsIds={index.get(id) ?? NoOdds}
                        format={props.format}
                        locked={locked}
                        showScore={props.showScore}
                        onPick={props.onPick}
                        more={structure ? extraMarkets(structure, id, index.get(id) ?? NoOdds) : 0}
                        moreOpen={props.moreOpen === id}
                        onMore={props.onMore}
                        compact={compact}
                      />
                    ))}
                  </div>
                ))}
              </MarketsText.Provider>
            </BoardFocus.Provider>
          </BoardPickAt.Provider>
        </BoardText.Provider>
        {pages > 1 && pagerReady ? (
          <BoardPager pages={pages} page={props.page} onPageChange={props.onPageChange} />
        ) : null}
      </section>
      {/* Outside the board: the one line that says a move of the focused price (OddsCell). */}
      <p className="visually-hidden" role="status" data-board-live="" ref={live} />
    </>
  );
});
