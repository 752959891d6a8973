/**
 * Myanmar odds (odds type 5, currencies MMK and MMO only): a "body" price such as "1+50", its
 * outcome as a return fraction p, single and mix-parlay ("maung") returns. There is no public
 * rulebook; this is our model, written down with worked examples in protocol/RULES.md.
 *
 * Grammar (whitespace around the body is ignored, letters are case-insensitive):
 *   body    = level [ signed ] | goals ( signed | "D" )
 *   level   = "D" | "L"                  ; 0 goals (level ball); "L" is an alias of "D"
 *   goals   = "1".."9" { digit }         ; goals given by the giver (favourite), 1..20
 *   signed  = ( "+" | "-" ) percent      ; at the exact margin the giver's backers win (+) or lose (-) percent of the stake
 *   percent = digit { digit }            ; 0..100 (+0 and -0 mean a push)
 * A level body without a sign and a goals body with the suffix "D" push at the exact margin.
 * Canonical text (formatMyanmar): "D", "D+50", "D-50", "1D", "1+50", "2-30".
 */

import { ParlayLimits } from './constants.ts';
import { assertMinorUnits, exact, Fraction, roundMinor } from './money.ts';

// The currencies that may use Myanmar odds (MMK, MMO) are MyanmarCurrencies / isMyanmarCurrency in constants.ts.

/** The bet types of the Myanmar rows (ODDS-DATA.md): handicap and over/under quoted as a body. */
export const MyanmarBetTypes: ReadonlySet<string> = new Set(['MHDP', 'MOU']);

/** Whether a bet type is a Myanmar row (MHDP or MOU): its line is a body string, its price is a body. */
export function isMyanmarBetType(betType: string): boolean {
  return MyanmarBetTypes.has(betType);
}

/** A parsed Myanmar price. */
export interface MyanmarPrice {
  /** Goals given by the giver (favourite, or "over" on a goal total), 0 = level. */
  goals: number;
  /** Signed percent at the exact margin, for the giver's backers: +50 win half, -50 lose half, 0 push. */
  percent: number;
}

export const MYANMAR_MAX_GOALS = 20;

const BODY = /^(?:([DL])(?:([+-])(\d{1,3}))?|([1-9]\d?)(?:([+-])(\d{1,3})|D))$/;

/** Parses a body; null when it does not follow the grammar. */
export function tryParseMyanmar(text: string): MyanmarPrice | null {
  const match = BODY.exec(text.trim().toUpperCase());
  if (!match) return null;
  const goals = match[1] ? 0 : Number(match[4]);
  const sign = match[2] ?? match[5];
  const digits = match[3] ?? match[6];
  const percent = sign && digits !== undefined ? (sign === '-' ? -1 : 1) * Number(digits) : 0;
  if (goals > MYANMAR_MAX_GOALS || Math.abs(percent) > 100) return null;
  // -0 and +0 are pushes; normalise away JavaScript's negative zero.
  return { goals, percent: percent === 0 ? 0 : percent };
}

/** Parses a body, throwing RangeError when it does not follow the grammar. */
export function parseMyanmar(text: string): MyanmarPrice {
  const price = tryParseMyanmar(text);
  if (!price) throw new RangeError(`invalid Myanmar body: "${text}"`);
  return price;
}

function assertPrice(price: MyanmarPrice): void {
  if (!Number.isInteger(price.goals) || price.goals < 0 || price.goals > MYANMAR_MAX_GOALS) {
    throw new RangeError(`Myanmar goals must be an integer 0..${MYANMAR_MAX_GOALS}: ${price.goals}`);
  }
  if (!Number.isInteger(price.percent) || Math.abs(price.percent) > 100) {
    throw new RangeError(`Myanmar percent must be an integer -100..100: ${price.percent}`);
  }
}

/** Canonical text of a price: "D", "D+50", "1D", "1+50", "2-30". */
export function formatMyanmar(price: MyanmarPrice): string {
  assertPrice(price);
  const body = price.goals === 0 ? 'D' : String(price.goals);
  if (price.percent === 0) return price.goals === 0 ? 'D' : `${body}D`;
  return `${body}${price.percent > 0 ? '+' : '-'}${Math.abs(price.percent)}`;
}

function toPrice(price: MyanmarPrice | string): MyanmarPrice {
  if (typeof price === 'string') return parseMyanmar(price);
  assertPrice(price);
  return price;
}

/** Side of a Myanmar bet: the giver (favourite; "over" on a total) or the taker. */
export type MyanmarSide = 'giver' | 'taker';

/**
 * Return fraction p in percent (integer -100..100) for one side. `value` is the giver's goal
 * margin (handicap: giver's goals minus taker's) or the goal total (over/under, giver = over).
 * value > goals: giver +100; value = goals: giver +percent; value < goals: giver -100. The taker
 * gets the opposite, so the two sides always sum to zero before commission.
 */
export function myanmarPercent(price: MyanmarPrice | string, side: MyanmarSide, value: number): number {
  const { goals, percent } = toPrice(price);
  if (!Number.isSafeInteger(value)) throw new RangeError(`value must be an integer: ${value}`);
  const forGiver = value > goals ? 100 : value < goals ? -100 : percent;
  const result = side === 'giver' ? forGiver : -forGiver;
  return result === 0 ? 0 : result;
}

/** p as a number: 1 full win, 0.5 half win, 0 push, -0.3 lose 30%, -1 full loss. */
export function myanmarP(price: MyanmarPrice | string, side: MyanmarSide, value: number): number {
  return myanmarPercent(price, side, value) / 100;
}

/**
 * Handicap: `giver` is the team giving the body (the row's label 'H' or 'A'); `selection` the team
 * backed. Returns p in percent.
 */
export function myanmarHandicapPercent(input: {
  price: MyanmarPrice | string;
  giver: 'H' | 'A';
  selection: 'H' | 'A';
  home: number;
  away: number;
}): number {
  const margin = input.giver === 'H' ? input.home - input.away : input.away - input.home;
  return myanmarPercent(input.price, input.selection === input.giver ? 'giver' : 'taker', margin);
}

/** Over/under on a goal total: over is the giver. Returns p in percent. */
export function myanmarOverUnderPercent(input: {
  price: MyanmarPrice | string;
  side: 'over' | 'under';
  total: number;
}): number {
  return myanmarPercent(input.price, input.side === 'over' ? 'giver' : 'taker', input.total);
}

function commissionRate(commission: number | string): Fraction {
  const rate = exact(commission);
  if (rate.lt(0) || rate.gt(1)) throw new RangeError(`commission must be in [0, 1]: ${commission}`);
  return rate;
}

function assertPercent(percent: number): Fraction {
  if (!Number.isInteger(percent) || Math.abs(percent) > 100) {
    throw new RangeError(`percent must be an integer -100..100: ${percent}`);
  }
  return new Fraction(percent, 100);
}

/** Commission is taken on winnings only: gross above the stake keeps (1 - rate) of the excess. */
function afterCommission(stake: Fraction, gross: Fraction, rate: Fraction): Fraction {
  return gross.gt(stake) ? stake.add(gross.sub(stake).mul(new Fraction(1).sub(rate))) : gross;
}

/**
 * Amount paid back on a Myanmar single (stake included), integer minor units rounded once:
 * stake x (1 + p), less `commission` (rate 0..1, configuration) of the winnings when p > 0.
 */
export function myanmarReturn(stake: number, percent: number, commission: number | string = 0): number {
  assertMinorUnits(stake, 'stake');
  const amount = new Fraction(stake);
  const gross = amount.mul(assertPercent(percent).add(1));
  return roundMinor(afterCommission(amount, gross, commissionRate(commission)));
}

/**
 * Myanmar mix parlay ("maung", 2..10 legs): stake x product(1 + p_i), any full loss gives 0;
 * `commission` (rate 0..1) is taken once on the ticket's winnings. Rounded once at the end.
 */
export function myanmarParlayReturn(
  stake: number,
  percents: readonly number[],
  commission: number | string = 0,
): number {
  assertMinorUnits(stake, 'stake');
  const { minMyanmarSelections: min, maxMyanmarSelections: max } = ParlayLimits;
  if (percents.length < min || percents.length > max) {
    throw new RangeError(`a Myanmar parlay has ${min}..${max} legs: ${percents.length}`);
  }
  const amount = new Fraction(stake);
  const gross = percents.reduce((acc, percent) => acc.mul(assertPercent(percent).add(1)), amount);
  return roundMinor(afterCommission(amount, gross, commissionRate(commission)));
}
