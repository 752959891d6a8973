import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertMinorUnits,
  exact,
  Fraction,
  formatMinorUnits,
  fromMinorUnits,
  roundHalfUp,
  roundMinor,
  toFixedExact,
  toMinorUnits,
} from './money.ts';

describe('exact', () => {
  it('reads numbers through their shortest decimal form, not the binary float', () => {
    expect(exact(1.8).equals(new Fraction(9, 5))).toBe(true);
    expect(exact(0.1).equals(new Fraction(1, 10))).toBe(true);
    expect(exact(1e-7).equals(new Fraction(1, 10_000_000))).toBe(true);
    expect(exact(1e21).equals(new Fraction(10n ** 21n, 1n))).toBe(true);
  });

  it('reads decimal strings with signs, exponents and surrounding spaces', () => {
    expect(exact(' -0.96 ').equals(new Fraction(-24, 25))).toBe(true);
    expect(exact('+2.').equals(2)).toBe(true);
    expect(exact('.5').equals(new Fraction(1, 2))).toBe(true);
    expect(exact('1.5e2').equals(150)).toBe(true);
    expect(exact('25E-2').equals(new Fraction(1, 4))).toBe(true);
  });

  it('passes a Fraction through unchanged', () => {
    const third = new Fraction(1, 3);
    expect(exact(third)).toBe(third);
  });

  it('rejects what is not a finite decimal number', () => {
    for (const bad of ['', '.', 'abc', '1/3', '1.2.3', '--1', '1e999'])
      expect(() => exact(bad)).toThrow(RangeError);
    expect(() => exact(Number.NaN)).toThrow(RangeError);
    expect(() => exact(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => exact(null as unknown as number)).toThrow(TypeError);
  });

  it('agrees with the number it was given, for decimals of up to 9 digits and 6 places', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }), (digits, places) => {
        const value = Number(`${digits}e-${places}`);
        expect(exact(value).equals(new Fraction(BigInt(digits), 10n ** BigInt(places)))).toBe(true);
        expect(exact(value).valueOf()).toBe(value === 0 ? 0 : value);
      }),
      { numRuns: 500 },
    );
  });
});

describe('roundMinor: one rounding, half-up', () => {
  it('rounds ties up (away from zero) and everything else to nearest', () => {
    expect(roundMinor('962.5')).toBe(963);
    expect(roundMinor('962.4999')).toBe(962);
    expect(roundMinor('0.5')).toBe(1);
    expect(roundMinor('-0.5')).toBe(-1);
    expect(roundMinor('-1.4')).toBe(-1);
    expect(roundMinor(new Fraction(2, 3))).toBe(1);
    expect(roundMinor(7)).toBe(7);
  });

  it('refuses amounts beyond safe integers', () => {
    expect(() => roundMinor('1e20')).toThrow(RangeError);
  });

  it('is within half a unit of the exact value and equals floor(x + 1/2) for x >= 0', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
        const value = new Fraction(n, d);
        const rounded = roundHalfUp(value);
        expect(rounded).toBe((2n * n + d) / (2n * d));
        expect(value.sub(new Fraction(rounded, 1n)).abs().lte(new Fraction(1, 2))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('toFixedExact', () => {
  it('pads and rounds half away from zero', () => {
    expect(toFixedExact('1.8', 2)).toBe('1.80');
    expect(toFixedExact('-1.25', 2)).toBe('-1.25');
    expect(toFixedExact(new Fraction(-5, 6), 2)).toBe('-0.83');
    expect(toFixedExact('0.125', 2)).toBe('0.13');
    expect(toFixedExact('-0.125', 2)).toBe('-0.13');
    expect(toFixedExact('0.004', 2)).toBe('0.00');
    expect(toFixedExact('12.3456', 0)).toBe('12');
    expect(toFixedExact(new Fraction(10, 3), 3)).toBe('3.333');
  });

  it('rejects bad decimal counts', () => {
    expect(() => toFixedExact(1, -1)).toThrow(RangeError);
    expect(() => toFixedExact(1, 1.5)).toThrow(RangeError);
  });
});

describe('assertMinorUnits', () => {
  it('accepts non-negative safe integers only', () => {
    expect(() => assertMinorUnits(0)).not.toThrow();
    expect(() => assertMinorUnits(1000, 'stake')).not.toThrow();
    expect(() => assertMinorUnits(-1, 'stake')).toThrow(/stake/);
    expect(() => assertMinorUnits(1.5)).toThrow(RangeError);
    expect(() => assertMinorUnits(2 ** 60)).toThrow(RangeError);
  });
});

describe('toMinorUnits (user-entered amounts: refuse, never round)', () => {
  it('converts amounts with at most the currency digits', () => {
    expect(toMinorUnits(12.5, 2)).toBe(1250);
    expect(toMinorUnits('12.50', 2)).toBe(1250);
    expect(toMinorUnits(' 12.500 ', 2)).toBe(1250);
    expect(toMinorUnits('12.', 2)).toBe(1200);
    expect(toMinorUnits('.5', 2)).toBe(50);
    expect(toMinorUnits(0, 2)).toBe(0);
    expect(toMinorUnits(0.1, 2)).toBe(10);
    expect(toMinorUnits(1.15, 2)).toBe(115);
    expect(toMinorUnits(100, 0)).toBe(100);
    expect(toMinorUnits('7', 3)).toBe(7000);
  });

  it('refuses extra digits instead of rounding', () => {
    expect(toMinorUnits(12.345, 2)).toBeUndefined();
    expect(toMinorUnits('12.345', 2)).toBeUndefined();
    expect(toMinorUnits('0.001', 2)).toBeUndefined();
    expect(toMinorUnits(1.5, 0)).toBeUndefined();
  });

  it('refuses negative, non-finite, unsafe and non-plain amounts', () => {
    for (const bad of [-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, 1e300])
      expect(toMinorUnits(bad, 2)).toBeUndefined();
    for (const bad of [
      '',
      ' ',
      '.',
      '-1',
      '+1',
      '1e2',
      'abc',
      '1,000',
      '1.2.3',
      '0x10',
      '99999999999999999999',
    ])
      expect(toMinorUnits(bad, 2)).toBeUndefined();
    expect(toMinorUnits(null as unknown as number, 2)).toBeUndefined();
  });

  it('throws on digits outside 0..20 (a programming error, not user input)', () => {
    expect(() => toMinorUnits(1, -1)).toThrow(RangeError);
    expect(() => toMinorUnits(1, 1.5)).toThrow(RangeError);
  });

  it('property: minor units round-trip through major units and text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 4 }), (minor, digits) => {
        expect(toMinorUnits(fromMinorUnits(minor, digits), digits)).toBe(minor);
        expect(toMinorUnits(formatMinorUnits(minor, digits), digits)).toBe(minor);
      }),
    );
  });

  it('property: an amount with one more digit than the currency is refused unless that digit is 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 4 }),
        (minor, extra, digits) => {
          const text = `${formatMinorUnits(minor, digits)}${digits === 0 ? '.' : ''}${extra}`;
          const result = toMinorUnits(text, digits);
          if (extra === 0) expect(result).toBe(minor);
          else expect(result).toBeUndefined();
        },
      ),
    );
  });

  it('property: the result, when any, is exactly the amount times 10^digits', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (amount, digits) => {
          const minor = toMinorUnits(amount, digits);
          const scaled = exact(amount).mul(10 ** digits);
          if (minor === undefined)
            expect(scaled.d === 1n && Number.isSafeInteger(Number(scaled.n))).toBe(false);
          else expect(scaled.equals(minor)).toBe(true);
        },
      ),
    );
  });
});

describe('formatMinorUnits / fromMinorUnits', () => {
  it('writes exactly the currency digits', () => {
    expect(formatMinorUnits(1250, 2)).toBe('12.50');
    expect(formatMinorUnits(5, 2)).toBe('0.05');
    expect(formatMinorUnits(-5, 2)).toBe('-0.05');
    expect(formatMinorUnits(7, 0)).toBe('7');
    expect(fromMinorUnits(1250, 2)).toBe(12.5);
    expect(fromMinorUnits(115, 2)).toBe(1.15);
  });

  it('throws on a non-integer number of minor units', () => {
    expect(() => formatMinorUnits(1.5, 2)).toThrow(RangeError);
  });
});
