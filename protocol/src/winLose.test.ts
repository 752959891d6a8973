import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LedgerMovement, winLoseByProduct, winLoseTotal } from './winLose.ts';

const movement: fc.Arbitrary<LedgerMovement> = fc.record({
  product: fc.constantFrom(
    'sportsbook',
    'esports',
    'lottery',
    'tournament',
    'slots',
    'poker',
    'account',
    'other',
  ),
  type: fc.constantFrom(
    'stake',
    'payout',
    'commission',
    'gameStake',
    'gameWin',
    'roomFee',
    'roomRefund',
    'deposit',
  ),
  amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  ref: fc.constantFrom('a', 'b', 'c'),
});

describe('winLoseByProduct', () => {
  it('rows add up to the movements of play to the minor unit, one row per product, no account row', () => {
    fc.assert(
      fc.property(fc.array(movement, { maxLength: 60 }), (movements) => {
        const rows = winLoseByProduct(movements);
        const play = movements.filter((m) => m.product !== 'account');
        const total = winLoseTotal(rows);
        expect(total.winLose + total.commission).toBe(play.reduce((sum, m) => sum + m.amount, 0));
        const turnoverTypes = ['stake', 'gameStake', 'roomFee', 'roomRefund'];
        expect(total.turnover).toBe(
          play.filter((m) => turnoverTypes.includes(m.type)).reduce((sum, m) => sum - m.amount, 0),
        );
        expect(rows.map((r) => r.product).sort()).toEqual(
          [...new Set(play.filter((m) => m.amount !== 0).map((m) => m.product))].sort(),
        );
      }),
    );
  });

  it('lists the sportsbook first and counts distinct refs staked', () => {
    const rows = winLoseByProduct([
      { product: 'slots', type: 'gameStake', amount: -100, ref: 'r1' },
      { product: 'slots', type: 'gameWin', amount: 250, ref: 'r1' },
      { product: 'sportsbook', type: 'stake', amount: -1000, ref: 'b1' },
      { product: 'sportsbook', type: 'commission', amount: 3, ref: 'b1' },
      { product: 'tournament', type: 'roomFee', amount: -500, ref: 'room' },
      { product: 'tournament', type: 'roomRefund', amount: 500, ref: 'room' },
    ]);
    expect(rows).toEqual([
      { product: 'sportsbook', count: 1, turnover: 1000, winLose: -1000, commission: 3 },
      { product: 'tournament', count: 1, turnover: 0, winLose: 0, commission: 0 },
      { product: 'slots', count: 1, turnover: 100, winLose: 150, commission: 0 },
    ]);
  });
});
