/**
 * The board's cells of several lines (board/LAYOUT.md "Cells"): handicap, over/under, and labelled
 * lines (1X2, OE, ML). Each follows its own odds entity; its prices are OddsCells.
 */
import { isMyanmarBetType, type MarketOdds, myanmarSelection, type OddsFormat } from '@sportsbook/protocol';
import { memo, useContext } from 'react';
import { useTopicEntity } from '../../shared/stream/react.tsx';
import { BoardText, OddsCell, type PickHandler } from './OddsCell.tsx';
import { formatLine, giverOf, pickLabel } from './view.ts';

export interface CellProps {
  topic: string;
  oddsId: string;
  format: OddsFormat;
  locked: boolean;
  onPick: PickHandler;
  home: string;
  away: string;
}

/** What every price of a cell shares: which odds row, how to show it, what a pick does. */
export const priceSource = ({ topic, oddsId, format, locked, onPick }: CellProps) => ({
  topic,
  oddsId,
  format,
  locked,
  onPick,
});

const isMyanmar = (odds: MarketOdds) => isMyanmarBetType(odds.betType);

/** Home and away, the handicap printed beside the side that gives it. */
export const HdpCell = memo(function HdpCell(props: CellProps) {
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
export const OuCell = memo(function OuCell(props: CellProps) {
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
export const LinesCell = memo(function LinesCell(
  props: CellProps & { kind: 'pair' | 'stack3'; betType: string },
) {
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
