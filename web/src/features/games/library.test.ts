import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameListMax, parseLayout } from '../account/layout.ts';
import {
  addRecent,
  gameKey,
  type LobbyGame,
  matchesSearch,
  toggleFavorite,
  visibleGames,
} from './library.ts';

const game = (provider: string, id: string, name: string, category = 'slots'): LobbyGame => ({
  game_id: id,
  name,
  category,
  provider,
  thumbnail: `/api/games/${provider}/thumb/${id}.svg`,
});
const games = [
  game('pgs', 'pgs-001', 'Golden Dragon'),
  game('pgs', 'pgs-002', 'Lucky Koi'),
  game('jili', 'jili-001', 'Dragón Tiger', 'table'),
  game('jili', 'jili-002', 'Fortune Gems'),
];
const empty = { favorites: [], recent: [] };
const all = { provider: 'all', category: 'all', view: 'all', query: '' } as const;

describe('search', () => {
  it('matches every word in the name, id or provider, ignoring case, accents and spacing', () => {
    expect(matchesSearch(games[2] as LobbyGame, '  dragon   TIGER ')).toBe(true);
    expect(matchesSearch(games[0] as LobbyGame, 'dragon gold')).toBe(true);
    expect(matchesSearch(games[0] as LobbyGame, 'dragon koi')).toBe(false);
    expect(matchesSearch(games[1] as LobbyGame, 'pgs-002')).toBe(true);
    expect(visibleGames(games, empty, { ...all, query: 'dragon' }).map((g) => g.game_id)).toEqual([
      'pgs-001',
      'jili-001',
    ]);
  });

  it('narrows by provider and category', () => {
    expect(visibleGames(games, empty, { ...all, provider: 'jili' }).map((g) => g.game_id)).toEqual([
      'jili-001',
      'jili-002',
    ]);
    expect(visibleGames(games, empty, { ...all, category: 'table' }).map((g) => g.game_id)).toEqual([
      'jili-001',
    ]);
  });
});

describe('favourites and recently played', () => {
  it('shows favourites in catalogue order and recent games most recent first', () => {
    let lists = toggleFavorite(empty, gameKey(games[3] as LobbyGame));
    lists = toggleFavorite(lists, gameKey(games[0] as LobbyGame));
    lists = addRecent(lists, gameKey(games[1] as LobbyGame));
    lists = addRecent(lists, gameKey(games[2] as LobbyGame));
    lists = addRecent(lists, gameKey(games[1] as LobbyGame));
    expect(visibleGames(games, lists, { ...all, view: 'favorites' }).map((g) => g.game_id)).toEqual([
      'pgs-001',
      'jili-002',
    ]);
    expect(visibleGames(games, lists, { ...all, view: 'recent' }).map((g) => g.game_id)).toEqual([
      'pgs-002',
      'jili-001',
    ]);
    // A favourite of a game no longer in the catalogue is kept but not shown.
    const gone = toggleFavorite(lists, 'pgs:pgs-999');
    expect(visibleGames(games, gone, { ...all, view: 'favorites' })).toHaveLength(2);
  });

  it('toggling a favourite twice gives the lists back; recent has no duplicates and is bounded', () => {
    const key = fc.stringMatching(/^[a-z]{1,4}:[a-z0-9-]{1,6}$/);
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 10 }), key, (favorites, k) => {
        const lists = { favorites, recent: [] };
        const twice = toggleFavorite(toggleFavorite(lists, k), k);
        if (favorites.includes(k)) expect(new Set(twice.favorites)).toEqual(new Set(favorites));
        else expect(twice.favorites).toEqual(favorites);
      }),
    );
    fc.assert(
      fc.property(fc.array(key, { maxLength: 120 }), (played) => {
        const lists = played.reduce(addRecent, empty);
        expect(new Set(lists.recent).size).toBe(lists.recent.length);
        expect(lists.recent.length).toBeLessThanOrEqual(GameListMax);
        if (played.length > 0) expect(lists.recent[0]).toBe(played.at(-1));
      }),
    );
  });

  it('are kept in the layout key and read back checked', () => {
    const layout = parseLayout({
      menu: { games: { favorites: ['pgs:pgs-001', 7, 'pgs:pgs-001', ''], recent: 'nope' } },
    });
    expect(layout.menu.games).toEqual({ favorites: ['pgs:pgs-001'], recent: [] });
    expect(parseLayout(null).menu.games).toEqual({ favorites: [], recent: [] });
    const many = Array.from({ length: 80 }, (_, i) => `pgs:g-${i}`);
    expect(
      parseLayout({ menu: { games: { favorites: many, recent: many } } }).menu.games.recent,
    ).toHaveLength(GameListMax);
  });
});
