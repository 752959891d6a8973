/**
 * The bar over /desktop's board: market tabs, the options toggle, market types, the league and time
 * filters with the board options (on a phone in a sheet behind a button: CSS hides both the button
 * and the closed state on a desktop), "Refresh odds" while prices are held, the connection light.
 */
import { TimeFilter } from '@sportsbook/protocol';
import { Suspense, useState } from 'react';
import { TabList } from '../../shared/components/TabList.tsx';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { BoardOptions } from './BoardOptions.tsx';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { OddsRefresh, type PriceHoldState } from './OddsRefresh.tsx';
import { TextSlot } from './TextSlot.tsx';
import type { BoardState } from './useBoardState.ts';
import { MarketTabs, timeFilterActive } from './view.ts';

const TimeModes = [
  TimeFilter.all,
  TimeFilter.next2h,
  TimeFilter.next4h,
  TimeFilter.next8h,
  TimeFilter.untilMidnight,
  TimeFilter.midnightTo4,
  TimeFilter.fourToNoon,
];

/** `options`: the board options are rendered (a side part, after the board's first page). */
export function BoardBar({
  state,
  prices,
  options,
}: {
  state: BoardState;
  prices: PriceHoldState;
  options: boolean;
}) {
  const { t } = useBook();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { board, store, tab, marketType, topic, filters, leagueMode, timeMode } = state;
  const minimizer = board.minimizer;
  return (
    <div className="board-bar">
      <TabList
        className="market-tabs"
        tabs={MarketTabs}
        current={tab}
        onSelect={state.setTab}
        label={(x) => t(`tab.${x}`)}
      />
      <button
        type="button"
        className="layout-toggle"
        data-action="board-options"
        aria-expanded={!minimizer.header}
        onClick={() => store({ minimizer: { ...minimizer, header: !minimizer.header } })}
      >
        <TextSlot k="options.toggle" />
      </button>
      {minimizer.header ? null : (
        <>
          <div className="market-types">
            {state.types.map((x) => (
              <button
                type="button"
                key={x}
                data-market={x}
                aria-pressed={x === marketType}
                onClick={() => state.setMarketType(x)}
              >
                {t(`market.${x}`)}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="filters-button"
            aria-expanded={filtersOpen}
            aria-controls="board-filters"
            onClick={() => setFiltersOpen((x) => !x)}
          >
            {t('board.filters')}
          </button>
          <div className="board-filters" id="board-filters" data-open={filtersOpen}>
            <label>
              {t('filter.league')}
              <select value={leagueMode} onChange={(e) => state.setLeagueMode(Number(e.target.value))}>
                {[0, 1, 2, 3].map((m) => (
                  <option key={m} value={m}>
                    {t(`filter.leagueMode.${m}`)}
                  </option>
                ))}
              </select>
            </label>
            {timeFilterActive({ marketType, tab }) ? (
              <label>
                {t('filter.time')}
                <select
                  name="timeMode"
                  value={timeMode}
                  onChange={(e) => state.setTimeMode(Number(e.target.value))}
                >
                  {TimeModes.map((m) => (
                    <option key={m} value={m}>
                      {t(`filter.timeMode.${m}`)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {options ? (
              <Suspense fallback={null}>
                <BoardOptions
                  topic={topic}
                  board={board}
                  filters={filters}
                  onChange={(change) => {
                    store(change);
                    state.setPage(0);
                  }}
                />
              </Suspense>
            ) : null}
          </div>
        </>
      )}
      {prices.hold ? (
        <OddsRefresh key={prices.generation} hold={prices.hold} topic={topic} onRefresh={prices.refresh} />
      ) : null}
      <ConnectionIndicator />
    </div>
  );
}
