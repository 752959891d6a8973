/**
 * 4D lottery calls: `/lottery/<call>` and the base host's `gameresultlottery` and
 * `cancelledbetlistlottery`. Every call answers `lotteryDisabled` for a member without the lottery.
 * Amounts on the wire are major units; the engine is domain/lottery.ts.
 */
import type { LotteryDateRangeBody } from '@sportsbook/protocol';
import { toMajor } from '../domain/amounts.ts';
import type { Draw, Ticket, TicketRow } from '../domain/lottery.ts';
import { dayRange } from '../domain/statements.ts';
import { newestPlacedFirst, newestSettledFirst } from '../domain/ticketBook.ts';
import type { Account } from '../domain/types.ts';
import { ok, reject } from '../reply.ts';
import { requestFingerprint } from '../sim.ts';
import { page } from '../views.ts';
import { auth, type CallContext, type ContextWith, type Handlers } from './handler.ts';

function member(ctx: CallContext): Account {
  const { account } = auth(ctx);
  if (account.lotteryDisabled === true) reject('lotteryDisabled');
  return account;
}

/** A draw on the wire (the 4D lottery's and the number game's). */
export function drawView<S extends Draw['status'], Numbers>(
  draw: Pick<Draw, 'drawId' | 'drawTime' | 'closeTime'> & { status: S; numbers: Numbers },
) {
  return {
    draw_id: draw.drawId,
    draw_time: draw.drawTime,
    close_time: draw.closeTime,
    status: draw.status,
    numbers: draw.numbers,
  };
}

function rowView(row: TicketRow, currency: string) {
  return {
    number: row.number,
    bet_type: row.betType,
    big: toMajor(row.big, currency),
    small: toMajor(row.small, currency),
    permutations: row.permutations,
    units: row.units,
    tickets: row.tickets,
    cost: toMajor(row.cost, currency),
  };
}

export function ticketView(ticket: Ticket) {
  const c = ticket.currency;
  return {
    ticket_id: ticket.ticketId,
    draw_id: ticket.drawId,
    draw_time: ticket.drawTime,
    status: ticket.status,
    currency: c,
    cost: toMajor(ticket.cost, c),
    payout: toMajor(ticket.payout, c),
    placed_time: ticket.placedAt,
    settled_time: ticket.settledAt,
    rows: ticket.rows.map((row) => ({
      ...rowView(row, c),
      payout: toMajor(row.payout, c),
      wins: row.wins.map((win) => ({ ...win, amount: toMajor(win.amount, c) })),
    })),
  };
}

/** Tickets of the account matching `keep`, settled (or placed) in the body's GMT+8 date range. */
function ticketsInRange(ctx: ContextWith<LotteryDateRangeBody>, keep: (ticket: Ticket) => boolean) {
  const account = member(ctx);
  const body = ctx.body;
  const { from, to } = dayRange(body.start_date, body.end_date);
  const tickets = ctx.sim.lottery
    .accountTickets(account.id)
    .filter((t) => keep(t) && (t.settledAt ?? t.placedAt) >= from && (t.settledAt ?? t.placedAt) < to)
    .sort(newestSettledFirst);
  const paged = page(tickets, body.page_number, body.page_size);
  return ok({ data: { ...paged, items: paged.items.map(ticketView) } });
}

export const lotteryHandlers: Handlers = {
  'lottery/drawlist': (ctx) => {
    // The gateway's `list/lottery` topic reads without a session (the draws are the same for all).
    if (ctx.feed !== true) member(ctx);
    const now = ctx.sim.world.now();
    const { open, recent } = ctx.sim.lottery.drawList(now);
    return ok({ data: { now, open: open.map(drawView), recent: recent.map(drawView) } });
  },
  'lottery/betcheck': (ctx) => {
    const account = member(ctx);
    const body = ctx.body;
    const lottery = ctx.sim.lottery;
    if (body.draw_id !== undefined && lottery.draw(body.draw_id, ctx.sim.world.now())?.status !== 'open')
      reject('drawClosed', { field: 'draw_id' });
    const rows = lottery.quote(account, body.rows);
    const { minUnit, maxUnit } = lottery.limits(account);
    const c = account.currency;
    return ok({
      data: {
        draw_id: body.draw_id ?? null,
        rows: rows.map((row) => rowView(row, c)),
        total_cost: toMajor(
          rows.reduce((sum, row) => sum + row.cost, 0),
          c,
        ),
        min_unit: toMajor(minUnit, c),
        max_unit: toMajor(maxUnit, c),
      },
    });
  },
  'lottery/bet': async (ctx) => {
    const account = member(ctx);
    const body = ctx.body;
    return ctx.sim.idempotent(account.id, body.request_id, requestFingerprint(ctx.call, ctx.body), () => {
      const ticket = ctx.sim.lottery.place(
        account,
        body.draw_id,
        body.request_id,
        body.rows,
        ctx.sim.world.now(),
      );
      return ok({ data: ticketView(ticket) });
    });
  },
  'lottery/betlist': (ctx) => {
    const account = member(ctx);
    const body = ctx.body;
    const open = ctx.sim.lottery
      .accountTickets(account.id)
      .filter((t) => t.status === 'open')
      .sort(newestPlacedFirst);
    const paged = page(open, body.page_number, body.page_size);
    return ok({ data: { ...paged, items: paged.items.map(ticketView) } });
  },
  'lottery/result': (ctx) => {
    member(ctx);
    const drawId = ctx.body.draw_id;
    const draw = ctx.sim.lottery.draw(drawId, ctx.sim.world.now());
    if (!draw) reject('badRequest', { field: 'draw_id' });
    return ok({ data: drawView(draw) });
  },
  gameresultlottery: (ctx) => ticketsInRange(ctx, (t) => t.status === 'won' || t.status === 'lost'),
  cancelledbetlistlottery: (ctx) => ticketsInRange(ctx, (t) => t.status === 'refunded'),
};
