/**
 * The board's cells of one price per column (1X2 by index, DC, HT/FT, FG/LG, TG, AOS by label),
 * correct score and outright, and `Cell`, which picks a column's cell by its kind.
 */
import type { MarketOdds } from '@sportsbook/protocol';
import { memo, useContext } from 'react';
import { useTopicEntity } from '../../shared/stream/react.tsx';
import { type CellProps, HdpCell, LinesCell, OuCell, priceSource } from './lineCells.tsx';
import { BoardText, OddsCell } from './OddsCell.tsx';
import type { BoardColumn, ColumnGroup } from './view.ts';

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

export function Cell(props: CellProps & { group: ColumnGroup; column: BoardColumn }) {
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
