/**
 * E-sports calls: the base host's `gameresultesports2` (settled e-sports events by date
 * range with the member's bets on each), `gameresultesports2detail` (one event map by map, with
 * the member's bets) and `esports2live` (ours: the /esports2 lobby's live and upcoming series with
 * their maps and rounds, and SPEC section 9's e-sports game params). Payloads are ours
 * (upstream-sim/README.md "E-sports"); times are UTC ms, amounts major units.
 */
import type { Static, TSchema } from 'typebox';
import Type from 'typebox';
import { OptionalPaging, PlacedBet, replyWith, sessionBody } from './bet.ts';
import { DateRangeFields } from './common.ts';

export const EsportsGameCode = Type.Union([Type.Literal('cs2'), Type.Literal('lol'), Type.Literal('dota2')]);
export type EsportsGameCode = Static<typeof EsportsGameCode>;

const Side = Type.Union([Type.Literal('H'), Type.Literal('A'), Type.Null()]);
const Count = Type.Integer({ minimum: 0, maximum: 1000 });
const Name = Type.String({ maxLength: 128 });

export const EsportsMap = Type.Object({
  map: Type.Integer({ minimum: 1, maximum: 9 }),
  name: Name,
  home: Count,
  away: Count,
  winner: Side,
});
export type EsportsMap = Static<typeof EsportsMap>;

/** One e-sports series. status: 0 not over (phase says pre, map, break), 1 completed, 2 cancelled. */
export const EsportsEvent = Type.Object({
  match_id: Type.Integer({ minimum: 1 }),
  league_id: Type.Integer(),
  league_name: Name,
  game: EsportsGameCode,
  game_name: Name,
  /** What a map's score counts: rounds (shooter) or kills (MOBA). */
  unit: Type.Union([Type.Literal('rounds'), Type.Literal('kills')]),
  best_of: Type.Integer({ minimum: 1, maximum: 9 }),
  home: Name,
  away: Name,
  kickoff: Type.Number(),
  status: Type.Integer({ minimum: 0, maximum: 9 }),
  phase: Type.Union([Type.Literal('pre'), Type.Literal('map'), Type.Literal('break'), Type.Literal('over')]),
  maps_home: Count,
  maps_away: Count,
  /** 1-based map in play (or the last played); 0 before kick-off. */
  current_map: Type.Integer({ minimum: 0, maximum: 9 }),
  maps: Type.Array(EsportsMap, { maxItems: 9 }),
  winner: Side,
});
export type EsportsEvent = Static<typeof EsportsEvent>;

/** A settled event with the member's bets on it (count, stake and win/lose in major units). */
export const EsportsResult = Type.Intersect([
  EsportsEvent,
  Type.Object({ bet_count: Count, stake: Type.Number(), win_lose: Type.Number() }),
]);
export type EsportsResult = Static<typeof EsportsResult>;

export const EsportsResultBody = sessionBody({
  ...DateRangeFields,
  ...OptionalPaging,
  game: Type.Optional(EsportsGameCode),
  /** Only events the member bet on. */
  mine: Type.Optional(Type.Boolean()),
});
export type EsportsResultBody = Static<typeof EsportsResultBody>;

export const EsportsDetailBody = sessionBody({ match_id: Type.Integer({ minimum: 1 }) });
export type EsportsDetailBody = Static<typeof EsportsDetailBody>;

export const EsportsLiveBody = sessionBody({});
export type EsportsLiveBody = Static<typeof EsportsLiveBody>;

export const EsportsGame = Type.Object({
  game: EsportsGameCode,
  name: Name,
  unit: Type.Union([Type.Literal('rounds'), Type.Literal('kills')]),
  league_ids: Type.Array(Type.Integer(), { maxItems: 50 }),
});
export type EsportsGame = Static<typeof EsportsGame>;

export const EsportsLobby = Type.Object({
  now: Type.Number(),
  /** SPEC section 9's e-sports game params: duration is one map's length in game minutes. */
  params: Type.Object({ duration: Type.Number() }),
  games: Type.Array(EsportsGame, { maxItems: 10 }),
  events: Type.Array(EsportsEvent, { maxItems: 200 }),
});
export type EsportsLobby = Static<typeof EsportsLobby>;

export const EsportsBodies = {
  gameresultesports2: EsportsResultBody,
  gameresultesports2detail: EsportsDetailBody,
  esports2live: EsportsLiveBody,
} as const satisfies Record<string, TSchema>;

export const EsportsReplies = {
  gameresultesports2: replyWith({
    data: Type.Object({
      total: Type.Integer({ minimum: 0 }),
      page_number: Type.Integer({ minimum: 1 }),
      page_size: Type.Integer({ minimum: 1 }),
      items: Type.Array(EsportsResult, { maxItems: 100 }),
    }),
  }),
  gameresultesports2detail: replyWith({
    data: Type.Object({ event: EsportsEvent, bets: Type.Array(PlacedBet, { maxItems: 200 }) }),
  }),
  esports2live: replyWith({ data: EsportsLobby }),
} as const satisfies Record<keyof typeof EsportsBodies, TSchema>;
