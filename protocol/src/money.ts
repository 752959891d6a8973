/**
 * Exact arithmetic and the one rounding rule for money. Every money rule in this package computes
 * with exact rationals (fraction.js, bigint-backed) and rounds once, at the end, to an integer
 * number of minor units (sen, cents, kyat...). See protocol/RULES.md, "Money".
 */
import Fraction from 'fraction.js';

export { Fraction };

/** A number the rules accept: a JS number, a decimal string ("1.80", "-0.96", "1e-3"), or a Fraction. */
export type Exact = number | string | Fraction;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Reads a number exactly as written. A JS number is read through its shortest round-trip decimal
 * form (String(1.8) is "1.8"), so 1.8 becomes 9/5 and not the binary float's 2026619832316723/2^50.
 */
export function exact(value: Exact): Fraction {
  if (value instanceof Fraction) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return parseDecimal(String(value));
  }
  if (typeof value === 'string') return parseDecimal(value.trim());
  throw new TypeError(`not a number: ${String(value)}`);
}

function parseDecimal(text: string): Fraction {
  const match = DECIMAL.exec(text);
  const intPart = match?.[2] ?? '';
  const fracPart = match?.[3] ?? '';
  if (!match || (intPart === '' && fracPart === '')) throw new RangeError(`not a decimal number: "${text}"`);
  const exponent = Number(match[4] ?? '0') - fracPart.length;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) {
    throw new RangeError(`exponent out of range: "${text}"`);
  }
  let numerator = BigInt(intPart + fracPart || '0');
  let denominator = 1n;
  if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator = 10n ** BigInt(-exponent);
  if (match[1] === '-') numerator = -numerator;
  return new Fraction(numerator, denominator);
}

/** Rounds half away from zero to an integer (for the non-negative amounts of money: half-up). */
export function roundHalfUp(value: Fraction): bigint {
  const n = value.s * value.n;
  const d = value.d;
  const magnitude = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
}

/**
 * THE money rounding rule: one rounding, half-up (ties away from zero), to an integer number of
 * minor units. Throws when the result is not a safe integer.
 */
export function roundMinor(value: Exact): number {
  const rounded = Number(roundHalfUp(exact(value)));
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`amount out of range: ${String(value)}`);
  return rounded;
}

/** A stake or other amount in minor units must be a non-negative safe integer. */
export function assertMinorUnits(amount: number, name = 'amount'): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of minor units: ${amount}`);
  }
}

/** Fixed-point text of an exact value, rounded half away from zero to `decimals` places. */
export function toFixedExact(value: Exact, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be an integer 0..20: ${decimals}`);
  }
  const scaled = roundHalfUp(exact(value).mul(new Fraction(10n ** BigInt(decimals), 1n)));
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const head = digits.slice(0, digits.length - decimals);
  const tail = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${head}${decimals > 0 ? `.${tail}` : ''}`;
}
