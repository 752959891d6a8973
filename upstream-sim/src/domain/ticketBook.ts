/**
 * The ticket book the draw games share (the 4D lottery, domain/lottery.ts, and the number game,
 * virtual/numberGame.ts): tickets by id and by account, the open ones, ticket ids (a prefix and a
 * sequence that survives a restart), the journal record of each change, and the money: a ticket's
 * amount frozen at placement, settled (debited, payout credited) or released at its draw, every
 * movement a ledger entry with the ticket id as ref and the game's product.
 *
 * Each game keeps its own rules, ticket shape and journal record (`record`); the book stores what it
 * is given and replays what the game hands back from the journal (`put`). Also shared: a draw's
 * state at a time (`drawState`), a new ticket's common fields (`openTicket`) and stake limits in
 * MYR scaled to the account's currency (`scaledLimits`).
 */
import type { Journal, JournalRecord } from './journal.ts';
import { LimitScale } from './seed.ts';
import type { Account } from './types.ts';
import type { WalletEngine } from './wallet.ts';

/** Throws unless `intervalMs` is a positive whole number of minutes (draw ids have minutes). */
export function assertWholeMinutes(game: string, intervalMs: number): void {
  if (!Number.isSafeInteger(intervalMs) || intervalMs <= 0 || intervalMs % 60_000 !== 0)
    throw new RangeError(`${game} intervalMs must be whole minutes: ${intervalMs}`);
}

/** Throws unless a game's bets close `closeBeforeMs` (>= 0) before its draw, within `withinMs`. */
export function assertCloseBefore(game: string, closeBeforeMs: number, withinMs: number): void {
  if (!(closeBeforeMs >= 0 && closeBeforeMs < withinMs))
    throw new RangeError(
      `${game} closeBeforeMs must be >= 0 and shorter than ${withinMs} ms: ${closeBeforeMs}`,
    );
}

/**
 * A draw as it stands at `now`: open until `closeBeforeMs` before its time, then closed, then drawn
 * at its time (its numbers from `numbersOf`).
 */
export function drawState<N>(
  drawId: string,
  drawTime: number,
  closeBeforeMs: number,
  now: number,
  numbersOf: (drawId: string) => N,
) {
  const closeTime = drawTime - closeBeforeMs;
  const status: 'open' | 'closed' | 'drawn' = now < closeTime ? 'open' : now < drawTime ? 'closed' : 'drawn';
  return { drawId, drawTime, closeTime, status, numbers: status === 'drawn' ? numbersOf(drawId) : null };
}

/** The fields every ticket starts with: open, nothing paid yet. */
export function openTicket(
  ticketId: string,
  account: Pick<Account, 'id' | 'currency'>,
  draw: { drawId: string; drawTime: number },
  requestId: string,
  now: number,
) {
  return {
    ticketId,
    accountId: account.id,
    currency: account.currency,
    drawId: draw.drawId,
    drawTime: draw.drawTime,
    requestId,
    payout: 0,
    status: 'open' as const,
    placedAt: now,
    settledAt: null,
  };
}

/** Limits given in major units of MYR, in minor units of the account's currency (min at least 1). */
export function scaledLimits(
  account: Pick<Account, 'currency'>,
  minMyr: number,
  maxMyr: number,
): { min: number; max: number } {
  const scale = LimitScale[account.currency] ?? 1;
  return {
    min: Math.max(1, Math.round(minMyr * scale * 100)),
    max: Math.round(maxMyr * scale * 100),
  };
}

/** The fields the book reads; a game's ticket has these and its own. */
export interface BookTicket {
  ticketId: string;
  accountId: string;
  drawId: string;
  status: string;
  payout: number;
  settledAt: number | null;
}

type Listed = { ticketId: string; placedAt: number; settledAt: number | null };

/** Ticket lists' order: the latest placed first (then the higher id). */
export const newestPlacedFirst = (a: Listed, b: Listed) =>
  b.placedAt - a.placedAt || b.ticketId.localeCompare(a.ticketId);

/** Results' order: the latest settled first (then the higher id). */
export const newestSettledFirst = (a: Listed, b: Listed) =>
  (b.settledAt ?? 0) - (a.settledAt ?? 0) || b.ticketId.localeCompare(a.ticketId);

export interface TicketBookOptions<T extends BookTicket> {
  /** The ticket id's letter (`L1`, `N1`, ...). */
  prefix: string;
  /** The ledger entries' product (the statement's group). */
  product: string;
  /** The game's journal record of a ticket after a change. */
  record: (ticket: T) => JournalRecord;
}

export class TicketBook<T extends BookTicket> {
  private readonly byId = new Map<string, T>();
  private readonly byAccount = new Map<string, T[]>();
  /** Open ticket ids in placement order. */
  private readonly openIds = new Set<string>();
  private seq = 0;

  constructor(
    private readonly journal: Journal,
    private readonly wallet: WalletEngine,
    private readonly options: TicketBookOptions<T>,
  ) {}

  /** Stores a ticket after a change without journaling it (replay, and `save`). */
  put(ticket: T): void {
    const known = this.byId.get(ticket.ticketId);
    this.byId.set(ticket.ticketId, ticket);
    const list = this.byAccount.get(ticket.accountId) ?? [];
    if (known) list[list.indexOf(known)] = ticket;
    else list.push(ticket);
    this.byAccount.set(ticket.accountId, list);
    if (ticket.status === 'open') this.openIds.add(ticket.ticketId);
    else this.openIds.delete(ticket.ticketId);
    const n = Number(ticket.ticketId.slice(1));
    if (Number.isSafeInteger(n)) this.seq = Math.max(this.seq, n);
  }

  private save(ticket: T): T {
    this.put(ticket);
    this.journal.append(this.options.record(ticket));
    return ticket;
  }

  /** Every ticket by id. */
  get tickets(): ReadonlyMap<string, T> {
    return this.byId;
  }

  accountTickets(accountId: string): readonly T[] {
    return this.byAccount.get(accountId) ?? [];
  }

  /** The open tickets in placement order (a copy: settling while iterating is safe). */
  open(): T[] {
    const open: T[] = [];
    for (const id of this.openIds) {
      const ticket = this.byId.get(id);
      if (ticket) open.push(ticket);
    }
    return open;
  }

  /** The open tickets by draw id: draws in the order of their first ticket, tickets in placement order. */
  openByDraw(): Map<string, T[]> {
    const draws = new Map<string, T[]>();
    for (const ticket of this.open()) {
      const list = draws.get(ticket.drawId);
      if (list) list.push(ticket);
      else draws.set(ticket.drawId, [ticket]);
    }
    return draws;
  }

  /** Places a ticket: `amount` is frozen under the next ticket id, then `build` makes the ticket. */
  place(accountId: string, amount: number, now: number, build: (ticketId: string) => T): T {
    const ticketId = `${this.options.prefix}${this.seq + 1}`;
    this.wallet.freeze(accountId, amount, ticketId, now, this.options.product);
    return this.save(build(ticketId));
  }

  /** Settles a ticket's frozen `amount` against `settled.payout`; `settled` is the ticket after it. */
  settle(ticket: T, amount: number, settled: T, now: number): T {
    const { product } = this.options;
    this.wallet.settle(ticket.accountId, amount, settled.payout, 0, ticket.ticketId, now, product);
    return this.save(settled);
  }

  /** Releases a ticket's frozen `amount` (a cancelled draw); `released` is the ticket after it. */
  release(ticket: T, amount: number, released: T, now: number): T {
    this.wallet.release(ticket.accountId, amount, ticket.ticketId, now, this.options.product);
    return this.save(released);
  }
}
