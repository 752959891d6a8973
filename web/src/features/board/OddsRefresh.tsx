/**
 * `autoRefreshOdds` off (SPEC sections 3 and 9): the board holds the prices it
 * showed (shared/stream/priceHold.ts) while the feed keeps its topics and their models move on; the
 * "Refresh odds" control applies the current prices (a new hold) and says when newer ones wait.
 * Turning auto-refresh on again shows live prices at once.
 */
import { useCallback, useEffect, useState } from 'react';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { createPriceHold, type PriceHold } from '../../shared/stream/priceHold.ts';
import { useTopicSelector } from '../../shared/stream/react.tsx';

export interface PriceHoldState {
  /** null: prices are applied as they come. */
  hold: PriceHold | null;
  /** Applies the current prices (a new hold); counts up on every refresh. */
  refresh: () => void;
  generation: number;
}

/** The page's hold while `autoRefresh` is off. */
export function usePriceHold(autoRefresh: boolean): PriceHoldState {
  const [state, setState] = useState(() => ({
    hold: autoRefresh ? null : createPriceHold(),
    generation: 0,
  }));
  useEffect(() => {
    setState((s) =>
      autoRefresh === (s.hold === null)
        ? s
        : { hold: autoRefresh ? null : createPriceHold(), generation: s.generation + 1 },
    );
  }, [autoRefresh]);
  const refresh = useCallback(
    () => setState((s) => (s.hold === null ? s : { hold: createPriceHold(), generation: s.generation + 1 })),
    [],
  );
  return { hold: state.hold, refresh, generation: state.generation };
}

/** The control shown while auto-refresh is off (key it by `generation`). */
export function OddsRefresh({
  hold,
  topic,
  onRefresh,
}: {
  hold: PriceHold;
  topic: string;
  onRefresh: () => void;
}) {
  const { t } = useBook();
  // The live model has moved past what the board shows.
  const behind = useTopicSelector(topic, (view) => hold.behind(topic, view.model));
  return (
    <div className="odds-refresh" data-odds-refresh="" data-behind={behind ? '' : undefined}>
      <button type="button" data-action="refresh-odds" onClick={onRefresh}>
        {t('board.refreshOdds')}
      </button>
      <span className="odds-waiting" role="status">
        {behind ? t('board.oddsWaiting') : ''}
      </span>
    </div>
  );
}
