/**
 * The entry grid's rules, pure: a typed row (number, Big, Small, bet type) to its permutations and
 * cost through protocol's lottery rules, instantly and without a call; blank rows are ignored. The
 * server quotes again before the player confirms (lotteryApi betcheck).
 */
import {
  isLotteryNumber,
  LotteryBetType,
  type LotteryBetTypeCode,
  type LotteryRowBody,
  lotteryRowCost,
  type StakeBounds,
} from '@sportsbook/protocol';
import { amountProblem, parseStake, readStake, toMajor } from '../../shared/money.ts';

export const BetTypes = Object.values(LotteryBetType) as LotteryBetTypeCode[];

export interface EntryRow {
  id: number;
  number: string;
  big: string;
  small: string;
  betType: LotteryBetTypeCode;
}

/**
 * Why a filled row cannot be sent: a number that is not 4 digits, an amount that is not one, no
 * stake, a Big or Small per unit under the member's minimum or over the maximum (`limit` says which).
 */
export type RowProblem = 'number' | 'amount' | 'tooManyDecimals' | 'noStake' | 'belowMin' | 'aboveMax';

export interface RowQuote {
  row: EntryRow;
  blank: boolean;
  problem: RowProblem | null;
  permutations: number | null;
  /** Minor units, null while the row has a problem. */
  cost: number | null;
  /** belowMin / aboveMax: the per-unit limit broken, minor units. */
  limit?: number;
}

export function blankRow(id: number, betType: LotteryBetTypeCode = 'D_1'): EntryRow {
  return { id, number: '', big: '', small: '', betType };
}

export function isBlank(row: EntryRow): boolean {
  return row.number.trim() === '' && row.big.trim() === '' && row.small.trim() === '';
}

/** `limits`: the member's per-unit Big/Small limits in minor units (betcheck min_unit/max_unit), when known. */
export function quoteRow(row: EntryRow, currency: string, limits: StakeBounds | null = null): RowQuote {
  const blank = isBlank(row);
  const number = row.number.trim();
  const permutations = isLotteryNumber(number)
    ? lotteryRowCost({ number, betType: row.betType, big: 0, small: 0 }).permutations
    : null;
  const fail = (problem: RowProblem): RowQuote => ({ row, blank, problem, permutations, cost: null });
  if (blank) return { row, blank, problem: null, permutations: null, cost: null };
  if (!isLotteryNumber(number)) return fail('number');
  for (const text of [row.big, row.small]) {
    const read = readStake(text, currency, limits ?? undefined);
    if (read.kind === 'tooManyDecimals') return fail('tooManyDecimals');
    if (read.kind === 'notANumber') return fail('amount');
    // 0 leaves that size out of the row; any other amount is checked against the per-unit limits.
    if (read.kind === 'aboveMax') return { ...fail('aboveMax'), limit: read.max };
    if (read.kind === 'belowMin' && read.minor > 0) return { ...fail('belowMin'), limit: read.min };
    if (amountProblem(text, currency) !== null) return fail('amount');
  }
  const big = parseStake(row.big, currency) ?? 0;
  const small = parseStake(row.small, currency) ?? 0;
  if (big === 0 && small === 0) return fail('noStake');
  return {
    row,
    blank,
    problem: null,
    permutations,
    cost: lotteryRowCost({ number, betType: row.betType, big, small }).cost,
  };
}

export interface GridQuote {
  rows: RowQuote[];
  /** Minor units over the rows without a problem. */
  total: number;
  /** At least one filled row and no filled row with a problem. */
  ready: boolean;
}

export function quoteGrid(
  rows: readonly EntryRow[],
  currency: string,
  limits: StakeBounds | null = null,
): GridQuote {
  const quotes = rows.map((row) => quoteRow(row, currency, limits));
  const filled = quotes.filter((q) => !q.blank);
  return {
    rows: quotes,
    total: filled.reduce((sum, q) => sum + (q.cost ?? 0), 0),
    ready: filled.length > 0 && filled.every((q) => q.problem === null),
  };
}

/** The filled rows as the call's body (major units). */
export function rowsBody(quote: GridQuote, currency: string): LotteryRowBody[] {
  return quote.rows
    .filter((q) => !q.blank && q.problem === null)
    .map(({ row }) => ({
      number: row.number.trim(),
      bet_type: row.betType,
      big: toMajor(parseStake(row.big, currency) ?? 0, currency),
      small: toMajor(parseStake(row.small, currency) ?? 0, currency),
    }));
}
