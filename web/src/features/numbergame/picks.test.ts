import { validPicks } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickPick, togglePick } from './picks.ts';

describe('number game picks', () => {
  it('toggling keeps 0..5 distinct ascending numbers of 1..40, whatever is clicked', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3, max: 45 }), { maxLength: 40 }), (clicks) => {
        let picks: number[] = [];
        for (const n of clicks) picks = togglePick(picks, n);
        expect(picks.length).toBeLessThanOrEqual(5);
        if (picks.length > 0) expect(validPicks(picks)).toBe(true);
        expect([...picks].sort((a, b) => a - b)).toEqual(picks);
      }),
    );
    expect(togglePick([3, 7], 7)).toEqual([3]);
    expect(togglePick([1, 2, 3, 4, 5], 6)).toEqual([1, 2, 3, 4, 5]);
  });

  it('quick pick gives the asked count of valid picks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.double({ min: 0, max: 0.9999, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (count, us) => {
          let i = 0;
          const picks = quickPick(count, () => us[i++ % us.length] as number);
          expect(picks).toHaveLength(count);
          expect(validPicks(picks)).toBe(true);
        },
      ),
    );
  });
});
