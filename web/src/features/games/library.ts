/**
 * The pure rules of a lobby's game list: the key of a game, search, favourites and
 * recently played (kept in the layout's `menu.games`, account/layout.ts), and the tiles a lobby shows
 * for its current provider, category and view.
 */
import { GameListMax, type GameLists } from '../account/layout.ts';

export interface LobbyGame {
  readonly game_id: string;
  readonly name: string;
  readonly category: string;
  readonly provider: string;
  readonly thumbnail: string;
  readonly tags?: readonly string[] | undefined;
}

/** The key of a game in the favourites and recent lists: provider and game id. */
export function gameKey(game: Pick<LobbyGame, 'provider' | 'game_id'>): string {
  return `${game.provider}:${game.game_id}`;
}

/** Lower case, accents and spacing removed: "Dragón  Tiger" and "dragon tiger" match. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `game` matches the search text: every word is part of its name, id or provider. */
export function matchesSearch(game: LobbyGame, query: string): boolean {
  const words = normalizeSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const hay = normalizeSearch(`${game.name} ${game.game_id} ${game.provider}`);
  return words.every((w) => hay.includes(w));
}

/** The lists with `key` added to or removed from the favourites. */
export function toggleFavorite(lists: GameLists, key: string): GameLists {
  const favorites = lists.favorites.includes(key)
    ? lists.favorites.filter((k) => k !== key)
    : [key, ...lists.favorites].slice(0, GameListMax);
  return { ...lists, favorites };
}

/** The lists with `key` first in recently played (moved there if it was already in). */
export function addRecent(lists: GameLists, key: string): GameLists {
  return { ...lists, recent: [key, ...lists.recent.filter((k) => k !== key)].slice(0, GameListMax) };
}

/** What a lobby's grid shows: everything, the favourites, or recently played (most recent first). */
export type LobbyView = 'all' | 'favorites' | 'recent';

export interface GridFilter {
  readonly provider: string | 'all';
  readonly category: string | 'all';
  readonly view: LobbyView;
  readonly query: string;
}

/** The tiles of the grid for a filter, in catalogue order (recent: most recently played first). */
export function visibleGames(games: readonly LobbyGame[], lists: GameLists, filter: GridFilter): LobbyGame[] {
  const keep = (g: LobbyGame) =>
    (filter.provider === 'all' || g.provider === filter.provider) &&
    (filter.category === 'all' || g.category === filter.category) &&
    matchesSearch(g, filter.query);
  if (filter.view === 'recent') {
    const byKey = new Map(games.map((g) => [gameKey(g), g]));
    return lists.recent.flatMap((k) => {
      const g = byKey.get(k);
      return g && keep(g) ? [g] : [];
    });
  }
  const favorites = new Set(lists.favorites);
  return games.filter((g) => keep(g) && (filter.view === 'all' || favorites.has(gameKey(g))));
}
