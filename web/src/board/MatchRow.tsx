/** One match of the board: time or live score and clock, teams, and its odds by column. */
import {
  formatGmt8,
  type MarketMatch,
  type MarketModel,
  type MarketOdds,
  type MarketType,
  type OddsFormat,
} from '@sportsbook/protocol';
import { memo } from 'react';
import { useTopicSelector } from '../stream/react.tsx';
import { OddsCell, type PickHandler } from './OddsCell.tsx';
import { Columns } from './view.ts';

function LineLabel({ odds }: { odds: MarketOdds | undefined }) {
  if (!odds || odds.line === null || odds.betType === 'MHDP' || odds.betType === 'MOU') return null;
  return <span className="odds-line">{String(odds.line)}</span>;
}

const LineOf = memo(function LineOf({ topic, oddsId }: { topic: string; oddsId: string }) {
  const odds = useTopicSelector<MarketModel, MarketOdds | undefined>(topic, (v) => v.model?.odds[oddsId]);
  return <LineLabel odds={odds} />;
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
  const match = useTopicSelector<MarketModel, MarketMatch | undefined>(
    props.topic,
    (v) => v.model?.match[String(props.matchId)],
  );
  const generic = useTopicSelector<
    MarketModel,
    readonly { id: string; labels: string[] | null; count: number }[] | null
  >(
    props.topic,
    (v) =>
      Columns[props.marketType]
        ? null
        : props.oddsIds.map((id) => {
            const o = v.model?.odds[id];
            return { id, labels: o?.labels ?? null, count: o?.prices.length ?? 0 };
          }),
    (a, b) =>
      a === b ||
      (a !== null &&
        b !== null &&
        a.length === b.length &&
        a.every((x, i) => x.id === b[i]?.id && x.labels === b[i]?.labels && x.count === b[i]?.count)),
  );
  if (!match) return null;
  const live = match.liveState;
  const locked = props.locked || match.status !== 0;
  const columns = Columns[props.marketType];
  return (
    <div className={`match-row${locked ? ' locked' : ''}`} data-match={match.id}>
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
        : (generic ?? []).map((row) => (
            <div className="odds-col generic" key={row.id}>
              {Array.from({ length: row.count }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the index is the identity (page number, selection index)
                <span className="odds-labelled" key={i}>
                  <span className="odds-label">{row.labels?.[i] ?? ''}</span>
                  <OddsCell
                    topic={props.topic}
                    oddsId={row.id}
                    index={i}
                    format={props.format}
                    locked={locked}
                    onPick={props.onPick}
                  />
                </span>
              ))}
            </div>
          ))}
    </div>
  );
});
