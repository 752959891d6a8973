/**
 * 4D lottery (SPEC section 3 bet types D_1..D_6; DOMAIN.md "4D lottery"): permutations of a
 * 4-digit number and the cost of each bet type in units. Payout tables are configuration; the
 * Malaysian per-unit table is here as the default.
 */
import { Fraction, roundMinor } from './money.ts';

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

// ---- draws, rows, payouts ----------------------------------------------------------------------

/** Prize ranks of a draw: 1st, 2nd, 3rd, then 10 starter and 10 consolation numbers. */
export const PrizeRanks = ['first', 'second', 'third', 'starter', 'consolation'] as const;
export type PrizeRank = (typeof PrizeRanks)[number];
/** Big pays on every rank, Small on the top three only. */
export type LotterySize = 'big' | 'small';

/** The 23 winning numbers of one draw. */
export interface LotteryDrawNumbers {
  first: string;
  second: string;
  third: string;
  starter: string[];
  consolation: string[];
}

/** Prize per 1 unit of stake, per rank; a missing Small rank does not pay. */
export interface PrizeRow {
  big: Readonly<Record<PrizeRank, number>>;
  small: Readonly<Partial<Record<PrizeRank, number>>>;
}

/**
 * The operator's payout table: 4D (straight, permutation, box, iBox) and the last-3 / last-2 boxes.
 * The 4D row is DOMAIN.md's Malaysian table; the last-3 and last-2 rows are ours (the 4D prizes over
 * 10 and about 100, so each box keeps roughly the 4D return).
 */
export interface LotteryPayoutTable {
  fourD: PrizeRow;
  last3: PrizeRow;
  last2: PrizeRow;
}

export const DefaultPayoutTable: LotteryPayoutTable = {
  fourD: DefaultPrizePerUnit,
  last3: {
    big: { first: 250, second: 100, third: 50, starter: 18, consolation: 6 },
    small: { first: 350, second: 200, third: 100 },
  },
  last2: {
    big: { first: 25, second: 10, third: 5, starter: 2, consolation: 1 },
    small: { first: 35, second: 20, third: 10 },
  },
};

export function isLotteryNumber(value: unknown): value is string {
  return typeof value === 'string' && FOUR_DIGITS.test(value);
}

export function isLotteryBetType(value: unknown): value is LotteryBetTypeCode {
  return typeof value === 'string' && (Object.values(LotteryBetType) as string[]).includes(value);
}

/** The 23 numbers with their rank, 1st first. */
export function rankedNumbers(draw: LotteryDrawNumbers): { rank: PrizeRank; number: string }[] {
  return [
    { rank: 'first', number: draw.first },
    { rank: 'second', number: draw.second },
    { rank: 'third', number: draw.third },
    ...draw.starter.map((number) => ({ rank: 'starter' as const, number })),
    ...draw.consolation.map((number) => ({ rank: 'consolation' as const, number })),
  ];
}

/**
 * Draws 23 distinct 4-digit numbers from a uniform source in [0, 1) (the simulator passes its
 * seeded generator, so a seed gives the same draws).
 */
export function drawWinningNumbers(random: () => number): LotteryDrawNumbers {
  const seen = new Set<string>();
  const take = (): string => {
    for (;;) {
      const number = String(Math.floor(random() * 10_000) % 10_000).padStart(4, '0');
      if (!seen.has(number)) {
        seen.add(number);
        return number;
      }
    }
  };
  const first = take();
  const second = take();
  const third = take();
  const starter = Array.from({ length: WinningNumbersPerDraw.starter }, take);
  const consolation = Array.from({ length: WinningNumbersPerDraw.consolation }, take);
  return { first, second, third, starter, consolation };
}

/** One row of a ticket: a number, its bet type, and the Big and Small stakes per unit (minor units). */
export interface LotteryRow {
  number: string;
  betType: LotteryBetTypeCode;
  big: number;
  small: number;
}

export interface LotteryRowCost extends LotteryCost {
  /** Orderings the row covers (straight: 1; last-3 / last-2 box: of the last digits). */
  permutations: number;
  /** units x (big + small), minor units. */
  cost: number;
}

/** Cost of a row in minor units: the bet type's units times the Big plus Small unit stakes. */
export function lotteryRowCost(row: LotteryRow): LotteryRowCost {
  for (const [name, value] of [
    ['big', row.big],
    ['small', row.small],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`${name} must be a non-negative integer: ${value}`);
  }
  const cost = lotteryCost(row.betType, row.number);
  const units = cost.units * (row.big + row.small);
  if (!Number.isSafeInteger(units)) throw new RangeError('cost out of range');
  return { ...cost, permutations: cost.covers, cost: units };
}

/** The numbers (4D), or 3- / 2-digit endings (last-3 / last-2 box), a row wins on. */
export function coveredNumbers(betType: LotteryBetTypeCode, number: string): string[] {
  assertNumber(number);
  if (betType === 'D_1') return [number];
  if (betType === 'D_5') return digitPermutations(number.slice(1));
  if (betType === 'D_6') return digitPermutations(number.slice(2));
  return digitPermutations(number);
}

function tableFor(betType: LotteryBetTypeCode, table: LotteryPayoutTable): PrizeRow {
  return betType === 'D_5' ? table.last3 : betType === 'D_6' ? table.last2 : table.fourD;
}

export interface LotteryWin {
  rank: PrizeRank;
  /** The winning number of the draw. */
  number: string;
  size: LotterySize;
  /** prize x unit stake / prize divisor, rounded half-up once, minor units. */
  amount: number;
}

/**
 * What a row pays against a draw (minor units): every winning number its orderings cover pays the
 * table's prize per unit times the Big (all 23 numbers) or Small (top 3) unit stake; an iBox pays
 * that divided by its permutations. Each win is rounded once, half-up (money.ts).
 */
export function lotteryRowPayout(
  row: LotteryRow,
  draw: LotteryDrawNumbers,
  table: LotteryPayoutTable = DefaultPayoutTable,
): { payout: number; wins: LotteryWin[] } {
  const { prizeDivisor } = lotteryRowCost(row);
  const covered = new Set(coveredNumbers(row.betType, row.number));
  const digits = row.betType === 'D_5' ? 3 : row.betType === 'D_6' ? 2 : 4;
  const prizes = tableFor(row.betType, table);
  const wins: LotteryWin[] = [];
  for (const { rank, number } of rankedNumbers(draw)) {
    if (!covered.has(number.slice(4 - digits))) continue;
    for (const size of ['big', 'small'] as const) {
      const prize = prizes[size][rank];
      const stake = row[size];
      if (prize === undefined || prize <= 0 || stake === 0) continue;
      wins.push({ rank, number, size, amount: roundMinor(new Fraction(prize).mul(stake).div(prizeDivisor)) });
    }
  }
  return { payout: wins.reduce((sum, win) => sum + win.amount, 0), wins };
}
