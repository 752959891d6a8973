import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMyanmarCurrency, MyanmarCurrencies } from './constants.ts';
import {
  formatMyanmar,
  isMyanmarBetType,
  MYANMAR_MAX_GOALS,
  MyanmarBetTypes,
  type MyanmarPrice,
  myanmarHandicapPercent,
  myanmarOverUnderPercent,
  myanmarP,
  myanmarParlayReturn,
  myanmarPercent,
  myanmarReturn,
  parseMyanmar,
  tryParseMyanmar,
} from './myanmar.ts';

const RUNS = { numRuns: 400 };
const price: fc.Arbitrary<MyanmarPrice> = fc.record({
  goals: fc.integer({ min: 0, max: MYANMAR_MAX_GOALS }),
  percent: fc.integer({ min: -100, max: 100 }),
});
const stake = fc.integer({ min: 0, max: 100_000_000 });
const percent = fc.integer({ min: -100, max: 100 });
const commission = fc.integer({ min: 0, max: 100 }).map((k) => k / 100);

describe('Myanmar bet types', () => {
  it('MHDP and MOU are the Myanmar rows, nothing else', () => {
    expect([...MyanmarBetTypes]).toEqual(['MHDP', 'MOU']);
    expect(isMyanmarBetType('MHDP')).toBe(true);
    expect(isMyanmarBetType('MOU')).toBe(true);
    for (const other of ['HDP', 'OU', 'HDPH', 'OUH', 'mhdp', 'MOUH', ''])
      expect(isMyanmarBetType(other)).toBe(false);
  });
});

describe('Myanmar currencies', () => {
  it('only MMK and MMO use Myanmar odds', () => {
    expect(MyanmarCurrencies).toEqual(['MMK', 'MMO']);
    expect(isMyanmarCurrency('MMO')).toBe(true);
    expect(isMyanmarCurrency('MYR')).toBe(false);
  });
});

describe('parseMyanmar / formatMyanmar', () => {
  it('reads every body form of DOMAIN.md', () => {
    expect(parseMyanmar('1+50')).toEqual({ goals: 1, percent: 50 });
    expect(parseMyanmar('D')).toEqual({ goals: 0, percent: 0 });
    expect(parseMyanmar('1D')).toEqual({ goals: 1, percent: 0 });
    expect(parseMyanmar('L-50')).toEqual({ goals: 0, percent: -50 });
    expect(parseMyanmar('2-30')).toEqual({ goals: 2, percent: -30 });
    expect(parseMyanmar('D+50')).toEqual({ goals: 0, percent: 50 });
  });

  it('ignores surrounding spaces and letter case; +0 and -0 are pushes', () => {
    expect(parseMyanmar(' 1d ')).toEqual({ goals: 1, percent: 0 });
    expect(parseMyanmar('l+10')).toEqual({ goals: 0, percent: 10 });
    expect(parseMyanmar('1-0')).toEqual({ goals: 1, percent: 0 });
    expect(Object.is(parseMyanmar('D-0').percent, 0)).toBe(true);
    expect(parseMyanmar('3+100')).toEqual({ goals: 3, percent: 100 });
  });

  it('rejects what is not in the grammar', () => {
    for (const bad of [
      '',
      '1',
      '0D',
      '0+50',
      '1+',
      '1+101',
      'DD',
      'D50',
      '1.5+50',
      '21D',
      '1+5.5',
      'X',
      '+50',
      '01D',
    ]) {
      expect(tryParseMyanmar(bad), bad).toBeNull();
      expect(() => parseMyanmar(bad)).toThrow(RangeError);
    }
  });

  it('writes the canonical form: D, D+50, D-50, 1D, 1+50, 2-30', () => {
    expect(formatMyanmar({ goals: 0, percent: 0 })).toBe('D');
    expect(formatMyanmar({ goals: 0, percent: 50 })).toBe('D+50');
    expect(formatMyanmar(parseMyanmar('L-50'))).toBe('D-50');
    expect(formatMyanmar({ goals: 1, percent: 0 })).toBe('1D');
    expect(formatMyanmar({ goals: 1, percent: 50 })).toBe('1+50');
    expect(formatMyanmar({ goals: 2, percent: -30 })).toBe('2-30');
    expect(() => formatMyanmar({ goals: -1, percent: 0 })).toThrow(RangeError);
    expect(() => formatMyanmar({ goals: 1, percent: 101 })).toThrow(RangeError);
    expect(() => formatMyanmar({ goals: 1.5, percent: 0 })).toThrow(RangeError);
  });

  it('round-trips: parse(format(price)) = price', () => {
    fc.assert(
      fc.property(price, (p) => {
        expect(parseMyanmar(formatMyanmar(p))).toEqual(p);
      }),
      RUNS,
    );
  });
});

describe('Myanmar outcome: RULES.md worked examples (giver = home unless said)', () => {
  const hdp = (body: string, home: number, away: number, selection: 'H' | 'A', giver: 'H' | 'A' = 'H') =>
    myanmarHandicapPercent({ price: body, giver, selection, home, away });

  it('"1+50": wins by 2 full win; by exactly 1 giver +50% / taker -50%; draw full loss', () => {
    expect([hdp('1+50', 2, 0, 'H'), hdp('1+50', 2, 0, 'A')]).toEqual([100, -100]);
    expect([hdp('1+50', 2, 1, 'H'), hdp('1+50', 2, 1, 'A')]).toEqual([50, -50]);
    expect([hdp('1+50', 1, 1, 'H'), hdp('1+50', 1, 1, 'A')]).toEqual([-100, 100]);
  });

  it('"1-30": wins by exactly 1: giver loses 30%, taker wins 30%', () => {
    expect([hdp('1-30', 1, 0, 'H'), hdp('1-30', 1, 0, 'A')]).toEqual([-30, 30]);
  });

  it('"D": level, a draw pushes; "1D": exact one-goal win pushes; "D+50": a draw pays the giver 50%', () => {
    expect([hdp('D', 0, 0, 'H'), hdp('D', 0, 0, 'A')]).toEqual([0, 0]);
    expect(hdp('D', 0, 1, 'H')).toBe(-100);
    expect([hdp('1D', 3, 2, 'H'), hdp('1D', 3, 2, 'A')]).toEqual([0, 0]);
    expect([hdp('D+50', 2, 2, 'H'), hdp('D+50', 2, 2, 'A')]).toEqual([50, -50]);
  });

  it('away as giver: the margin is the away goals minus the home goals', () => {
    expect(hdp('1+50', 0, 1, 'A', 'A')).toBe(50);
    expect(hdp('1+50', 0, 1, 'H', 'A')).toBe(-50);
    expect(hdp('1+50', 0, 3, 'H', 'A')).toBe(-100);
  });

  it('over/under "2+40": over is the giver; total 3 full win, 2 over +40% / under -40%, 1 full loss', () => {
    expect(myanmarOverUnderPercent({ price: '2+40', side: 'over', total: 3 })).toBe(100);
    expect(myanmarOverUnderPercent({ price: '2+40', side: 'over', total: 2 })).toBe(40);
    expect(myanmarOverUnderPercent({ price: '2+40', side: 'under', total: 2 })).toBe(-40);
    expect(myanmarOverUnderPercent({ price: '2+40', side: 'under', total: 1 })).toBe(100);
  });

  it('p as a fraction of the stake', () => {
    expect(myanmarP('1+50', 'giver', 1)).toBe(0.5);
    expect(myanmarP('2-30', 'giver', 2)).toBe(-0.3);
    expect(myanmarP('2-30', 'taker', 0)).toBe(1);
    expect(myanmarP('D', 'taker', 0)).toBe(0);
    expect(() => myanmarP('D', 'giver', 0.5)).toThrow(RangeError);
    expect(() => myanmarPercent({ goals: 1, percent: 200 }, 'giver', 1)).toThrow(RangeError);
  });
});

describe('Myanmar returns: RULES.md worked examples (stake 1000 minor units)', () => {
  it('single: stake x (1 + p)', () => {
    expect(myanmarReturn(1000, 100)).toBe(2000);
    expect(myanmarReturn(1000, 50)).toBe(1500);
    expect(myanmarReturn(1000, 0)).toBe(1000);
    expect(myanmarReturn(1000, -30)).toBe(700);
    expect(myanmarReturn(1000, -100)).toBe(0);
  });

  it('commission is taken on winnings only', () => {
    expect(myanmarReturn(1000, 100, 0.05)).toBe(1950);
    expect(myanmarReturn(1000, 50, 0.05)).toBe(1475);
    expect(myanmarReturn(1000, -50, 0.05)).toBe(500);
    expect(myanmarReturn(1000, 0, '0.05')).toBe(1000);
  });

  it('maung: stake x product(1 + p_i), any full loss gives 0, commission once on the ticket winnings', () => {
    expect(myanmarParlayReturn(1000, [100, 50, -30])).toBe(2100);
    expect(myanmarParlayReturn(1000, [100, 50, -30], 0.1)).toBe(1990);
    expect(myanmarParlayReturn(1000, [100, 100, -100])).toBe(0);
    expect(myanmarParlayReturn(1000, [0, 0])).toBe(1000);
    expect(myanmarParlayReturn(1000, [-50, 50], 0.1)).toBe(750);
  });

  it('rejects bad stakes, percents, commissions and leg counts', () => {
    expect(() => myanmarReturn(-1, 50)).toThrow(RangeError);
    expect(() => myanmarReturn(1000, 101)).toThrow(RangeError);
    expect(() => myanmarReturn(1000, 12.5)).toThrow(RangeError);
    expect(() => myanmarReturn(1000, 50, 1.5)).toThrow(RangeError);
    expect(() => myanmarReturn(1000, 50, -0.1)).toThrow(RangeError);
    expect(() => myanmarParlayReturn(1000, [50])).toThrow(RangeError);
    expect(() =>
      myanmarParlayReturn(
        1000,
        Array.from({ length: 11 }, () => 50),
      ),
    ).toThrow(RangeError);
  });
});

describe('Myanmar laws', () => {
  it('p is one of -100, +100, 0 or the price percent, and the two sides sum to zero', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: -10, max: 30 }), (p, value) => {
        const giver = myanmarPercent(p, 'giver', value);
        const taker = myanmarPercent(p, 'taker', value);
        expect([-100, 100, 0, p.percent]).toContain(giver);
        expect(giver + taker).toBe(0);
        if (value > p.goals) expect(giver).toBe(100);
        if (value < p.goals) expect(giver).toBe(-100);
      }),
      RUNS,
    );
  });

  it('a single returns between 0 and twice the stake; commission never raises it', () => {
    fc.assert(
      fc.property(stake, percent, commission, (s, p, c) => {
        const gross = myanmarReturn(s, p);
        const net = myanmarReturn(s, p, c);
        expect(gross).toBeGreaterThanOrEqual(0);
        expect(gross).toBeLessThanOrEqual(2 * s);
        expect(net).toBeLessThanOrEqual(gross);
        expect(net).toBeGreaterThanOrEqual(Math.min(s, gross));
        // the two sides of one bet share 2 x stake (within one unit of rounding)
        expect(Math.abs(myanmarReturn(s, p) + myanmarReturn(s, -p) - 2 * s)).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('a maung returns between 0 and stake x 2^legs, 0 on any full loss, the stake when all push', () => {
    fc.assert(
      fc.property(stake, fc.array(percent, { minLength: 2, maxLength: 10 }), commission, (s, ps, c) => {
        const gross = myanmarParlayReturn(s, ps);
        expect(gross).toBeGreaterThanOrEqual(0);
        expect(gross).toBeLessThanOrEqual(s * 2 ** ps.length);
        expect(myanmarParlayReturn(s, ps, c)).toBeLessThanOrEqual(gross);
        if (ps.includes(-100)) expect(gross).toBe(0);
        expect(
          myanmarParlayReturn(
            s,
            ps.map(() => 0),
          ),
        ).toBe(s);
      }),
      RUNS,
    );
  });
});
