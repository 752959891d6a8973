/**
 * /desktop's board state: the stored layout is the board's state (account/layout.ts): the tab,
 * sport, market type and every option come from it, and each change on the board is stored (and
 * saved upstream). The page number and the league and time filters are the page's own.
 */
import { defaultTimeFilter, isMyanmarCurrency, type MarketType } from '@sportsbook/protocol';
import { useCallback, useMemo, useState } from 'react';
import { PreferencesContext, useAccount, useLayout } from '../../app/contexts.ts';
import { useNow } from '../../shared/useNow.ts';
import { type BoardLayout, boardLayoutOf, boardLayoutPatch } from '../account/layout.ts';
import { BoardMarketTypes, boardTopic, type MarketTab } from './view.ts';

export function useBoardState() {
  const account = useAccount();
  const layout = useLayout();
  const preferences = PreferencesContext.useActorRef();
  const currency = account?.wallet.currency_code ?? 'MYR';
  const myanmar = isMyanmarCurrency(currency);
  const board = useMemo(() => boardLayoutOf(layout, { myanmar }), [layout, myanmar]);
  const store = useCallback(
    (change: Partial<BoardLayout>) =>
      preferences.send({ type: 'prefs.update', patch: boardLayoutPatch(change) }),
    [preferences],
  );
  const { sportId, tab, marketType } = board;
  const [page, setPage] = useState(0);
  const [leagueMode, setLeagueMode] = useState(0);
  const [timeMode, setTimeMode] = useState<number>(() => defaultTimeFilter(Date.now()));
  // The empty board's "Show all times" (Board onShowAllTimes): stable, the board is memoised.
  const showAllTimes = useCallback(() => setTimeMode(0), []);
  // The time filters' clock (a minute is fine enough for "today" and the hour filters).
  const now = useNow(60_000);
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
  const toggleFavourite = (leagueId: number) => {
    const next = favourites.includes(leagueId)
      ? favourites.filter((x) => x !== leagueId)
      : [...favourites, leagueId];
    preferences.send({ type: 'prefs.update', patch: { menu: { favorites: next } } });
  };
  const types: readonly MarketType[] = myanmar ? [...BoardMarketTypes, 'mmo'] : BoardMarketTypes;
  return {
    layout,
    currency,
    board,
    store,
    sportId,
    tab,
    marketType,
    // A new sport, tab or market type starts at the first page.
    setSportId: (id: number) => {
      store({ sportId: id });
      setPage(0);
    },
    setTab: (x: MarketTab) => {
      store({ tab: x });
      setPage(0);
    },
    setMarketType: (x: MarketType) => {
      store({ marketType: x });
      setPage(0);
    },
    page,
    setPage,
    leagueMode,
    setLeagueMode,
    timeMode,
    setTimeMode,
    showAllTimes,
    topic,
    favourites,
    scope,
    filters,
    toggleFavourite,
    types,
  };
}

export type BoardState = ReturnType<typeof useBoardState>;
