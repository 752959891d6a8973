/**
 * The lobby table: which providers, categories and tags each lobby route shows, and the
 * product that can be disabled for a member (SPEC section 6: live casino and mini games answer the
 * silent codes `liveCasinoDisabled` / `MiniGameDisabled`; the lobby then shows nothing).
 *
 * Providers (the simulator's, protocol `GameProviders`): `evo` live casino, `pgs` slots, `jili`
 * slots and table games, `fish` fishing, mini games and poker. The slot routes cut the slot
 * catalogue (pgs + jili, category `slots`) by provider and by tag:
 *
 * | route | shows |
 * |---|---|
 * | /casino | live casino: evo `live` + jili `table` |
 * | /casino100 | evo's live tables only |
 * | /slots | every slot (pgs, jili) |
 * | /slots2, /slots3 | PGS slots, JILI slots |
 * | /slots4, /slots5, /slots6 | new, hot, jackpot slots (both providers) |
 * | /slots7 | slots and fishing (pgs, jili, fish: the slot-wallet games) |
 * | /slots8 | JILI table games (blackjack, baccarat, roulette of the slot provider) |
 * | /slots9, /slots11, /slots12 | PGS new, hot, jackpot |
 * | /slots13, /slots14, /slots15 | JILI new, hot, jackpot |
 * | /fishing | fish `fishing` |
 * | /minigame | fish `mini` (under the number game on V1's page) |
 * | /others | poker (fish `poker`) |
 * | /others1 | every game of every provider |
 */

import {
  GameCategories,
  type GameCategory,
  type GameProduct,
  GameProductDisabledCode,
  GameProductOf,
  type GameTag,
  gameProvider,
} from '@sportsbook/protocol';

/** A product a member or operator can switch off (silent codes `liveCasinoDisabled`, `MiniGameDisabled`). */
export type SwitchedProduct = Extract<GameProduct, 'livecasino' | 'minigame'>;

export interface LobbyDef {
  /** The route path without its slash. */
  readonly path: string;
  /** The common (`translation`) key of its title, and the number of a numbered lobby. */
  readonly titleKey: string;
  readonly number?: number;
  readonly providers: readonly string[];
  readonly categories: readonly GameCategory[];
  /** Only games with this tag. */
  readonly tag?: GameTag;
  /** The product a member can have disabled: the whole lobby is then not shown. */
  readonly product?: SwitchedProduct;
}

const slotProviders = ['pgs', 'jili'] as const;
const slots = { titleKey: 'nav.slots', categories: ['slots'] } as const;

const table = {
  casino: {
    titleKey: 'nav.casino',
    providers: ['evo', 'jili'],
    categories: ['live', 'table'],
    product: 'livecasino',
  },
  casino100: {
    titleKey: 'nav.casino',
    number: 100,
    providers: ['evo'],
    categories: ['live'],
    product: 'livecasino',
  },
  slots: { ...slots, providers: slotProviders },
  slots2: { ...slots, number: 2, providers: ['pgs'] },
  slots3: { ...slots, number: 3, providers: ['jili'] },
  slots4: { ...slots, number: 4, providers: slotProviders, tag: 'new' },
  slots5: { ...slots, number: 5, providers: slotProviders, tag: 'hot' },
  slots6: { ...slots, number: 6, providers: slotProviders, tag: 'jackpot' },
  slots7: { ...slots, number: 7, providers: [...slotProviders, 'fish'], categories: ['slots', 'fishing'] },
  slots8: { ...slots, number: 8, providers: ['jili'], categories: ['table'], product: 'livecasino' },
  slots9: { ...slots, number: 9, providers: ['pgs'], tag: 'new' },
  slots11: { ...slots, number: 11, providers: ['pgs'], tag: 'hot' },
  slots12: { ...slots, number: 12, providers: ['pgs'], tag: 'jackpot' },
  slots13: { ...slots, number: 13, providers: ['jili'], tag: 'new' },
  slots14: { ...slots, number: 14, providers: ['jili'], tag: 'hot' },
  slots15: { ...slots, number: 15, providers: ['jili'], tag: 'jackpot' },
  fishing: { titleKey: 'nav.fishing', providers: ['fish'], categories: ['fishing'] },
  minigame: { titleKey: 'nav.miniGame', providers: ['fish'], categories: ['mini'], product: 'minigame' },
  others: { titleKey: 'nav.others', providers: ['fish'], categories: ['poker'] },
  others1: {
    titleKey: 'nav.others',
    number: 1,
    providers: ['evo', 'pgs', 'jili', 'fish'],
    categories: GameCategories,
  },
} as const satisfies Record<string, Omit<LobbyDef, 'path'>>;

export type LobbyId = keyof typeof table;

export const LobbyIds = Object.keys(table) as LobbyId[];

export function lobbyDef(id: LobbyId): LobbyDef {
  return { path: id, ...table[id] };
}

export function isLobbyId(value: string): value is LobbyId {
  return Object.hasOwn(table, value);
}

/** The lobby of a route path (`/slots7` → slots7), or undefined. */
export function lobbyOfPath(pathname: string): LobbyId | undefined {
  const id = pathname.replace(/^\/+|\/+$/g, '');
  return isLobbyId(id) ? id : undefined;
}

/** The lobbies the app routes as their own page (V1's /minigame page renders its lobby itself). */
export const RoutedLobbies = LobbyIds.filter((id) => id !== 'minigame');

/** The product a silent code switches off, if it is one. */
export function productOfCode(code: string): SwitchedProduct | undefined {
  const found = Object.entries(GameProductDisabledCode).find(([, c]) => c === code);
  return found ? (found[0] as SwitchedProduct) : undefined;
}

/** The categories a lobby shows to a member with `off` products disabled. */
export function shownCategories(def: LobbyDef, off: ReadonlySet<SwitchedProduct>): GameCategory[] {
  return def.categories.filter((c) => !(off as ReadonlySet<GameProduct>).has(GameProductOf[c]));
}

/** The providers of a lobby with a category it shows (evo is left out when live casino is off). */
export function shownProviders(def: LobbyDef, off: ReadonlySet<SwitchedProduct>): string[] {
  const shown = new Set(shownCategories(def, off));
  return def.providers.filter((id) => (gameProvider(id)?.categories ?? []).some((c) => shown.has(c)));
}

/** The display name of a provider (not translated). */
export function providerName(id: string): string {
  return gameProvider(id)?.name ?? id;
}

/** Whether a lobby shows anything at all to a member with `off` products disabled. */
export function lobbyShown(def: LobbyDef, off: ReadonlySet<SwitchedProduct>): boolean {
  if (def.product && off.has(def.product)) return false;
  return shownProviders(def, off).length > 0;
}

/** The routed lobbies of the same family (same title: slots, live casino, other games), in table order. */
export function lobbyFamily(id: LobbyId): LobbyId[] {
  const key = table[id].titleKey;
  return RoutedLobbies.filter((other) => table[other].titleKey === key);
}

/** A piece of a lobby's link label: the family title, "all games", a provider, a tag or a category. */
export type LabelPart =
  | { readonly kind: 'title' }
  | { readonly kind: 'all' }
  | { readonly kind: 'provider'; readonly id: string }
  | { readonly kind: 'tag'; readonly tag: GameTag }
  | { readonly kind: 'category'; readonly category: GameCategory };

/**
 * What tells a lobby from the first of its family (its link label, SPEC numbered routes made
 * readable): its one provider, its tag, its categories when they differ; the first is the title.
 */
export function lobbyLabel(id: LobbyId): LabelPart[] {
  const [first = id] = lobbyFamily(id);
  if (id === first) return [{ kind: 'title' }];
  const def = lobbyDef(id);
  const parts: LabelPart[] = [];
  if (def.providers.length === 1) parts.push({ kind: 'provider', id: def.providers[0] as string });
  if (def.tag) parts.push({ kind: 'tag', tag: def.tag });
  if (def.categories.length === GameCategories.length) parts.push({ kind: 'all' });
  else if (def.categories.join() !== lobbyDef(first).categories.join())
    parts.push(...def.categories.map((category) => ({ kind: 'category' as const, category })));
  return parts.length > 0 ? parts : [{ kind: 'all' }];
}
