/**
 * The number game engine (issue 18; rules in protocol numberGame.ts): a keno-style draw every
 * `intervalMs` of sim time (default 2 minutes, on its multiples), betting closing `closeBeforeMs`
 * before it. A draw's id is its GMT+8 time `yyyyMMddHHmm` and its numbers come from a generator
 * seeded with (world seed, draw id), so draws are computed, never stored. Tickets are journaled
 * (record `ng`).
 *
 * Money, as the 4D lottery: placing freezes the stake (outstanding), the draw settles it (the stake
 * debited, the payout credited). Every movement is a ledger entry with the ticket id as ref and the
 * product `minigame` (the statement's "Mini games"), so the statement lines show them.
 */
import {
  DefaultNumberGameTable,
  drawNumberGame,
  type NumberGamePayoutTable,
  numberGamePayout,
  validPicks,
} from '@sportsbook/protocol';
import { toMinor } from '../domain/amounts.ts';
import type { Journal, JournalRecord } from '../domain/journal.ts';
import { drawIdOf, timeOfDrawId } from '../domain/lottery.ts';
import type { Account } from '../domain/types.ts';
import type { WalletEngine } from '../domain/wallet.ts';
import type { Log } from '../log.ts';
import { reject } from '../reply.ts';
import { Rng, textSeed } from '../world/rng.ts';

export interface NumberGameOptions {
  /** Whole minutes between draws (default 2). */
  intervalMs: number;
  /** Betting on a draw closes this long before it (default 10 s). */
  closeBeforeMs: number;
  openDraws: number;
  recentDraws: number;
  table: NumberGamePayoutTable;
  /** Stake limits per ticket in major units of MYR, scaled per currency. */
  minStake: number;
  maxStake: number;
}

export const NumberGameDefaults: NumberGameOptions = {
  intervalMs: 2 * 60_000,
  closeBeforeMs: 10_000,
  openDraws: 3,
  recentDraws: 20,
  table: DefaultNumberGameTable,
  minStake: 1,
  maxStake: 500,
};

/** The mini-games product (the statement's "Mini games" group, as the providers' mini games). */
export const NumberGameProduct = 'minigame';
const Scale: Record<string, number> = { CNY: 2, IDR: 3_500, THB: 8, USD: 0.25, SGD: 0.3, MMK: 500, MMO: 500 };

export type NgDrawStatus = 'open' | 'closed' | 'drawn';

export interface NgDrawState {
  drawId: string;
  drawTime: number;
  closeTime: number;
  status: NgDrawStatus;
  numbers: number[] | null;
}

export interface NgTicketState {
  ticketId: string;
  accountId: string;
  currency: string;
  drawId: string;
  drawTime: number;
  requestId: string;
  picks: number[];
  stake: number;
  hits: number | null;
  payout: number;
  status: 'open' | 'won' | 'lost';
  placedAt: number;
  settledAt: number | null;
}

export class NumberGame {
  readonly options: NumberGameOptions;
  private readonly tickets = new Map<string, NgTicketState>();
  private readonly byAccount = new Map<string, NgTicketState[]>();
  private readonly open = new Set<string>();
  private seq = 0;

  constructor(
    private readonly journal: Journal,
    private readonly wallet: WalletEngine,
    private readonly seed: number,
    options: Partial<NumberGameOptions>,
    private readonly log: Log,
  ) {
    this.options = { ...NumberGameDefaults, ...options };
    const { intervalMs, closeBeforeMs } = this.options;
    if (!Number.isSafeInteger(intervalMs) || intervalMs <= 0 || intervalMs % 60_000 !== 0)
      throw new RangeError(`number game intervalMs must be whole minutes: ${intervalMs}`);
    if (!(closeBeforeMs >= 0 && closeBeforeMs < intervalMs))
      throw new RangeError(`number game closeBeforeMs must be in [0, interval): ${closeBeforeMs}`);
    for (const record of journal.replay()) this.apply(record);
  }

  private apply(record: JournalRecord): void {
    if (record.t === 'ng') this.put(record.n);
  }

  private put(ticket: NgTicketState): void {
    const known = this.tickets.get(ticket.ticketId);
    this.tickets.set(ticket.ticketId, ticket);
    const list = this.byAccount.get(ticket.accountId) ?? [];
    if (known) list[list.indexOf(known)] = ticket;
    else list.push(ticket);
    this.byAccount.set(ticket.accountId, list);
    if (ticket.status === 'open') this.open.add(ticket.ticketId);
    else this.open.delete(ticket.ticketId);
    const n = Number(ticket.ticketId.slice(1));
    if (Number.isSafeInteger(n)) this.seq = Math.max(this.seq, n);
  }

  private save(ticket: NgTicketState): void {
    this.put(ticket);
    this.journal.append({ t: 'ng', n: ticket });
  }

  numbersOf(drawId: string): number[] {
    const rng = new Rng(textSeed(`ng:${this.seed}:${drawId}`));
    return drawNumberGame(() => rng.next());
  }

  draw(drawId: string, now: number): NgDrawState | undefined {
    const drawTime = timeOfDrawId(drawId);
    if (drawTime === undefined || drawTime % this.options.intervalMs !== 0) return undefined;
    const closeTime = drawTime - this.options.closeBeforeMs;
    const status: NgDrawStatus = now < closeTime ? 'open' : now < drawTime ? 'closed' : 'drawn';
    return {
      drawId,
      drawTime,
      closeTime,
      status,
      numbers: status === 'drawn' ? this.numbersOf(drawId) : null,
    };
  }

  drawList(now: number): { open: NgDrawState[]; recent: NgDrawState[] } {
    const every = this.options.intervalMs;
    const open: NgDrawState[] = [];
    for (let i = 1; i <= this.options.openDraws; i++) {
      const draw = this.draw(drawIdOf((Math.floor(now / every) + i) * every), now);
      if (draw) open.push(draw);
    }
    const recent: NgDrawState[] = [];
    for (let i = 0; i < this.options.recentDraws; i++) {
      const draw = this.draw(drawIdOf((Math.floor(now / every) - i) * every), now);
      if (draw) recent.push(draw);
    }
    return { open, recent };
  }

  limits(account: Account): { min: number; max: number } {
    const scale = Scale[account.currency] ?? 1;
    return {
      min: Math.max(1, Math.round(this.options.minStake * scale * 100)),
      max: Math.round(this.options.maxStake * scale * 100),
    };
  }

  assertMember(account: Account): void {
    if (account.miniGameDisabled === true) reject('MiniGameDisabled');
  }

  place(
    account: Account,
    body: { draw_id: string; request_id: string; picks: number[]; stake: number },
    now: number,
  ): NgTicketState {
    this.assertMember(account);
    if (account.state === 'suspend') reject('suspend');
    if (!validPicks(body.picks)) reject('badRequest', { field: 'picks' });
    const stake = toMinor(body.stake, account.currency, 'stake');
    const { min, max } = this.limits(account);
    if (stake < min) reject('betLowerMin', { field: 'stake' });
    if (stake > max) reject('betOverMax', { field: 'stake' });
    const draw = this.draw(body.draw_id, now);
    if (draw?.status !== 'open') reject('drawClosed', { field: 'draw_id' });
    const ticketId = `N${this.seq + 1}`;
    this.wallet.freeze(account.id, stake, ticketId, now, NumberGameProduct);
    const ticket: NgTicketState = {
      ticketId,
      accountId: account.id,
      currency: account.currency,
      drawId: draw.drawId,
      drawTime: draw.drawTime,
      requestId: body.request_id,
      picks: [...body.picks].sort((a, b) => a - b),
      stake,
      hits: null,
      payout: 0,
      status: 'open',
      placedAt: now,
      settledAt: null,
    };
    this.save(ticket);
    return ticket;
  }

  accountTickets(accountId: string): readonly NgTicketState[] {
    return this.byAccount.get(accountId) ?? [];
  }

  /** Settles every open ticket whose draw is due at `now` (the clock calls this after each step). */
  onClock(now: number): void {
    for (const id of [...this.open]) {
      const ticket = this.tickets.get(id);
      if (!ticket || ticket.drawTime > now) continue;
      const drawn = this.numbersOf(ticket.drawId);
      const { hits, payout } = numberGamePayout(ticket.picks, drawn, ticket.stake, this.options.table);
      this.wallet.settle(ticket.accountId, ticket.stake, payout, 0, ticket.ticketId, now, NumberGameProduct);
      this.save({ ...ticket, hits, payout, status: payout > 0 ? 'won' : 'lost', settledAt: now });
      this.log.debug({ ticket: ticket.ticketId, payout }, 'number game ticket settled');
    }
  }
}
