import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapsToWin, mapWinChance, seriesConsistent, seriesOutcomes } from './esports.ts';

const bestOf = fc.constantFrom(1, 3, 5, 7);
const chance = fc.double({ min: 0, max: 1, noNaN: true });

describe('e-sports series rules', () => {
  it('mapsToWin is a majority of a best of N', () => {
    expect([1, 3, 5, 7].map(mapsToWin)).toEqual([1, 2, 3, 4]);
  });

  it('a race is won or lost for sure at the target, even at p = 0.5 from level, monotone in p (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), chance, chance, (target, p, q) => {
        expect(mapWinChance(p, target, target, 0)).toBe(1);
        expect(mapWinChance(p, target, 0, target)).toBe(0);
        expect(mapWinChance(0.5, target, 3 % target, 3 % target)).toBeCloseTo(0.5, 9);
        const [lo, hi] = p < q ? [p, q] : [q, p];
        expect(mapWinChance(lo, target, 0, 0)).toBeLessThanOrEqual(mapWinChance(hi, target, 0, 0) + 1e-12);
      }),
    );
  });

  it('outcomes of a series from any score sum to 1 and every one is a finished series (property)', () => {
    fc.assert(
      fc.property(bestOf, chance, chance, fc.nat(), fc.nat(), (n, current, fresh, x, y) => {
        const need = mapsToWin(n);
        const h = x % need;
        const a = y % need;
        const outcomes = seriesOutcomes(n, h, a, current, fresh);
        expect(outcomes.reduce((s, o) => s + o.chance, 0)).toBeCloseTo(1, 9);
        for (const o of outcomes) {
          expect(Math.max(o.home, o.away)).toBe(need);
          expect(Math.min(o.home, o.away)).toBeLessThan(need);
          expect(o.home).toBeGreaterThanOrEqual(h);
          expect(o.away).toBeGreaterThanOrEqual(a);
        }
      }),
    );
  });

  it('a series is consistent only when its maps add up to the score and stop at the decider', () => {
    const won = (w: 'H' | 'A') =>
      w === 'H' ? { home: 13, away: 7, winner: w } : { home: 9, away: 13, winner: w };
    expect(seriesConsistent(3, 13, [won('H'), won('A'), won('H')], { home: 2, away: 1 })).toBe(true);
    expect(seriesConsistent(3, 13, [won('H'), won('H')], { home: 2, away: 0 })).toBe(true);
    // A map after the decider, a wrong score, an unfinished map, a map the loser finished.
    expect(seriesConsistent(3, 13, [won('H'), won('H'), won('A')], { home: 2, away: 1 })).toBe(false);
    expect(seriesConsistent(3, 13, [won('H'), won('H')], { home: 1, away: 1 })).toBe(false);
    expect(
      seriesConsistent(3, 13, [won('H'), { home: 5, away: 4, winner: null }], { home: 1, away: 0 }),
    ).toBe(false);
    expect(
      seriesConsistent(3, 13, [won('H'), { home: 13, away: 13, winner: 'H' }], { home: 2, away: 0 }),
    ).toBe(false);
  });
});
