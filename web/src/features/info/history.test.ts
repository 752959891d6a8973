import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLines, groupLines, periodRange, readLines, type StatementLine } from './history.ts';

const line = (
  seq: number,
  product: string,
  kind: string,
  amount: number,
  balance: number,
): StatementLine => ({
  seq,
  time: 0,
  product,
  kind,
  ref: `r${seq}`,
  amount,
  balance,
});

describe('statement lines', () => {
  it('group by product then kind in order of appearance; an unknown product is its own group', () => {
    const lines = [
      line(1, 'sportsbook', 'stake', -1000, 9000),
      line(2, 'lottery', 'ticket', -200, 8800),
      line(3, 'sportsbook', 'payout', 1950, 10_750),
      line(4, 'sportsbook', 'stake', -500, 10_250),
    ];
    expect(groupLines(lines)).toEqual([
      {
        product: 'sportsbook',
        total: 450,
        kinds: [
          { kind: 'stake', total: -1500, count: 2 },
          { kind: 'payout', total: 1950, count: 1 },
        ],
      },
      { product: 'lottery', total: -200, kinds: [{ kind: 'ticket', total: -200, count: 1 }] },
    ]);
  });

  it('lines that chain from the opening to the closing balance check; any break is found (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: -1e6, max: 1e6 }), { maxLength: 40 }),
        (opening, amounts) => {
          let balance = opening;
          const lines = amounts.map((amount, i) => {
            balance += amount;
            return line(i, 'sportsbook', 'stake', amount, balance);
          });
          expect(checkLines(opening, balance, lines)).toEqual({ ok: true, end: balance, at: null });
          expect(checkLines(opening, balance + 1, lines).ok).toBe(false);
          if (lines.length > 0) {
            const broken = lines.map((l, i) => (i === 0 ? { ...l, balance: l.balance + 1 } : l));
            expect(checkLines(opening, balance, broken)).toMatchObject({ ok: false, at: 0 });
          }
          const groups = groupLines(lines);
          expect(groups.reduce((sum, g) => sum + g.total, 0)).toBe(balance - opening);
        },
      ),
    );
  });

  it('reads major units once into minor units and drops malformed lines', () => {
    expect(
      readLines(
        [
          { seq: 1, time: 5, product: 'sportsbook', kind: 'payout', ref: 'b1', amount: 19.5, balance: 107.5 },
          { amount: 'x' },
          null,
        ],
        'MYR',
      ),
    ).toEqual([line(1, 'sportsbook', 'payout', 1950, 10_750)].map((l) => ({ ...l, time: 5, ref: 'b1' })));
    expect(readLines(undefined, 'MYR')).toEqual([]);
  });
});

describe('win/loss periods (GMT+8 working dates)', () => {
  // Wednesday 2026-01-14 01:00 GMT+8 = Tuesday 17:00 UTC.
  const now = Date.UTC(2026, 0, 13, 17, 0, 0);
  it('today, yesterday, weeks from Monday, last 30 days', () => {
    expect(periodRange('today', now)).toEqual({ start: '2026-01-14', end: '2026-01-14' });
    expect(periodRange('yesterday', now)).toEqual({ start: '2026-01-13', end: '2026-01-13' });
    expect(periodRange('thisWeek', now)).toEqual({ start: '2026-01-12', end: '2026-01-14' });
    expect(periodRange('lastWeek', now)).toEqual({ start: '2026-01-05', end: '2026-01-11' });
    expect(periodRange('last30', now)).toEqual({ start: '2025-12-16', end: '2026-01-14' });
  });
  it('a Sunday belongs to the week that started on the Monday before', () => {
    const sunday = Date.UTC(2026, 0, 18, 4, 0, 0);
    expect(periodRange('thisWeek', sunday)).toEqual({ start: '2026-01-12', end: '2026-01-18' });
  });
});
