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

function assertDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new RangeError(`digits must be an integer 0..20: ${digits}`);
  }
}

/** A plain non-negative decimal as a user types it: "12", "12.5", "12.", ".5" (no sign, no exponent). */
const PLAIN_DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * THE rule for an amount a user entered (a stake, a transfer): major units (12.5 or "12.50") to an
 * integer number of minor units for a currency with `digits` minor digits (1250). It never rounds:
 * an amount with more decimals than the currency has ("12.345" for 2 digits) is refused, as is a
 * negative, non-finite or unsafe amount, or text that is not a plain decimal. Returns undefined
 * when refused, so the caller answers with its own error (a stake must never change silently).
 * Trailing zeros are not extra digits ("12.500" is 1250). Amounts from upstream replies, which are
 * not the user's, are rounded once with roundMinor instead.
 */
export function toMinorUnits(amount: number | string, digits: number): number | undefined {
  assertDigits(digits);
  let value: Fraction;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount) || amount < 0) return undefined;
    value = exact(amount);
  } else if (typeof amount === 'string') {
    const text = amount.trim();
    if (!PLAIN_DECIMAL.test(text)) return undefined;
    value = exact(text);
  } else {
    return undefined;
  }
  const scaled = value.mul(new Fraction(10n ** BigInt(digits), 1n));
  if (scaled.d !== 1n) return undefined;
  const minor = Number(scaled.s * scaled.n);
  return Number.isSafeInteger(minor) && minor >= 0 ? minor : undefined;
}

/**
 * Integer minor units back to major units as a JSON number (1250 with 2 digits -> 12.5): the
 * nearest double to the exact decimal, so toMinorUnits(fromMinorUnits(m, d), d) === m.
 */
export function fromMinorUnits(minor: number, digits: number): number {
  return Number(formatMinorUnits(minor, digits));
}

/** Integer minor units as fixed-point text with exactly `digits` decimals (1250, 2 -> "12.50"); no grouping. */
export function formatMinorUnits(minor: number, digits: number): string {
  assertDigits(digits);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units must be a safe integer: ${minor}`);
  return toFixedExact(new Fraction(BigInt(minor), 10n ** BigInt(digits)), digits);
}
