/**
 * The 4D lottery calls: `POST /lottery/<call>` plus the base host's `gameresultlottery`
 * and `cancelledbetlistlottery`. SPEC section 7 names the two base-host calls and the bet types
 * D_1..D_6; every payload is ours, documented in upstream-sim/README.md "Lottery calls". Amounts
 * are major units (the Big and Small stakes are per unit); times are UTC ms.
 */
import type { Static, TSchema } from 'typebox';
import Type from 'typebox';
import { OptionalPaging, RequestId, replyWith, sessionBody } from './bet.ts';
import { DateRangeFields } from './common.ts';

/** A 4D number: exactly four digits, leading zeros kept ("0123"). */
export const LotteryNumber = Type.String({ pattern: '^[0-9]{4}$' });
export const LotteryBetTypeSchema = Type.Union([
  Type.Literal('D_1'),
  Type.Literal('D_2'),
  Type.Literal('D_3'),
  Type.Literal('D_4'),
  Type.Literal('D_5'),
  Type.Literal('D_6'),
]);
/** A Big or Small stake per unit in major units; 0 leaves that size out of the row. */
export const UnitAmount = Type.Number({ minimum: 0, maximum: 1_000_000 });
export const DrawId = Type.String({ pattern: '^[0-9]{12}$' });
/** Rows of one ticket (ours: 1 to 50). */
export const MaxLotteryRows = 50;

export const LotteryRowBody = Type.Object(
  { number: LotteryNumber, bet_type: LotteryBetTypeSchema, big: UnitAmount, small: UnitAmount },
  { additionalProperties: false },
);
export type LotteryRowBody = Static<typeof LotteryRowBody>;
const Rows = Type.Array(LotteryRowBody, { minItems: 1, maxItems: MaxLotteryRows });

export const LotteryDrawListBody = sessionBody({});
/** betcheck also takes no rows: it quotes nothing and answers the member's per-unit limits. */
const CheckRows = Type.Array(LotteryRowBody, { minItems: 0, maxItems: MaxLotteryRows });
export const LotteryBetCheckBody = sessionBody({ draw_id: Type.Optional(DrawId), rows: CheckRows });
export type LotteryBetCheckBody = Static<typeof LotteryBetCheckBody>;
export const LotteryBetBody = sessionBody({ request_id: RequestId, draw_id: DrawId, rows: Rows });
export type LotteryBetBody = Static<typeof LotteryBetBody>;
export const LotteryBetListBody = sessionBody({ ...OptionalPaging });
export const LotteryResultBody = sessionBody({ draw_id: DrawId });
export type LotteryResultBody = Static<typeof LotteryResultBody>;
export const LotteryDateRangeBody = sessionBody({ ...DateRangeFields, ...OptionalPaging });
export type LotteryDateRangeBody = Static<typeof LotteryDateRangeBody>;

// ---- replies -----------------------------------------------------------------------------------

const Money = Type.Number();
const Num4 = Type.String({ maxLength: 4 });

export const LotteryDrawNumbersSchema = Type.Object({
  first: Num4,
  second: Num4,
  third: Num4,
  starter: Type.Array(Num4, { maxItems: 10 }),
  consolation: Type.Array(Num4, { maxItems: 10 }),
});

/** open: betting open; closed: betting closed, not drawn yet; drawn; cancelled (tickets refunded). */
export const LotteryDrawStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('closed'),
  Type.Literal('drawn'),
  Type.Literal('cancelled'),
]);
export const LotteryDraw = Type.Object({
  draw_id: DrawId,
  draw_time: Type.Number(),
  close_time: Type.Number(),
  status: LotteryDrawStatus,
  numbers: Type.Union([LotteryDrawNumbersSchema, Type.Null()]),
});
export type LotteryDraw = Static<typeof LotteryDraw>;

const Rank = Type.Union([
  Type.Literal('first'),
  Type.Literal('second'),
  Type.Literal('third'),
  Type.Literal('starter'),
  Type.Literal('consolation'),
]);
export const LotteryWinView = Type.Object({
  rank: Rank,
  number: Num4,
  size: Type.Union([Type.Literal('big'), Type.Literal('small')]),
  amount: Money,
});

/** A row as quoted or placed: the stakes per unit and what the row costs (major units). */
export const LotteryRowView = Type.Object({
  number: Num4,
  bet_type: LotteryBetTypeSchema,
  big: Money,
  small: Money,
  permutations: Type.Integer({ minimum: 1 }),
  units: Type.Integer({ minimum: 1 }),
  tickets: Type.Integer({ minimum: 1 }),
  cost: Money,
});

export const LotteryTicketRow = Type.Object({
  ...LotteryRowView.properties,
  payout: Money,
  wins: Type.Array(LotteryWinView, { maxItems: 46 }),
});

/** open until its draw; then won, lost, or refunded when the draw is cancelled. */
export const LotteryTicketStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('won'),
  Type.Literal('lost'),
  Type.Literal('refunded'),
]);
export const LotteryTicket = Type.Object({
  ticket_id: Type.String({ maxLength: 64 }),
  draw_id: DrawId,
  draw_time: Type.Number(),
  status: LotteryTicketStatus,
  currency: Type.String({ maxLength: 8 }),
  cost: Money,
  payout: Money,
  placed_time: Type.Number(),
  settled_time: Type.Union([Type.Number(), Type.Null()]),
  rows: Type.Array(LotteryTicketRow, { maxItems: MaxLotteryRows }),
});
export type LotteryTicket = Static<typeof LotteryTicket>;

const TicketPage = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(LotteryTicket, { maxItems: 100 }),
});

export const LotteryQuote = Type.Object({
  draw_id: Type.Union([DrawId, Type.Null()]),
  rows: Type.Array(LotteryRowView, { maxItems: MaxLotteryRows }),
  total_cost: Money,
  /** Per-unit stake limits of the account (major units). */
  min_unit: Money,
  max_unit: Money,
});
export type LotteryQuote = Static<typeof LotteryQuote>;

export const LotteryBodies = {
  'lottery/drawlist': LotteryDrawListBody,
  'lottery/betcheck': LotteryBetCheckBody,
  'lottery/bet': LotteryBetBody,
  'lottery/betlist': LotteryBetListBody,
  'lottery/result': LotteryResultBody,
  gameresultlottery: LotteryDateRangeBody,
  cancelledbetlistlottery: LotteryDateRangeBody,
} as const satisfies Record<string, TSchema>;

export const LotteryReplies = {
  'lottery/drawlist': replyWith({
    data: Type.Object({
      now: Type.Number(),
      open: Type.Array(LotteryDraw, { maxItems: 20 }),
      recent: Type.Array(LotteryDraw, { maxItems: 20 }),
    }),
  }),
  'lottery/betcheck': replyWith({ data: LotteryQuote }),
  'lottery/bet': replyWith({ data: LotteryTicket }),
  'lottery/betlist': replyWith({ data: TicketPage }),
  'lottery/result': replyWith({ data: LotteryDraw }),
  gameresultlottery: replyWith({ data: TicketPage }),
  cancelledbetlistlottery: replyWith({ data: TicketPage }),
} as const satisfies Record<keyof typeof LotteryBodies, TSchema>;
