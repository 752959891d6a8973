/**
 * 4D lottery (SPEC section 3 bet types D_1..D_6; DOMAIN.md "4D lottery"): permutations of a
 * 4-digit number and the cost of each bet type in units. Payout tables are configuration; the
 * Malaysian per-unit table is here as the default.
 */

/** Lottery bet type codes. */
export const LotteryBetType = {
  straight: 'D_1',
  permutation: 'D_2',
  box: 'D_3',
  iBox: 'D_4',
  last3Box: 'D_5',
  last2Box: 'D_6',
} as const;
export type LotteryBetTypeName = keyof typeof LotteryBetType;
export type LotteryBetTypeCode = (typeof LotteryBetType)[LotteryBetTypeName];

/** Default prize per 1 unit (Malaysia): Big pays on all 23 numbers, Small on the top 3 only. */
export const DefaultPrizePerUnit = {
  big: { first: 2500, second: 1000, third: 500, starter: 180, consolation: 60 },
  small: { first: 3500, second: 2000, third: 1000 },
} as const;
/** Winning numbers per draw: 1st, 2nd, 3rd, 10 starter, 10 consolation. */
export const WinningNumbersPerDraw = { first: 1, second: 1, third: 1, starter: 10, consolation: 10 } as const;

const FOUR_DIGITS = /^\d{4}$/;

function assertNumber(number: string): void {
  if (!FOUR_DIGITS.test(number)) throw new RangeError(`a 4D number is exactly 4 digits: "${number}"`);
}

/** Distinct orderings of the digits, ascending: "1123" -> 12 numbers. */
export function digitPermutations(digits: string): string[] {
  if (!/^\d{1,4}$/.test(digits)) throw new RangeError(`expected 1 to 4 digits: "${digits}"`);
  const result = new Set<string>();
  const walk = (prefix: string, rest: string): void => {
    if (rest === '') {
      result.add(prefix);
      return;
    }
    for (let i = 0; i < rest.length; i++) walk(prefix + rest[i], rest.slice(0, i) + rest.slice(i + 1));
  };
  walk('', digits);
  return [...result].sort();
}

/** Number of distinct orderings: 24 all distinct, 12 one pair, 6 two pairs, 4 three alike, 1 four alike. */
export function permutationCount(number: string): number {
  assertNumber(number);
  return digitPermutations(number).length;
}

export interface LotteryCost {
  /** Tickets the bet expands to (one per ordering for a permutation bet). */
  tickets: number;
  /** Units charged: total cost = units x unit stake. */
  units: number;
  /** A win pays prize / prizeDivisor (iBox: the permutations; otherwise 1). */
  prizeDivisor: number;
  /** Numbers (or 3- / 2-digit endings) that win. */
  covers: number;
}

/**
 * Cost of one bet of `betType` on `number` per unit stake. Straight: 1 number, 1 unit. Permutation:
 * one 1-unit ticket per ordering. Box: one ticket over all orderings costing permutations units.
 * iBox: all orderings for 1 unit, prize divided by the permutations. Last-3 / last-2 box: a box on
 * the last 3 / 2 digits.
 */
export function lotteryCost(betType: LotteryBetTypeCode, number: string): LotteryCost {
  assertNumber(number);
  switch (betType) {
    case 'D_1':
      return { tickets: 1, units: 1, prizeDivisor: 1, covers: 1 };
    case 'D_2': {
      const count = permutationCount(number);
      return { tickets: count, units: count, prizeDivisor: 1, covers: count };
    }
    case 'D_3': {
      const count = permutationCount(number);
      return { tickets: 1, units: count, prizeDivisor: 1, covers: count };
    }
    case 'D_4': {
      const count = permutationCount(number);
      return { tickets: 1, units: 1, prizeDivisor: count, covers: count };
    }
    case 'D_5': {
      const count = digitPermutations(number.slice(1)).length;
      return { tickets: 1, units: count, prizeDivisor: 1, covers: count };
    }
    case 'D_6': {
      const count = digitPermutations(number.slice(2)).length;
      return { tickets: 1, units: count, prizeDivisor: 1, covers: count };
    }
    default:
      throw new RangeError(`unknown lottery bet type: ${String(betType)}`);
  }
}

/** Total cost in minor units of a bet at `unitStake` minor units per unit. */
export function lotteryStake(betType: LotteryBetTypeCode, number: string, unitStake: number): number {
  if (!Number.isSafeInteger(unitStake) || unitStake < 0)
    throw new RangeError(`unitStake must be a non-negative integer: ${unitStake}`);
  return lotteryCost(betType, number).units * unitStake;
}
