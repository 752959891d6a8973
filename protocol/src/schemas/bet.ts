/**
 * Request bodies of the bet host (`POST /bet/<call>`). SPEC section 7 names the calls but leaves
 * their payloads open; these are ours, documented in upstream-sim/README.md. Every body is closed
 * (unknown fields are refused) and carries the player's session (account_id, session_token). Amounts are in major currency units as JSON
 * numbers with at most the currency's minor digits (12.5 MYR, never 12.505); prices are decimal
 * odds exactly as quoted by betcheck. Placement bodies carry `request_id`, the client's
 * idempotency key: the same account and request_id always get the first reply.
 */
import type { Static, TSchema } from 'typebox';
import Type from 'typebox';
import { AuthFields, Closed, DateString, IdempotencyKey, PagingFields, StatusDesc } from './common.ts';

/** The client's idempotency key of a placement (same pattern as common.ts IdempotencyKey). */
export const RequestId = IdempotencyKey;
export const OddsId = Type.String({ minLength: 1, maxLength: 64 });
/** Index into the odds row's prices (0 = home/over/odd/first label). */
export const SelectionIndex = Type.Integer({ minimum: 0, maximum: 63 });
/** Decimal odds as quoted (DEC > 1). */
export const DecimalPrice = Type.Number({ exclusiveMinimum: 1, maximum: 100_000 });
/** Major units (12.50 MYR). The server converts exactly to minor units and rejects extra digits. */
export const Amount = Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000 });
/** Odds type of the stake: 1 MY, 2 HK, 3 ID, 4 DEC (negative MY/ID: stake = amount to win). */
export const StakeOddsType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
export const BetId = Type.String({ minLength: 1, maxLength: 64 });

/** Optional paging (common.ts PagingFields): page_size 1..100, page_number from 1. Default 10, 1. */
export const OptionalPaging = {
  page_size: Type.Optional(PagingFields.page_size),
  page_number: Type.Optional(PagingFields.page_number),
};

/** Builds a closed body schema: the session fields (common.ts AuthFields) plus the call's own. */
export function sessionBody<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object({ ...AuthFields, ...properties }, Closed);
}

const Accept = {
  /** Accept a better current price than `price` (default false). */
  accept_better_odds: Type.Optional(Type.Boolean()),
  /** Accept any current price, better or worse (default false). */
  accept_any_odds: Type.Optional(Type.Boolean()),
};

export const BetCheckBody = sessionBody({
  odds_id: OddsId,
  selection: SelectionIndex,
  odds_type: Type.Optional(StakeOddsType),
});
export type BetCheckBody = Static<typeof BetCheckBody>;

export const BetCheckMultiBody = sessionBody({
  selections: Type.Array(Type.Object({ odds_id: OddsId, selection: SelectionIndex }), {
    minItems: 1,
    maxItems: 20,
  }),
});
export type BetCheckMultiBody = Static<typeof BetCheckMultiBody>;

/** The line as quoted (HDP handicap, OU total); when given, a moved line answers oddsChanged. */
export const QuotedLine = Type.Union([Type.Number(), Type.Null()]);

/**
 * Ours: the market the ticket was taken from, in play (true) or pre-match (false). When it is given
 * and the row's market is now the other one (a match kicked off), the answer is marketTypeChanged
 * (SPEC section 8: the slip is removed).
 */
export const QuotedLive = Type.Boolean();

/**
 * Ours: the row's own label of the picked selection as quoted (a correct-score "2-1", a total-goals
 * range "2-3", a double chance "1X"). In play such rows relabel their indexes when a goal goes in;
 * when given and the row's label at that index is now another, the answer is marketTypeChanged,
 * even with accept_any_odds (the slip is removed: the player never backs a score he did not pick).
 */
export const QuotedLabel = Type.String({ minLength: 1, maxLength: 32 });

/** A pick as it was quoted: the row and selection, and the price, line, score and label seen. */
const QuotedPick = {
  odds_id: OddsId,
  selection: SelectionIndex,
  price: DecimalPrice,
  line: Type.Optional(QuotedLine),
  live: Type.Optional(QuotedLive),
  label: Type.Optional(QuotedLabel),
};

export const BetSingleBody = sessionBody({
  request_id: RequestId,
  ...QuotedPick,
  stake: Amount,
  odds_type: Type.Optional(StakeOddsType),
  ...Accept,
});
export type BetSingleBody = Static<typeof BetSingleBody>;

export const ParlaySelection = Type.Object(QuotedPick, Closed);
export type ParlaySelection = Static<typeof ParlaySelection>;

/** Mix parlay: one ticket; stake is the ticket's stake (decimal odds). Size rules give codes, not badRequest. */
export const BetParlayBody = sessionBody({
  request_id: RequestId,
  selections: Type.Array(ParlaySelection, { minItems: 1, maxItems: 20 }),
  stake: Amount,
  ...Accept,
});
export type BetParlayBody = Static<typeof BetParlayBody>;

/** System parlay: every combination of the chosen sizes (default 2..n); stake is per ticket. */
export const BetSysParlayBody = sessionBody({
  request_id: RequestId,
  selections: Type.Array(ParlaySelection, { minItems: 1, maxItems: 20 }),
  sizes: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 20 }), { minItems: 1, maxItems: 20 })),
  stake: Amount,
  ...Accept,
});
export type BetSysParlayBody = Static<typeof BetSysParlayBody>;

/** Myanmar odds: the body string as quoted ("1+50", "D", "1D") replaces the price. */
export const MyanmarSelection = Type.Object(
  {
    odds_id: OddsId,
    selection: Type.Integer({ minimum: 0, maximum: 1 }),
    body: Type.String({ minLength: 1, maxLength: 16 }),
  },
  Closed,
);
export type MyanmarSelection = Static<typeof MyanmarSelection>;

export const BetMmoClickBody = sessionBody({
  odds_id: OddsId,
  selection: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type BetMmoClickBody = Static<typeof BetMmoClickBody>;

export const BetSingleMmoBody = sessionBody({
  request_id: RequestId,
  odds_id: OddsId,
  selection: Type.Integer({ minimum: 0, maximum: 1 }),
  body: Type.String({ minLength: 1, maxLength: 16 }),
  stake: Amount,
  accept_any_odds: Type.Optional(Type.Boolean()),
});
export type BetSingleMmoBody = Static<typeof BetSingleMmoBody>;

export const BetParlayMmoBody = sessionBody({
  request_id: RequestId,
  selections: Type.Array(MyanmarSelection, { minItems: 1, maxItems: 20 }),
  stake: Amount,
  accept_any_odds: Type.Optional(Type.Boolean()),
});
export type BetParlayMmoBody = Static<typeof BetParlayMmoBody>;

export const BetListBody = sessionBody({ ...OptionalPaging });
export type BetListBody = Static<typeof BetListBody>;

export const BetFullListBody = sessionBody({
  start_date: Type.Optional(DateString),
  end_date: Type.Optional(DateString),
  ...OptionalPaging,
});
export type BetFullListBody = Static<typeof BetFullListBody>;

export const BetIdBody = sessionBody({ bet_id: BetId });
export type BetIdBody = Static<typeof BetIdBody>;

export const CashOutBody = sessionBody({
  request_id: RequestId,
  bet_id: BetId,
  /** From cashoutcheck; expired or moved quotes answer oddsChanged with the new offer. */
  quote_id: Type.String({ minLength: 1, maxLength: 64 }),
  /** Take the current offer even if lower than the quote (default false). */
  accept_any_value: Type.Optional(Type.Boolean()),
});
export type CashOutBody = Static<typeof CashOutBody>;

/** dbetlist (settled) and dbetlistcancel (voided/rejected) of one working date (GMT+8), default today. */
export const DayBetListBody = sessionBody({ date: Type.Optional(DateString), ...OptionalPaging });
export type DayBetListBody = Static<typeof DayBetListBody>;

/** Body schema of every call under /bet, keyed by call name. */
export const BetBodies = {
  betcheck: BetCheckBody,
  betcheckspecial: BetCheckBody,
  betcheckmultispecial: BetCheckMultiBody,
  betsingle: BetSingleBody,
  betsinglespecial: BetSingleBody,
  betparlay: BetParlayBody,
  betsysparlay: BetSysParlayBody,
  vbetcheck: BetCheckBody,
  vbetsingle: BetSingleBody,
  vbetparlay: BetParlayBody,
  betmmoclick: BetMmoClickBody,
  betsinglemmo: BetSingleMmoBody,
  betparlaymmo: BetParlayMmoBody,
  vbetsinglemmo: BetSingleMmoBody,
  vbetparlaymmo: BetParlayMmoBody,
  betacceptlist: BetListBody,
  betrejectlist: BetListBody,
  pendingbetlist: BetListBody,
  betacceptfulllist: BetFullListBody,
  betrejectfulllist: BetFullListBody,
  cashoutcheck: BetIdBody,
  cashout: CashOutBody,
  dbetlist: DayBetListBody,
  dbetlistcancel: DayBetListBody,
  parlayacceptdetails: BetIdBody,
  parlaypendingdetails: BetIdBody,
  parlayrejectdetails: BetIdBody,
} as const;
export type BetCall = keyof typeof BetBodies;
export const BetCalls = Object.keys(BetBodies) as BetCall[];

/** BetBodies keyed by full call name (`bet/betsingle`), as calls.ts and validateBody name them. */
export const BetRequestSchemas = Object.fromEntries(
  Object.entries(BetBodies).map(([call, schema]) => [`bet/${call}`, schema]),
) as { [K in BetCall as `bet/${K}`]: (typeof BetBodies)[K] };

// ---- replies ----------------------------------------------------------------------------------
// Replies are open objects (an upstream may add fields); on success they carry the call's `data`,
// on failure only the envelope is checked (a code such as oddsChanged or cashoutPriceChanged may
// carry the new quote in `data`). The web validates replies with these at its boundary, and so
// does the gateway before forwarding them.

/** `status` of a successful reply: 1 or "1" (common.ts isOkStatus). */
export const OkStatus = Type.Union([Type.Literal(1), Type.Literal('1')]);
/** `status` of a failed reply: any other integer or string. */
export const FailedStatus = Type.Union([
  Type.Integer({ maximum: 0 }),
  Type.Integer({ minimum: 2 }),
  Type.String({ maxLength: 16, pattern: '^(?!1$)' }),
]);

/**
 * A reply schema: the envelope plus `properties` when `status` is 1 or "1", the bare (open)
 * envelope otherwise. Static type: `{ status: 1 | '1', statusdesc, ...properties } | failure`.
 */
export function replyWith<P extends Record<string, TSchema>>(properties: P) {
  return Type.Union([
    Type.Object({ status: OkStatus, statusdesc: StatusDesc, ...properties }),
    Type.Object({ status: FailedStatus, statusdesc: StatusDesc }),
  ]);
}

const Money = Type.Number();
const Score = Type.Union([Type.Tuple([Type.Number(), Type.Number()]), Type.Null()]);
const Line = Type.Union([Type.Number(), Type.String({ maxLength: 32 }), Type.Null()]);
const Text = Type.String({ maxLength: 256 });

/** One leg of a bet as replies show it (upstream-sim/README.md "A bet"). */
export const PlacedBetLeg = Type.Object({
  odds_id: OddsId,
  match_id: Type.Integer(),
  sport_id: Type.Integer(),
  home: Text,
  away: Text,
  bet_type: Type.String({ maxLength: 32 }),
  line: Line,
  selection: SelectionIndex,
  label: Type.Union([Text, Type.Null()]),
  /** Decimal price as quoted (Myanmar legs: 0, `body` carries the terms). */
  price: Type.Number({ minimum: 0 }),
  body: Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
  live: Type.Boolean(),
  kickoff: Type.Number(),
  result: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  score: Score,
  /** SPEC "outright flag": the leg backs an outright (bet type OR). Absent from upstreams that do not send it. */
  outright: Type.Optional(Type.Boolean()),
});
export type PlacedBetLeg = Static<typeof PlacedBetLeg>;

/** Parlay totals (SPEC section 3): tickets, stake and payout of one parlay or system placement. */
export const ParlayTotalsView = Type.Object({
  total_bet: Type.Integer({ minimum: 0 }),
  total_stake: Money,
  total_payout: Money,
  total_accept: Type.Integer({ minimum: 0 }),
  total_reject: Type.Integer({ minimum: 0 }),
  combination: Type.Integer({ minimum: 0 }),
});
export type ParlayTotalsView = Static<typeof ParlayTotalsView>;

/** A bet as placement replies, cash-out and the bet lists show it; amounts in major units. */
export const PlacedBet = Type.Object({
  bet_id: BetId,
  ref_no: Type.String({ maxLength: 64 }),
  bet_type: Type.String({ maxLength: 32 }),
  kind: Type.String({ maxLength: 32 }),
  status: Type.String({ maxLength: 32 }),
  reject_reason: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  stake: Money,
  risk: Money,
  /** System parlays: the stake of each ticket. */
  unit_stake: Type.Optional(Money),
  to_win: Money,
  payout: Money,
  odds: Type.Number(),
  odds_type: Type.Integer(),
  currency: Type.String({ minLength: 3, maxLength: 8 }),
  transaction_time: Type.Number(),
  settled_time: Type.Union([Type.Number(), Type.Null()]),
  settled_amount: Money,
  win_lose: Money,
  valid_turnover: Money,
  commission: Money,
  cashout_value: Type.Union([Money, Type.Null()]),
  /** System parlay: the number of tickets. */
  combination: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  legs: Type.Array(PlacedBetLeg, { maxItems: 20 }),
  /** Parlay and system bets: SPEC section 3's parlay totals (protocol parlayTotals). */
  totals: Type.Optional(ParlayTotalsView),
});
export type PlacedBet = Static<typeof PlacedBet>;

/** A page of bets (paging of the request; `total` counts every bet of the list). */
export const BetPage = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(PlacedBet, { maxItems: 100 }),
});
export type BetPage = Static<typeof BetPage>;

const LimitFields = { min_bet: Money, max_bet: Money, max_payout: Money };

/** betcheck / betcheckspecial / vbetcheck: the current quote and the stake limits. */
export const BetQuote = Type.Object({
  odds_id: OddsId,
  line: Line,
  /** Decimal odds now. */
  price: DecimalPrice,
  live: Type.Boolean(),
  /** The match may be used in a parlay. */
  parlay: Type.Optional(Type.Boolean()),
  ...LimitFields,
});
export type BetQuote = Static<typeof BetQuote>;

/** betcheckmultispecial: one quote, or the envelope of its failure, per selection. */
export const BetQuoteOrFailure = Type.Union([
  BetQuote,
  Type.Object({ status: FailedStatus, statusdesc: StatusDesc }),
]);

/** betmmoclick: the Myanmar body as quoted ("1+50") and the mmo limits. */
export const MmoQuote = Type.Object({
  odds_id: OddsId,
  body: Type.Union([Type.String({ maxLength: 16 }), Type.Number(), Type.Null()]),
  live: Type.Boolean(),
  ...LimitFields,
});
export type MmoQuote = Static<typeof MmoQuote>;

/** cashoutcheck: the offer (major units) and the quote to execute it with. */
export const CashOutQuote = Type.Object({
  bet_id: BetId,
  quote_id: Type.String({ minLength: 1, maxLength: 64 }),
  cashout_value: Money,
  expires_at: Type.Optional(Type.Number()),
});
export type CashOutQuote = Static<typeof CashOutQuote>;

const QuoteReply = replyWith({ data: BetQuote });
const BetReply = replyWith({ data: PlacedBet });
const BetPageReply = replyWith({ data: BetPage });

/** Reply schema of every call under /bet, keyed by call name. */
export const BetReplies = {
  betcheck: QuoteReply,
  betcheckspecial: QuoteReply,
  betcheckmultispecial: replyWith({ data: Type.Array(BetQuoteOrFailure, { maxItems: 20 }) }),
  betsingle: BetReply,
  betsinglespecial: BetReply,
  betparlay: BetReply,
  betsysparlay: BetReply,
  vbetcheck: QuoteReply,
  vbetsingle: BetReply,
  vbetparlay: BetReply,
  betmmoclick: replyWith({ data: MmoQuote }),
  betsinglemmo: BetReply,
  betparlaymmo: BetReply,
  vbetsinglemmo: BetReply,
  vbetparlaymmo: BetReply,
  betacceptlist: BetPageReply,
  betrejectlist: BetPageReply,
  pendingbetlist: BetPageReply,
  betacceptfulllist: BetPageReply,
  betrejectfulllist: BetPageReply,
  cashoutcheck: replyWith({ data: CashOutQuote }),
  cashout: BetReply,
  dbetlist: BetPageReply,
  dbetlistcancel: BetPageReply,
  parlayacceptdetails: BetReply,
  parlaypendingdetails: BetReply,
  parlayrejectdetails: BetReply,
} as const satisfies Record<BetCall, TSchema>;

/** BetReplies keyed by full call name (`bet/betsingle`), as calls.ts and validateReply name them. */
export const BetReplySchemas = Object.fromEntries(
  Object.entries(BetReplies).map(([call, schema]) => [`bet/${call}`, schema]),
) as { [K in BetCall as `bet/${K}`]: (typeof BetReplies)[K] };
