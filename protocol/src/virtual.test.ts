import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sports } from './rows.ts';
import {
  drawBasketballScore,
  drawFootballScore,
  drawFromPrices,
  impliedProbabilities,
  isVirtualSport,
  kickoffOf,
  nextEventIndex,
  pickIndex,
  replayScore,
  resultOf,
  VirtualSportIds,
  VirtualSports,
  virtualEventOf,
  virtualMatchId,
  virtualPhase,
} from './virtual.ts';

const price = fc.double({ min: 1.01, max: 50, noNaN: true });

describe('virtual sports rules', () => {
  it('uses sport ids listed in Sports and nowhere else in the real table', () => {
    for (const id of Object.values(VirtualSportIds)) {
      expect(Object.keys(Sports)).toContain(String(id));
      expect(isVirtualSport(id)).toBe(true);
    }
    expect(isVirtualSport(1)).toBe(false);
    expect(isVirtualSport(43)).toBe(false);
  });

  it('round-trips virtual match ids and never claims a real world id', () => {
    fc.assert(
      fc.property(fc.constantFrom(180, 181), fc.integer({ min: 1, max: 999_999_999 }), (sportId, index) => {
        expect(virtualEventOf(virtualMatchId(sportId, index))).toEqual({ sportId, index });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (id) => virtualEventOf(id) === undefined),
    );
  });

  it('implied probabilities sum to 1 and follow the prices order', () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 2, maxLength: 6 }), (prices) => {
        const p = impliedProbabilities(prices);
        expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        for (let i = 1; i < prices.length; i++)
          if ((prices[i] as number) < (prices[i - 1] as number))
            expect(p[i]).toBeGreaterThanOrEqual(p[i - 1] as number);
      }),
    );
  });

  it('pickIndex lands every uniform on a valid outcome, in proportion', () => {
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 2, maxLength: 6 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (prices, u) => {
          const i = drawFromPrices(prices, u);
          expect(i).toBeGreaterThanOrEqual(0);
          expect(i).toBeLessThan(prices.length);
        },
      ),
    );
    expect(pickIndex([0.5, 0.3, 0.2], 0.49)).toBe(0);
    expect(pickIndex([0.5, 0.3, 0.2], 0.5)).toBe(1);
    expect(pickIndex([0.5, 0.3, 0.2], 0.85)).toBe(2);
  });

  it('a drawn score always agrees with the drawn result', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.constantFrom(0 as const, 1 as const, 2 as const),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (h, a, result, u) => {
          const [x, y] = drawFootballScore(h, a, result, u);
          expect(resultOf(x, y)).toBe(result);
        },
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom(0 as const, 1 as const), fc.integer(), (winner, seed) => {
        let s = seed >>> 0;
        const next = () => {
          s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
          return s / 2 ** 32;
        };
        const [h, a] = drawBasketballScore(100, 104, 11, winner, next);
        expect(winner === 0 ? h > a : a > h).toBe(true);
      }),
    );
  });

  it('schedules events back to back: open, playing, ended', () => {
    const sport = VirtualSports[180];
    if (!sport) throw new Error('no sport');
    fc.assert(
      fc.property(fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }), (now) => {
        const next = nextEventIndex(sport, now);
        expect(kickoffOf(sport, next)).toBeGreaterThan(now);
        expect(kickoffOf(sport, next - 1)).toBeLessThanOrEqual(now);
        expect(virtualPhase(sport, next, now)).toBe('open');
        expect(virtualPhase(sport, next + sport.openAhead - 1, now)).toBe('open');
        expect(virtualPhase(sport, next + sport.openAhead, now)).toBe('unlisted');
        expect(['playing', 'ended']).toContain(virtualPhase(sport, next - 1, now));
        expect(virtualPhase(sport, next - 2, now)).toBe('ended');
      }),
    );
  });

  it('replays the score goal by goal', () => {
    const goals = [
      { sec: 100, side: 'H' as const, points: 1 },
      { sec: 2000, side: 'A' as const, points: 1 },
      { sec: 5000, side: 'H' as const, points: 1 },
    ];
    expect(replayScore(goals, 0)).toEqual([0, 0]);
    expect(replayScore(goals, 2000)).toEqual([1, 1]);
    expect(replayScore(goals, 5400)).toEqual([2, 1]);
  });
});
