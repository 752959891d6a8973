/**
 * Layout preferences (SPEC section 3) with the defaults of section 9 (protocol's DefaultPageDisplay,
 * DefaultBetting, DefaultMenu). Stored under StorageKey.layout; anything read back is checked field
 * by field against the defaults' types, so an old or tampered value never breaks the app.
 *
 * Saved upstream through usersettings (flat fields, protocol CALLS.md): pageDisplay, betting and the
 * menu state of `UpstreamMenuKeys`; theme, tour and the game lists stay in this browser. The server's
 * settings win at login, so the board a member left is the board they find after a reload or a new
 * login in another browser.
 *
 * What the board (features/board/DesktopPage.tsx) does with each field (`boardLayoutOf`
 * reads them, `boardLayoutPatch` writes them back when the player changes the control on the board).
 * Where SPEC section 3 only names a field, the meaning is ours, after what Asian books offer:
 * - `menu0`: which leagues the board lists: `all` (default) or `favorites` (only the member's
 *   favourite leagues, the "My favourites" button).
 * - `menu1`: the market tab the board opens on (early, today (default), live, parlay).
 * - `menu2`: the sport shown (default 1, soccer).
 * - `menu3`: the market type (hdpou (default), 1x2, oe, cs, htft, fglg, tg, outright; mmo for
 *   Myanmar-currency members only, anyone else reads it as hdpou).
 * - `selectedDays`: on the early tab, the kick-off days shown, as GMT+8 calendar days (days since
 *   1970-01-01 GMT+8). Days that have passed or have no early match are ignored; none left: all days.
 * - `selectedLeagues`: the leagues picked in "Select leagues". They narrow a board only when at least
 *   one of them is on it (a selection made for another sport does not empty this one).
 * - `sportsOrder`: the member's own sports menu order (sport ids, "Reorder sports"); listed sports
 *   come first in that order, the rest follow in the configured order (uxmenu's sports_order, SPEC
 *   section 9), then alphabetically. Empty: the configured order.
 * - `minimizer`: `sidebar` folds the sports menu, `header` folds the board's option bar (market types
 *   and filters; the tabs stay), `asidebar` folds the bet slip column (a pick unfolds it). On a
 *   phone the slip is a bottom sheet with its own open state: `asidebar` applies on a desktop only.
 * - `pageDisplay.showQuickOdds`: the HDP & O/U board's quick columns (FT. 1X2, money line, FT. O/E,
 *   1H. 1X2) shown (default) or hidden.
 * - `pageDisplay.eventSorting`: 0 by league (favourites, the league's sort order, name; default),
 *   1 by kick-off time (the league band repeats where the league changes).
 * - `pageDisplay.pageType`: 1 every line of a market (main and alternative lines; the default of
 *   protocol's DefaultPageDisplay), 2 the main line only; any other value reads as 1.
 * - `pageDisplay.marketType`: the periods shown where a market has both: 0 full time and first half
 *   (default), 1 full time only, 2 first half only.
 * - `pageDisplay.mmoType`: the Myanmar board's markets: 0 body (HDP) and goal (O/U) (default), 1 body
 *   only, 2 goal only.
 */
import {
  DefaultBetting,
  DefaultMenu,
  DefaultPageDisplay,
  defaultMenuLists,
  isLanguage,
  isRecord,
  type Language,
  type MarketType,
  StorageKey,
} from '@sportsbook/protocol';
import { defaultTheme, type ThemeName, themeNames } from '../../shared/config.ts';
import { BoardMarketTypes, type MarketTab, MarketTabs } from '../board/tabs.ts';
import type { SettingsFields } from './accountApi.ts';
import { readJson, writeJson } from './storage.ts';

export interface PageDisplay {
  language: Language;
  /** 1 MY, 2 HK, 3 ID, 4 DEC, 5 Myanmar. */
  oddsType: number;
  pageType: number;
  showScoreMap: boolean;
  showQuickOdds: boolean;
  eventSorting: number;
  marketType: number;
  pageSize: number;
  mmoType: number;
}

export interface Betting {
  defaultStake: number;
  acceptBetterOdds: boolean;
  acceptAnyOdds: boolean;
  autoRefreshOdds: boolean;
  quickBet: boolean;
  defaultStakeAmount: number;
  quickBetAmount: number;
}

export interface MenuState {
  menu0: string;
  menu1: string;
  menu2: number;
  menu3: string;
  selectedDays: number[];
  selectedLeagues: number[];
  favorites: number[];
  sportsOrder: number[];
  minimizer: { header: boolean; sidebar: boolean; asidebar: boolean };
  theme: ThemeName;
  tour: { done: boolean; step: number };
  /** The game lobbies' favourites and recently played: game keys `provider:game_id`. */
  games: GameLists;
}

export interface GameLists {
  favorites: string[];
  recent: string[];
}

/** At most this many favourites and recently played games are kept. */
export const GameListMax = 50;

export interface Layout {
  pageDisplay: PageDisplay;
  betting: Betting;
  menu: MenuState;
}

export interface LayoutPatch {
  pageDisplay?: Partial<PageDisplay>;
  betting?: Partial<Betting>;
  menu?: Partial<MenuState>;
}

export function defaultLayout(): Layout {
  return {
    pageDisplay: { ...DefaultPageDisplay },
    betting: { ...DefaultBetting },
    menu: {
      ...DefaultMenu,
      ...defaultMenuLists(),
      theme: defaultTheme,
      tour: { done: false, step: 0 },
      games: { favorites: [], recent: [] },
    },
  };
}

/** A list of game keys read back from storage: short strings, no duplicates, at most GameListMax. */
function gameKeys(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const keys = value.filter((k): k is string => typeof k === 'string' && k.length > 0 && k.length <= 80);
  return [...new Set(keys)].slice(0, GameListMax);
}

/** Takes `value` where it has the default's type (numbers finite, arrays of finite numbers). */
function sameShape<T>(fallback: T, value: unknown): T {
  if (Array.isArray(fallback)) {
    return (
      Array.isArray(value) &&
      value.length <= 500 &&
      value.every((n) => typeof n === 'number' && Number.isFinite(n))
        ? value
        : fallback
    ) as T;
  }
  if (isRecord(fallback)) {
    if (!isRecord(value)) return fallback;
    const out: Record<string, unknown> = {};
    for (const [key, def] of Object.entries(fallback)) out[key] = sameShape(def, value[key]);
    return out as T;
  }
  if (typeof fallback === 'number')
    return (typeof value === 'number' && Number.isFinite(value) ? value : fallback) as T;
  return (typeof value === typeof fallback ? value : fallback) as T;
}

/** Whole non-negative numbers, no repeats, at most `max` (what usersettings accepts). */
function idList(values: readonly number[], max: number): number[] {
  return [...new Set(values.filter((n) => Number.isSafeInteger(n) && n >= 0))].slice(0, max);
}

/** Limits of the menu lists (protocol SettingsFields). */
const MenuListMax = { selectedDays: 31, selectedLeagues: 500, favorites: 500, sportsOrder: 200 } as const;

/** A layout from anything (storage, a patch), with every field valid. */
export function parseLayout(value: unknown): Layout {
  const defaults = defaultLayout();
  const layout = sameShape(defaults, value);
  for (const key of ['menu0', 'menu1', 'menu3'] as const)
    if (layout.menu[key].length > 16) layout.menu[key] = defaults.menu[key];
  if (!Number.isSafeInteger(layout.menu.menu2) || layout.menu.menu2 < 0)
    layout.menu.menu2 = defaults.menu.menu2;
  for (const [key, max] of Object.entries(MenuListMax) as [keyof typeof MenuListMax, number][])
    layout.menu[key] = idList(layout.menu[key], max);
  if (!isLanguage(layout.pageDisplay.language)) layout.pageDisplay.language = defaults.pageDisplay.language;
  if (![1, 2, 3, 4, 5].includes(layout.pageDisplay.oddsType))
    layout.pageDisplay.oddsType = defaults.pageDisplay.oddsType;
  if (!(themeNames as readonly string[]).includes(layout.menu.theme)) layout.menu.theme = defaults.menu.theme;
  // Game keys are strings (sameShape keeps only number arrays): read them on their own.
  const games =
    isRecord(value) && isRecord(value.menu) && isRecord(value.menu.games)
      ? value.menu.games
      : ({} as Record<string, unknown>);
  layout.menu.games = { favorites: gameKeys(games.favorites), recent: gameKeys(games.recent) };
  return layout;
}

export function applyPatch(layout: Layout, patch: LayoutPatch): Layout {
  return parseLayout({
    pageDisplay: { ...layout.pageDisplay, ...patch.pageDisplay },
    betting: { ...layout.betting, ...patch.betting },
    menu: { ...layout.menu, ...patch.menu },
  });
}

/** The menu state fields usersettings keeps (protocol SettingsFields); theme, tour, games stay local. */
export const UpstreamMenuKeys = [
  'menu0',
  'menu1',
  'menu2',
  'menu3',
  'selectedDays',
  'selectedLeagues',
  'favorites',
  'sportsOrder',
  'minimizer',
] as const satisfies readonly (keyof MenuState)[];

/** Whether a patch touches what the upstream keeps (pageDisplay, betting, UpstreamMenuKeys). */
export function patchNeedsUpstream(patch: LayoutPatch): boolean {
  return (
    patch.pageDisplay !== undefined ||
    patch.betting !== undefined ||
    (patch.menu !== undefined && UpstreamMenuKeys.some((key) => patch.menu?.[key] !== undefined))
  );
}

/** The usersettings body fields (SPEC section 7: the settings fields, flat). */
export function settingsFields(layout: Layout): SettingsFields {
  const menu = Object.fromEntries(UpstreamMenuKeys.map((key) => [key, layout.menu[key]]));
  // parseLayout has checked every field; the schema type is narrower only in its literal unions.
  return { ...layout.pageDisplay, ...layout.betting, ...menu } as unknown as SettingsFields;
}

/**
 * The layout patch of the settings the server keeps (usersettings' flat fields): pageDisplay and
 * betting fields it names, nothing else; applyPatch then checks each value like a stored one.
 */
export function serverPatch(settings: Readonly<Record<string, unknown>>): LayoutPatch {
  const defaults = defaultLayout();
  const pick = (keys: readonly string[]) =>
    Object.fromEntries(keys.filter((key) => Object.hasOwn(settings, key)).map((key) => [key, settings[key]]));
  return {
    pageDisplay: pick(Object.keys(defaults.pageDisplay)) as Partial<PageDisplay>,
    betting: pick(Object.keys(defaults.betting)) as Partial<Betting>,
    menu: pick(UpstreamMenuKeys) as Partial<MenuState>,
  };
}

export function loadLayout(): Layout {
  return parseLayout(readJson(StorageKey.layout));
}

export function saveLayout(layout: Layout): void {
  writeJson(StorageKey.layout, layout);
}

// ---- The board's state: what the header comment above says, as pure mappings ----

export const MenuScopes = ['all', 'favorites'] as const;
export type MenuScope = (typeof MenuScopes)[number];

export interface Minimizer {
  header: boolean;
  sidebar: boolean;
  asidebar: boolean;
}

/** The stored layout as the board applies it: every field valid for the member. */
export interface BoardLayout {
  /** menu0. */
  scope: MenuScope;
  /** menu1. */
  tab: MarketTab;
  /** menu2. */
  sportId: number;
  /** menu3. */
  marketType: MarketType;
  /** selectedDays: GMT+8 day numbers. */
  days: number[];
  /** selectedLeagues. */
  leagues: number[];
  sportsOrder: number[];
  minimizer: Minimizer;
  /** pageDisplay.showQuickOdds. */
  quickOdds: boolean;
  /** pageDisplay.eventSorting: 0 by league, 1 by kick-off time. */
  sorting: 0 | 1;
  /** pageDisplay.pageType: 1 every line, 2 the main line only. */
  lines: 1 | 2;
  /** pageDisplay.marketType: 0 full time and first half, 1 full time, 2 first half. */
  periods: 0 | 1 | 2;
  /** pageDisplay.mmoType: 0 body and goal, 1 body, 2 goal. */
  mmoType: 0 | 1 | 2;
}

const oneOf = <T>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The board's state from a layout (`myanmar`: the member's currency offers the Myanmar market). */
export function boardLayoutOf(layout: Layout, member: { myanmar: boolean }): BoardLayout {
  const { menu, pageDisplay } = layout;
  const types: readonly MarketType[] = member.myanmar ? [...BoardMarketTypes, 'mmo'] : BoardMarketTypes;
  return {
    scope: oneOf(MenuScopes, menu.menu0, 'all'),
    tab: oneOf(MarketTabs, menu.menu1, 'today'),
    sportId: menu.menu2 > 0 ? menu.menu2 : DefaultMenu.menu2,
    marketType: oneOf(types, menu.menu3, 'hdpou'),
    days: menu.selectedDays,
    leagues: menu.selectedLeagues,
    sportsOrder: menu.sportsOrder,
    minimizer: { ...menu.minimizer },
    quickOdds: pageDisplay.showQuickOdds,
    sorting: oneOf([0, 1] as const, pageDisplay.eventSorting, 0),
    lines: oneOf([1, 2] as const, pageDisplay.pageType, 1),
    periods: oneOf([0, 1, 2] as const, pageDisplay.marketType, 0),
    mmoType: oneOf([0, 1, 2] as const, pageDisplay.mmoType, 0),
  };
}

/** The layout patch that stores a change of the board's state (only the fields given). */
export function boardLayoutPatch(board: Partial<BoardLayout>): LayoutPatch {
  const menu: Partial<MenuState> = {};
  const pageDisplay: Partial<PageDisplay> = {};
  if (board.scope !== undefined) menu.menu0 = board.scope;
  if (board.tab !== undefined) menu.menu1 = board.tab;
  if (board.sportId !== undefined) menu.menu2 = board.sportId;
  if (board.marketType !== undefined) menu.menu3 = board.marketType;
  if (board.days !== undefined) menu.selectedDays = [...board.days];
  if (board.leagues !== undefined) menu.selectedLeagues = [...board.leagues];
  if (board.sportsOrder !== undefined) menu.sportsOrder = [...board.sportsOrder];
  if (board.minimizer !== undefined) menu.minimizer = { ...board.minimizer };
  if (board.quickOdds !== undefined) pageDisplay.showQuickOdds = board.quickOdds;
  if (board.sorting !== undefined) pageDisplay.eventSorting = board.sorting;
  if (board.lines !== undefined) pageDisplay.pageType = board.lines;
  if (board.periods !== undefined) pageDisplay.marketType = board.periods;
  if (board.mmoType !== undefined) pageDisplay.mmoType = board.mmoType;
  return {
    ...(Object.keys(menu).length > 0 ? { menu } : {}),
    ...(Object.keys(pageDisplay).length > 0 ? { pageDisplay } : {}),
  };
}
