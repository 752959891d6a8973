/**
 * "More markets": every market line of one match, from the `match/<id>` topic (one upstream
 * `uxmatch` poll per interval for every viewer, gateway/FEED.md), grouped by bet type (groups.ts),
 * the match first, then its children (corners, bookings). Prices are the board's own `OddsCell`s
 * on the per-key topic store, so they flash, lock and go stale exactly as on the board; a click
 * goes to the page's bet slip through `onPick(topic, odds, index)`. Mounted while open: closing it
 * releases the topic (the stream unsubscribes when its last watcher goes). An in-play soccer match
 * shows the match tracker (features/live/tracker) at the top.
 *
 * Desktop: a column between the board and the slip; phone: a sheet in place of the board, the
 * slip's bar staying below it (markets.css).
 */
import {
  type MarketMatch,
  type MarketModel,
  type MarketOdds,
  type OddsFormat,
  Period,
} from '@sportsbook/protocol';
import { lazy, memo, Suspense, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useReturnFocus } from '../../shared/components/returnFocus.ts';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useMatchSeconds } from '../../shared/stream/clock.ts';
import { useTopicEntity, useTopicModelWhen, useTopicSelector } from '../../shared/stream/react.tsx';
import { type BoardT, BoardText, OddsCell } from '../board/OddsCell.tsx';
import { boardStructureChanged } from '../board/view.ts';
import {
  isGrid,
  type MarketSection,
  marketSections,
  selectionText,
  type Teams,
  type Text,
} from './groups.ts';
import { useMarketsText } from './i18n/index.ts';
import { type MarketsT, MarketsText, textOf } from './text.ts';
import './markets.css';

const Tracker = lazy(() => import('../live/tracker/Tracker.tsx').then((m) => ({ default: m.Tracker })));

/** The topic of a match's every market. */
export const matchTopic = (matchId: number): string => `match/${matchId}`;

export type PanelPick = (topic: string, odds: MarketOdds, index: number) => void;

const Soccer = 1;

interface LineProps {
  topic: string;
  oddsId: string;
  teams: Teams;
  format: OddsFormat;
  locked: boolean;
  grid: boolean;
  onPick: (odds: MarketOdds, index: number) => void;
}

/** One odds line: each selection's name and its price cell. Follows its own odds entity. */
const MarketLine = memo(function MarketLine(props: LineProps) {
  const t = useContext(MarketsText);
  const odds = useTopicEntity<MarketOdds>(props.topic, 'odds', props.oddsId);
  if (!odds) return null;
  // A market closed before it was ever priced (HT/FT once half time is reached...): no prices.
  if (odds.prices.length === 0)
    return (
      <p className="market-closed" data-odds-row={odds.id}>
        {t('line.closed')}
      </p>
    );
  return (
    <div className={`market-line${props.grid ? ' grid' : ''}`} data-odds-row={odds.id}>
      {odds.prices.map((_, index) => {
        const name = textOf(t, selectionText(odds, index, props.teams));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the price index is the selection's identity
          <div className="market-sel" key={index}>
            <span className="sel-name">{name}</span>
            <OddsCell
              topic={props.topic}
              oddsId={odds.id}
              index={index}
              format={props.format}
              locked={props.locked}
              onPick={props.onPick}
              name={name}
            />
          </div>
        );
      })}
    </div>
  );
});

/** A section (the match or one child): its bet-type groups, locked when its match is not open. */
function Section(props: {
  topic: string;
  section: MarketSection;
  teams: Teams;
  format: OddsFormat;
  locked: boolean;
  onPick: (odds: MarketOdds, index: number) => void;
}) {
  const t = useContext(MarketsText);
  const match = useTopicEntity<MarketMatch>(props.topic, 'match', String(props.section.matchId));
  const locked = props.locked || (match !== undefined && match.status !== 0);
  const label: Text = props.section.label ?? { key: 'panel.fullMatch' };
  return (
    <section className="markets-section" data-section={props.section.matchId}>
      <h3>{textOf(t, label)}</h3>
      {props.section.groups.map((g) => (
        <div className="markets-group" key={g.betType} data-bettype={g.betType}>
          <h4>{textOf(t, g.title)}</h4>
          {g.oddsIds.map((id) => (
            <MarketLine
              key={id}
              topic={props.topic}
              oddsId={id}
              teams={props.teams}
              format={props.format}
              locked={locked}
              grid={isGrid(g.betType)}
              onPick={props.onPick}
            />
          ))}
        </div>
      ))}
    </section>
  );
}

/** The score and minute (ticked locally from the topic's clock anchor, shared/stream/clock.ts). */
function Score({ topic, match }: { topic: string; match: MarketMatch }) {
  const live = match.liveState;
  const seconds = useMatchSeconds(topic, match.id, live);
  if (!live) return null;
  // The minute only while the clock runs (not at half time, penalties or full time).
  const running =
    live[2] === Period.firstHalf || live[2] === Period.secondHalf || live[2] === Period.extraTime;
  return (
    <span className="markets-score" data-score={`${live[0]}-${live[1]}`}>
      {live[0]} - {live[1]}
      {running ? <span className="markets-minute"> {Math.floor((seconds ?? 0) / 60)}'</span> : null}
    </span>
  );
}

export function MarketsPanel(props: {
  matchId: number;
  format: OddsFormat;
  onPick: PanelPick;
  onClose: () => void;
}) {
  const { t } = useMarketsText();
  const { t: bookT } = useBook();
  const topic = matchTopic(props.matchId);
  const structure = useTopicModelWhen<MarketModel>(topic, boardStructureChanged);
  const sections = useMemo(
    () => (structure ? marketSections(structure, props.matchId) : []),
    [structure, props.matchId],
  );
  const status = useTopicSelector(topic, (v) =>
    v.model === null ? (v.error ?? 'loading') : v.stale ? 'stale' : 'ok',
  );
  const match = useTopicEntity<MarketMatch>(topic, 'match', String(props.matchId));
  const { onPick, onClose } = props;
  const pick = useCallback((odds: MarketOdds, index: number) => onPick(topic, odds, index), [onPick, topic]);
  const teams = useMemo(
    () => ({ home: match?.home ?? '', away: match?.away ?? '' }),
    [match?.home, match?.away],
  );
  const closeButton = useRef<HTMLButtonElement>(null);
  // Closed, the panel gives the focus back to the "+N" that opened it.
  useReturnFocus();
  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const stale = status === 'stale';
  const ended = match !== undefined && match.status !== 0;
  const inPlaySoccer = match !== undefined && match.sportId === Soccer && match.liveState !== null;
  return (
    <aside
      className="markets-panel"
      role="dialog"
      aria-label={match ? `${t('panel.title')}: ${match.home} - ${match.away}` : t('panel.title')}
      data-topic={topic}
      data-status={status}
    >
      <header className="markets-head">
        <div className="markets-title">
          <h2>{t('panel.title')}</h2>
          {match ? (
            <p className="markets-teams">
              <span>{match.home}</span> <Score topic={topic} match={match} /> <span>{match.away}</span>
            </p>
          ) : null}
        </div>
        <button
          ref={closeButton}
          type="button"
          className="markets-close"
          aria-label={t('panel.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      {inPlaySoccer ? (
        <Suspense fallback={null}>
          <Tracker matchId={props.matchId} />
        </Suspense>
      ) : null}
      {stale ? (
        <p className="markets-note" role="alert">
          {t('panel.stale')}
        </p>
      ) : null}
      {status === 'loading' ? <p className="markets-note">{t('panel.loading')}</p> : null}
      {status !== 'loading' && status !== 'ok' && status !== 'stale' ? (
        <p className="markets-note">{t('panel.unavailable')}</p>
      ) : null}
      {ended ? <p className="markets-note">{t('panel.ended')}</p> : null}
      {status === 'ok' && sections.length === 0 ? <p className="markets-note">{t('panel.empty')}</p> : null}
      <MarketsText.Provider value={t as MarketsT}>
        <BoardText.Provider value={bookT as BoardT}>
          {sections.map((s) => (
            <Section
              key={s.matchId}
              topic={topic}
              section={s}
              teams={teams}
              format={props.format}
              locked={stale}
              onPick={pick}
            />
          ))}
        </BoardText.Provider>
      </MarketsText.Provider>
    </aside>
  );
}

export default MarketsPanel;
