import { normalizeMarket } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupLeagues, matchCount, orderSports, pageOf } from './view.ts';

const sport = (id: number, name: string) => ({
  id,
  name,
  early: 1,
  today: 1,
  live: 1,
  parlay: 1,
  outright: 0,
});

describe('sports menu order', () => {
  it('follows the configured order, then the other sports by name, without 22 and 33', () => {
    const sports = [
      sport(33, 'X'),
      sport(12, 'Rugby'),
      sport(2, 'Basketball'),
      sport(99, 'Archery'),
      sport(1, 'Soccer'),
      sport(22, 'Y'),
    ];
    expect(orderSports(sports, 'MYR').map((s) => s.id)).toEqual([1, 2, 12, 99]);
  });
  it('uses the alternate order for BDT members', () => {
    expect(orderSports([sport(1, 'Soccer'), sport(10, 'Cricket')], 'BDT').map((s) => s.id)).toEqual([10, 1]);
  });
});

const model = normalizeMarket({
  leagues: [
    [1, 1, 'B League', 1, 0, 2, 'X'],
    [2, 1, 'A League', 0, 0, 2, 'X'],
    [3, 1, 'Special', 0, 25, 1, 'X'],
  ],
  matches: [
    [11, 1, 'h', 'a', 1, 0, 1, 0, 1, 1_000_000, 0, 0, null, ''],
    [12, 2, 'h', 'a', 1, 0, 1, 0, 0, 2_000_000, 0, 0, null, ''],
    [13, 3, 'h', 'a', 1, 0, 1, 0, 1, 3_000_000, 0, 0, null, ''],
    [14, 1, 'h', 'a', 1, 0, 1, 0, 1, 50_000_000, 0, 0, null, ''],
  ],
  links: [],
  heads: [11, 12, 13, 14].map(
    (id) => [id, 1, 2, id === 12 ? 2 : id === 13 ? 3 : 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] as never,
  ),
  odds: [],
});
const base = {
  leagueMode: 0,
  timeMode: 0,
  marketType: 'hdpou' as const,
  tab: 'today' as const,
  favourites: [],
  selectedLeagues: [],
  now: 0,
};

describe('league grouping', () => {
  it('sorts by favourite, sort order, then name', () => {
    expect(groupLeagues(model, base).map((g) => g.leagueId)).toEqual([3, 2, 1]);
    expect(groupLeagues(model, { ...base, favourites: [1] }).map((g) => g.leagueId)).toEqual([1, 3, 2]);
  });
  it('applies league filter modes 1-3', () => {
    expect(groupLeagues(model, { ...base, leagueMode: 1 }).map((g) => g.leagueId)).toEqual([3, 1]);
    expect(groupLeagues(model, { ...base, leagueMode: 2 }).map((g) => g.leagueId)).toEqual([1]);
    expect(groupLeagues(model, { ...base, leagueMode: 3 }).map((g) => g.leagueId)).toEqual([3, 2]);
  });
  it('applies the time filter, but never to outright', () => {
    const twoHours = { ...base, timeMode: 9, now: 0 };
    expect(matchCount(groupLeagues(model, twoHours))).toBe(3);
    expect(matchCount(groupLeagues(model, { ...twoHours, marketType: 'outright' }))).toBe(4);
  });
  it('the parlay tab lists only parlay matches', () => {
    expect(matchCount(groupLeagues(model, { ...base, tab: 'parlay' }))).toBe(3);
  });
  it('pages cut at match granularity and cover every match once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (sizes, size) => {
          let next = 0;
          const groups = sizes.map((n, i) => ({
            leagueId: i,
            name: '',
            favourite: false,
            matchIds: Array.from({ length: n }, () => next++),
          }));
          const all: number[] = [];
          for (let p = 0; p * size < next; p++) {
            const page = pageOf(groups, p, size).flatMap((g) => g.matchIds);
            expect(page.length).toBeLessThanOrEqual(size);
            all.push(...page);
          }
          expect(all).toEqual(Array.from({ length: next }, (_, i) => i));
        },
      ),
      { numRuns: 300 },
    );
  });
});
