import { permutationCount } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankRow, quoteGrid, quoteRow, rowsBody } from './rows.ts';

const row = (number: string, big: string, small: string, betType = 'D_1' as const) => ({
  ...blankRow(1),
  number,
  big,
  small,
  betType,
});

describe('lottery entry rows', () => {
  it('prices a straight, a box on 1123 (12 permutations) and an iBox instantly', () => {
    expect(quoteRow(row('1234', '1', '1'), 'MYR')).toMatchObject({
      permutations: 1,
      cost: 200,
      problem: null,
    });
    expect(quoteRow({ ...row('1123', '1', ''), betType: 'D_3' }, 'MYR')).toMatchObject({
      permutations: 12,
      cost: 1200,
    });
    expect(quoteRow({ ...row('1123', '2', ''), betType: 'D_4' }, 'MYR')).toMatchObject({
      permutations: 12,
      cost: 200,
    });
  });

  it('names the problem of a filled row; blank rows are ignored', () => {
    expect(quoteRow(row('123', '1', ''), 'MYR').problem).toBe('number');
    expect(quoteRow(row('1234', 'x', ''), 'MYR').problem).toBe('amount');
    expect(quoteRow(row('1234', '1.005', ''), 'MYR').problem).toBe('tooManyDecimals');
    expect(quoteRow(row('1234', '0', ''), 'MYR').problem).toBe('noStake');
    const grid = quoteGrid([row('1234', '1', ''), blankRow(2), row('12', '1', '')], 'MYR');
    expect(grid.ready).toBe(false);
    expect(grid.total).toBe(100);
    expect(quoteGrid([blankRow(1)], 'MYR').ready).toBe(false);
    const ok = quoteGrid([row('0123', '1.5', '0.5'), blankRow(2)], 'MYR');
    expect(ok.ready).toBe(true);
    expect(rowsBody(ok, 'MYR')).toEqual([{ number: '0123', bet_type: 'D_1', big: 1.5, small: 0.5 }]);
  });

  it('checks Big and Small per unit against the member limits and names the limit', () => {
    // THB: min 8, max 8,000 per unit (betcheck min_unit / max_unit), in minor units.
    const thb = { min: 800, max: 800_000 };
    expect(quoteRow(row('1234', '5', ''), 'THB', thb)).toMatchObject({ problem: 'belowMin', limit: 800 });
    expect(quoteRow(row('1234', '8', '2'), 'THB', thb)).toMatchObject({ problem: 'belowMin', limit: 800 });
    expect(quoteRow(row('1234', '99999999', ''), 'THB', thb)).toMatchObject({
      problem: 'aboveMax',
      limit: 800_000,
    });
    expect(quoteRow(row('1234', '9'.repeat(30), ''), 'THB', thb)).toMatchObject({ problem: 'aboveMax' });
    // 0 leaves a size out; a well-formed grouping and full-width digits are read.
    expect(quoteRow(row('1234', '0', '8'), 'THB', thb)).toMatchObject({ problem: null, cost: 800 });
    expect(quoteRow(row('1234', '8,000', ''), 'THB', thb)).toMatchObject({ problem: null, cost: 800_000 });
    expect(quoteRow(row('1234', '１０', ''), 'THB', thb)).toMatchObject({ problem: null, cost: 1000 });
    expect(quoteRow(row('1234', 'abc', ''), 'THB', thb).problem).toBe('amount');
    expect(quoteGrid([row('1234', '5', '')], 'THB', thb).ready).toBe(false);
    // Without known limits nothing is refused for them (the server still checks).
    expect(quoteRow(row('1234', '5', ''), 'THB').problem).toBeNull();
  });

  it('a box costs permutations x (Big + Small) (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 9999 }), (n, cents) => {
        const number = String(n).padStart(4, '0');
        const big = (cents / 100).toFixed(2);
        const quote = quoteRow({ ...row(number, big, big), betType: 'D_3' }, 'MYR');
        expect(quote.cost).toBe(permutationCount(number) * cents * 2);
      }),
      { numRuns: 200 },
    );
  });
});
