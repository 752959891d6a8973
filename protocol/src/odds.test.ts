import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Fraction } from './money.ts';
import {
  convertOdds,
  convertOddsExact,
  DefaultOddsType,
  formatOdds,
  isValidOdds,
  type OddsFormat,
  OddsFormats,
  OddsType,
  oddsTypeName,
  stakeRisk,
  stakeRiskExact,
  toDecimalExact,
} from './odds.ts';

const RUNS = { numRuns: 400 };

/** Any rational decimal price above 1 (not only 3-decimal ones: the laws are exact for all). */
const decimalPrice = fc.oneof(
  fc.integer({ min: 1001, max: 100_000 }).map((k) => new Fraction(k, 1000)),
  fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 9n }))
    .map(([extra, d]) => new Fraction(extra, d).add(1)),
  fc.constant(new Fraction(2)),
);
/** Prices up to 1001, so that money amounts stay safe integers. */
const moneyPrice = fc.oneof(
  fc.integer({ min: 1001, max: 100_000 }).map((k) => new Fraction(k, 1000)),
  fc
    .integer({ min: 1, max: 1_000_000 })
    .chain((d) => fc.integer({ min: 1, max: 1000 * d }).map((e) => new Fraction(e, d).add(1))),
  fc.constant(new Fraction(2)),
);
const format = fc.constantFrom<OddsFormat>(...OddsFormats);
const stake = fc.integer({ min: 0, max: 1_000_000_000 });

describe('OddsType', () => {
  it('maps the spec codes 1 MY, 2 HK, 3 ID, 4 DEC, 5 Myanmar; default MY', () => {
    expect(OddsType).toEqual({ MY: 1, HK: 2, ID: 3, DEC: 4, MYANMAR: 5 });
    expect(DefaultOddsType).toBe('MY');
    expect(oddsTypeName(3)).toBe('ID');
    expect(oddsTypeName(5)).toBe('MYANMAR');
    expect(oddsTypeName(9)).toBeUndefined();
  });
});

describe('convertOdds: DOMAIN.md examples', () => {
  it('D 1.80 = HK 0.80 = MY 0.80 = ID -1.25', () => {
    expect(convertOdds(1.8, 'DEC', 'HK')).toBe(0.8);
    expect(convertOdds(1.8, 'DEC', 'MY')).toBe(0.8);
    expect(convertOdds(1.8, 'DEC', 'ID')).toBe(-1.25);
    expect(convertOdds(-1.25, 'ID', 'DEC')).toBe(1.8);
    expect(convertOdds('0.80', 'MY', 'ID')).toBe(-1.25);
  });

  it('MY -0.80 = D 2.25', () => {
    expect(convertOdds(-0.8, 'MY', 'DEC')).toBe(2.25);
    expect(convertOdds(2.25, 'DEC', 'MY')).toBe(-0.8);
    expect(convertOdds(2.25, 'DEC', 'ID')).toBe(1.25);
  });

  it('even money: D 2.00 = HK 1.00 = MY 1.00 = ID 1.00', () => {
    for (const to of OddsFormats) expect(convertOdds(2, 'DEC', to)).toBe(to === 'DEC' ? 2 : 1);
    expect(convertOdds(1, 'MY', 'DEC')).toBe(2);
    expect(convertOdds(1, 'ID', 'DEC')).toBe(2);
  });

  it('even money spelled -1 in MY or ID converts back as +1', () => {
    expect(convertOdds(-1, 'MY', 'DEC')).toBe(2);
    expect(convertOdds(-1, 'ID', 'DEC')).toBe(2);
    expect(convertOdds(-1, 'MY', 'MY')).toBe(1);
    expect(convertOdds(-1, 'ID', 'MY')).toBe(1);
  });

  it('keeps repeating values exact: D 1.3 is ID -10/3', () => {
    expect(convertOddsExact('1.3', 'DEC', 'ID').equals(new Fraction(-10, 3))).toBe(true);
    expect(
      convertOddsExact(convertOddsExact('1.3', 'DEC', 'ID'), 'ID', 'DEC').equals(new Fraction(13, 10)),
    ).toBe(true);
  });
});

describe('convertOdds: validity', () => {
  it('rejects prices outside each format range', () => {
    const bad: [number | string, OddsFormat][] = [
      [1, 'DEC'],
      [0.5, 'DEC'],
      [0, 'HK'],
      [-0.5, 'HK'],
      [0, 'MY'],
      [1.01, 'MY'],
      [-1.5, 'MY'],
      [0.99, 'ID'],
      [-0.5, 'ID'],
      [0, 'ID'],
      ['x', 'DEC'],
    ];
    for (const [price, from] of bad) {
      expect(isValidOdds(price, from)).toBe(false);
      expect(() => convertOdds(price, from, 'DEC')).toThrow(RangeError);
    }
    expect(isValidOdds(-1, 'MY')).toBe(true);
    expect(isValidOdds(-1, 'ID')).toBe(true);
    expect(isValidOdds('1.001', 'DEC')).toBe(true);
  });

  it('every converted price is valid in its target format', () => {
    fc.assert(
      fc.property(decimalPrice, format, (d, to) => {
        expect(isValidOdds(convertOddsExact(d, 'DEC', to), to)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('convertOdds: laws (exact comparison)', () => {
  it('round-trips exactly for every pair of formats', () => {
    fc.assert(
      fc.property(format, format, decimalPrice, (from, to, d) => {
        const price = convertOddsExact(d, 'DEC', from);
        const there = convertOddsExact(price, from, to);
        expect(convertOddsExact(there, to, from).equals(price)).toBe(true);
      }),
      RUNS,
    );
  });

  it('round-trips 2- and 3-decimal prices typed as numbers in their own format', () => {
    const typed = fc.oneof(
      fc.tuple(fc.constant<OddsFormat>('DEC'), fc.integer({ min: 1001, max: 50_000 })),
      fc.tuple(fc.constant<OddsFormat>('HK'), fc.integer({ min: 1, max: 50_000 })),
      fc.tuple(
        fc.constant<OddsFormat>('MY'),
        fc.integer({ min: -999, max: 1000 }).filter((k) => k !== 0),
      ),
      fc.tuple(
        fc.constant<OddsFormat>('ID'),
        fc.integer({ min: 1000, max: 50_000 }).chain((k) => fc.constantFrom(k, -k - 1)),
      ),
    );
    fc.assert(
      fc.property(typed, format, ([from, thousandths], to) => {
        const price = thousandths / 1000;
        const back = convertOddsExact(convertOddsExact(price, from, to), to, from);
        expect(back.equals(new Fraction(thousandths, 1000))).toBe(true);
        expect(back.valueOf()).toBe(price);
      }),
      RUNS,
    );
  });

  it('MY and ID: ID = -1/MY (even money excepted, where both are 1)', () => {
    fc.assert(
      fc.property(decimalPrice, (d) => {
        const my = convertOddsExact(d, 'DEC', 'MY');
        const id = convertOddsExact(d, 'DEC', 'ID');
        if (d.equals(2)) expect(my.equals(1) && id.equals(1)).toBe(true);
        else expect(id.equals(my.inverse().neg())).toBe(true);
      }),
      RUNS,
    );
  });

  it('HK is the net of decimal and MY/ID share the positive side', () => {
    fc.assert(
      fc.property(decimalPrice, (d) => {
        expect(convertOddsExact(d, 'DEC', 'HK').equals(d.sub(1))).toBe(true);
        expect(toDecimalExact(d.sub(1), 'HK').equals(d)).toBe(true);
        const my = convertOddsExact(d, 'DEC', 'MY');
        const id = convertOddsExact(d, 'DEC', 'ID');
        expect(my.gt(0)).toBe(d.lte(2));
        expect(id.gt(0)).toBe(d.gte(2));
      }),
      RUNS,
    );
  });

  it('the number form is the exact value rounded to the nearest double', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 100_000 }), format, format, (k, from, to) => {
        const price = convertOddsExact(new Fraction(k, 1000), 'DEC', from);
        expect(convertOdds(price, from, to)).toBe(convertOddsExact(price, from, to).valueOf());
      }),
      RUNS,
    );
  });
});

describe('formatOdds', () => {
  it('shows 2 decimals, MY/ID negative with a minus sign, positive without a sign', () => {
    expect(formatOdds(1.8, 'DEC')).toBe('1.80');
    expect(formatOdds(0.8, 'HK')).toBe('0.80');
    expect(formatOdds(-0.96, 'MY')).toBe('-0.96');
    expect(formatOdds(-1.25, 'ID')).toBe('-1.25');
    expect(formatOdds(1, 'ID')).toBe('1.00');
  });

  it('converts from another format when asked', () => {
    expect(formatOdds(1.8, 'ID', { from: 'DEC' })).toBe('-1.25');
    expect(formatOdds(2.25, 'MY', { from: 'DEC' })).toBe('-0.80');
    expect(formatOdds(1.3, 'ID', { from: 'DEC' })).toBe('-3.33');
    expect(formatOdds(2.2, 'MY', { from: 'DEC' })).toBe('-0.83');
    expect(formatOdds(2.2, 'MY', { from: 'DEC', decimals: 3 })).toBe('-0.833');
  });

  it('has a 3-decimal option and rounds the magnitude half up', () => {
    expect(formatOdds(1.925, 'DEC', { decimals: 3 })).toBe('1.925');
    expect(formatOdds(1.925, 'DEC')).toBe('1.93');
    expect(formatOdds(-0.965, 'MY')).toBe('-0.97');
  });

  it('rejects invalid prices', () => {
    expect(() => formatOdds(0.9, 'DEC')).toThrow(RangeError);
    expect(() => formatOdds(1.5, 'MY')).toThrow(RangeError);
  });
});

describe('stakeRisk: DOMAIN.md examples (stake in minor units, 10.00 = 1000)', () => {
  it('MY -0.96, stake 10: wins 10, risks 9.60', () => {
    expect(stakeRisk(1000, -0.96, 'MY')).toEqual({ win: 1000, risk: 960 });
  });

  it('ID -1.96, stake 10: wins 10, risks 19.60', () => {
    expect(stakeRisk(1000, -1.96, 'ID')).toEqual({ win: 1000, risk: 1960 });
  });

  it('positive odds risk the stake and win stake x net odds', () => {
    expect(stakeRisk(1000, 0.96, 'MY')).toEqual({ risk: 1000, win: 960 });
    expect(stakeRisk(1000, 1.96, 'ID')).toEqual({ risk: 1000, win: 1960 });
    expect(stakeRisk(1000, 1.8, 'DEC')).toEqual({ risk: 1000, win: 800 });
    expect(stakeRisk(1000, 0.8, 'HK')).toEqual({ risk: 1000, win: 800 });
  });

  it('rounds once, half-up, to the minor unit', () => {
    // 1 x 0.965 = 0.965 -> 1; 3 x 0.835 = 2.505 -> 3
    expect(stakeRisk(1, -0.965, 'MY')).toEqual({ win: 1, risk: 1 });
    expect(stakeRisk(3, 0.835, 'HK')).toEqual({ risk: 3, win: 3 });
    expect(stakeRisk(5, 1.1, 'DEC')).toEqual({ risk: 5, win: 1 });
  });

  it('rejects bad stakes and prices', () => {
    expect(() => stakeRisk(-1, 1.8, 'DEC')).toThrow(RangeError);
    expect(() => stakeRisk(10.5, 1.8, 'DEC')).toThrow(RangeError);
    expect(() => stakeRisk(10, 1, 'DEC')).toThrow(RangeError);
  });
});

describe('stakeRisk: laws', () => {
  it('exact win = exact risk x (D - 1) in every format', () => {
    fc.assert(
      fc.property(stake, moneyPrice, format, (s, d, type) => {
        const price = convertOddsExact(d, 'DEC', type);
        const { risk, win } = stakeRiskExact(s, price, type);
        expect(win.equals(risk.mul(d.sub(1)))).toBe(true);
      }),
      RUNS,
    );
  });

  it('positive prices risk the stake; negative MY/ID win the stake; rounding is within half a unit', () => {
    fc.assert(
      fc.property(stake, moneyPrice, format, (s, d, type) => {
        const price = convertOddsExact(d, 'DEC', type);
        const exact = stakeRiskExact(s, price, type);
        const rounded = stakeRisk(s, price, type);
        if (price.gt(0)) expect(rounded.risk).toBe(s);
        else expect(rounded.win).toBe(s);
        expect(Number.isSafeInteger(rounded.risk) && Number.isSafeInteger(rounded.win)).toBe(true);
        expect(exact.risk.sub(rounded.risk).abs().lte(new Fraction(1, 2))).toBe(true);
        expect(exact.win.sub(rounded.win).abs().lte(new Fraction(1, 2))).toBe(true);
      }),
      RUNS,
    );
  });

  it('the same positive price risks and wins the same in every format', () => {
    fc.assert(
      fc.property(stake, moneyPrice, (s, d) => {
        const expected = stakeRisk(s, d, 'DEC');
        expect(stakeRisk(s, d.sub(1), 'HK')).toEqual(expected);
        if (d.lte(2)) expect(stakeRisk(s, convertOddsExact(d, 'DEC', 'MY'), 'MY')).toEqual(expected);
        if (d.gte(2)) expect(stakeRisk(s, convertOddsExact(d, 'DEC', 'ID'), 'ID')).toEqual(expected);
      }),
      RUNS,
    );
  });
});
