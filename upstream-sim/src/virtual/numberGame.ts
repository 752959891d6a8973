/**
 * The number game engine (rules in protocol numberGame.ts): a keno-style draw every
 * `intervalMs` of sim time (default 2 minutes, on its multiples), betting closing `closeBeforeMs`
 * before it. A draw's id is its GMT+8 time `yyyyMMddHHmm` and its numbers come from a generator
 * seeded with (world seed, draw id), so draws are computed, never stored. Tickets are journaled
 * (record `ng`).
 *
 * Money, as the 4D lottery: placing freezes the stake (outstanding), the draw settles it (the stake
 * debited, the payout credited). Every movement is a ledger entry with the ticket id as ref and the
 * product `minigame` (the statement's "Mini games"), so the statement lines show them. Tickets, their
 * ids, journal records and money movements are the lottery's shared ticket book (domain/ticketBook.ts).
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
import {
  assertCloseBefore,
  assertWholeMinutes,
  drawState,
  openTicket,
  scaledLimits,
  TicketBook,
} from '../domain/ticketBook.ts';
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
  private readonly book: TicketBook<NgTicketState>;

  constructor(
    journal: Journal,
    wallet: WalletEngine,
    private readonly seed: number,
    options: Partial<NumberGameOptions>,
    private readonly log: Log,
  ) {
    this.options = { ...NumberGameDefaults, ...options };
    const { intervalMs, closeBeforeMs } = this.options;
    assertWholeMinutes('number game', intervalMs);
    assertCloseBefore('number game', closeBeforeMs, intervalMs);
    this.book = new TicketBook<NgTicketState>(journal, wallet, {
      prefix: 'N',
      product: NumberGameProduct,
      record: (ticket) => ({ t: 'ng', n: ticket }),
    });
    for (const record of journal.replay()) this.apply(record);
  }

  private apply(record: JournalRecord): void {
    if (record.t === 'ng') this.book.put(record.n);
  }

  numbersOf(drawId: string): number[] {
    const rng = new Rng(textSeed(`ng:${this.seed}:${drawId}`));
    return drawNumberGame(() => rng.next());
  }

  draw(drawId: string, now: number): NgDrawState | undefined {
    const drawTime = timeOfDrawId(drawId);
    if (drawTime === undefined || drawTime % this.options.intervalMs !== 0) return undefined;
    return drawState(drawId, drawTime, this.options.closeBeforeMs, now, (id) => this.numbersOf(id));
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
    return scaledLimits(account, this.options.minStake, this.options.maxStake);
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
    return this.book.place(account.id, stake, now, (ticketId) => ({
      ...openTicket(ticketId, account, draw, body.request_id, now),
      picks: [...body.picks].sort((a, b) => a - b),
      stake,
      hits: null,
    }));
  }

  accountTickets(accountId: string): readonly NgTicketState[] {
    return this.book.accountTickets(accountId);
  }

  /** Settles every open ticket whose draw is due at `now` (the clock calls this after each step). */
  onClock(now: number): void {
    for (const ticket of this.book.open()) {
      if (ticket.drawTime > now) continue;
      const drawn = this.numbersOf(ticket.drawId);
      const { hits, payout } = numberGamePayout(ticket.picks, drawn, ticket.stake, this.options.table);
      const status = payout > 0 ? 'won' : 'lost';
      this.book.settle(ticket, ticket.stake, { ...ticket, hits, payout, status, settledAt: now }, now);
      this.log.debug({ ticket: ticket.ticketId, payout }, 'number game ticket settled');
    }
  }
}
