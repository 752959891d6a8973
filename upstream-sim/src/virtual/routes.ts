/**
 * The virtual products' base-host calls: the number game (`ngdrawlist`, `ngbet`, `ngbetlist`,
 * `gameresultnumbergame`; every one answers `MiniGameDisabled` for a member with mini games off)
 * and `vresult`, a virtual event's result and replay. Amounts on the wire are major units.
 */
import { numberGameRtp, replayScore, replaySecond, VirtualSports } from '@sportsbook/protocol';
import { toMajor } from '../domain/amounts.ts';
import { dayRange } from '../domain/statements.ts';
import { newestPlacedFirst, newestSettledFirst } from '../domain/ticketBook.ts';
import type { Account } from '../domain/types.ts';
import { ok, reject } from '../reply.ts';
import { auth, type CallContext, type Handlers } from '../routes/handler.ts';
import { drawView } from '../routes/lottery.ts';
import { requestFingerprint } from '../sim.ts';
import { page, scorePair } from '../views.ts';
import type { NgTicketState } from './numberGame.ts';
import type { VirtualBook } from './world.ts';

function member(ctx: CallContext): Account {
  const { account } = auth(ctx);
  ctx.sim.numberGame.assertMember(account);
  return account;
}

function ticketView(t: NgTicketState) {
  return {
    ticket_id: t.ticketId,
    draw_id: t.drawId,
    draw_time: t.drawTime,
    status: t.status,
    currency: t.currency,
    picks: t.picks,
    stake: toMajor(t.stake, t.currency),
    hits: t.hits,
    payout: toMajor(t.payout, t.currency),
    placed_time: t.placedAt,
    settled_time: t.settledAt,
  };
}

function ticketPage(tickets: NgTicketState[], body: { page_number?: number; page_size?: number }) {
  const paged = page(tickets, body.page_number, body.page_size);
  return ok({ data: { ...paged, items: paged.items.map(ticketView) } });
}

export const virtualHandlers: Handlers = {
  ngdrawlist: (ctx) => {
    // The gateway's `list/numbergame` topic reads without a session: no member, so no stake
    // limits (0, 0); a member's own ngdrawlist answers their limits.
    const account = ctx.feed === true ? null : member(ctx);
    const now = ctx.sim.world.now();
    const game = ctx.sim.numberGame;
    const { open, recent } = game.drawList(now);
    const { min, max } = account === null ? { min: 0, max: 0 } : game.limits(account);
    const table = Object.entries(game.options.table).map(([picks, row]) => ({
      picks: Number(picks),
      multipliers: row.map((tenths) => tenths / 10),
      rtp: Math.round(numberGameRtp(Number(picks), game.options.table) * 10_000) / 10_000,
    }));
    return ok({
      data: {
        now,
        open: open.map(drawView),
        recent: recent.map(drawView),
        table,
        min_stake: account === null ? 0 : toMajor(min, account.currency),
        max_stake: account === null ? 0 : toMajor(max, account.currency),
      },
    });
  },
  ngbet: async (ctx) => {
    const account = member(ctx);
    const body = ctx.body;
    return ctx.sim.idempotent(account.id, body.request_id, requestFingerprint(ctx.call, ctx.body), () =>
      ok({ data: ticketView(ctx.sim.numberGame.place(account, body, ctx.sim.world.now())) }),
    );
  },
  ngbetlist: (ctx) => {
    const account = member(ctx);
    const open = ctx.sim.numberGame
      .accountTickets(account.id)
      .filter((t) => t.status === 'open')
      .sort(newestPlacedFirst);
    return ticketPage(open, ctx.body);
  },
  gameresultnumbergame: (ctx) => {
    const account = member(ctx);
    const body = ctx.body;
    const { from, to } = dayRange(body.start_date, body.end_date);
    const settled = ctx.sim.numberGame
      .accountTickets(account.id)
      .filter((t) => t.settledAt !== null && t.settledAt >= from && t.settledAt < to)
      .sort(newestSettledFirst);
    return ticketPage(settled, body);
  },
  vresult: (ctx) => {
    auth(ctx);
    const { match_id } = ctx.body;
    const book = (ctx.sim.world as { virtual?: VirtualBook }).virtual;
    const event = book?.eventOfMatch(match_id);
    const now = ctx.sim.world.now();
    const phase = event && book ? book.phase(event, now) : 'unlisted';
    const sport = event ? VirtualSports[event.sportId] : undefined;
    if (!event || !sport || phase === 'unlisted') reject('badRequest', { field: 'match_id' });
    // Only what has been played so far: a replay never tells the end before it happens.
    const sec = replaySecond(sport, event.index, now);
    const goals = phase === 'open' ? [] : event.goals.filter((g) => g.sec <= sec);
    return ok({
      data: {
        now,
        match_id: event.matchId,
        sport_id: event.sportId,
        home: event.home,
        away: event.away,
        kickoff: event.kickoff,
        ends_at: event.endsAt,
        phase,
        score: phase === 'ended' ? scorePair(event.score.home, event.score.away) : replayScore(goals, sec),
        goals: goals.map((g) => ({ sec: g.sec, side: g.side, points: g.points })),
      },
    });
  },
};
