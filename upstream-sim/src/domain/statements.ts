/**
 * Statements derived from the ledger and the bets. Cash = available + frozen; a ledger entry that
 * changes cash is a credit (payout, commission, deposit, positive adjustment) or a debit (settled
 * stake, negative adjustment). Per day: closing = opening + credit - debit, exactly, because every
 * number is a sum over the same integer entries. Days are GMT+8 working dates of sim time.
 */
import {
  DisplayUtcOffsetMs,
  isVirtualSport,
  type LedgerMovement,
  type ProductWinLose,
  winLoseByProduct,
  winLoseTotal,
} from '@sportsbook/protocol';
import { reject } from '../reply.ts';
import type { Store } from './store.ts';
import type { Bet, LedgerEntry, LedgerType } from './types.ts';

const DayMs = 86_400_000;
export const MaxStatementDays = 62;

export function dateOf(time: number): string {
  return new Date(time + DisplayUtcOffsetMs).toISOString().slice(0, 10);
}

export function dayStart(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const start = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) - DisplayUtcOffsetMs;
  if (!Number.isFinite(start) || dateOf(start) !== date) reject('badRequest', { field: 'date' });
  return start;
}

/** Inclusive GMT+8 date range -> [from, to) in UTC ms; refuses reversed or over-long ranges. */
export function dayRange(startDate: string, endDate: string): { from: number; to: number; days: string[] } {
  const from = dayStart(startDate);
  const to = dayStart(endDate) + DayMs;
  if (to <= from) reject('badRequest', { field: 'end_date' });
  const count = (to - from) / DayMs;
  if (count > MaxStatementDays) reject('badRequest', { field: 'end_date' });
  const days = Array.from({ length: count }, (_, i) => dateOf(from + i * DayMs));
  return { from, to, days };
}

/** An account's ledger entries of the given types in an inclusive GMT+8 date range, newest first. */
export function entriesInRange(
  store: Store,
  accountId: string,
  types: readonly LedgerType[],
  range: { start_date: string; end_date: string },
): LedgerEntry[] {
  const { from, to } = dayRange(range.start_date, range.end_date);
  return store
    .entries(accountId)
    .filter((e) => types.includes(e.type) && e.time >= from && e.time < to)
    .reverse();
}

export interface StatementDay {
  date: string;
  opening: number;
  credit: number;
  debit: number;
  /** Part of credit that is commission. */
  commission: number;
  closing: number;
  turnover: number;
  validTurnover: number;
  winLose: number;
  /** Every movement of cash that day, in ledger order: opening + sum(amount) = closing. */
  lines: StatementLine[];
}

/** One statement line: a ledger entry that changed cash. */
export interface StatementLine {
  seq: number;
  time: number;
  /** sportsbook, account (deposits, adjustments), or the entry's own product (lottery...). */
  product: string;
  /** The ledger entry's type (stake, payout, commission, deposit, adjust, or a product's own). */
  kind: string;
  ref: string;
  /** Signed change of cash, minor units. */
  amount: number;
  /** Cash after it. */
  balance: number;
}

const SportsbookTypes: ReadonlySet<string> = new Set(['stake', 'payout', 'commission', 'freeze', 'release']);

/** E-sports (sport 43). */
const ESportsId = 43;

/**
 * The ledger product of a bet's movements: `esports` when every leg is an e-sports match,
 * `virtual` when every leg is a virtual event, else undefined (the sportsbook).
 */
export function betProduct(bet: Pick<Bet, 'legs'>): string | undefined {
  if (bet.legs.length === 0) return undefined;
  if (bet.legs.every((leg) => leg.sportId === ESportsId)) return 'esports';
  if (bet.legs.every((leg) => isVirtualSport(leg.sportId))) return 'virtual';
  return undefined;
}

/** A product row of the win/loss report, minor units; valid turnover from the bets for bet products. */
export interface WinLoseRow extends ProductWinLose {
  validTurnover: number;
}

/** The product a ledger entry belongs to: its own `product`, else sportsbook for bet movements. */
export function productOf(entry: LedgerEntry): string {
  return entry.product ?? (SportsbookTypes.has(entry.type) ? 'sportsbook' : 'account');
}

const BetProducts: ReadonlySet<string> = new Set(['sportsbook', 'esports', 'virtual']);

const cashOf = (entry: LedgerEntry) => entry.available + entry.frozen;
const cashDelta = (entry: LedgerEntry) => entry.dAvailable + entry.dFrozen;

export class Statements {
  constructor(private readonly store: Store) {}

  daily(accountId: string, startDate: string, endDate: string): StatementDay[] {
    const { from, days } = dayRange(startDate, endDate);
    const entries = this.store.entries(accountId);
    let index = 0;
    let cash = 0;
    while (index < entries.length && (entries[index]?.time ?? 0) < from) {
      cash = cashOf(entries[index] as LedgerEntry);
      index++;
    }
    const bets = this.store.accountBets(accountId);
    return days.map((date, i) => {
      const start = from + i * DayMs;
      const end = start + DayMs;
      const opening = cash;
      let credit = 0;
      let debit = 0;
      let commission = 0;
      const lines: StatementLine[] = [];
      while (index < entries.length && (entries[index]?.time ?? 0) < end) {
        const entry = entries[index] as LedgerEntry;
        const delta = cashDelta(entry);
        if (delta > 0) credit += delta;
        else debit -= delta;
        if (entry.type === 'commission') commission += delta;
        cash = cashOf(entry);
        if (delta !== 0)
          lines.push({
            seq: entry.seq,
            time: entry.time,
            product: productOf(entry),
            kind: entry.type,
            ref: entry.ref,
            amount: delta,
            balance: cash,
          });
        index++;
      }
      // Every product's play that day (not the sportsbook's alone): the win/loss report's total row.
      const rows = this.winLose(accountId, start, end, bets);
      const { turnover, winLose } = winLoseTotal(rows);
      const validTurnover = rows.reduce((sum, row) => sum + row.validTurnover, 0);
      return {
        date,
        opening,
        credit,
        debit,
        commission,
        closing: opening + credit - debit,
        turnover,
        validTurnover,
        winLose,
        lines,
      };
    });
  }

  /**
   * The win/loss report over [from, to): one row per product with ledger movements (protocol's
   * winLoseByProduct; deposits and adjustments are no product). Valid turnover: the settled bets'
   * own for the bet products (the bets whose stake was debited in the range), the turnover for the others.
   */
  winLose(
    accountId: string,
    from: number,
    to: number,
    bets = this.store.accountBets(accountId),
  ): WinLoseRow[] {
    const movements: LedgerMovement[] = [];
    const staked = new Set<string>();
    for (const entry of this.store.entries(accountId)) {
      if (entry.time < from || entry.time >= to) continue;
      const product = productOf(entry);
      movements.push({ product, type: entry.type, amount: cashDelta(entry), ref: entry.ref });
      if (entry.type === 'stake') staked.add(entry.ref);
    }
    const valid = new Map<string, number>();
    for (const bet of bets) {
      if (!staked.has(bet.betId)) continue;
      const product = betProduct(bet) ?? 'sportsbook';
      valid.set(product, (valid.get(product) ?? 0) + bet.validTurnover);
    }
    return winLoseByProduct(movements).map((row) => ({
      ...row,
      validTurnover: BetProducts.has(row.product) ? (valid.get(row.product) ?? 0) : row.turnover,
    }));
  }

  /** Bets settled (won, lost, draw, halves, cashed out) in [from, to). */
  settledBets(accountId: string, from: number, to: number): Bet[] {
    return this.store
      .accountBets(accountId)
      .filter(
        (bet) => isSettled(bet) && bet.settledAt !== null && bet.settledAt >= from && bet.settledAt < to,
      );
  }

  /** Rejected, void or refunded bets decided in [from, to). */
  cancelledBets(accountId: string, from: number, to: number): Bet[] {
    return this.store
      .accountBets(accountId)
      .filter(
        (bet) =>
          isCancelled(bet) && (bet.settledAt ?? bet.placedAt) >= from && (bet.settledAt ?? bet.placedAt) < to,
      );
  }
}

export function isSettled(bet: Bet): boolean {
  return ['won', 'wonHalf', 'lost', 'loseHalf', 'draw', 'cashedOut'].includes(bet.status);
}

export function isCancelled(bet: Bet): boolean {
  return ['rejected', 'void', 'refund', 'abandoned'].includes(bet.status);
}
