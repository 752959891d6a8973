/** Bet-host calls (`/bet/<call>`): checks, placements, lists, cash-out. */
import type {
  BetFullListBody,
  BetIdBody,
  BetParlayBody,
  BetParlayMmoBody,
  BetSingleBody,
  BetSingleMmoBody,
  BetSysParlayBody,
  CallName,
  RequestOf,
} from '@sportsbook/protocol';
import { toMajor } from '../domain/amounts.ts';
import { dateOf, dayRange, isCancelled, isSettled } from '../domain/statements.ts';
import type { Account, Bet } from '../domain/types.ts';
import { CallError, fail, ok, reject } from '../reply.ts';
import { requestFingerprint, type Sim } from '../sim.ts';
import { betView, page } from '../views.ts';
import { guardVirtual } from '../virtual/guard.ts';
import {
  auth,
  type CallContext,
  type ContextWith,
  fieldOf,
  type Handler,
  type Handlers,
  type ReplyFor,
} from './handler.ts';

type Place<B> = (sim: Sim, account: Account, call: string, body: B) => Bet;

/** Every placement call answers the placed bet (protocol's BetReply). */
type Placed = ReplyFor<'bet/betsingle'>;

/** Wraps a placement: session, request limit, idempotency, reply with the bet. */
function placement<N extends CallName>(place: Place<RequestOf<N>>): (ctx: CallContext<N>) => Promise<Placed> {
  return async (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const call = ctx.call.slice('bet/'.length);
    const fingerprint = requestFingerprint(ctx.call, body);
    return ctx.sim.idempotent(account.id, String(fieldOf(body, 'request_id')), fingerprint, () => {
      const bet = place(ctx.sim, account, call, body);
      ctx.sim.metrics.bets.inc({ kind: bet.kind, status: bet.status });
      return ok({ data: betView(bet) });
    });
  };
}

const single: Place<BetSingleBody> = (sim, account, call, body) => sim.bets.placeSingle(account, call, body);
const parlay: Place<BetParlayBody> = (sim, account, call, body) => sim.bets.placeParlay(account, call, body);
const system: Place<BetSysParlayBody> = (sim, account, call, body) =>
  sim.bets.placeSystem(account, call, body);
const mmoSingle: Place<BetSingleMmoBody> = (sim, account, call, body) =>
  sim.bets.placeMmoSingle(account, call, body);
const mmoParlay: Place<BetParlayMmoBody> = (sim, account, call, body) =>
  sim.bets.placeMmoParlay(account, call, body);

function check(ctx: CallContext<'bet/betcheck' | 'bet/betcheckspecial' | 'bet/vbetcheck'>) {
  const { account } = auth(ctx);
  const body = ctx.body;
  const view = ctx.sim.bets.check(account, body.odds_id, body.selection, body.odds_type);
  return ok({ data: limitsToMajor(view, account) });
}

function limitsToMajor<T extends { min_bet: number; max_bet: number; max_payout: number }>(
  view: T,
  account: Account,
): T {
  return {
    ...view,
    min_bet: toMajor(view.min_bet, account.currency),
    max_bet: toMajor(view.max_bet, account.currency),
    max_payout: toMajor(view.max_payout, account.currency),
  };
}

function list(
  ctx: Pick<CallContext, 'sim' | 'body'>,
  filter: (bet: Bet) => boolean,
  body: { page_number?: number; page_size?: number },
) {
  const { account } = auth(ctx);
  const bets = ctx.sim.store
    .accountBets(account.id)
    .filter(filter)
    .sort((a, b) => b.placedAt - a.placedAt || b.betId.localeCompare(a.betId));
  const paged = page(bets, body.page_number, body.page_size);
  return ok({ data: { ...paged, items: paged.items.map(betView) } });
}

function fullListRange(ctx: ContextWith<BetFullListBody>): (bet: Bet) => boolean {
  const body = ctx.body;
  if (!body.start_date && !body.end_date) return () => true;
  const today = dateOf(ctx.sim.world.now());
  const { from, to } = dayRange(body.start_date ?? body.end_date ?? today, body.end_date ?? today);
  return (bet) => bet.placedAt >= from && bet.placedAt < to;
}

function parlayDetails(statuses: readonly string[]) {
  return (ctx: ContextWith<BetIdBody>) => {
    const { account } = auth(ctx);
    const bet = ctx.sim.bets.ownBet(account, ctx.body.bet_id);
    if (bet.legs.length < 2 || !statuses.includes(bet.status)) throw new CallError('betNotExists');
    return ok({ data: betView(bet) });
  };
}

/**
 * Specials: outright markets (bet type `OR`, the world's special markets) are
 * quoted and placed by `betcheckspecial` / `betcheckmultispecial` / `betsinglespecial` only; those
 * calls take nothing else, and the plain calls refuse an outright. Either way `invalidBetType`
 * (with the odds id). An unknown odds id is left to the call (`invalidOdds`).
 */
const SpecialBetTypes: ReadonlySet<string> = new Set(['OR']);

function specialOnly<N extends CallName>(handler: Handler<N>, special: boolean): Handler<N> {
  return (ctx) => {
    auth(ctx);
    const selections = fieldOf(ctx.body, 'selections');
    const ids: unknown[] = [
      fieldOf(ctx.body, 'odds_id'),
      ...(Array.isArray(selections) ? selections : []),
    ].map((x) => (x && typeof x === 'object' ? (x as { odds_id?: unknown }).odds_id : x));
    for (const id of ids) {
      if (typeof id !== 'string') continue;
      const quote = ctx.sim.world.quote(id);
      if (quote && SpecialBetTypes.has(quote.betType) !== special) reject('invalidBetType', { odds_id: id });
    }
    return handler(ctx);
  };
}

const acceptedStatuses = ['running', 'won', 'wonHalf', 'lost', 'loseHalf', 'draw', 'cashedOut'];
const rejectedStatuses = ['rejected', 'void', 'refund', 'abandoned'];

/** `vbet*` take virtual events only, the other bet calls real matches only (virtual/guard.ts). */
export const betHandlers: Handlers = guardVirtual({
  'bet/betcheck': specialOnly(check, false),
  'bet/betcheckspecial': specialOnly(check, true),
  'bet/vbetcheck': check,
  // Each selection quoted on its own: a selection that is not a special answers invalidBetType in its place.
  'bet/betcheckmultispecial': (ctx) => {
    const { account } = auth(ctx);
    const data = ctx.body.selections.map((s) => {
      try {
        const quote = ctx.sim.world.quote(s.odds_id);
        if (quote && !SpecialBetTypes.has(quote.betType)) reject('invalidBetType');
        return { status: 1, ...limitsToMajor(ctx.sim.bets.check(account, s.odds_id, s.selection), account) };
      } catch (err) {
        if (err instanceof CallError)
          return { status: 0, statusdesc: err.code, odds_id: s.odds_id, selection: s.selection };
        throw err;
      }
    });
    return ok({ data });
  },
  'bet/betsingle': specialOnly(placement(single), false),
  'bet/betsinglespecial': specialOnly(placement(single), true),
  'bet/vbetsingle': placement(single),
  'bet/betparlay': specialOnly(placement(parlay), false),
  'bet/vbetparlay': placement(parlay),
  'bet/betsysparlay': specialOnly(placement(system), false),
  'bet/betmmoclick': (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    return ok({ data: limitsToMajor(ctx.sim.bets.mmoClick(account, body.odds_id, body.selection), account) });
  },
  'bet/betsinglemmo': placement(mmoSingle),
  'bet/vbetsinglemmo': placement(mmoSingle),
  'bet/betparlaymmo': placement(mmoParlay),
  'bet/vbetparlaymmo': placement(mmoParlay),
  'bet/betacceptlist': (ctx) => list(ctx, (b) => b.status === 'running', ctx.body),
  'bet/pendingbetlist': (ctx) => list(ctx, (b) => b.status === 'waiting', ctx.body),
  'bet/betrejectlist': (ctx) => {
    const today = dateOf(ctx.sim.world.now());
    return list(ctx, (b) => isCancelled(b) && dateOf(b.settledAt ?? b.placedAt) === today, ctx.body);
  },
  'bet/betacceptfulllist': (ctx) => {
    const inRange = fullListRange(ctx);
    return list(ctx, (b) => acceptedStatuses.includes(b.status) && inRange(b), ctx.body);
  },
  'bet/betrejectfulllist': (ctx) => {
    const inRange = fullListRange(ctx);
    return list(ctx, (b) => rejectedStatuses.includes(b.status) && inRange(b), ctx.body);
  },
  'bet/dbetlist': (ctx) => {
    const body = ctx.body;
    const date = body.date ?? dateOf(ctx.sim.world.now());
    dayRange(date, date);
    return list(ctx, (b) => isSettled(b) && b.settledAt !== null && dateOf(b.settledAt) === date, body);
  },
  'bet/dbetlistcancel': (ctx) => {
    const body = ctx.body;
    const date = body.date ?? dateOf(ctx.sim.world.now());
    dayRange(date, date);
    return list(ctx, (b) => isCancelled(b) && dateOf(b.settledAt ?? b.placedAt) === date, body);
  },
  'bet/parlayacceptdetails': parlayDetails(acceptedStatuses),
  'bet/parlaypendingdetails': parlayDetails(['waiting']),
  'bet/parlayrejectdetails': parlayDetails(rejectedStatuses),
  'bet/cashoutcheck': (ctx) => {
    const { account } = auth(ctx);
    const quote = ctx.sim.bets.cashOutCheck(account, ctx.body.bet_id);
    return ok({
      data: {
        bet_id: quote.betId,
        quote_id: quote.quoteId,
        cashout_value: toMajor(quote.value, account.currency),
        expires_at: quote.expiresAt,
      },
    });
  },
  'bet/cashout': async (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    return ctx.sim.idempotent(account.id, body.request_id, requestFingerprint(ctx.call, ctx.body), () => {
      try {
        const bet = ctx.sim.bets.cashOut(account, body.bet_id, body.quote_id, body.accept_any_value ?? false);
        return ok({ data: betView(bet) });
      } catch (err) {
        if (err instanceof CallError && typeof err.extra.cashout_value === 'number') {
          return fail(err.code, {
            data: { ...err.extra, cashout_value: toMajor(err.extra.cashout_value, account.currency) },
          });
        }
        throw err;
      }
    });
  },
});
