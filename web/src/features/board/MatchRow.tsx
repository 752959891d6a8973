/**
 * One match of the board as a grid row (board/LAYOUT.md): time or live score and clock, teams, then
 * one cell per column of the board's column groups, one line of cells per slot (the main line,
 * then alternative lines). The row follows its own match entity; each cell follows its odds entity.
 */
import {
  formatGmt8,
  isMyanmarBetType,
  type MarketMatch,
  type MarketOdds,
  myanmarSelection,
  type OddsFormat,
  Period,
} from '@sportsbook/protocol';
import { type CSSProperties, memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useMatchSeconds } from '../../shared/stream/clock.ts';
import { useTopicEntity } from '../../shared/stream/react.tsx';
import { MoreButton } from '../markets/MoreButton.tsx';
import { type BoardT, BoardText, OddsCell, type PickHandler, RowVisibility } from './OddsCell.tsx';
import { type BoardColumn, type ColumnGroup, formatLine, giverOf, oddsByBetType, pickLabel } from './view.ts';

interface CellProps {
  topic: string;
  oddsId: string;
  format: OddsFormat;
  locked: boolean;
  onPick: PickHandler;
  home: string;
  away: string;
}

/** What every price of a cell shares: which odds row, how to show it, what a pick does. */
const priceSource = ({ topic, oddsId, format, locked, onPick }: CellProps) => ({
  topic,
  oddsId,
  format,
  locked,
  onPick,
});

const isMyanmar = (odds: MarketOdds) => isMyanmarBetType(odds.betType);

/** Home and away, the handicap printed beside the side that gives it. */
const HdpCell = memo(function HdpCell(props: CellProps) {
  const t = useContext(BoardText);
  const odds = useTopicEntity<MarketOdds>(props.topic, 'odds', props.oddsId);
  if (!odds) return null;
  const giver = giverOf(odds);
  const line = typeof odds.line === 'number' ? odds.line : null;
  const shown = line === null ? String(odds.line ?? '') : formatLine(line);
  // A Myanmar row's selection 0 is the giver, whichever team gives (protocol pick.ts).
  const myanmar = isMyanmar(odds);
  const giverLabel = odds.labels?.[0] ?? null;
  const sides = [
    {
      side: 'home',
      team: props.home,
      index: myanmar ? myanmarSelection(giverLabel, 'home') : 0,
    },
    {
      side: 'away',
      team: props.away,
      index: myanmar ? myanmarSelection(giverLabel, 'away') : 1,
    },
  ] as const;
  return (
    <div className="cell-lines">
      {sides.map((s) => (
        <div className={`cell-line${giver === s.side ? ' giver' : ''}`} key={s.side}>
          <span className="odds-line">{giver === s.side ? shown : ''}</span>
          <OddsCell
            {...priceSource(props)}
            index={s.index}
            name={pickLabel(odds, s.index, { home: props.home, away: props.away }, t)}
          />
        </div>
      ))}
    </div>
  );
});

/** The total once, then over ("o") and under ("u"). */
const OuCell = memo(function OuCell(props: CellProps) {
  const t = useContext(BoardText);
  const odds = useTopicEntity<MarketOdds>(props.topic, 'odds', props.oddsId);
  if (!odds) return null;
  const shown = typeof odds.line === 'number' ? formatLine(odds.line) : String(odds.line ?? '');
  const total = odds.line === null ? '' : ` ${String(odds.line)}`;
  return (
    <div className="cell-lines">
      {(['over', 'under'] as const).map((side, index) => (
        <div className="cell-line" key={side}>
          <span className="odds-line">{index === 0 ? shown : ''}</span>
          <span className="ou-tag">{t(`col.${side}.short`)}</span>
          <OddsCell {...priceSource(props)} index={index} name={`${t(`col.${side}`)}${total}`} />
        </div>
      ))}
    </div>
  );
});

/** Labelled lines: OE odd/even, ML home/away, a 1X2 as 1, 2, X. */
const LinesCell = memo(function LinesCell(props: CellProps & { kind: 'pair' | 'stack3'; betType: string }) {
  const t = useContext(BoardText);
  const lines: readonly (readonly [tag: string, index: number, name: string])[] =
    props.kind === 'stack3'
      ? [
          [t('col.one'), 0, props.home],
          [t('col.two'), 2, props.away],
          [t('col.draw'), 1, t('col.drawName')],
        ]
      : props.betType.startsWith('OE')
        ? [
            [t('col.odd'), 0, t('col.odd')],
            [t('col.even'), 1, t('col.even')],
          ]
        : [
            [t('col.one'), 0, props.home],
            [t('col.two'), 1, props.away],
          ];
  return (
    <div className="cell-lines">
      {lines.map(([tag, index, name]) => (
        <div className="cell-line" key={index}>
          <span className="ou-tag">{tag}</span>
          <OddsCell {...priceSource(props)} index={index} name={name} />
        </div>
      ))}
    </div>
  );
});

/** One price of the row, by index (1X2, OE) or by label (DC, HT/FT, FG/LG, TG, AOS). */
const PriceCell = memo(function PriceCell(props: CellProps & { column: BoardColumn; title: string }) {
  const t = useContext(BoardText);
  const odds = useTopicEntity<MarketOdds>(props.topic, 'odds', props.oddsId);
  if (!odds) return null;
  const c = props.column;
  const index = c.label === undefined ? (c.index ?? 0) : (odds.labels?.indexOf(c.label) ?? -1);
  if (index < 0 || index >= odds.prices.length) return null;
  const sub = c.subKey ? t(c.subKey) : (c.subText ?? '');
  const name =
    odds.betType.startsWith('1X2') && c.label === undefined
      ? [props.home, t('col.drawName'), props.away][index]
      : `${t(props.title)} ${sub}`;
  return <OddsCell {...priceSource(props)} index={index} name={name ?? sub} />;
});

/** A correct-score column "a:b": the home side's a-b above, the away side's b-a below. */
const CsCell = memo(function CsCell(props: CellProps & { label: string; title: string }) {
  const t = useContext(BoardText);
  const odds = useTopicEntity<MarketOdds>(props.topic, 'odds', props.oddsId);
  if (!odds) return null;
  const [a, b] = props.label.split('-');
  const labels = a === b ? [props.label] : [props.label, `${b}-${a}`];
  return (
    <div className="cell-lines">
      {labels.map((label) => {
        const index = odds.labels?.indexOf(label) ?? -1;
        return (
          <div className="cell-line" key={label}>
            {index >= 0 && index < odds.prices.length ? (
              <OddsCell {...priceSource(props)} index={index} name={`${t(props.title)} ${label}`} />
            ) : (
              <span className="odds-cell empty" />
            )}
          </div>
        );
      })}
    </div>
  );
});

/** Every selection of an outright: name and price, in columns. */
const OutrightCell = memo(function OutrightCell(props: CellProps) {
  const odds = useTopicEntity<MarketOdds>(props.topic, 'odds', props.oddsId);
  if (!odds) return null;
  return (
    <div className="outright-list">
      {odds.prices.map((_, i) => {
        const name = odds.labels?.[i] ?? '';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the identity (selection index)
          <div className="outright-item" key={i}>
            <span className="outright-name">{name}</span>
            <OddsCell {...priceSource(props)} index={i} name={name} />
          </div>
        );
      })}
    </div>
  );
});

function Cell(props: CellProps & { group: ColumnGroup; column: BoardColumn }) {
  const { group, column, ...cell } = props;
  switch (column.kind) {
    case 'hdp':
      return <HdpCell {...cell} />;
    case 'ou':
      return <OuCell {...cell} />;
    case 'pair':
    case 'stack3':
      return <LinesCell {...cell} kind={column.kind} betType={group.betType} />;
    case 'cs':
      return <CsCell {...cell} label={column.label ?? ''} title={group.title} />;
    case 'outright':
      return <OutrightCell {...cell} />;
    default:
      return <PriceCell {...cell} column={column} title={group.title} />;
  }
}

/** A cell's caption on a phone card, where the board's column header is not shown. */
function columnLabel(group: ColumnGroup, column: BoardColumn, t: BoardT): string {
  const sub = column.subKey ? t(column.subKey) : (column.subText ?? '');
  return sub ? `${t(group.title)} ${sub}` : t(group.title);
}

/**
 * Time column: kick-off (GMT+8), or for a live match its period and minute (ticked locally from
 * the topic's clock anchor, shared/stream/clock.ts), and the score.
 */
function MatchTime({ topic, match, showScore }: { topic: string; match: MarketMatch; showScore: boolean }) {
  const t = useContext(BoardText);
  const live = match.liveState;
  const seconds = useMatchSeconds(topic, match.id, live);
  if (!live)
    return (
      <>
        <span className="kickoff-date">{formatGmt8(match.kickoff, 'MM/dd')}</span>
        <span className="kickoff-time">{formatGmt8(match.kickoff, 'HH:mm')}</span>
      </>
    );
  const minute = `${Math.floor((seconds ?? 0) / 60)}'`;
  const clock =
    live[2] === Period.firstHalf
      ? `${t('period.h1')} ${minute}`
      : live[2] === Period.secondHalf
        ? `${t('period.h2')} ${minute}`
        : live[2] === Period.extraTime
          ? `${t('period.et')} ${minute}`
          : live[2] === Period.halfTime
            ? t('period.ht')
            : live[2] === Period.penalties
              ? t('period.pen')
              : live[2] === Period.fullTime
                ? t('period.ft')
                : t('period.live');
  return (
    <>
      {showScore ? (
        <span className="score" data-score={`${live[0]}-${live[1]}`}>
          {live[0]} - {live[1]}
        </span>
      ) : null}
      <span className="live-clock">{clock}</span>
    </>
  );
}

/** Red cards of a live match, as Asian boards print them beside the team. */
function RedCards({ n }: { n: number }) {
  const t = useContext(BoardText);
  return n > 0 ? (
    <span className="red-card" title={t('board.redCards', { count: n })}>
      {n}
    </span>
  ) : null;
}

/** Team names; the side giving the main handicap in red (it follows that odds row). */
const Teams = memo(function Teams(props: { topic: string; match: MarketMatch; hdpId: string | undefined }) {
  const hdp = useTopicEntity<MarketOdds>(props.hdpId ? props.topic : null, 'odds', props.hdpId ?? '');
  const giver = props.hdpId && hdp ? giverOf(hdp) : null;
  const m = props.match;
  const live = m.liveState;
  return (
    <>
      <span className={`team${giver === 'home' ? ' giver' : ''}`}>
        {m.home}
        <RedCards n={live?.[4] ?? 0} />
      </span>
      <span className={`team${giver === 'away' ? ' giver' : ''}`}>
        {m.away}
        <RedCards n={live?.[5] ?? 0} />
      </span>
      {m.childLabel ? <span className="child-label">{m.childLabel}</span> : null}
    </>
  );
});

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
        {Array.from({ length: slots }, (_, slot) =>
          props.groups.flatMap((g) =>
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
