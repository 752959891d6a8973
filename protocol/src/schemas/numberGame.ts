/**
 * The number game calls (rules in ../numberGame.ts, RULES.md "Number game"). Base host,
 * names ours: `ngdrawlist`, `ngbet`, `ngbetlist`, `gameresultnumbergame`, and `vresult` (a virtual
 * event's result and replay). Amounts are major units; times UTC ms. Documented in
 * upstream-sim/README.md "Number game" and "Virtual sports".
 */
import type { Static, TSchema } from 'typebox';
import Type from 'typebox';
import { NumberGameMaxPicks, NumberGamePool } from '../numberGame.ts';
import { OptionalPaging, RequestId, replyWith, sessionBody } from './bet.ts';
import { DateRangeFields } from './common.ts';

/** A draw id: its GMT+8 time `yyyyMMddHHmm`. */
export const NgDrawId = Type.String({ pattern: '^[0-9]{12}$' });
export const NgPicks = Type.Array(Type.Integer({ minimum: 1, maximum: NumberGamePool }), {
  minItems: 1,
  maxItems: NumberGameMaxPicks,
  uniqueItems: true,
});

export const NgDrawListBody = sessionBody({});
export const NgBetBody = sessionBody({
  request_id: RequestId,
  draw_id: NgDrawId,
  picks: NgPicks,
  stake: Type.Number({ minimum: 0, maximum: 1_000_000_000 }),
});
export type NgBetBody = Static<typeof NgBetBody>;
export const NgBetListBody = sessionBody({ ...OptionalPaging });
export const NgResultBody = sessionBody({ ...DateRangeFields, ...OptionalPaging });
export type NgResultBody = Static<typeof NgResultBody>;
export const VirtualResultBody = sessionBody({ match_id: Type.Integer({ minimum: 1 }) });
export type VirtualResultBody = Static<typeof VirtualResultBody>;

const Money = Type.Number();

/** open: betting open; closed: betting closed, not drawn yet; drawn (numbers known). */
export const NgDraw = Type.Object({
  draw_id: NgDrawId,
  draw_time: Type.Number(),
  close_time: Type.Number(),
  status: Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('drawn')]),
  numbers: Type.Union([Type.Array(Type.Integer(), { maxItems: 20 }), Type.Null()]),
});
export type NgDraw = Static<typeof NgDraw>;

export const NgTicket = Type.Object({
  ticket_id: Type.String({ maxLength: 64 }),
  draw_id: NgDrawId,
  draw_time: Type.Number(),
  status: Type.Union([Type.Literal('open'), Type.Literal('won'), Type.Literal('lost')]),
  currency: Type.String({ maxLength: 8 }),
  picks: Type.Array(Type.Integer(), { maxItems: NumberGameMaxPicks }),
  stake: Money,
  hits: Type.Union([Type.Integer(), Type.Null()]),
  payout: Money,
  placed_time: Type.Number(),
  settled_time: Type.Union([Type.Number(), Type.Null()]),
});
export type NgTicket = Static<typeof NgTicket>;

const NgTicketPage = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(NgTicket, { maxItems: 100 }),
});

/** The payout table as multipliers (x stake) per picks count, indexed by hits, with its RTP. */
const NgTableRow = Type.Object({
  picks: Type.Integer(),
  multipliers: Type.Array(Type.Number(), { maxItems: NumberGameMaxPicks + 1 }),
  rtp: Type.Number(),
});

export const VirtualResult = Type.Object({
  /** Simulator (upstream) time of the answer, UTC ms: the web's countdowns run on it. */
  now: Type.Number(),
  match_id: Type.Integer(),
  sport_id: Type.Integer(),
  home: Type.String({ maxLength: 128 }),
  away: Type.String({ maxLength: 128 }),
  kickoff: Type.Number(),
  ends_at: Type.Number(),
  /** open (not started), playing (the replay so far), ended (final). */
  phase: Type.Union([Type.Literal('open'), Type.Literal('playing'), Type.Literal('ended')]),
  score: Type.Tuple([Type.Integer(), Type.Integer()]),
  goals: Type.Array(
    Type.Object({
      sec: Type.Integer(),
      side: Type.Union([Type.Literal('H'), Type.Literal('A')]),
      points: Type.Integer(),
    }),
    { maxItems: 400 },
  ),
});
export type VirtualResult = Static<typeof VirtualResult>;

export const NumberGameBodies = {
  ngdrawlist: NgDrawListBody,
  ngbet: NgBetBody,
  ngbetlist: NgBetListBody,
  gameresultnumbergame: NgResultBody,
  vresult: VirtualResultBody,
} as const satisfies Record<string, TSchema>;

export const NumberGameReplies = {
  ngdrawlist: replyWith({
    data: Type.Object({
      now: Type.Number(),
      open: Type.Array(NgDraw, { maxItems: 20 }),
      recent: Type.Array(NgDraw, { maxItems: 50 }),
      table: Type.Array(NgTableRow, { maxItems: NumberGameMaxPicks }),
      min_stake: Money,
      max_stake: Money,
    }),
  }),
  ngbet: replyWith({ data: NgTicket }),
  ngbetlist: replyWith({ data: NgTicketPage }),
  gameresultnumbergame: replyWith({ data: NgTicketPage }),
  vresult: replyWith({ data: VirtualResult }),
} as const satisfies Record<keyof typeof NumberGameBodies, TSchema>;
