import { GameCategories, GameProviders } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import { gameLobbyPaths } from '../../app/routes.tsx';
import {
  isLobbyId,
  LobbyIds,
  lobbyDef,
  lobbyFamily,
  lobbyLabel,
  lobbyOfPath,
  lobbyShown,
  productOfCode,
  RoutedLobbies,
  type SwitchedProduct,
  shownCategories,
  shownProviders,
} from './lobbies.ts';

const none = new Set<SwitchedProduct>();

describe('lobby table', () => {
  it('has a lobby for every game route of SPEC section 2, and the router routes each of them', () => {
    const spec = [
      'casino',
      'casino100',
      'slots',
      ...[2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15].map((n) => `slots${n}`),
      'fishing',
      'minigame',
      'others',
      'others1',
    ];
    expect([...LobbyIds].sort()).toEqual([...spec].sort());
    expect([...RoutedLobbies].sort()).toEqual([...gameLobbyPaths].sort());
    expect(lobbyOfPath('/slots7')).toBe('slots7');
    expect(lobbyOfPath('/slots10')).toBeUndefined();
    expect(isLobbyId('toString')).toBe(false);
  });

  it('names only real providers and categories, each provider offering a category of its lobby', () => {
    const ids = new Set(GameProviders.map((p) => p.id));
    for (const id of LobbyIds) {
      const def = lobbyDef(id);
      for (const p of def.providers) expect(ids.has(p), `${id} ${p}`).toBe(true);
      for (const c of def.categories) expect(GameCategories).toContain(c);
      expect(shownProviders(def, none), id).toEqual(def.providers);
    }
  });

  it('hides a disabled product: its lobbies show nothing, mixed lobbies lose its categories', () => {
    const liveOff = new Set<SwitchedProduct>(['livecasino']);
    expect(lobbyShown(lobbyDef('casino'), liveOff)).toBe(false);
    expect(lobbyShown(lobbyDef('casino100'), liveOff)).toBe(false);
    expect(lobbyShown(lobbyDef('slots8'), liveOff)).toBe(false);
    expect(lobbyShown(lobbyDef('minigame'), liveOff)).toBe(true);
    expect(shownCategories(lobbyDef('others1'), liveOff)).toEqual(['slots', 'fishing', 'mini', 'poker']);
    expect(shownProviders(lobbyDef('others1'), liveOff)).toEqual(['pgs', 'jili', 'fish']);
    const miniOff = new Set<SwitchedProduct>(['minigame']);
    expect(lobbyShown(lobbyDef('minigame'), miniOff)).toBe(false);
    expect(lobbyShown(lobbyDef('others'), miniOff)).toBe(true);
    expect(lobbyShown(lobbyDef('casino'), miniOff)).toBe(true);
  });

  it('knows the silent codes of the switched products', () => {
    expect(productOfCode('liveCasinoDisabled')).toBe('livecasino');
    expect(productOfCode('MiniGameDisabled')).toBe('minigame');
    expect(productOfCode('lotteryDisabled')).toBeUndefined();
    expect(productOfCode('game_maintenance')).toBeUndefined();
  });

  it('links each lobby to its family under a label that tells it from the first', () => {
    expect(lobbyFamily('slots9')).toEqual([
      'slots',
      ...[2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15].map((n) => `slots${n}`),
    ]);
    expect(lobbyFamily('casino')).toEqual(['casino', 'casino100']);
    expect(lobbyFamily('fishing')).toEqual(['fishing']);
    expect(lobbyLabel('slots')).toEqual([{ kind: 'title' }]);
    expect(lobbyLabel('slots2')).toEqual([{ kind: 'provider', id: 'pgs' }]);
    expect(lobbyLabel('slots5')).toEqual([{ kind: 'tag', tag: 'hot' }]);
    expect(lobbyLabel('slots7')).toEqual([
      { kind: 'category', category: 'slots' },
      { kind: 'category', category: 'fishing' },
    ]);
    expect(lobbyLabel('slots15')).toEqual([
      { kind: 'provider', id: 'jili' },
      { kind: 'tag', tag: 'jackpot' },
    ]);
    expect(lobbyLabel('casino100')).toEqual([
      { kind: 'provider', id: 'evo' },
      { kind: 'category', category: 'live' },
    ]);
    expect(lobbyLabel('others1')).toEqual([{ kind: 'all' }]);
    // Every label in a family is different.
    for (const id of LobbyIds) {
      const labels = lobbyFamily(id).map((x) => JSON.stringify(lobbyLabel(x)));
      expect(new Set(labels).size, id).toBe(labels.length);
    }
  });
});
