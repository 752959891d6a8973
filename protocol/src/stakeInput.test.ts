import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinorUnits, toMinorUnits } from './money.ts';
import { normalizeDigits, parseStakeInput, type StakeBounds, stakeInputMinor } from './stakeInput.ts';

const bounds: StakeBounds = { min: 250_000, max: 10_000_000 };

/** en-US grouping of a whole number's digits ("10000" -> "10,000"). */
const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe('parseStakeInput: what the stake field accepts and refuses', () => {
  it.each([
    ['abc'],
    ['1e3'],
    ['0x10'],
    [' 1 0 0 '],
    ['-5'],
    ['+5'],
    ['1,00'],
    ['10,00'],
    [',100'],
    ['1.2.3'],
    ['.'],
    ['12abc'],
    ['NaN'],
    ['Infinity'],
  ])('%j is not a number', (text) => {
    expect(parseStakeInput(text, 2).kind).toBe('notANumber');
    expect(parseStakeInput(text, 2, bounds).kind).toBe('notANumber');
  });

  it('reads a well-formed thousands grouping and digits of other scripts', () => {
    expect(parseStakeInput('10,000', 2)).toEqual({ kind: 'ok', minor: 1_000_000 });
    expect(parseStakeInput('1,234.50', 2)).toEqual({ kind: 'ok', minor: 123_450 });
    expect(parseStakeInput('１００', 2)).toEqual({ kind: 'ok', minor: 10_000 });
    expect(parseStakeInput('１，０００．５', 2)).toEqual({ kind: 'ok', minor: 100_050 });
    expect(parseStakeInput('๑๐๐', 2)).toEqual({ kind: 'ok', minor: 10_000 });
    expect(parseStakeInput('၁၀၀', 0)).toEqual({ kind: 'ok', minor: 100 });
    expect(parseStakeInput('  100  ', 2)).toEqual({ kind: 'ok', minor: 10_000 });
    expect(parseStakeInput('12.', 2)).toEqual({ kind: 'ok', minor: 1200 });
    expect(parseStakeInput('.5', 2)).toEqual({ kind: 'ok', minor: 50 });
    expect(parseStakeInput('12.500', 2)).toEqual({ kind: 'ok', minor: 1250 });
  });

  it('says empty, too many decimals, below the min and above the max with the limit', () => {
    expect(parseStakeInput('', 2)).toEqual({ kind: 'empty' });
    expect(parseStakeInput('   ', 2, bounds)).toEqual({ kind: 'empty' });
    expect(parseStakeInput('12.345', 2)).toEqual({ kind: 'tooManyDecimals', digits: 2 });
    expect(parseStakeInput('12.5', 0)).toEqual({ kind: 'tooManyDecimals', digits: 0 });
    // MMK 2,500 min.
    expect(parseStakeInput('100', 2, bounds)).toEqual({ kind: 'belowMin', minor: 10_000, min: 250_000 });
    expect(parseStakeInput('0', 2, { min: 0, max: 100 })).toEqual({ kind: 'belowMin', minor: 0, min: 0 });
    // 4D Big 99,999,999 against THB 8,000 per unit.
    expect(parseStakeInput('99999999', 2, { min: 800, max: 800_000 })).toEqual({
      kind: 'aboveMax',
      minor: 9_999_999_900,
      max: 800_000,
    });
    expect(parseStakeInput('9'.repeat(40), 2, bounds)).toEqual({
      kind: 'aboveMax',
      minor: null,
      max: 10_000_000,
    });
    expect(parseStakeInput('9'.repeat(40), 2).kind).toBe('aboveMax');
    expect(parseStakeInput('2,500', 2, bounds)).toEqual({ kind: 'ok', minor: 250_000 });
    expect(parseStakeInput('100,000', 2, bounds)).toEqual({ kind: 'ok', minor: 10_000_000 });
  });
});

describe('parseStakeInput: properties', () => {
  const digitsArb = fc.integer({ min: 0, max: 4 });
  const minorArb = fc.integer({ min: 0, max: 1e13 });

  it('reads back every amount as formatMinorUnits writes it, grouped or not, padded with spaces', () => {
    fc.assert(
      fc.property(minorArb, digitsArb, fc.boolean(), fc.nat(3), fc.nat(3), (minor, digits, grouped, l, r) => {
        const plain = formatMinorUnits(minor, digits);
        const [whole = '', fraction] = plain.split('.');
        const text = (grouped ? group(whole) : whole) + (fraction !== undefined ? `.${fraction}` : '');
        expect(parseStakeInput(`${' '.repeat(l)}${text}${' '.repeat(r)}`, digits)).toEqual({
          kind: 'ok',
          minor,
        });
      }),
    );
  });

  it('agrees with toMinorUnits on every plain decimal (the one rule for typed amounts)', () => {
    const decimal = fc
      .tuple(fc.stringMatching(/^\d{0,14}$/), fc.option(fc.stringMatching(/^\d{0,6}$/)))
      .map(([w, f]) => (f === null ? w : `${w}.${f}`));
    fc.assert(
      fc.property(decimal, digitsArb, (text, digits) => {
        const parsed = parseStakeInput(text, digits);
        const expected = toMinorUnits(text, digits);
        if (expected !== undefined) expect(parsed).toEqual({ kind: 'ok', minor: expected });
        else expect(['notANumber', 'tooManyDecimals', 'empty', 'aboveMax']).toContain(parsed.kind);
      }),
    );
  });

  it('never accepts a letter, a sign, an inner space or an exponent, and never throws', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('a', 'e', 'x', 'E', '-', '+', ' ', '_', '$'),
        fc.stringMatching(/^\d{1,6}$/),
        fc.stringMatching(/^\d{1,6}$/),
        (noise, bad, a, b) => {
          expect(() => parseStakeInput(noise, 2, bounds)).not.toThrow();
          expect(parseStakeInput(`${a}${bad}${b}`, 2, bounds).kind).toBe('notANumber');
        },
      ),
    );
  });

  it('is ok exactly inside the bounds; below and above name the limit', () => {
    fc.assert(
      fc.property(minorArb, minorArb, minorArb, digitsArb, (x, p, q, digits) => {
        const [min, max] = p <= q ? [p, q] : [q, p];
        const result = parseStakeInput(formatMinorUnits(x, digits), digits, { min, max });
        if (x > max) expect(result).toEqual({ kind: 'aboveMax', minor: x, max });
        else if (x < min || x === 0) expect(result).toEqual({ kind: 'belowMin', minor: x, min });
        else expect(result).toEqual({ kind: 'ok', minor: x });
        expect(stakeInputMinor(result)).toBe(x);
      }),
    );
  });

  it('full-width digits read as the same amount as their ASCII text', () => {
    const fullWidth = (s: string) =>
      [...s].map((c) => (c >= '0' && c <= '9' ? String.fromCodePoint(0xff10 + Number(c)) : c)).join('');
    fc.assert(
      fc.property(minorArb, digitsArb, (minor, digits) => {
        const text = formatMinorUnits(minor, digits);
        expect(normalizeDigits(fullWidth(text))).toBe(text);
        expect(parseStakeInput(fullWidth(text), digits)).toEqual(parseStakeInput(text, digits));
      }),
    );
  });
});
