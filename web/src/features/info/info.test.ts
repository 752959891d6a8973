import { type SystemBetName, SystemBets } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readResults } from './infoApi.ts';
import { moneyText, readStatement, reconcile } from './money.ts';
import { systemFigures } from './sysParlay.ts';

describe('statement money', () => {
  it('reads major units into minor units and reconciles opening + credit - debit = closing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 11 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        (opening, credit, debit) => {
          const closing = opening + credit - debit;
          const major = (minor: number) => minor / 100;
          const [day] = readStatement(
            [
              {
                date: '2026-01-02',
                opening_balance: major(opening),
                credit: major(credit),
                debit: major(debit),
                commission: 0,
                closing_balance: major(closing),
              },
            ],
            'MYR',
          );
          expect(day).toMatchObject({ opening, credit, debit, closing });
          expect(reconcile(day as NonNullable<typeof day>)).toEqual({ expected: closing, ok: true });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('flags a day whose closing does not follow from its movements', () => {
    const [day] = readStatement(
      [{ date: 'd', opening_balance: 100, credit: 0.1, debit: 0.2, closing_balance: 99.91 }],
      'MYR',
    );
    expect(reconcile(day as NonNullable<typeof day>)).toEqual({ expected: 9990, ok: false });
  });

  it('drops rows without the balance fields and formats with the minor digits', () => {
    expect(readStatement([{ date: 'd' }, 'x', null], 'MYR')).toEqual([]);
    expect(moneyText(1234.5, 'MYR')).toBe('1,234.50');
    expect(moneyText(0.1 + 0.2, 'USD')).toBe('0.30');
  });
});

describe('system parlay calculator', () => {
  it('matches every named system of protocol', () => {
    for (const name of Object.keys(SystemBets) as SystemBetName[]) {
      const s = SystemBets[name];
      const f = systemFigures(s.selections, s.sizes, 1000);
      expect(f?.tickets, name).toBe(s.tickets);
      expect(f?.totalStake).toBe(1000 * s.tickets);
      expect(f?.name).toBe(name);
    }
  });

  it('all sizes 2..n give 2^n - n - 1 tickets; over 10 selections only the full size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 }), fc.integer({ min: 1, max: 100_000 }), (n, unit) => {
        const f = systemFigures(n, null, unit);
        expect(f?.tickets).toBe(2 ** n - n - 1);
        expect(f?.totalStake).toBe(unit * (2 ** n - n - 1));
      }),
      { numRuns: 300 },
    );
    expect(systemFigures(11, null, 100)?.tickets).toBe(1);
    expect(systemFigures(11, [2], 100)).toBeNull();
    expect(systemFigures(1, null, 100)).toBeNull();
    expect(systemFigures(4, [], 100)).toBeNull();
  });

  it('return if all win is the sum of each ticket rounded once (Trixie at 2.00 x3, unit 10.00)', () => {
    // Three doubles at 4.00 and a treble at 8.00: 3 x 40.00 + 80.00.
    expect(systemFigures(3, [2, 3], 1000, [2, 2, 2])?.maxReturn).toBe(20_000);
    expect(systemFigures(3, [2, 3], 1000, [2, null, 2])?.maxReturn).toBeNull();
  });
});

describe('match results (matchresult rows)', () => {
  it('carries the outright flag: an outright has its winner and no score, a match its score', () => {
    const [outright, match] = readResults([
      {
        match_id: 7,
        sport_id: 1,
        outright: true,
        winner: 'Lions',
        home: 'Premier - Winner',
        away: '',
        status: 1,
        score: [0, 0],
      },
      { match_id: 8, sport_id: 1, outright: false, home: 'A', away: 'B', status: 1, score: [2, 1] },
    ]);
    expect(outright).toMatchObject({ outright: true, winner: 'Lions', score: null, htScore: null });
    expect(match).toMatchObject({ outright: false, winner: null, score: [2, 1] });
  });
});
