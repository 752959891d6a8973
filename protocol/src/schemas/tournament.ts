/**
 * Tournament calls (`POST /tournament/<call>`, plus the base host's `membervalidatetournament`):
 * bodies and replies (upstream-sim/README.md "Tournament rooms"). SPEC section 7 names the
 * calls; the field names of roomcreate, roomjoin, the room, roommatchlist and roomrank are the
 * issue's, the rest are ours. Business limits (fee, players, PIN, match count) are NOT schema
 * rules: they answer their catalogue codes (invalidRate, invalidLimit, invalidPin...), so the
 * schemas only bound types and sizes. Money in major units, points as numbers with at most two
 * decimals, times ISO 8601 UTC.
 *
 * The feed reads (`roomlist`, `roominfo`, `roomrank` without a session) are what the gateway's
 * `rooms` and `room/<id>` topics poll: `validateTournamentFeedBody` checks them at the simulator.
 * Under /api a session is always required (the gateway never forwards a sessionless one).
 */
import type { Static, TSchema } from 'typebox';
import Type from 'typebox';
import {
  OddsId,
  OptionalPaging,
  ParlaySelection,
  PlacedBetLeg,
  QuotedLabel,
  replyWith,
  SelectionIndex,
  sessionBody,
} from './bet.ts';
import { Auth, Closed, IdempotencyKey } from './common.ts';
import { feedReadTest } from './feed.ts';
import { DateRangeBody } from './info.ts';

const RoomId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const MatchId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const IsoTime = Type.String({ minLength: 10, maxLength: 40 });
const Text = Type.String({ maxLength: 256 });
const Money = Type.Number();
const Points = Type.Number();
export const RoomStatusSchema = Type.Union([
  Type.Literal('A'),
  Type.Literal('0'),
  Type.Literal('1'),
  Type.Literal('2'),
  Type.Literal('3'),
  Type.Literal('4'),
]);
export const RoomTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
const OptionalKey = { request_id: Type.Optional(IdempotencyKey) };

// ---- shapes ------------------------------------------------------------------------------------

/** A room as every reply and the feed topics show it (contract: /tmp rooms-contract, README). */
export const RoomSchema = Type.Object({
  room_id: RoomId,
  room_type: RoomTypeSchema,
  rate: Money,
  currency: Type.String({ minLength: 3, maxLength: 8 }),
  limit: Type.Integer({ minimum: 0 }),
  status: RoomStatusSchema,
  owner: Text,
  operator: Type.Boolean(),
  matches: Type.Array(MatchId, { maxItems: 100 }),
  last_join_time: IsoTime,
  last_betting_time: IsoTime,
  players: Type.Integer({ minimum: 0 }),
  prize_pool: Money,
  prizes: Type.Array(Money, { maxItems: 30 }),
  fees: Money,
  commission: Money,
  commission_pct: Type.Number(),
  bankroll: Points,
  created_time: IsoTime,
  end_time: Type.Union([IsoTime, Type.Null()]),
  /** A room over virtual events (vroomcreate; vroomjoin joins only these). */
  virtual: Type.Optional(Type.Boolean()),
  /** Replies to a member's session only. */
  joined: Type.Optional(Type.Boolean()),
  /** The PIN of a private room: only ever sent to its owner. */
  password: Type.Optional(Type.String({ maxLength: 32 })),
});
export type Room = Static<typeof RoomSchema>;

export const RankRowSchema = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  nickname: Text,
  points: Points,
  bets: Type.Integer({ minimum: 0 }),
  last_bet_time: Type.Union([IsoTime, Type.Null()]),
  /** Major units; 0 until the room ends. */
  prize: Money,
});
export type RankRow = Static<typeof RankRowSchema>;

export const RoomMatchSchema = Type.Object({
  match_id: MatchId,
  league_id: Type.Integer({ minimum: 0 }),
  league_name: Text,
  sport_id: Type.Integer({ minimum: 0 }),
  home: Text,
  away: Text,
  kickoff: IsoTime,
  live: Type.Boolean(),
});
export type RoomMatch = Static<typeof RoomMatchSchema>;

export const RoomLeagueSchema = Type.Object({
  league_id: Type.Integer({ minimum: 0 }),
  league_name: Text,
  sport_id: Type.Integer({ minimum: 0 }),
  matches: Type.Integer({ minimum: 0 }),
});
export type RoomLeague = Static<typeof RoomLeagueSchema>;

/** A points bet's leg: the sportsbook's leg shape (bet.ts PlacedBetLeg). */
export type RoomBetLeg = PlacedBetLeg;

export const RoomBetSchema = Type.Object({
  bet_id: Type.String({ minLength: 1, maxLength: 64 }),
  room_id: RoomId,
  kind: Type.Union([Type.Literal('single'), Type.Literal('parlay')]),
  status: Type.String({ maxLength: 32 }),
  stake: Points,
  odds: Type.Number(),
  to_win: Points,
  returned: Points,
  placed_time: IsoTime,
  settled_time: Type.Union([IsoTime, Type.Null()]),
  /** The legs as the sportsbook's bets show them (bet.ts PlacedBetLeg). */
  legs: Type.Array(PlacedBetLeg, { maxItems: 20 }),
});
export type RoomBet = Static<typeof RoomBetSchema>;

export const RoomResultSchema = Type.Object({
  room_id: RoomId,
  room_type: RoomTypeSchema,
  status: RoomStatusSchema,
  rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  points: Points,
  prize: Money,
  rate: Money,
  currency: Type.String({ minLength: 3, maxLength: 8 }),
  end_time: Type.Union([IsoTime, Type.Null()]),
});
export type RoomResult = Static<typeof RoomResultSchema>;

// ---- bodies ------------------------------------------------------------------------------------

const RoomIdBody = sessionBody({ room_id: RoomId });
const Pin = Type.String({ maxLength: 32 });

export const RoomListBody = sessionBody({
  room_type: Type.Optional(RoomTypeSchema),
  status: Type.Optional(RoomStatusSchema),
  mine: Type.Optional(Type.Boolean()),
});
export type RoomListBody = Static<typeof RoomListBody>;

/** `virtual`: what a virtual room (vroomcreate) may take instead of real matches. */
const VirtualFlag = { virtual: Type.Optional(Type.Boolean()) };
export const RoomLeagueListBody = sessionBody({
  sport_id: Type.Optional(Type.Integer({ minimum: 1 })),
  ...VirtualFlag,
});
export type RoomLeagueListBody = Static<typeof RoomLeagueListBody>;

export const RoomMatchListBody = sessionBody({
  league_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 50 })),
  ...VirtualFlag,
  ...OptionalPaging,
});
export type RoomMatchListBody = Static<typeof RoomMatchListBody>;

export const MatchLookupBody = sessionBody({
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  match_ids: Type.Optional(Type.Array(MatchId, { maxItems: 50 })),
});
export type MatchLookupBody = Static<typeof MatchLookupBody>;

/** A room's fields; `rate`/`limit`/`password` are checked by the rules (codes), not the schema. */
export const RoomCreateBody = sessionBody({
  room_type: Type.Integer({ minimum: 0, maximum: 9 }),
  rate: Type.Number({ minimum: -1e9, maximum: 1e9 }),
  limit: Type.Number({ minimum: -1e9, maximum: 1e9 }),
  password: Type.Optional(Pin),
  match_ids: Type.Array(MatchId, { maxItems: 50 }),
  terms: Type.Boolean(),
  ...OptionalKey,
});
export type RoomCreateBody = Static<typeof RoomCreateBody>;

export const RoomJoinBody = sessionBody({
  room_id: RoomId,
  password: Type.Optional(Pin),
  terms: Type.Boolean(),
  ...OptionalKey,
});
export type RoomJoinBody = Static<typeof RoomJoinBody>;

export const RoomLeaveBody = sessionBody({ room_id: RoomId, ...OptionalKey });
export type RoomLeaveBody = Static<typeof RoomLeaveBody>;

const Accept = {
  accept_better_odds: Type.Optional(Type.Boolean()),
  accept_any_odds: Type.Optional(Type.Boolean()),
};
const Stake = Type.Number({ exclusiveMinimum: 0, maximum: 1e9 });

export const RoomBetBody = sessionBody({
  room_id: RoomId,
  odds_id: OddsId,
  selection: SelectionIndex,
  price: Type.Number({ exclusiveMinimum: 1, maximum: 100_000 }),
  line: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  label: Type.Optional(QuotedLabel),
  stake: Stake,
  ...Accept,
  ...OptionalKey,
});
export type RoomBetBody = Static<typeof RoomBetBody>;

export const RoomBetPlusBody = sessionBody({
  room_id: RoomId,
  selections: Type.Array(ParlaySelection, { minItems: 1, maxItems: 20 }),
  stake: Stake,
  ...Accept,
  ...OptionalKey,
});
export type RoomBetPlusBody = Static<typeof RoomBetPlusBody>;

export const RoomResultListBody = sessionBody({ ...OptionalPaging });

/** A tournament movement of the wallet (gameresulttournament / gameresulttournamentrefund). */
export const TournamentLedgerLine = Type.Object({
  room_id: RoomId,
  /** roomFee (negative amount), roomPrize, roomRefund. */
  kind: Type.String({ maxLength: 32 }),
  amount: Money,
  balance: Money,
  currency: Type.String({ minLength: 3, maxLength: 8 }),
  time: IsoTime,
  /** GMT+8 working date. */
  date: Type.String({ maxLength: 10 }),
});
export type TournamentLedgerLine = Static<typeof TournamentLedgerLine>;

/** Body schema of every tournament call, keyed by full call name (calls.ts). */
export const TournamentBodies = {
  membervalidatetournament: Auth,
  gameresulttournament: DateRangeBody,
  gameresulttournamentrefund: DateRangeBody,
  'tournament/roomlist': RoomListBody,
  'tournament/roomleaguelist': RoomLeagueListBody,
  'tournament/roommatchlist': RoomMatchListBody,
  'tournament/matchlookup': MatchLookupBody,
  'tournament/roomcreate': RoomCreateBody,
  'tournament/roomjoin': RoomJoinBody,
  'tournament/roomleave': RoomLeaveBody,
  'tournament/vroomcreate': RoomCreateBody,
  'tournament/vroomjoin': RoomJoinBody,
  'tournament/memberbetlist': RoomIdBody,
  'tournament/betresultlist': RoomResultListBody,
  'tournament/betresultfinal': RoomIdBody,
  'tournament/bet': RoomBetBody,
  'tournament/betplus': RoomBetPlusBody,
  'tournament/roomrank': RoomIdBody,
  'tournament/roominfo': RoomIdBody,
} as const satisfies Record<string, TSchema>;

// ---- replies -----------------------------------------------------------------------------------

const RoomReply = replyWith({ room: RoomSchema });
const LedgerPage = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(TournamentLedgerLine, { maxItems: 100 }),
  /** Sum of every line in the range (not only this page), major units. */
  sum: Money,
});
const BetReply = replyWith({ bet: RoomBetSchema, points: Points });
const Me = Type.Union([RankRowSchema, Type.Null()]);

export const TournamentReplies = {
  membervalidatetournament: replyWith({ enabled: Type.Boolean() }),
  gameresulttournament: replyWith({ data: LedgerPage }),
  gameresulttournamentrefund: replyWith({ data: LedgerPage }),
  'tournament/roomlist': replyWith({ rooms: Type.Array(RoomSchema, { maxItems: 1000 }) }),
  'tournament/roomleaguelist': replyWith({ leagues: Type.Array(RoomLeagueSchema, { maxItems: 1000 }) }),
  'tournament/roommatchlist': replyWith({
    matches: Type.Array(RoomMatchSchema, { maxItems: 100 }),
    total: Type.Integer({ minimum: 0 }),
  }),
  'tournament/matchlookup': replyWith({ matches: Type.Array(RoomMatchSchema, { maxItems: 100 }) }),
  'tournament/roomcreate': RoomReply,
  'tournament/roomjoin': RoomReply,
  'tournament/roomleave': RoomReply,
  'tournament/vroomcreate': RoomReply,
  'tournament/vroomjoin': RoomReply,
  'tournament/memberbetlist': replyWith({
    bets: Type.Array(RoomBetSchema, { maxItems: 1000 }),
    points: Points,
    me: Me,
  }),
  'tournament/betresultlist': replyWith({
    results: Type.Array(RoomResultSchema, { maxItems: 100 }),
    total: Type.Integer({ minimum: 0 }),
  }),
  'tournament/betresultfinal': replyWith({
    room: RoomSchema,
    ranking: Type.Array(RankRowSchema, { maxItems: 30 }),
    me: Me,
    final: Type.Boolean(),
  }),
  'tournament/bet': BetReply,
  'tournament/betplus': BetReply,
  'tournament/roomrank': replyWith({ ranking: Type.Array(RankRowSchema, { maxItems: 30 }), me: Me }),
  'tournament/roominfo': RoomReply,
} as const satisfies Record<keyof typeof TournamentBodies, TSchema>;

// ---- feed reads --------------------------------------------------------------------------------

/** The sessionless bodies the gateway's room topics poll with. */
export const TournamentFeedBodies = {
  'tournament/roomlist': Type.Object({}, Closed),
  'tournament/roominfo': Type.Object({ room_id: RoomId }, Closed),
  'tournament/roomrank': Type.Object({ room_id: RoomId }, Closed),
} as const satisfies Record<string, TSchema>;

/**
 * True when `body` is a feed read of `call` (no session: the operator's feed, i.e. the gateway's
 * poller). Never throws. The simulator answers these without a member's view (no `joined`, no PIN).
 */
export const isTournamentFeedRead: (call: string, body: unknown) => boolean =
  feedReadTest(TournamentFeedBodies);
