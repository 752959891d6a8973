/**
 * The ticket book the 4D lottery and the number game share: ids, the by-account and open views (and
 * their order), the journal records, the money through the wallet, and replay after a restart; the
 * shared draw state, ticket fields and limits.
 */
import { describe, expect, it } from 'vitest';
import type { NgTicketState } from '../virtual/numberGame.ts';
import { type JournalRecord, memoryJournal } from './journal.ts';
import { Store } from './store.ts';
import {
  assertCloseBefore,
  assertWholeMinutes,
  drawState,
  openTicket,
  scaledLimits,
  TicketBook,
} from './ticketBook.ts';
import { WalletEngine } from './wallet.ts';

const account = { id: 'm1', currency: 'MYR' };
const t0 = Date.UTC(2026, 0, 10, 4, 0, 0);

function setUp(records: JournalRecord[] = []) {
  const wallet = new WalletEngine(new Store(memoryJournal()));
  wallet.deposit(account.id, 100_000, 'd', t0);
  const written: JournalRecord[] = [];
  const journal = { ...memoryJournal(), append: (r: JournalRecord) => written.push(r) };
  const book = new TicketBook<NgTicketState>(journal, wallet, {
    prefix: 'N',
    product: 'minigame',
    record: (ticket) => ({ t: 'ng', n: ticket }),
  });
  for (const r of records) if (r.t === 'ng') book.put(r.n);
  const place = (drawId: string, stake: number, at: number) =>
    book.place(account.id, stake, at, (ticketId) => ({
      ...openTicket(ticketId, account, { drawId, drawTime: t0 + 600_000 }, `r-${ticketId}`, at),
      picks: [1, 2],
      stake,
      hits: null,
    }));
  return { wallet, book, written, place };
}

describe('ticket book', () => {
  it('numbers tickets, freezes their amount, journals each change and lists open ones by draw', () => {
    const { wallet, book, written, place } = setUp();
    const a = place('B', 100, t0);
    const b = place('A', 200, t0 + 1);
    const c = place('B', 300, t0 + 2);
    expect([a.ticketId, b.ticketId, c.ticketId]).toEqual(['N1', 'N2', 'N3']);
    expect(wallet.balance(account.id).frozen).toBe(600);
    expect(written).toEqual([a, b, c].map((n) => ({ t: 'ng', n })));
    expect(book.open().map((x) => x.ticketId)).toEqual(['N1', 'N2', 'N3']);
    // Draws in the order of their first ticket, tickets in placement order.
    expect([...book.openByDraw()].map(([d, list]) => [d, list.map((x) => x.ticketId)])).toEqual([
      ['B', ['N1', 'N3']],
      ['A', ['N2']],
    ]);

    const won = book.settle(
      a,
      a.stake,
      { ...a, payout: 250, hits: 2, status: 'won', settledAt: t0 + 9 },
      t0 + 9,
    );
    book.release(b, b.stake, { ...b, status: 'lost', settledAt: t0 + 9 }, t0 + 9);
    expect(wallet.balance(account.id)).toMatchObject({ frozen: 300, cash: 100_000 - 100 + 250 });
    expect(book.accountTickets(account.id).map((x) => x.status)).toEqual(['won', 'lost', 'open']);
    expect(book.tickets.get('N1')).toBe(won);
    expect([...book.openByDraw().keys()]).toEqual(['B']);
    expect(written).toHaveLength(5);

    // Replayed from its records, a book has the same tickets and numbers on from the highest id.
    const again = setUp(written);
    expect(again.book.accountTickets(account.id)).toEqual(book.accountTickets(account.id));
    expect(again.book.open().map((x) => x.ticketId)).toEqual(['N3']);
    expect(again.place('C', 50, t0 + 10).ticketId).toBe('N4');
  });

  it('a draw is open until its close, closed until its time, then drawn with its numbers', () => {
    const numbers = (id: string) => [id.length];
    const at = (now: number) => drawState('202601101300', t0 + 600_000, 10_000, now, numbers);
    expect(at(t0)).toEqual({
      drawId: '202601101300',
      drawTime: t0 + 600_000,
      closeTime: t0 + 590_000,
      status: 'open',
      numbers: null,
    });
    expect(at(t0 + 590_000).status).toBe('closed');
    expect(at(t0 + 600_000)).toMatchObject({ status: 'drawn', numbers: [12] });
  });

  it('scales MYR limits to the currency, draw intervals are whole minutes and bets close within one', () => {
    expect(scaledLimits({ currency: 'MYR' }, 1, 500)).toEqual({ min: 100, max: 50_000 });
    expect(scaledLimits({ currency: 'IDR' }, 1, 500)).toEqual({ min: 350_000, max: 175_000_000 });
    expect(scaledLimits({ currency: 'XXX' }, 0, 1)).toEqual({ min: 1, max: 100 });
    expect(() => assertWholeMinutes('number game', 90_000)).toThrow(/number game intervalMs/);
    expect(() => assertWholeMinutes('lottery', 0)).toThrow(RangeError);
    expect(() => assertWholeMinutes('lottery', 120_000)).not.toThrow();
    expect(() => assertCloseBefore('number game', 120_000, 120_000)).toThrow(/number game closeBeforeMs/);
    expect(() => assertCloseBefore('lottery', -1, 600_000)).toThrow(RangeError);
    expect(() => assertCloseBefore('lottery', 0, 600_000)).not.toThrow();
  });
});
