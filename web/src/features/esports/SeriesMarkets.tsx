/**
 * A series' three markets priced live from the odds stream's sport 43 board: match winner, map
 * handicap (each side's own signed line) and total maps (over/under), each price an OddsCell.
 */
import type { EsportsEvent, MarketOdds, OddsFormat } from '@sportsbook/protocol';
import { useTopicEntity } from '../../shared/stream/react.tsx';
import { OddsCell, type PickHandler } from '../board/OddsCell.tsx';
import { formatLine, signedLine } from '../board/view.ts';
import { useEsportsText } from './i18n/index.ts';
import type { MarketIds } from './view.ts';

export function SeriesMarkets(props: {
  topic: string;
  ids: MarketIds;
  event: EsportsEvent;
  format: OddsFormat;
  onPick: PickHandler;
}) {
  const { t } = useEsportsText();
  const { topic, ids, event } = props;
  const hdp = useTopicEntity<MarketOdds>(topic, 'odds', ids.HDP ?? '');
  const ou = useTopicEntity<MarketOdds>(topic, 'odds', ids.OU ?? '');
  const cell = (oddsId: string | undefined, index: number, name: string) =>
    oddsId ? (
      <OddsCell
        topic={topic}
        oddsId={oddsId}
        index={index}
        format={props.format}
        locked={false}
        onPick={props.onPick}
        name={name}
      />
    ) : null;
  const hdpLine = typeof hdp?.line === 'number' ? hdp.line : null;
  const ouLine = typeof ou?.line === 'number' ? formatLine(ou.line) : '';
  return (
    <div className="esports-markets">
      <div className="esports-market" data-market="ML">
        <span className="market-title">{t('ml')}</span>
        <div className="market-picks">
          <span>{event.home}</span>
          {cell(ids.ML, 0, event.home)}
          <span>{event.away}</span>
          {cell(ids.ML, 1, event.away)}
        </div>
      </div>
      <div className="esports-market" data-market="HDP">
        <span className="market-title">{t('hdp')}</span>
        <div className="market-picks">
          <span>{hdpLine === null ? '' : signedLine(hdpLine)}</span>
          {cell(ids.HDP, 0, hdpLine === null ? event.home : `${event.home} ${signedLine(hdpLine)}`)}
          <span>{hdpLine === null ? '' : signedLine(-hdpLine)}</span>
          {cell(ids.HDP, 1, hdpLine === null ? event.away : `${event.away} ${signedLine(-hdpLine)}`)}
        </div>
      </div>
      <div className="esports-market" data-market="OU">
        <span className="market-title">{t('ou')}</span>
        <div className="market-picks">
          <span>
            {t('over')} {ouLine}
          </span>
          {cell(ids.OU, 0, `${t('over')} ${ouLine}`)}
          <span>
            {t('under')} {ouLine}
          </span>
          {cell(ids.OU, 1, `${t('under')} ${ouLine}`)}
        </div>
      </div>
    </div>
  );
}
