/**
 * THE rule for the text a player types as a stake (the bet slip, the 4D Big/Small per unit, any
 * amount field): what is wrong with it, or its exact amount in minor units. Never rounds, never
 * throws. See RULES.md "Typed amounts".
 *
 * Reading (choices ours):
 * - Spaces around the text are ignored; spaces inside it (" 1 0 0 ") make it `notANumber`.
 * - Digits of any script read as their ASCII digit: full-width "１００" (NFKC), Thai "๑๐๐",
 *   Myanmar "၁၀၀" are all 100; the full-width point and comma (NFKC) read as "." and ",".
 * - The decimal point is ".", as every amount in the app is shown (formatMoney, en-US grouping).
 * - "," is accepted only as a well-formed thousands grouping before the point: "10,000" and
 *   "1,234.50" are read; "1,00", "10,00" and ",100" are `notANumber`.
 * - No sign, exponent, hex or other letter: "-5", "+5", "1e3", "0x10", "abc" are `notANumber`.
 * - "12." and ".5" are read as 12 and 0.5 (what a half-typed amount looks like).
 * - More decimals than the currency has ("12.345" in a 2-digit currency) is `tooManyDecimals`;
 *   trailing zeros are not extra decimals ("12.500" is 1250).
 * - With bounds: below `min` is `belowMin` (zero included), above `max` is `aboveMax`; an amount
 *   too large to be a safe integer of minor units is `aboveMax` too (its minor is then null).
 */

/** Inclusive stake limits in minor units. */
export interface StakeBounds {
  readonly min: number;
  readonly max: number;
}

export type StakeInput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'notANumber' }
  | { readonly kind: 'tooManyDecimals'; readonly digits: number }
  | { readonly kind: 'belowMin'; readonly minor: number; readonly min: number }
  | { readonly kind: 'aboveMax'; readonly minor: number | null; readonly max: number }
  | { readonly kind: 'ok'; readonly minor: number };

export type StakeInputKind = StakeInput['kind'];

const DecimalDigit = /\p{Nd}/u;
const Grouped = /^\d{1,3}(?:,\d{3})+$/;
const Plain = /^\d+$/;

/** The ASCII digit of a Unicode decimal digit (digits come in runs of ten from zero). */
function asciiDigit(cp: number): string {
  let start = cp;
  while (start > 0 && DecimalDigit.test(String.fromCodePoint(start - 1))) start--;
  return String((cp - start) % 10);
}

/** NFKC, then every decimal digit of any script as its ASCII digit. */
export function normalizeDigits(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKC')) {
    const cp = ch.codePointAt(0) as number;
    out += cp >= 0x30 && cp <= 0x39 ? ch : DecimalDigit.test(ch) ? asciiDigit(cp) : ch;
  }
  return out;
}

/**
 * Classifies a typed stake for a currency with `digits` minor digits, against `bounds` (minor
 * units) when given. `ok` carries the exact amount in minor units.
 */
export function parseStakeInput(text: string, digits: number, bounds?: StakeBounds): StakeInput {
  if (typeof text !== 'string' || !Number.isInteger(digits) || digits < 0 || digits > 20)
    return { kind: 'notANumber' };
  const trimmed = normalizeDigits(text).trim();
  if (trimmed === '') return { kind: 'empty' };
  const point = trimmed.indexOf('.');
  const whole = point < 0 ? trimmed : trimmed.slice(0, point);
  const fraction = point < 0 ? '' : trimmed.slice(point + 1);
  const wholeOk = whole === '' || Plain.test(whole) || Grouped.test(whole);
  const fractionOk = fraction === '' || Plain.test(fraction);
  if (!wholeOk || !fractionOk || (whole === '' && fraction === '')) return { kind: 'notANumber' };
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) return { kind: 'tooManyDecimals', digits };
  const minorBig =
    BigInt(whole.replaceAll(',', '') || '0') * 10n ** BigInt(digits) +
    BigInt(significant.padEnd(digits, '0') || '0');
  const safe = minorBig <= BigInt(Number.MAX_SAFE_INTEGER);
  if (!bounds)
    return safe ? { kind: 'ok', minor: Number(minorBig) } : aboveMax(null, Number.MAX_SAFE_INTEGER);
  if (!safe || minorBig > BigInt(bounds.max)) return aboveMax(safe ? Number(minorBig) : null, bounds.max);
  const minor = Number(minorBig);
  if (minor < bounds.min || minor === 0) return { kind: 'belowMin', minor, min: bounds.min };
  return { kind: 'ok', minor };
}

function aboveMax(minor: number | null, max: number): StakeInput {
  return { kind: 'aboveMax', minor, max };
}

/** The amount in minor units when the text is one (in bounds or not), else null. */
export function stakeInputMinor(input: StakeInput): number | null {
  return input.kind === 'ok' || input.kind === 'belowMin'
    ? input.minor
    : input.kind === 'aboveMax'
      ? input.minor
      : null;
}
