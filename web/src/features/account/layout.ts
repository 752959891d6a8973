/**
 * Layout preferences (SPEC section 3) with the defaults of section 9 (protocol's DefaultPageDisplay,
 * DefaultBetting, DefaultMenu). Stored under StorageKey.layout; anything read back is checked field
 * by field against the defaults' types, so an old or tampered value never breaks the app.
 */
import {
  DefaultBetting,
  DefaultMenu,
  DefaultPageDisplay,
  isLanguage,
  isRecord,
  type Language,
  StorageKey,
} from '@sportsbook/protocol';
import { defaultTheme, type ThemeName, themeNames } from '../../shared/config.ts';
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
  /** The game lobbies' favourites and recently played (issue 15): game keys `provider:game_id`. */
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
      selectedDays: [],
      selectedLeagues: [],
      favorites: [],
      sportsOrder: [],
      minimizer: { header: false, sidebar: false, asidebar: false },
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

/** A layout from anything (storage, a patch), with every field valid. */
export function parseLayout(value: unknown): Layout {
  const defaults = defaultLayout();
  const layout = sameShape(defaults, value);
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

/** Whether a patch touches what the upstream keeps (usersettings takes pageDisplay and betting). */
export function patchNeedsUpstream(patch: LayoutPatch): boolean {
  return patch.pageDisplay !== undefined || patch.betting !== undefined;
}

/** The usersettings body fields (SPEC section 7: the settings fields, flat). */
export function settingsFields(layout: Layout): SettingsFields {
  // parseLayout has checked every field; the schema type is narrower only in its literal unions.
  return { ...layout.pageDisplay, ...layout.betting } as unknown as SettingsFields;
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
  };
}

export function loadLayout(): Layout {
  return parseLayout(readJson(StorageKey.layout));
}

export function saveLayout(layout: Layout): void {
  writeJson(StorageKey.layout, layout);
}
