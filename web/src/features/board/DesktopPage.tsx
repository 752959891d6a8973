/**
 * /desktop: sports menu, market tabs and types, filters, the odds board and the bet slip, over the
 * tab's odds stream. Slip codes go to the session (catalogue handling, logout); a placed bet
 * refreshes the balance.
 */
import {
  defaultTimeFilter,
  isMyanmarBetType,
  isMyanmarCurrency,
  isVirtualSport,
  type MarketOdds,
  type MarketType,
  TimeFilter,
} from '@sportsbook/protocol';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PreferencesContext, useAccount, useLayout } from '../../app/contexts.ts';
import { TabList } from '../../shared/components/TabList.tsx';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useIsPhone } from '../../shared/phone.ts';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import { PriceHoldContext } from '../../shared/stream/priceHold.ts';
import { OddsStreamProvider, useOddsStream } from '../../shared/stream/react.tsx';
import { useNow } from '../../shared/useNow.ts';
import { type BoardLayout, boardLayoutOf, boardLayoutPatch } from '../account/layout.ts';
import { BetSlip } from '../betslip/BetSlip.tsx';
import type { Selection } from '../betslip/types.ts';
import { useSlipActor } from '../betslip/useSlipActor.ts';
import './board.css';
import { ReplayBar } from '../replay/ReplayBar.tsx';
import { Board } from './Board.tsx';
import { BoardOptions } from './BoardOptions.tsx';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { EarlyParlayBoard } from './EarlyParlayBoard.tsx';
import { useBoardLayoutText } from './i18n/index.ts';
import { OddsRefresh, usePriceHold } from './OddsRefresh.tsx';
import { SportsMenu } from './SportsMenu.tsx';
import {
  BoardMarketTypes,
  boardTopic,
  type MarketTab,
  MarketTabs,
  pickLabel,
  type Translate,
  timeFilterActive,
} from './view.ts';

const MarketsPanel = lazy(() => import('../markets/MarketsPanel.tsx'));
// Virtual sports: their own view in place of the board, picks into this page's slip.
const VirtualBoard = lazy(async () => ({
  default: (await import('../virtual/VirtualBoard.tsx')).VirtualBoard,
}));

type PickModel = {
  match: Record<
    string,
    { home: string; away: string; live: number; parlay: number; sportId: number; leagueId: number }
  >;
  league: Record<string, { name: string }>;
};

/** The slip's pick of a price of `topic` (the board's topic, or a panel's `match/<id>`). */
function selectionOf(
  stream: OddsStream | null,
  topic: string,
  odds: MarketOdds,
  index: number,
  options: { sportId: number; liveTab: boolean; t: Translate },
): Selection {
  const model = stream?.peek(topic)?.model as PickModel | null | undefined;
  const match = model?.match[String(odds.matchId)];
  return {
    topic,
    oddsId: odds.id,
    matchId: odds.matchId,
    sportId: match?.sportId ?? options.sportId,
    leagueName: model?.league[String(match?.leagueId)]?.name ?? '',
    home: match?.home ?? '',
    away: match?.away ?? '',
    betType: odds.betType,
    selection: index,
    line: odds.line,
    price: odds.prices[index] ?? 0,
    label: pickLabel(odds, index, { home: match?.home ?? '', away: match?.away ?? '' }, options.t),
    // Myanmar rows' label is the giver, not the selection: the body (line) follows it instead.
    rowLabel: isMyanmarBetType(odds.betType) ? null : (odds.labels?.[index] ?? null),
    giver: isMyanmarBetType(odds.betType) ? (odds.labels?.[0] ?? null) : null,
    live: options.liveTab || match?.live === 1,
    parlay: match?.parlay === 1,
  };
}

/** A text of the boardLayout namespace in its own Suspense: the page never waits for it. */
function LayoutText({ k }: { k: string }) {
  const { t } = useBoardLayoutText();
  return <>{t(k)}</>;
}

function TextSlot({ k }: { k: string }) {
  return (
    <Suspense fallback={null}>
      <LayoutText k={k} />
    </Suspense>
  );
}

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
  const { t } = useBook();
  const account = useAccount();
  const layout = useLayout();
  const preferences = PreferencesContext.useActorRef();
  const { slip, format, viewOnly } = useSlipActor();
  // autoRefreshOdds off: the board and the markets panel hold their prices until "Refresh odds".
  const prices = usePriceHold(layout.betting.autoRefreshOdds);
  const stream = useOddsStream();
  const streamRef = useRef<OddsStream | null>(stream);
  streamRef.current = stream;
  const currency = account?.wallet.currency_code ?? 'MYR';
  const myanmar = isMyanmarCurrency(currency);
  const phone = useIsPhone();
  // The stored layout is the board's state (account/layout.ts): the tab, sport, market type and
  // every option below come from it, and each change on the board is stored (and saved upstream).
  const board = useMemo(() => boardLayoutOf(layout, { myanmar }), [layout, myanmar]);
  const store = useCallback(
    (change: Partial<BoardLayout>) =>
      preferences.send({ type: 'prefs.update', patch: boardLayoutPatch(change) }),
    [preferences],
  );
  const { sportId, tab, marketType } = board;
  const setSportId = (id: number) => store({ sportId: id });
  const setTab = (x: MarketTab) => store({ tab: x });
  const setMarketType = (x: MarketType) => store({ marketType: x });
  const [page, setPage] = useState(0);
  const [leagueMode, setLeagueMode] = useState(0);
  const [timeMode, setTimeMode] = useState<number>(() => defaultTimeFilter(Date.now()));
  // The time filters' clock (a minute is fine enough for "today" and the hour filters).
  const now = useNow(60_000);
  // Phone: the league and time filters sit in a sheet behind a button (CSS hides both
  // the button and the closed state on a desktop).
  const [filtersOpen, setFiltersOpen] = useState(false);

  const topic = boardTopic(sportId, marketType, tab);
  const favourites = layout.menu.favorites;
  const { scope, days, leagues, sorting, lines, quickOdds, periods, mmoType } = board;
  const display = useMemo(() => ({ quickOdds, periods, mmoType }), [quickOdds, periods, mmoType]);
  const filters = useMemo(
    () => ({
      leagueMode,
      timeMode,
      marketType,
      tab,
      favourites,
      selectedLeagues: leagues,
      now,
      scope,
      days,
      sorting,
      mainLineOnly: lines === 2,
      display,
    }),
    [leagueMode, timeMode, marketType, tab, favourites, leagues, now, scope, days, sorting, lines, display],
  );
  // A pick unfolds a folded slip column (minimizer.asidebar), so the player sees what they picked.
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
  // The "+N" of a row opens the match's every market (features/markets), priced from `match/<id>`.
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

  const toggleFavourite = (leagueId: number) => {
    const next = favourites.includes(leagueId)
      ? favourites.filter((x) => x !== leagueId)
      : [...favourites, leagueId];
    preferences.send({ type: 'prefs.update', patch: { menu: { favorites: next } } });
  };
  const types: readonly MarketType[] = myanmar ? [...BoardMarketTypes, 'mmo'] : BoardMarketTypes;
  const timeModes = [
    TimeFilter.all,
    TimeFilter.next2h,
    TimeFilter.next4h,
    TimeFilter.next8h,
    TimeFilter.untilMidnight,
    TimeFilter.midnightTo4,
    TimeFilter.fourToNoon,
  ];
  // What today's board and the parlay tab's early board show alike.
  const boardProps = {
    filters,
    format,
    pageSize: layout.pageDisplay.pageSize || 10,
    showScore: layout.pageDisplay.showScoreMap,
    onToggleFavourite: toggleFavourite,
    onMore: setMarketsOf,
    moreOpen: marketsOf,
  };

  return (
    <div className={`desktop${marketsOf !== null ? ' markets-open' : ''}`}>
      <Suspense fallback={<nav className="sports-menu" />}>
        <SportsMenu
          currency={currency}
          tab={tab}
          sportId={sportId}
          onSelect={(id) => {
            setSportId(id);
            setPage(0);
          }}
          order={board.sportsOrder}
          onOrder={(order) => store({ sportsOrder: order })}
          minimized={minimizer.sidebar}
          onMinimize={(sidebar) => store({ minimizer: { ...minimizer, sidebar } })}
        />
      </Suspense>
      <main className="desktop-main">
        {/* Only when the gateway serves a replay (RECORDING.md "Timeline in the web"). */}
        <ReplayBar />
        {isVirtualSport(sportId) ? (
          <Suspense fallback={null}>
            <VirtualBoard sportId={sportId} format={format} onPick={onPanelPick} />
          </Suspense>
        ) : (
          <PriceHoldContext.Provider value={prices.hold}>
            <div className="board-bar">
              <TabList
                className="market-tabs"
                tabs={MarketTabs}
                current={tab}
                onSelect={(x) => {
                  setTab(x);
                  setPage(0);
                }}
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
                    {types.map((x) => (
                      <button
                        type="button"
                        key={x}
                        data-market={x}
                        aria-pressed={x === marketType}
                        onClick={() => {
                          setMarketType(x);
                          setPage(0);
                        }}
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
                      <select value={leagueMode} onChange={(e) => setLeagueMode(Number(e.target.value))}>
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
                        <select value={timeMode} onChange={(e) => setTimeMode(Number(e.target.value))}>
                          {timeModes.map((m) => (
                            <option key={m} value={m}>
                              {t(`filter.timeMode.${m}`)}
                            </option>
                          ))}
                        </select>
                      </label>
                    ) : null}
                    <Suspense fallback={null}>
                      <BoardOptions
                        topic={topic}
                        board={board}
                        filters={filters}
                        onChange={(change) => {
                          store(change);
                          setPage(0);
                        }}
                      />
                    </Suspense>
                  </div>
                </>
              )}
              {prices.hold ? (
                <OddsRefresh
                  key={prices.generation}
                  hold={prices.hold}
                  topic={topic}
                  onRefresh={prices.refresh}
                />
              ) : null}
              <ConnectionIndicator />
            </div>
            {scope === 'favorites' && favourites.length === 0 ? (
              <p className="board-note">
                <TextSlot k="scope.empty" />
              </p>
            ) : null}
            <Board topic={topic} page={page} onPick={onPick} onPageChange={setPage} {...boardProps} />
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
