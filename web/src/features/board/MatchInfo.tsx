/**
 * A match row's own columns: the time (kick-off, or a live match's clock and score), the teams with
 * red cards and the giver in red, and a cell's caption on a phone card.
 */
import { formatGmt8, type MarketMatch, type MarketOdds, Period } from '@sportsbook/protocol';
import { memo, useContext } from 'react';
import { useMatchSeconds } from '../../shared/stream/clock.ts';
import { useTopicEntity } from '../../shared/stream/react.tsx';
import { type BoardT, BoardText } from './OddsCell.tsx';
import { type BoardColumn, type ColumnGroup, giverOf } from './view.ts';

/** A cell's caption on a phone card, where the board's column header is not shown. */
export function columnLabel(group: ColumnGroup, column: BoardColumn, t: BoardT): string {
  const sub = column.subKey ? t(column.subKey) : (column.subText ?? '');
  return sub ? `${t(group.title)} ${sub}` : t(group.title);
}

/**
 * Time column: kick-off (GMT+8), or for a live match its period and minute (ticked locally from
 * the topic's clock anchor, shared/stream/clock.ts), and the score.
 */
export function MatchTime({
  topic,
  match,
  showScore,
}: {
  topic: string;
  match: MarketMatch;
  showScore: boolean;
}) {
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
export const Teams = memo(function Teams(props: {
  topic: string;
  match: MarketMatch;
  hdpId: string | undefined;
}) {
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
