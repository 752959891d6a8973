/**
 * Request bodies of the base host's information calls (statements, results, messages, standings).
 * SPEC section 7 names them without payloads; these are ours, documented in upstream-sim/README.md.
 * Dates are working dates in GMT+8, `YYYY-MM-DD`, inclusive.
 */
import type { Static } from 'typebox';
import Type from 'typebox';
import { BetId, BetPage, OptionalPaging, PlacedBet, PlacedBetLeg, replyWith, sessionBody } from './bet.ts';
import { DateRangeFields, DateString, LanguageCode } from './common.ts';

export const DateRangeBody = sessionBody({ ...DateRangeFields, ...OptionalPaging });
export type DateRangeBody = Static<typeof DateRangeBody>;

/**
 * dailystatement: a date range; `lines` (ours) adds each day's statement lines (every ledger
 * movement of cash, grouped by product and kind by the client).
 */
export const StatementBody = sessionBody({
  ...DateRangeFields,
  ...OptionalPaging,
  lines: Type.Optional(Type.Boolean()),
});
export type StatementBody = Static<typeof StatementBody>;

export const PagedBody = sessionBody({ ...OptionalPaging });
export type PagedBody = Static<typeof PagedBody>;

export const PlainSessionBody = sessionBody({});
export type PlainSessionBody = Static<typeof PlainSessionBody>;

/**
 * eventlist (SPEC section 7 names the call, no payload): `language` (ours) asks for the
 * promotions' texts in the member's interface language (absent: the account's language).
 */
export const EventListBody = sessionBody({ language: Type.Optional(LanguageCode) });
export type EventListBody = Static<typeof EventListBody>;

/**
 * announcelist, marqueelist, personallist: `language` (ours) asks for the texts in the member's
 * interface language; an upstream without a translation answers its default (English) text. The web
 * sends the language it shows and asks again when the member switches.
 */
export const MessageListBody = sessionBody({ ...OptionalPaging, language: Type.Optional(LanguageCode) });
export type MessageListBody = Static<typeof MessageListBody>;
export const MarqueeBody = sessionBody({ language: Type.Optional(LanguageCode) });
export type MarqueeBody = Static<typeof MarqueeBody>;

/**
 * matchresult: one working date; `sport_id` is optional (absent: every sport). `outright` (SPEC
 * section 5 "outright flag") narrows the list: true only outright events, false only matches,
 * absent both.
 */
export const MatchResultBody = sessionBody({
  date: DateString,
  sport_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
  outright: Type.Optional(Type.Boolean()),
});
export type MatchResultBody = Static<typeof MatchResultBody>;

export const SingleMatchResultBody = sessionBody({ match_id: Type.Integer({ minimum: 1 }) });
export type SingleMatchResultBody = Static<typeof SingleMatchResultBody>;

export const InfoBetIdBody = sessionBody({ bet_id: BetId });
export type InfoBetIdBody = Static<typeof InfoBetIdBody>;

export const SysParlayListBody = sessionBody({
  start_date: Type.Optional(DateString),
  end_date: Type.Optional(DateString),
});
export type SysParlayListBody = Static<typeof SysParlayListBody>;

export const StandingListBody = sessionBody({
  sport_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
});
export type StandingListBody = Static<typeof StandingListBody>;

export const StandingResultBody = sessionBody({ league_id: Type.Integer({ minimum: 1 }) });
export type StandingResultBody = Static<typeof StandingResultBody>;

export const BracketListBody = sessionBody({ league_id: Type.Optional(Type.Integer({ minimum: 1 })) });
export type BracketListBody = Static<typeof BracketListBody>;

/** Body schema of every information call of the base host, keyed by call name. */
export const InfoBodies = {
  dailystatement: StatementBody,
  platformwinlose: DateRangeBody,
  settlementhistory: DateRangeBody,
  /** This issue serves the sportsbook variants; the other gameresult* variants come with their products. */
  gameresultsportsbook: DateRangeBody,
  gameresultsummarysportsbook: DateRangeBody,
  /** The member's operator adjustments (credits and debits) in the range, newest first. */
  gameresultadjustment: DateRangeBody,
  cancelledbetlist: DateRangeBody,
  announcelist: MessageListBody,
  marqueelist: MarqueeBody,
  personallist: MessageListBody,
  personalunread: PlainSessionBody,
  matchresult: MatchResultBody,
  singlematchresult: SingleMatchResultBody,
  parlaymatchresult: InfoBetIdBody,
  parlaybetdetails: InfoBetIdBody,
  betsysparlay: SysParlayListBody,
  betsysparlaymatch: InfoBetIdBody,
  betsysparlaybet: InfoBetIdBody,
  eventlist: EventListBody,
  standinglist: StandingListBody,
  standingresult: StandingResultBody,
  bracketlist: BracketListBody,
} as const;
export type InfoCall = keyof typeof InfoBodies;
export const InfoCalls = Object.keys(InfoBodies) as InfoCall[];

// ---- replies (open objects; the failure envelope as in bet.ts replyWith) ------------------------

/** One line of a statement day: a ledger movement of cash (amount signed, balance after it). */
export const StatementLine = Type.Object({
  seq: Type.Integer(),
  time: Type.Number(),
  /** sportsbook, account, or another product's name (lottery, tournament...): the group. */
  product: Type.String({ minLength: 1, maxLength: 32 }),
  /** The movement's type within the product (stake, payout, commission, deposit, adjust...). */
  kind: Type.String({ minLength: 1, maxLength: 32 }),
  ref: Type.String({ maxLength: 128 }),
  amount: Type.Number(),
  balance: Type.Number(),
});
export type StatementLine = Static<typeof StatementLine>;

/** One day of dailystatement, amounts in major units (upstream-sim/README.md "Statement day"). */
export const StatementDay = Type.Object({
  date: DateString,
  opening_balance: Type.Number(),
  credit: Type.Number(),
  debit: Type.Number(),
  commission: Type.Optional(Type.Number()),
  closing_balance: Type.Number(),
  turnover: Type.Optional(Type.Number()),
  valid_turnover: Type.Optional(Type.Number()),
  win_lose: Type.Optional(Type.Number()),
  /** With `lines: true`: the day's movements of cash, in ledger order (opening + amounts = closing). */
  lines: Type.Optional(Type.Array(StatementLine, { maxItems: 10_000 })),
});
export type StatementDay = Static<typeof StatementDay>;

/**
 * One row of matchresult and singlematchresult (SPEC match status: 0 live/pending, 1 completed, 2
 * cancelled, 5 suspended). `outright` (SPEC "outright flag"): an outright event (one winner among a
 * field, no score; `home` names the event, `winner` the winning label once settled).
 */
export const MatchResultRow = Type.Object({
  match_id: Type.Integer(),
  sport_id: Type.Integer(),
  outright: Type.Boolean(),
  winner: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
  league_id: Type.Optional(Type.Integer()),
  league_name: Type.Optional(Type.String({ maxLength: 256 })),
  home: Type.Optional(Type.String({ maxLength: 256 })),
  away: Type.Optional(Type.String({ maxLength: 256 })),
  kickoff: Type.Optional(Type.Number()),
  status: Type.Optional(Type.Integer()),
  score: Type.Optional(Type.Union([Type.Tuple([Type.Number(), Type.Number()]), Type.Null()])),
  ht_score: Type.Optional(Type.Union([Type.Tuple([Type.Number(), Type.Number()]), Type.Null()])),
});
export type MatchResultRow = Static<typeof MatchResultRow>;

/**
 * One promotion of eventlist (upstream-sim/README.md "Events"). `title` and `start` are all an
 * upstream must send; the rest is ours: `content` (the terms), `end` (UTC ms, like `start`),
 * `status` (0 upcoming, 1 running), `kind` (boost, parlay, cashback), and what it is tied to: a
 * league (`sport_id`, `league_id`, `league_name`) and for a match promotion the match
 * (`match_id`, `home`, `away`, `kickoff`).
 */
export const PromoEventRow = Type.Object({
  event_id: Type.Integer(),
  title: Type.String({ maxLength: 512 }),
  start: Type.Optional(Type.Number()),
  end: Type.Optional(Type.Number()),
  content: Type.Optional(Type.String({ maxLength: 4000 })),
  status: Type.Optional(Type.Integer()),
  kind: Type.Optional(Type.String({ maxLength: 32 })),
  sport_id: Type.Optional(Type.Integer()),
  league_id: Type.Optional(Type.Integer()),
  league_name: Type.Optional(Type.String({ maxLength: 256 })),
  match_id: Type.Optional(Type.Integer()),
  home: Type.Optional(Type.String({ maxLength: 256 })),
  away: Type.Optional(Type.String({ maxLength: 256 })),
  kickoff: Type.Optional(Type.Number()),
});
export type PromoEventRow = Static<typeof PromoEventRow>;

/** One announcement, marquee line or personal message. `time` is UTC ms. */
export const MessageRow = Type.Object({
  id: Type.Integer(),
  title: Type.String({ maxLength: 512 }),
  content: Type.String({ maxLength: 20_000 }),
  time: Type.Optional(Type.Number()),
  read: Type.Optional(Type.Boolean()),
});
export type MessageRow = Static<typeof MessageRow>;

const MessagePage = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(MessageRow, { maxItems: 100 }),
});

const MessageListReply = replyWith({
  data: Type.Union([Type.Array(MessageRow, { maxItems: 100 }), MessagePage]),
});

/** One row of platformwinlose: a product's settled totals over the range, major units. */
export const PlatformWinLoseRow = Type.Object({
  platform: Type.String({ minLength: 1, maxLength: 32 }),
  count: Type.Integer({ minimum: 0 }),
  turnover: Type.Number(),
  valid_turnover: Type.Number(),
  win_lose: Type.Number(),
  commission: Type.Number(),
});
export type PlatformWinLoseRow = Static<typeof PlatformWinLoseRow>;

/** One combination of a system parlay (betsysparlaybet) with its result once its legs are settled. */
export const SysParlayTicket = Type.Object({
  ticket: Type.Integer({ minimum: 1 }),
  legs: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 }),
  stake: Type.Number(),
  odds: Type.Number(),
  /** running, rejected, void, won, lost, draw, loseHalf (ours: the ticket's own result). */
  result: Type.Optional(Type.String({ maxLength: 32 })),
  /** What the ticket paid back, stake included; null until settled. */
  payout: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type SysParlayTicket = Static<typeof SysParlayTicket>;

/**
 * One operator adjustment (gameresultadjustment): a credit or debit of the member's cash an
 * operator made, as its ledger entry. Amounts in major units; `amount` is signed (a debit is
 * negative), `balance` the cash after it.
 */
export const AdjustmentLine = Type.Object({
  /** The ledger entry's sequence number: unique and stable. */
  id: Type.Integer({ minimum: 1 }),
  kind: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
  amount: Type.Number(),
  balance: Type.Number(),
  currency: Type.String({ minLength: 3, maxLength: 8 }),
  /** UTC ms. */
  time: Type.Number(),
  /** GMT+8 working date. */
  date: DateString,
  /** The operator's reason, '' when none was given. */
  remark: Type.String({ maxLength: 128 }),
});
export type AdjustmentLine = Static<typeof AdjustmentLine>;

/** A page of adjustments with the range's totals (every line, not only this page), major units. */
export const AdjustmentPage = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(AdjustmentLine, { maxItems: 100 }),
  credit: Type.Number({ minimum: 0 }),
  debit: Type.Number({ minimum: 0 }),
  /** credit - debit. */
  sum: Type.Number(),
});
export type AdjustmentPage = Static<typeof AdjustmentPage>;

/** Reply schemas of the information calls the web reads, keyed by call name. */
export const InfoReplies = {
  dailystatement: replyWith({
    data: Type.Array(StatementDay, { maxItems: 400 }),
    /** The account's currency (minor digits for the statement's sums). */
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 8 })),
  }),
  matchresult: replyWith({ data: Type.Array(MatchResultRow, { maxItems: 5000 }) }),
  singlematchresult: replyWith({ data: MatchResultRow }),
  gameresultadjustment: replyWith({ data: AdjustmentPage }),
  eventlist: replyWith({ data: Type.Array(PromoEventRow, { maxItems: 500 }) }),
  announcelist: MessageListReply,
  marqueelist: MessageListReply,
  personallist: MessageListReply,
  personalunread: replyWith({ data: Type.Object({ unread: Type.Integer({ minimum: 0 }) }) }),
  platformwinlose: replyWith({ data: Type.Array(PlatformWinLoseRow, { maxItems: 100 }) }),
  settlementhistory: replyWith({ data: BetPage }),
  parlaybetdetails: replyWith({ data: PlacedBet }),
  betsysparlay: replyWith({ data: Type.Array(PlacedBet, { maxItems: 5000 }) }),
  betsysparlaybet: replyWith({ data: Type.Array(SysParlayTicket, { maxItems: 5000 }) }),
  betsysparlaymatch: replyWith({ data: Type.Array(PlacedBetLeg, { maxItems: 20 }) }),
  parlaymatchresult: replyWith({ data: Type.Array(PlacedBetLeg, { maxItems: 20 }) }),
} as const;
