/**
 * The 4D lottery engine: a draw schedule in sim time, 23 winning numbers per draw from
 * the seeded generator, tickets of many rows for one draw, and settlement at each draw through the
 * wallet ledger. Costs and payouts are protocol's lottery rules; the payout table is configuration.
 *
 * Draws are a pure function of the schedule and the seed: a draw's id is its time in GMT+8
 * (`yyyyMMddHHmm`) and its numbers come from a generator seeded with (world seed, draw id), so the
 * results board of any past draw is computed, never stored, and a run is reproducible. What is
 * stored (journal records `lot` and `lotc`) is the tickets and the cancelled draws.
 *
 * Money: placing freezes the ticket's cost (it shows as outstanding); the draw settles it (the cost
 * debited, the payout credited) and a cancelled draw releases it. Every movement is a ledger entry
 * with the ticket id as its ref, so the statement shows it. Tickets, their ids, journal records and
 * money movements are the shared ticket book's (ticketBook.ts, as the number game's).
 */
import {
  DefaultPayoutTable,
  DisplayUtcOffsetMs,
  drawWinningNumbers,
  gmt8DayStart,
  gmt8Weekday,
  type LotteryBetTypeCode,
  type LotteryDrawNumbers,
  type LotteryPayoutTable,
  type LotteryWin,
  lotteryRowCost,
  lotteryRowPayout,
} from '@sportsbook/protocol';
import type { Log } from '../log.ts';
import { reject } from '../reply.ts';
import { Rng, textSeed } from '../world/rng.ts';
import { toMinor } from './amounts.ts';
import type { Journal, JournalRecord } from './journal.ts';
import {
  assertCloseBefore,
  assertWholeMinutes,
  drawState,
  openTicket,
  scaledLimits,
  TicketBook,
} from './ticketBook.ts';
import type { Account } from './types.ts';
import type { WalletEngine } from './wallet.ts';

export interface LotteryOptions {
  /**
   * 'interval' (default): a draw every `intervalMs` of sim time, on multiples of it since the epoch
   * (10 min: :00, :10, ...). 'weekly': the real schedule, Wednesday, Saturday and Sunday 19:00 GMT+8.
   */
  schedule: 'interval' | 'weekly';
  /** Whole minutes (draw ids have minutes). Default 10 min. */
  intervalMs: number;
  /** Betting on a draw closes this long before it (default 1 min). */
  closeBeforeMs: number;
  /** Draws listed as open by drawlist (default 3) and recent draws listed (default 5). */
  openDraws: number;
  recentDraws: number;
  payoutTable: LotteryPayoutTable;
  /** Per-unit Big/Small stake limits in major units of MYR, scaled per currency (seed.ts LimitScale). */
  minUnit: number;
  maxUnit: number;
}

export const LotteryDefaults: LotteryOptions = {
  schedule: 'interval',
  intervalMs: 10 * 60_000,
  closeBeforeMs: 60_000,
  openDraws: 3,
  recentDraws: 5,
  payoutTable: DefaultPayoutTable,
  minUnit: 1,
  maxUnit: 1_000,
};

export type DrawStatus = 'open' | 'closed' | 'drawn' | 'cancelled';

export interface Draw {
  drawId: string;
  drawTime: number;
  closeTime: number;
  status: DrawStatus;
  numbers: LotteryDrawNumbers | null;
}

export interface TicketRow {
  number: string;
  betType: LotteryBetTypeCode;
  /** Stakes per unit, minor units. */
  big: number;
  small: number;
  permutations: number;
  units: number;
  tickets: number;
  cost: number;
  payout: number;
  wins: LotteryWin[];
}

export type TicketStatus = 'open' | 'won' | 'lost' | 'refunded';

export interface Ticket {
  ticketId: string;
  accountId: string;
  currency: string;
  drawId: string;
  drawTime: number;
  requestId: string;
  rows: TicketRow[];
  cost: number;
  payout: number;
  status: TicketStatus;
  placedAt: number;
  settledAt: number | null;
}

/** A row as the wire gives it: Big and Small per unit in major units. */
export interface RowInput {
  number: string;
  bet_type: LotteryBetTypeCode;
  big: number;
  small: number;
}

/** The ledger entries' product (statement lines show the lottery apart from the sportsbook). */
const Product = 'lottery';
const DayMs = 86_400_000;
/** Wednesday, Saturday, Sunday (getUTCDay of the GMT+8 date) at 19:00 GMT+8. */
const WeeklyDays = new Set([3, 6, 0]);
const WeeklyHourMs = 19 * 3_600_000;

/** `yyyyMMddHHmm` of a UTC time in GMT+8. */
export function drawIdOf(time: number): string {
  return new Date(time + DisplayUtcOffsetMs).toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/** The UTC time of a draw id, or undefined when it is not a valid `yyyyMMddHHmm`. */
export function timeOfDrawId(drawId: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(drawId);
  if (!m) return undefined;
  const time =
    Date.UTC(+(m[1] ?? 0), +(m[2] ?? 1) - 1, +(m[3] ?? 1), +(m[4] ?? 0), +(m[5] ?? 0)) - DisplayUtcOffsetMs;
  return Number.isFinite(time) && drawIdOf(time) === drawId ? time : undefined;
}

export class Lottery {
  readonly options: LotteryOptions;
  private readonly book: TicketBook<Ticket>;
  private readonly cancelled = new Set<string>();

  constructor(
    private readonly journal: Journal,
    wallet: WalletEngine,
    private readonly seed: number,
    options: Partial<LotteryOptions>,
    private readonly log: Log,
  ) {
    this.options = { ...LotteryDefaults, ...options };
    const { intervalMs, closeBeforeMs } = this.options;
    assertWholeMinutes('lottery', intervalMs);
    assertCloseBefore('lottery', closeBeforeMs, this.options.schedule === 'weekly' ? DayMs : intervalMs);
    this.book = new TicketBook<Ticket>(journal, wallet, {
      prefix: 'L',
      product: Product,
      record: (ticket) => ({ t: 'lot', l: ticket }),
    });
    for (const record of journal.replay()) this.apply(record);
  }

  private apply(record: JournalRecord): void {
    if (record.t === 'lot') this.book.put(record.l);
    if (record.t === 'lotc') this.cancelled.add(record.d);
  }

  /** Every ticket by id. */
  get tickets(): ReadonlyMap<string, Ticket> {
    return this.book.tickets;
  }

  // ---- schedule ----------------------------------------------------------------------------------

  /** True when a draw is scheduled at `time`. */
  isDrawTime(time: number): boolean {
    if (this.options.schedule === 'interval') return time % this.options.intervalMs === 0;
    return WeeklyDays.has(gmt8Weekday(time)) && time - gmt8DayStart(time) === WeeklyHourMs;
  }

  /** The first draw time strictly after `time`. */
  nextDrawTime(time: number): number {
    if (this.options.schedule === 'interval') {
      const every = this.options.intervalMs;
      return (Math.floor(time / every) + 1) * every;
    }
    for (let day = gmt8DayStart(time); ; day += DayMs) {
      const at = day + WeeklyHourMs;
      if (at > time && this.isDrawTime(at)) return at;
    }
  }

  /** The last draw time at or before `time`. */
  previousDrawTime(time: number): number {
    if (this.options.schedule === 'interval') {
      const every = this.options.intervalMs;
      return Math.floor(time / every) * every;
    }
    for (let day = gmt8DayStart(time); ; day -= DayMs) {
      const at = day + WeeklyHourMs;
      if (at <= time && this.isDrawTime(at)) return at;
    }
  }

  numbersOf(drawId: string): LotteryDrawNumbers {
    const rng = new Rng(textSeed(`${this.seed}:${drawId}`));
    return drawWinningNumbers(() => rng.next());
  }

  /** The draw with this id as it stands at `now`, or undefined when no draw is scheduled then. */
  draw(drawId: string, now: number): Draw | undefined {
    const drawTime = timeOfDrawId(drawId);
    if (drawTime === undefined || !this.isDrawTime(drawTime)) return undefined;
    const { closeBeforeMs } = this.options;
    if (this.cancelled.has(drawId))
      return { drawId, drawTime, closeTime: drawTime - closeBeforeMs, status: 'cancelled', numbers: null };
    return drawState(drawId, drawTime, closeBeforeMs, now, (id) => this.numbersOf(id));
  }

  /** The next draws (open, or closed but not drawn yet) and the latest drawn or cancelled ones. */
  drawList(now: number): { open: Draw[]; recent: Draw[] } {
    const open: Draw[] = [];
    for (let t = now; open.length < this.options.openDraws; ) {
      t = this.nextDrawTime(t);
      const draw = this.draw(drawIdOf(t), now);
      if (draw) open.push(draw);
    }
    const recent: Draw[] = [];
    for (let t = this.previousDrawTime(now); recent.length < this.options.recentDraws; ) {
      const draw = this.draw(drawIdOf(t), now);
      if (draw) recent.push(draw);
      t = this.previousDrawTime(t - 1);
    }
    return { open, recent };
  }

  // ---- tickets -----------------------------------------------------------------------------------

  /** Per-unit stake limits of an account, minor units. */
  limits(account: Account): { minUnit: number; maxUnit: number } {
    const { min, max } = scaledLimits(account, this.options.minUnit, this.options.maxUnit);
    return { minUnit: min, maxUnit: max };
  }

  /** Rows priced for the account (every row checked: numbers by the schema, amounts here). */
  quote(account: Account, rows: readonly RowInput[]): TicketRow[] {
    if (account.lotteryDisabled === true) reject('lotteryDisabled');
    const { minUnit, maxUnit } = this.limits(account);
    return rows.map((input, i) => {
      const big = toMinor(input.big, account.currency, `rows.${i}.big`);
      const small = toMinor(input.small, account.currency, `rows.${i}.small`);
      if (big === 0 && small === 0) reject('betLowerMin', { field: `rows.${i}.big` });
      for (const [size, value] of [
        ['big', big],
        ['small', small],
      ] as const) {
        if (value !== 0 && value < minUnit) reject('betLowerMin', { field: `rows.${i}.${size}` });
        if (value > maxUnit) reject('betOverMax', { field: `rows.${i}.${size}` });
      }
      const row = { number: input.number, betType: input.bet_type, big, small };
      const cost = lotteryRowCost(row);
      return {
        ...row,
        permutations: cost.permutations,
        units: cost.units,
        tickets: cost.tickets,
        cost: cost.cost,
        payout: 0,
        wins: [],
      };
    });
  }

  /** Places one ticket for an open draw; the cost is frozen until the draw. */
  place(account: Account, drawId: string, requestId: string, rows: readonly RowInput[], now: number): Ticket {
    const priced = this.quote(account, rows);
    const draw = this.draw(drawId, now);
    if (draw?.status !== 'open') reject('drawClosed', { field: 'draw_id' });
    const cost = priced.reduce((sum, row) => sum + row.cost, 0);
    return this.book.place(account.id, cost, now, (ticketId) => ({
      ...openTicket(ticketId, account, draw, requestId, now),
      rows: priced,
      cost,
    }));
  }

  accountTickets(accountId: string): readonly Ticket[] {
    return this.book.accountTickets(accountId);
  }

  /** Settles every open ticket of every draw due at `now` (the clock calls this after each step). */
  onClock(now: number): void {
    for (const [drawId, tickets] of this.book.openByDraw()) {
      const drawTime = timeOfDrawId(drawId);
      if (drawTime === undefined || drawTime > now || this.cancelled.has(drawId)) continue;
      const numbers = this.numbersOf(drawId);
      for (const ticket of tickets) this.settle(ticket, numbers, now);
    }
  }

  private settle(ticket: Ticket, numbers: LotteryDrawNumbers, now: number): void {
    const rows = ticket.rows.map((row) => ({
      ...row,
      ...lotteryRowPayout(row, numbers, this.options.payoutTable),
    }));
    const payout = rows.reduce((sum, row) => sum + row.payout, 0);
    const status = payout > 0 ? 'won' : 'lost';
    this.book.settle(ticket, ticket.cost, { ...ticket, rows, payout, status, settledAt: now }, now);
    this.log.debug({ ticket: ticket.ticketId, payout }, 'lottery ticket settled');
  }

  /**
   * Cancels a draw that has not been drawn yet: every open ticket is refunded (its frozen cost
   * released) and the draw lists as cancelled. Returns the refunded tickets.
   */
  cancelDraw(drawId: string, now: number): Ticket[] {
    const draw = this.draw(drawId, now);
    if (!draw || draw.status === 'drawn' || draw.status === 'cancelled')
      reject('drawClosed', { field: 'draw_id' });
    this.cancelled.add(drawId);
    this.journal.append({ t: 'lotc', d: drawId });
    return (this.book.openByDraw().get(drawId) ?? []).map((ticket) =>
      this.book.release(ticket, ticket.cost, { ...ticket, status: 'refunded', settledAt: now }, now),
    );
  }
}
