/**
 * /desktop: sports menu, market tabs and types, filters, the odds board and the bet slip, over the
 * tab's odds stream. Slip codes go to the session (catalogue handling, logout); a placed bet
 * refreshes the balance. The board's state is `useBoardState`, the picks `usePicks`, the bar over
 * the board `BoardBar`.
 */
import { isVirtualSport } from '@sportsbook/protocol';
import { lazy, Suspense } from 'react';
import { useAccount } from '../../app/contexts.ts';
import { useIsPhone } from '../../shared/phone.ts';
import { PriceHoldContext } from '../../shared/stream/priceHold.ts';
import { OddsStreamProvider } from '../../shared/stream/react.tsx';
import { BetSlip } from '../betslip/BetSlip.tsx';
import { useSlipActor } from '../betslip/useSlipActor.ts';
import './board.css';
import { ReplayBar } from '../replay/ReplayBar.tsx';
import { Board } from './Board.tsx';
import { BoardBar } from './BoardBar.tsx';
import { EarlyParlayBoard } from './EarlyParlayBoard.tsx';
import { usePriceHold } from './OddsRefresh.tsx';
import { SportsMenu } from './SportsMenu.tsx';
import { TextSlot } from './TextSlot.tsx';
import { useBoardState } from './useBoardState.ts';
import { usePicks } from './usePicks.ts';
import { useSideParts } from './useSideParts.ts';

const MarketsPanel = lazy(() => import('../markets/MarketsPanel.tsx'));
// Virtual sports: their own view in place of the board, picks into this page's slip.
const VirtualBoard = lazy(async () => ({
  default: (await import('../virtual/VirtualBoard.tsx')).VirtualBoard,
}));

export default function DesktopPage() {
  const account = useAccount();
  const credentials = account
    ? { account_id: account.info.account_id, session_token: account.info.session_token }
    : null;
  return (
    <OddsStreamProvider credentials={credentials}>{account ? <DesktopBoard /> : null}</OddsStreamProvider>
  );
}

function DesktopBoard() {
  const state = useBoardState();
  const { layout, board, store, sportId, tab, marketType, topic, scope, favourites } = state;
  const { slip, format, viewOnly } = useSlipActor();
  // autoRefreshOdds off: the board and the markets panel hold their prices until "Refresh odds".
  const prices = usePriceHold(layout.betting.autoRefreshOdds);
  const phone = useIsPhone();
  const { onPick, onPanelPick, marketsOf, setMarketsOf, closeMarkets } = usePicks(state, slip);
  const minimizer = board.minimizer;
  // On a phone the side parts follow the board's first page (useSideParts.ts); a virtual sport has
  // no board. On a desktop's window they mount with the board: there the board options stand in the
  // bar above it, and arriving later they pushed the whole board down (71 px at 1350x940).
  const side = useSideParts(isVirtualSport(sportId) || !phone);
  // What today's board and the parlay tab's early board show alike.
  const boardProps = {
    filters: state.filters,
    format,
    pageSize: layout.pageDisplay.pageSize || 10,
    showScore: layout.pageDisplay.showScoreMap,
    onToggleFavourite: state.toggleFavourite,
    onMore: setMarketsOf,
    moreOpen: marketsOf,
  };

  return (
    <div className={`desktop${marketsOf !== null ? ' markets-open' : ''}`}>
      {side.ready ? (
        <Suspense fallback={<nav className="sports-menu" />}>
          <SportsMenu
            currency={state.currency}
            tab={tab}
            sportId={sportId}
            onSelect={state.setSportId}
            order={board.sportsOrder}
            onOrder={(order) => store({ sportsOrder: order })}
            minimized={minimizer.sidebar}
            onMinimize={(sidebar) => store({ minimizer: { ...minimizer, sidebar } })}
          />
        </Suspense>
      ) : (
        <nav className="sports-menu" />
      )}
      <main className="desktop-main">
        {/* Only when the gateway serves a replay (RECORDING.md "Timeline in the web"). */}
        {side.ready ? <ReplayBar /> : null}
        {isVirtualSport(sportId) ? (
          <Suspense fallback={null}>
            <VirtualBoard sportId={sportId} format={format} onPick={onPanelPick} />
          </Suspense>
        ) : (
          <PriceHoldContext.Provider value={prices.hold}>
            <BoardBar state={state} prices={prices} options={side.ready} />
            {scope === 'favorites' && favourites.length === 0 ? (
              <p className="board-note">
                <TextSlot k="scope.empty" />
              </p>
            ) : null}
            <Board
              topic={topic}
              page={state.page}
              onPick={onPick}
              onPageChange={state.setPage}
              onSettled={side.onSettled}
              onShowAllTimes={state.showAllTimes}
              {...boardProps}
            />
            {tab === 'parlay' ? (
              <EarlyParlayBoard
                sportId={sportId}
                marketType={marketType}
                onPick={onPanelPick}
                {...boardProps}
              />
            ) : null}
          </PriceHoldContext.Provider>
        )}
      </main>
      {marketsOf !== null ? (
        <Suspense fallback={null}>
          <PriceHoldContext.Provider value={prices.hold}>
            <MarketsPanel
              key={marketsOf}
              matchId={marketsOf}
              format={format}
              onPick={onPanelPick}
              onClose={closeMarkets}
            />
          </PriceHoldContext.Provider>
        </Suspense>
      ) : null}
      <div className="slip-column" data-minimized={!phone && minimizer.asidebar}>
        <button
          type="button"
          className="layout-toggle slip-column-toggle"
          data-action="slip-column"
          aria-expanded={!minimizer.asidebar}
          onClick={() => store({ minimizer: { ...minimizer, asidebar: !minimizer.asidebar } })}
        >
          <TextSlot k="slip.toggle" />
        </button>
        <BetSlip slip={slip} viewOnly={viewOnly} />
      </div>
    </div>
  );
}
