/**
 * One match of the board as a grid row (board/LAYOUT.md): time or live score and clock, teams, then
 * one cell per column of the board's column groups, one line of cells per slot (the main line,
 * then alternative lines). The row follows its own match entity; each cell follows its odds entity
 * (lineCells.tsx, priceCells.tsx); time and teams are MatchInfo.tsx's.
 */
import type { MarketMatch, OddsFormat } from '@sportsbook/protocol';
import { type CSSProperties, memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTopicEntity } from '../../shared/stream/react.tsx';
import { MoreButton } from '../markets/MoreButton.tsx';
import { columnLabel, MatchTime, Teams } from './MatchInfo.tsx';
import { BoardText, type PickHandler, RowVisibility } from './OddsCell.tsx';
import { Cell } from './priceCells.tsx';
import { type ColumnGroup, oddsByBetType } from './view.ts';

/** What a folded phone card of the HDP & O/U board shows (board.css hides the rest). */
const CardBetTypes: ReadonlySet<string> = new Set(['HDP', 'OU']);

export const MatchRow = memo(function MatchRow(props: {
  topic: string;
  matchId: number;
  groups: readonly ColumnGroup[];
  oddsIds: readonly string[];
  format: OddsFormat;
  locked: boolean;
  showScore: boolean;
  onPick: PickHandler;
  /** Market lines beyond the row (features/markets `extraMarkets`): the "+N" that opens them all. */
  more?: number;
  moreOpen?: boolean;
  onMore?: (matchId: number) => void;
  /**
   * A phone card of the HDP & O/U board: board.css shows only the main line's HDP and O/U there
   * until "more markets", so the hidden columns are not rendered at all until then (a fraction of
   * the row's prices: a phone's first render of the board is a quarter of the work).
   */
  compact?: boolean;
}) {
  const match = useTopicEntity<MarketMatch>(props.topic, 'match', String(props.matchId));
  const element = useRef<HTMLDivElement>(null);
  const visibility = useRef({ skipped: false }).current;
  const shown = match !== undefined;
  useEffect(() => {
    const el = element.current;
    if (!shown || !el) return;
    const onChange = (e: Event) => {
      visibility.skipped = (e as Event & { skipped?: boolean }).skipped === true;
    };
    el.addEventListener('contentvisibilityautostatechange', onChange);
    return () => el.removeEventListener('contentvisibilityautostatechange', onChange);
  }, [shown, visibility]);
  const byType = useMemo(() => oddsByBetType(props.matchId, props.oddsIds), [props.matchId, props.oddsIds]);
  // Phone cards (board.css) show the main market; "more markets" shows the rest in place.
  const [more, setMore] = useState(false);
  const t = useContext(BoardText);
  if (!match) return null;
  const locked = props.locked || match.status !== 0;
  const slots = Math.max(1, ...props.groups.map((g) => byType.get(g.betType)?.length ?? 0));
  // Time and Event span the match's lines (board.css reads --slots; a phone card ignores it).
  const span = { '--slots': slots } as CSSProperties;
  const hdpId = byType.get('HDP')?.[0] ?? byType.get('MHDP')?.[0];
  const folded = props.compact === true && !more;
  const cardGroups = folded ? props.groups.filter((g) => CardBetTypes.has(g.betType)) : props.groups;
  return (
    <RowVisibility.Provider value={visibility}>
      <div
        ref={element}
        className={`match-row${locked ? ' locked' : ''}${match.liveState ? ' live' : ''}${more ? ' expanded' : ''}`}
        data-match={match.id}
        style={span}
      >
        <div className={`match-time${match.liveState ? ' live' : ''}`}>
          <MatchTime topic={props.topic} match={match} showScore={props.showScore} />
        </div>
        <div className="match-teams">
          <Teams topic={props.topic} match={match} hdpId={hdpId} />
          {props.onMore ? (
            <MoreButton
              matchId={match.id}
              count={props.more ?? 0}
              match={`${match.home} - ${match.away}`}
              open={props.moreOpen === true}
              onOpen={props.onMore}
            />
          ) : null}
        </div>
        {Array.from({ length: folded ? 1 : slots }, (_, slot) =>
          cardGroups.flatMap((g) =>
            g.columns.map((c, ci) => {
              const id = byType.get(g.betType)?.[slot];
              return (
                <div
                  className={`odds-col kind-${c.kind}${slot > 0 ? ' alt' : ''}`}
                  // biome-ignore lint/suspicious/noArrayIndexKey: slot and column positions are the identity
                  key={`${slot}-${g.betType}-${ci}`}
                  data-bettype={g.betType}
                  data-label={slot === 0 ? columnLabel(g, c, t) : undefined}
                >
                  {id ? (
                    <Cell
                      topic={props.topic}
                      oddsId={id}
                      format={props.format}
                      locked={locked}
                      onPick={props.onPick}
                      home={match.home}
                      away={match.away}
                      group={g}
                      column={c}
                    />
                  ) : null}
                </div>
              );
            }),
          ),
        )}
        <button
          type="button"
          className="more-markets"
          aria-expanded={more}
          onClick={() => setMore((x) => !x)}
        >
          {more ? t('board.fewerMarkets') : t('board.moreMarkets')}
        </button>
      </div>
    </RowVisibility.Provider>
  );
});
