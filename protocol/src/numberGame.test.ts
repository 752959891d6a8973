import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DefaultNumberGameTable,
  drawNumberGame,
  hitProbability,
  hitsOf,
  NumberGameDrawn,
  NumberGamePool,
  numberGamePayout,
  numberGameRtp,
  validPicks,
} from './numberGame.ts';

function source(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('number game rules', () => {
  it('draws 10 distinct numbers of 1..40, ascending', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const drawn = drawNumberGame(source(seed));
        expect(drawn).toHaveLength(NumberGameDrawn);
        expect(new Set(drawn).size).toBe(NumberGameDrawn);
        expect(drawn.every((n) => n >= 1 && n <= NumberGamePool)).toBe(true);
        expect([...drawn].sort((a, b) => a - b)).toEqual(drawn);
      }),
    );
    expect(drawNumberGame(source(7))).toEqual(drawNumberGame(source(7)));
  });

  it('states an RTP between 94% and 96% for every picks count, and the hit odds sum to 1', () => {
    for (let picks = 1; picks <= 5; picks++) {
      let total = 0;
      for (let h = 0; h <= picks; h++) total += hitProbability(picks, h);
      expect(total).toBeCloseTo(1, 12);
      const rtp = numberGameRtp(picks);
      expect(rtp).toBeGreaterThan(0.94);
      expect(rtp).toBeLessThan(0.96);
    }
  });

  it('pays stake x multiplier in minor units for the hits, never a fraction', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
        fc.integer(),
        fc.integer({ min: 0, max: 10_000_000 }),
        (picks, seed, stake) => {
          expect(validPicks(picks)).toBe(true);
          const drawn = drawNumberGame(source(seed));
          const { hits, payout } = numberGamePayout(picks, drawn, stake);
          expect(hits).toBe(hitsOf(picks, drawn));
          expect(Number.isSafeInteger(payout)).toBe(true);
          const tenths = DefaultNumberGameTable[picks.length]?.[hits] ?? 0;
          expect(Math.abs(payout - (stake * tenths) / 10)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
    expect(numberGamePayout([3], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1000)).toEqual({ hits: 1, payout: 3800 });
    expect(numberGamePayout([30], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1000)).toEqual({ hits: 0, payout: 0 });
  });

  it('refuses bad picks', () => {
    expect(validPicks([])).toBe(false);
    expect(validPicks([1, 1])).toBe(false);
    expect(validPicks([0])).toBe(false);
    expect(validPicks([41])).toBe(false);
    expect(validPicks([1, 2, 3, 4, 5, 6])).toBe(false);
  });

  it('a long seeded run pays back close to the stated RTP (3 picks)', () => {
    const next = source(42);
    let staked = 0;
    let paid = 0;
    for (let i = 0; i < 40_000; i++) {
      const drawn = drawNumberGame(next);
      paid += numberGamePayout([5, 17, 33], drawn, 100).payout;
      staked += 100;
    }
    expect(Math.abs(paid / staked - numberGameRtp(3))).toBeLessThan(0.05);
  });
});
