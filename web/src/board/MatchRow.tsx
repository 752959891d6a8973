/**
 * One match of the board: time or live score and clock, teams, and its odds by column. The row
 * follows its own match entity; each line label and price follows its odds entity.
 */
import {
  formatGmt8,
  type MarketMatch,
  type MarketOdds,
  type MarketType,
  type OddsFormat,
} from '@sportsbook/protocol';
import { memo, useEffect, useRef } from 'react';
import { useTopicEntity } from '../stream/react.tsx';
import { OddsCell, type PickHandler, RowVisibility } from './OddsCell.tsx';
import { Columns } from './view.ts';

function LineLabel({ odds }: { odds: MarketOdds | undefined }) {
  if (!odds || odds.line === null || odds.betType === 'MHDP' || odds.betType === 'MOU') return null;
  return <span className="odds-line">{String(odds.line)}</span>;
}

const LineOf = memo(function LineOf({ topic, oddsId }: { topic: string; oddsId: string }) {
  const odds = useTopicEntity<MarketOdds>(topic, 'odds', oddsId);
  return <LineLabel odds={odds} />;
});

/** A row of a market type without fixed columns: every price of the odds row, with its label. */
const GenericOdds = memo(function GenericOdds(props: {
  topic: string;
  oddsId: string;
  format: OddsFormat;
  locked: boolean;
  onPick: PickHandler;
}) {
  const odds = useTopicEntity<MarketOdds>(props.topic, 'odds', props.oddsId);
  const count = odds?.prices.length ?? 0;
  return (
    <div className="odds-col generic">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the identity (page number, selection index)
        <span className="odds-labelled" key={i}>
          <span className="odds-label">{odds?.labels?.[i] ?? ''}</span>
          <OddsCell
            topic={props.topic}
            oddsId={props.oddsId}
            index={i}
            format={props.format}
            locked={props.locked}
            onPick={props.onPick}
          />
        </span>
      ))}
    </div>
  );
});

export const MatchRow = memo(function MatchRow(props: {
  topic: string;
  matchId: number;
  marketType: MarketType;
  oddsIds: readonly string[];
  format: OddsFormat;
  locked: boolean;
  showScore: boolean;
  onPick: PickHandler;
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
  if (!match) return null;
  const live = match.liveState;
  const locked = props.locked || match.status !== 0;
  const columns = Columns[props.marketType];
  return (
    <RowVisibility.Provider value={visibility}>
      <div ref={element} className={`match-row${locked ? ' locked' : ''}`} data-match={match.id}>
        <div className="match-time">
          {live && props.showScore ? (
            <>
              <span className="score" data-score={`${live[0]}-${live[1]}`}>
                {live[0]} - {live[1]}
              </span>
              <span className="clock">{Math.floor(live[3] / 60)}'</span>
            </>
          ) : (
            <span>{formatGmt8(match.kickoff, 'MM/dd HH:mm')}</span>
          )}
        </div>
        <div className="match-teams">
          <span>{match.home}</span>
          <span>{match.away}</span>
          {match.childLabel ? <span className="child-label">{match.childLabel}</span> : null}
        </div>
        {columns
          ? columns.map((betType) => {
              const ids = props.oddsIds.filter((id) => id.startsWith(`${match.id}-${betType}-`));
              return (
                <div className="odds-col" key={betType} data-bettype={betType}>
                  {ids.slice(0, 1).map((id) => (
                    <div className="odds-pair" key={id}>
                      <LineOf topic={props.topic} oddsId={id} />
                      {(betType.startsWith('1X2') ? [0, 2, 1] : [0, 1]).map((i) => (
                        <OddsCell
                          key={i}
                          topic={props.topic}
                          oddsId={id}
                          index={i}
                          format={props.format}
                          locked={locked}
                          onPick={props.onPick}
                        />
                      ))}
                    </div>
                  ))}
                </div>
              );
            })
          : props.oddsIds.map((id) => (
              <GenericOdds
                key={id}
                topic={props.topic}
                oddsId={id}
                format={props.format}
                locked={locked}
                onPick={props.onPick}
              />
            ))}
      </div>
    </RowVisibility.Provider>
  );
});
