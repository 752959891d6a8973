/**
 * Odds formats (DOMAIN.md "Odds formats", SPEC section 1 odds types). Conversions are exact
 * rationals with no rounding inside, so every round trip returns the same number; only display
 * (formatOdds) and money (stakeRisk, rounded once to minor units) round. See protocol/RULES.md.
 */
import { assertMinorUnits, type Exact, exact, Fraction, roundMinor, toFixedExact } from './money.ts';

/** Odds type codes of the player's preference (SPEC section 1). Default MY. */
export const OddsType = { MY: 1, HK: 2, ID: 3, DEC: 4, MYANMAR: 5 } as const;
export type OddsTypeName = keyof typeof OddsType;
export type OddsTypeCode = (typeof OddsType)[OddsTypeName];
export const DefaultOddsType: OddsTypeName = 'MY';

/** The four price formats that convert into each other (type 5, Myanmar, is a body, see myanmar.ts). */
export const OddsFormats = ['DEC', 'HK', 'MY', 'ID'] as const;
export type OddsFormat = (typeof OddsFormats)[number];

const ONE = new Fraction(1);
const TWO = new Fraction(2);

export function oddsTypeName(code: number): OddsTypeName | undefined {
  return (Object.keys(OddsType) as OddsTypeName[]).find((name) => OddsType[name] === code);
}

/** True when `price` is a valid price in `format` (DEC > 1; HK > 0; MY in [-1, 0) or (0, 1]; ID >= 1 or <= -1). */
export function isValidOdds(price: Exact, format: OddsFormat): boolean {
  let value: Fraction;
  try {
    value = exact(price);
  } catch {
    return false;
  }
  switch (format) {
    case 'DEC':
      return value.gt(ONE);
    case 'HK':
      return value.gt(0);
    case 'MY':
      return !value.equals(0) && value.abs().lte(ONE);
    case 'ID':
      return value.abs().gte(ONE);
  }
}

function assertValid(price: Exact, format: OddsFormat): Fraction {
  if (!isValidOdds(price, format)) throw new RangeError(`invalid ${format} odds: ${String(price)}`);
  return exact(price);
}

/** Exact decimal odds of a price in any format. */
export function toDecimalExact(price: Exact, from: OddsFormat): Fraction {
  const value = assertValid(price, from);
  switch (from) {
    case 'DEC':
      return value;
    case 'HK':
      return value.add(ONE);
    case 'MY':
    case 'ID':
      return value.gt(0) ? value.add(ONE) : ONE.add(value.abs().inverse());
  }
}

function fromDecimal(decimal: Fraction, to: OddsFormat): Fraction {
  const net = decimal.sub(ONE);
  switch (to) {
    case 'DEC':
      return decimal;
    case 'HK':
      return net;
    case 'MY':
      return decimal.lte(TWO) ? net : net.inverse().neg();
    case 'ID':
      return decimal.gte(TWO) ? net : net.inverse().neg();
  }
}

/**
 * Exact conversion. Even money has two spellings in MY and ID (1 and -1); the result is always
 * the positive one, so MY -1 -> DEC 2 -> MY 1.
 */
export function convertOddsExact(price: Exact, from: OddsFormat, to: OddsFormat): Fraction {
  return fromDecimal(toDecimalExact(price, from), to);
}

/**
 * Convenience: the exact conversion as a JS number (nearest double). Chain conversions with
 * convertOddsExact: a repeating value such as ID -10/3 does not survive a trip through a double.
 */
export function convertOdds(price: Exact, from: OddsFormat, to: OddsFormat): number {
  return convertOddsExact(price, from, to).valueOf();
}

export interface FormatOddsOptions {
  /** 2 (default) or 3 where a skin asks. */
  decimals?: 2 | 3;
  /** Format of `price` when it is not already in `type` (e.g. 'DEC' for a price from an odds row). */
  from?: OddsFormat;
}

/**
 * Display text: fixed 2 (or 3) decimals, rounded half away from zero on the magnitude; negative
 * MY and ID carry a leading "-", positive prices no sign ("0.80", "-1.25", "1.80").
 */
export function formatOdds(price: Exact, type: OddsFormat, options: FormatOddsOptions = {}): string {
  const value = options.from ? convertOddsExact(price, options.from, type) : assertValid(price, type);
  return toFixedExact(value, options.decimals ?? 2);
}

export interface StakeRisk {
  /** What the player puts at risk (debited), minor units. */
  risk: number;
  /** Net win on a full win, minor units. */
  win: number;
}

/** Exact risk and win before rounding (stake in minor units). */
export function stakeRiskExact(
  stake: number,
  price: Exact,
  type: OddsFormat,
): { risk: Fraction; win: Fraction } {
  assertMinorUnits(stake, 'stake');
  const value = assertValid(price, type);
  const amount = new Fraction(stake);
  if ((type === 'MY' || type === 'ID') && value.lt(0)) {
    // Negative MY/ID: the stake entered is the amount to win; the player risks stake x |odds|.
    return { risk: amount.mul(value.abs()), win: amount };
  }
  return { risk: amount, win: amount.mul(toDecimalExact(value, type).sub(ONE)) };
}

/**
 * Risk and win of a stake, in integer minor units, each rounded once (half-up). Positive odds:
 * risk = stake, win = stake x net odds. Negative MY/ID: win = stake, risk = stake x |odds|.
 * Min/max stake and max payout checks use these amounts.
 */
export function stakeRisk(stake: number, price: Exact, type: OddsFormat): StakeRisk {
  const { risk, win } = stakeRiskExact(stake, price, type);
  return { risk: roundMinor(risk), win: roundMinor(win) };
}
