/**
 * One price. It selects its own odds entity from the stream, so a delta that moves another price
 * does not render it; a change of its price flashes up or down.
 */
import { formatOdds, type MarketModel, type MarketOdds, type OddsFormat } from '@sportsbook/protocol';
import { memo, useEffect, useRef, useState } from 'react';
import { useTopicSelector } from '../stream/react.tsx';

export type PickHandler = (odds: MarketOdds, index: number) => void;

function shown(price: number, format: OddsFormat): string {
  try {
    return formatOdds(price, format, { from: 'DEC' });
  } catch {
    return '';
  }
}

export const OddsCell = memo(function OddsCell(props: {
  topic: string;
  oddsId: string;
  index: number;
  format: OddsFormat;
  locked: boolean;
  onPick: PickHandler;
}) {
  const odds = useTopicSelector<MarketModel, MarketOdds | undefined>(
    props.topic,
    (v) => v.model?.odds[props.oddsId],
  );
  const price = odds?.prices[props.index];
  const previous = useRef(price);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; n: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (before === undefined || price === undefined || before === price) return;
    setFlash((f) => ({ dir: price > before ? 'up' : 'down', n: (f?.n ?? 0) + 1 }));
  }, [price]);
  if (!odds) return <span className="odds-cell empty" />;
  const myanmar = odds.betType === 'MHDP' || odds.betType === 'MOU';
  const suspended = odds.status !== 0 || props.locked;
  const text = myanmar ? String(odds.line ?? '') : price === undefined ? '' : shown(price, props.format);
  return (
    <button
      type="button"
      key={flash?.n}
      className={`odds-cell${flash ? ` flash-${flash.dir}` : ''}${suspended ? ' locked' : ''}`}
      data-odds={props.oddsId}
      data-index={props.index}
      data-price={price}
      disabled={suspended || text === ''}
      onClick={() => props.onPick(odds, props.index)}
    >
      {text}
    </button>
  );
});
