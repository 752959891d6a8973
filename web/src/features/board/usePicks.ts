/**
 * /desktop's picks: a price of the board or of a match's markets panel goes to the slip; a pick
 * unfolds a folded slip column (minimizer.asidebar), so the player sees what they picked. The "+N"
 * of a row opens the match's every market (features/markets), priced from `match/<id>`.
 */
import type { MarketOdds } from '@sportsbook/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import { useOddsStream } from '../../shared/stream/react.tsx';
import type { useSlipActor } from '../betslip/useSlipActor.ts';
import { selectionOf } from './selection.ts';
import type { BoardState } from './useBoardState.ts';

export function usePicks(state: BoardState, slip: ReturnType<typeof useSlipActor>['slip']) {
  const { t } = useBook();
  const stream = useOddsStream();
  const streamRef = useRef<OddsStream | null>(stream);
  streamRef.current = stream;
  const { topic, sportId, tab, board, store } = state;
  const slipFolded = board.minimizer.asidebar;
  const minimizer = board.minimizer;
  const unfoldSlip = useCallback(() => {
    if (slipFolded) store({ minimizer: { ...minimizer, asidebar: false } });
  }, [slipFolded, minimizer, store]);
  const onPick = useMemo(
    () => (odds: MarketOdds, index: number) => {
      const selection = selectionOf(streamRef.current, topic, odds, index, {
        sportId,
        liveTab: tab === 'live',
        t,
      });
      slip.send({ type: 'bet.select', selection, requestId: crypto.randomUUID() });
      unfoldSlip();
    },
    [topic, sportId, tab, slip, t, unfoldSlip],
  );
  const [marketsOf, setMarketsOf] = useState<number | null>(null);
  const onPanelPick = useMemo(
    () => (panelTopic: string, odds: MarketOdds, index: number) => {
      const selection = selectionOf(streamRef.current, panelTopic, odds, index, {
        sportId,
        liveTab: false,
        t,
      });
      slip.send({ type: 'bet.select', selection, requestId: crypto.randomUUID() });
    },
    [sportId, slip, t],
  );
  const closeMarkets = useCallback(() => setMarketsOf(null), []);
  useEffect(() => {
    if (tab === 'parlay') slip.send({ type: 'bet.mode.change', mode: 'parlay' });
  }, [tab, slip]);
  return { onPick, onPanelPick, marketsOf, setMarketsOf, closeMarkets };
}
