/**
 * Pure rules of the history pages: statement lines grouped by product and kind (a new product's
 * ledger lines show up without a page change), the line check opening + lines = closing on
 * integer minor units, and the win/loss report's periods as GMT+8 working dates.
 */
import { formatGmt8, gmt8DayStart, gmt8Weekday, isRecord } from '@sportsbook/protocol';
import { toMinor } from '../../shared/money.ts';

export interface StatementLine {
  readonly seq: number;
  readonly time: number;
  readonly product: string;
  readonly kind: string;
  readonly ref: string;
  /** Signed change of cash, minor units. */
  readonly amount: number;
  /** Cash after the line, minor units. */
  readonly balance: number;
}

/** One day's `lines` (major units) to minor units; a malformed line is dropped. */
export function readLines(lines: unknown, currency: string): StatementLine[] {
  if (!Array.isArray(lines)) return [];
  const out: StatementLine[] = [];
  for (const l of lines) {
    if (!isRecord(l) || typeof l.amount !== 'number' || typeof l.balance !== 'number') continue;
    out.push({
      seq: typeof l.seq === 'number' ? l.seq : 0,
      time: typeof l.time === 'number' ? l.time : 0,
      product: typeof l.product === 'string' ? l.product : 'other',
      kind: typeof l.kind === 'string' ? l.kind : 'other',
      ref: typeof l.ref === 'string' ? l.ref : '',
      amount: toMinor(l.amount, currency),
      balance: toMinor(l.balance, currency),
    });
  }
  return out;
}

export interface LineGroup {
  readonly product: string;
  /** Sum of the product's lines, minor units. */
  readonly total: number;
  readonly kinds: readonly { readonly kind: string; readonly total: number; readonly count: number }[];
}

/** Lines grouped by product, then kind, in order of first appearance; sums in minor units. */
export function groupLines(lines: readonly StatementLine[]): LineGroup[] {
  const products = new Map<string, Map<string, { total: number; count: number }>>();
  for (const line of lines) {
    let kinds = products.get(line.product);
    if (!kinds) {
      kinds = new Map();
      products.set(line.product, kinds);
    }
    const k = kinds.get(line.kind) ?? { total: 0, count: 0 };
    kinds.set(line.kind, { total: k.total + line.amount, count: k.count + 1 });
  }
  return [...products.entries()].map(([product, kinds]) => ({
    product,
    total: [...kinds.values()].reduce((sum, k) => sum + k.total, 0),
    kinds: [...kinds.entries()].map(([kind, k]) => ({ kind, ...k })),
  }));
}

/**
 * Whether the lines take the opening balance to the closing one: each line's balance is the one
 * before plus its amount, and the last is the closing balance. `at` is the first line that breaks.
 */
export function checkLines(
  opening: number,
  closing: number,
  lines: readonly StatementLine[],
): { ok: boolean; end: number; at: number | null } {
  let balance = opening;
  for (const [i, line] of lines.entries()) {
    balance += line.amount;
    if (line.balance !== balance) return { ok: false, end: balance, at: i };
  }
  return { ok: balance === closing, end: balance, at: null };
}

export const Periods = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'last30'] as const;
export type Period = (typeof Periods)[number];

const DayMs = 86_400_000;
const date = (utcMs: number) => formatGmt8(utcMs, 'yyyy-MM-dd');

/** The GMT+8 working dates (inclusive) of a report period; weeks start on Monday. */
export function periodRange(period: Period, now: number): { start: string; end: string } {
  const today = gmt8DayStart(now);
  const monday = today - ((gmt8Weekday(now) + 6) % 7) * DayMs;
  switch (period) {
    case 'today':
      return { start: date(today), end: date(today) };
    case 'yesterday':
      return { start: date(today - DayMs), end: date(today - DayMs) };
    case 'thisWeek':
      return { start: date(monday), end: date(today) };
    case 'lastWeek':
      return { start: date(monday - 7 * DayMs), end: date(monday - DayMs) };
    case 'last30':
      return { start: date(today - 29 * DayMs), end: date(today) };
  }
}
