/**
 * Game providers: the ids under `/games/<provider>/<call>`, their lobby categories, and
 * the product each category's rounds belong to in the wallet ledger and the statement. A product
 * disabled for a member (player_info `live_casino_disabled`, `mini_game_disabled`) answers its
 * silent code.
 */

export const GameCategories = ['slots', 'table', 'live', 'fishing', 'mini', 'poker'] as const;
export type GameCategory = (typeof GameCategories)[number];

export const GameTags = ['new', 'hot', 'jackpot'] as const;
export type GameTag = (typeof GameTags)[number];

export interface GameProvider {
  readonly id: string;
  readonly name: string;
  readonly categories: readonly GameCategory[];
}

export const GameProviders: readonly GameProvider[] = [
  { id: 'evo', name: 'Evo Live', categories: ['live'] },
  { id: 'pgs', name: 'PGS Slots', categories: ['slots'] },
  { id: 'jili', name: 'JILI', categories: ['slots', 'table'] },
  { id: 'fish', name: 'Ocean Fun', categories: ['fishing', 'mini', 'poker'] },
];

export function gameProvider(id: string): GameProvider | undefined {
  return GameProviders.find((p) => p.id === id);
}

/** Ledger products of game rounds (statement lines group by them). */
export type GameProduct = 'slots' | 'livecasino' | 'minigame' | 'poker';

export const GameProductOf: Readonly<Record<GameCategory, GameProduct>> = {
  slots: 'slots',
  fishing: 'slots',
  live: 'livecasino',
  table: 'livecasino',
  mini: 'minigame',
  poker: 'poker',
};

/** The silent code of a product a member may have disabled, if that product can be. */
export const GameProductDisabledCode: Readonly<
  Partial<Record<GameProduct, 'liveCasinoDisabled' | 'MiniGameDisabled'>>
> = {
  livecasino: 'liveCasinoDisabled',
  minigame: 'MiniGameDisabled',
};

/** A game id: lower-case letters, digits and dashes (`pgs-012`). */
export const GameIdPattern = '^[a-z0-9-]{1,40}$';
