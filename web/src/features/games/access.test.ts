import { describe, expect, it } from 'vitest';
import { noteGameCode, productsOff, refusedProducts } from './access.ts';
import type { SwitchedProduct } from './lobbies.ts';

const info = {};
const none = new Set<SwitchedProduct>();

describe('products off for a member', () => {
  it('follows the profile flags and the silent answers of the session', () => {
    expect([...productsOff(null, none)]).toEqual([]);
    expect([...productsOff(info, none)]).toEqual([]);
    expect([...productsOff({ ...info, live_casino_disabled: 1 }, none)]).toEqual(['livecasino']);
    expect([...productsOff({ ...info, mini_game_disabled: '1' }, none)]).toEqual(['minigame']);
    expect([...productsOff(info, new Set<SwitchedProduct>(['minigame']))]).toEqual(['minigame']);
    expect([...productsOff({ ...info, live_casino_disabled: 0 }, none)]).toEqual([]);
  });

  it('gives the same Set while nothing changes (a stable value for React)', () => {
    const a = productsOff({ ...info, live_casino_disabled: 1 }, none);
    expect(productsOff({ ...info, live_casino_disabled: 1 }, none)).toBe(a);
  });

  it('remembers a silent answer for its session only, and ignores other codes', () => {
    noteGameCode('s1', 'game_maintenance');
    expect([...refusedProducts('s1')]).toEqual([]);
    noteGameCode('s1', 'liveCasinoDisabled');
    noteGameCode('s1', 'MiniGameDisabled');
    expect([...refusedProducts('s1')].sort()).toEqual(['livecasino', 'minigame']);
    expect([...refusedProducts('s2')]).toEqual([]);
    noteGameCode('s2', 'MiniGameDisabled');
    expect([...refusedProducts('s2')]).toEqual(['minigame']);
    expect([...refusedProducts('s1')]).toEqual([]);
    expect([...refusedProducts(null)]).toEqual([]);
  });
});
