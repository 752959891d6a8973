import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParlayLimits } from './constants.ts';
import {
  binomial,
  checkParlay,
  combinationSizes,
  parlayCombinations,
  parlayTotals,
  SystemBetAliases,
  type SystemBetName,
  SystemBets,
  systemBetName,
  systemTicketCount,
} from './parlay.ts';

const RUNS = { numRuns: 300 };
const upToTen = fc.integer({ min: 1, max: 10 });
const selections = (ids: number[]) => ids.map((matchId) => ({ matchId }));

describe('parlayCombinations', () => {
  it('lists size 2..n by ascending size, then lexicographically', () => {
    expect(parlayCombinations(3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    expect(parlayCombinations(2)).toEqual([[0, 1]]);
    expect(parlayCombinations(1)).toEqual([]);
    expect(parlayCombinations(4, [3])).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('over 10 selections uses only the full size (SPEC section 4)', () => {
    expect(parlayCombinations(11)).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(systemTicketCount(12)).toBe(1);
    expect(combinationSizes(12, [12])).toEqual([12]);
    expect(() => parlayCombinations(11, [2])).toThrow(RangeError);
  });

  it('rejects bad counts and sizes', () => {
    expect(() => parlayCombinations(0)).toThrow(RangeError);
    expect(() => parlayCombinations(13)).toThrow(RangeError);
    expect(() => parlayCombinations(4, [5])).toThrow(RangeError);
    expect(() => parlayCombinations(4, [0])).toThrow(RangeError);
    expect(() => parlayCombinations(4, [2.5])).toThrow(RangeError);
  });

  it('deduplicates and sorts the requested sizes', () => {
    expect(combinationSizes(5, [4, 2, 4])).toEqual([2, 4]);
  });

  it('all sizes 2..n give 2^n - n - 1 tickets, listed and counted', () => {
    fc.assert(
      fc.property(upToTen, (n) => {
        expect(parlayCombinations(n)).toHaveLength(2 ** n - n - 1);
        expect(systemTicketCount(n)).toBe(2 ** n - n - 1);
      }),
      RUNS,
    );
  });

  it('any set of sizes gives the sum of binomials, each combination distinct, sorted and in range', () => {
    fc.assert(
      fc.property(
        upToTen.chain((n) =>
          fc.tuple(fc.constant(n), fc.uniqueArray(fc.integer({ min: 1, max: n }), { minLength: 1 })),
        ),
        ([n, sizes]) => {
          const combos = parlayCombinations(n, sizes);
          const expected = sizes.reduce((sum, k) => sum + binomial(n, k), 0);
          expect(combos).toHaveLength(expected);
          expect(systemTicketCount(n, sizes)).toBe(expected);
          expect(new Set(combos.map((c) => c.join(','))).size).toBe(expected);
          for (const combo of combos) {
            expect(sizes).toContain(combo.length);
            expect(
              combo.every((index, i) => index >= 0 && index < n && (i === 0 || index > (combo[i - 1] ?? -1))),
            ).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it("binomial matches Pascal's rule", () => {
    expect(binomial(5, 2)).toBe(10);
    expect(binomial(5, 6)).toBe(0);
    expect(binomial(5, -1)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (n, k) => {
        expect(binomial(n, k)).toBe(binomial(n - 1, k - 1) + binomial(n - 1, k));
      }),
      RUNS,
    );
  });
});

describe('named system bets', () => {
  it('Trixie 4, Yankee 11, Canadian 26, Heinz 57, Super Heinz 120, Goliath 247', () => {
    const expected: [SystemBetName, number, number][] = [
      ['Trixie', 3, 4],
      ['Yankee', 4, 11],
      ['Canadian', 5, 26],
      ['Heinz', 6, 57],
      ['SuperHeinz', 7, 120],
      ['Goliath', 8, 247],
    ];
    for (const [name, n, tickets] of expected) {
      expect(SystemBets[name].selections).toBe(n);
      expect(systemTicketCount(n)).toBe(tickets);
      expect(systemBetName(n)).toBe(name);
    }
    expect(SystemBetAliases.SuperYankee).toBe('Canadian');
  });

  it('the Lucky bets (and Patent) add the singles: Lucky 15, 31, 63', () => {
    expect(systemTicketCount(4, SystemBets.Lucky15.sizes)).toBe(15);
    expect(systemTicketCount(5, SystemBets.Lucky31.sizes)).toBe(31);
    expect(systemTicketCount(6, SystemBets.Lucky63.sizes)).toBe(63);
    expect(systemBetName(3, [1, 2, 3])).toBe('Patent');
    expect(systemBetName(4, [1, 2, 3, 4])).toBe('Lucky15');
    expect(systemBetName(4, [2, 3])).toBeUndefined();
  });

  it('every named system declares its true ticket count', () => {
    for (const bet of Object.values(SystemBets))
      expect(systemTicketCount(bet.selections, bet.sizes)).toBe(bet.tickets);
  });
});

describe('checkParlay', () => {
  it('uses the limits of SPEC section 9', () => {
    expect(ParlayLimits).toMatchObject({ minSelections: 2, maxSelections: 12, minLiveSelections: 3 });
    expect(ParlayLimits).toMatchObject({
      minMyanmarSelections: 2,
      maxMyanmarSelections: 10,
      fullSizeOnlyAbove: 10,
    });
  });

  it('accepts 2..12 selections on distinct matches', () => {
    expect(checkParlay({ selections: selections([1, 2]), live: false, myanmar: false })).toBeNull();
    expect(
      checkParlay({
        selections: selections([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        live: false,
        myanmar: false,
      }),
    ).toBeNull();
  });

  it('needs at least 2 (atLeastTwoMatchToBetParlay), 3 when live (atLeastThreeMatchToBetParlay)', () => {
    expect(checkParlay({ selections: selections([1]), live: false, myanmar: false })).toBe(
      'atLeastTwoMatchToBetParlay',
    );
    expect(checkParlay({ selections: [], live: false, myanmar: false })).toBe('atLeastTwoMatchToBetParlay');
    expect(checkParlay({ selections: selections([1, 2]), live: true, myanmar: false })).toBe(
      'atLeastThreeMatchToBetParlay',
    );
    expect(checkParlay({ selections: selections([1, 2, 3]), live: true, myanmar: false })).toBeNull();
    expect(checkParlay({ selections: selections([1, 2]), live: true, myanmar: true })).toBe(
      'atLeastThreeMatchToBetParlay',
    );
  });

  it('allows at most 12, Myanmar at most 10 (maxParlayTicket)', () => {
    const thirteen = selections(Array.from({ length: 13 }, (_, i) => i));
    expect(checkParlay({ selections: thirteen, live: false, myanmar: false })).toBe('maxParlayTicket');
    expect(checkParlay({ selections: thirteen.slice(0, 11), live: false, myanmar: true })).toBe(
      'maxParlayTicket',
    );
    expect(checkParlay({ selections: thirteen.slice(0, 10), live: false, myanmar: true })).toBeNull();
  });

  it('allows one selection per match (sameMatchInParlay), checked first', () => {
    expect(checkParlay({ selections: selections([1, 2, 1]), live: false, myanmar: false })).toBe(
      'sameMatchInParlay',
    );
    expect(checkParlay({ selections: selections([7, 7]), live: true, myanmar: false })).toBe(
      'sameMatchInParlay',
    );
    expect(
      checkParlay({ selections: [{ matchId: '5' }, { matchId: 5 }], live: false, myanmar: false }),
    ).toBeNull();
  });

  it('a parlay passes exactly when its distinct-match count is within the mode limits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 15 }),
        fc.boolean(),
        fc.boolean(),
        (ids, live, myanmar) => {
          const result = checkParlay({ selections: selections(ids), live, myanmar });
          const distinct = new Set(ids).size === ids.length;
          const min = live ? 3 : 2;
          const max = myanmar ? 10 : 12;
          expect(result === null).toBe(distinct && ids.length >= min && ids.length <= max);
        },
      ),
      RUNS,
    );
  });
});

describe('parlayTotals (SPEC section 3)', () => {
  it('stake = unit x tickets; accept + reject <= tickets, by decision (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.constantFrom('accepted', 'rejected', 'pending' as const),
        (tickets, unitStake, maxPayout, decision) => {
          const t = parlayTotals({ tickets, unitStake, maxPayout, decision });
          expect(t.totalStake).toBe(unitStake * tickets);
          expect(t.totalBet).toBe(tickets);
          expect(t.combination).toBe(tickets);
          expect(t.totalPayout).toBe(maxPayout);
          expect(t.totalAccept + t.totalReject).toBe(decision === 'pending' ? 0 : tickets);
          expect(t.totalAccept > 0).toBe(decision === 'accepted');
        },
      ),
      RUNS,
    );
  });

  it('a Yankee of 10.00 a ticket', () => {
    expect(
      parlayTotals({
        tickets: systemTicketCount(4, [2, 3, 4]),
        unitStake: 1000,
        maxPayout: 99_000,
        decision: 'accepted',
      }),
    ).toEqual({
      totalBet: 11,
      totalStake: 11_000,
      totalPayout: 99_000,
      totalAccept: 11,
      totalReject: 0,
      combination: 11,
    });
    expect(() => parlayTotals({ tickets: 0, unitStake: 1, maxPayout: 1, decision: 'pending' })).toThrow(
      RangeError,
    );
  });
});
