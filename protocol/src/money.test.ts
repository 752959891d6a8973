import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertMinorUnits, exact, Fraction, roundHalfUp, roundMinor, toFixedExact } from './money.ts';

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
