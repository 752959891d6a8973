/**
 * The match tracker's calls: `livematchlist` (the in-play matches that
 * have a tracker) and `radarlist` (one match's events, latest first-bounded, and running stats).
 * Both are feed reads like the odds calls: no session. Field names are ours (the spec names the
 * calls only); upstream-sim/README.md "Match tracker" documents them.
 */
import type { Static, TSchema } from 'typebox';
import Type from 'typebox';
import { replyWith } from './bet.ts';
import { Closed } from './common.ts';

/** How a match is tracked: an animated pitch (soccer) or a scoreboard (every other sport). */
export const TrackerKinds = ['pitch', 'scoreboard'] as const;
export type TrackerKind = (typeof TrackerKinds)[number];

/** What happened on the pitch. `period` marks kick-off, half-time, second half and full time. */
/** Every event kind, in this order (RadarEventSchema's `kind` lists the same). */
export const RadarEventKinds = [
  'attack',
  'dangerous',
  'shot',
  'shotOn',
  'corner',
  'yellow',
  'red',
  'goal',
  'sub',
  'period',
] as const;
export type RadarEventKind = (typeof RadarEventKinds)[number];

/** Most events a `radarlist` reply carries (every goal is kept besides these). */
export const RadarMaxEvents = 40;

const MatchId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Count = Type.Integer({ minimum: 0, maximum: 100_000 });
const Side = Type.Union([Type.Literal('H'), Type.Literal('A')]);
const Text = Type.String({ maxLength: 256 });

export const LiveMatchListBody = Type.Object(
  { sport_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 9999 })) },
  Closed,
);
export type LiveMatchListBody = Static<typeof LiveMatchListBody>;

export const RadarListBody = Type.Object(
  {
    match_id: MatchId,
    /** Most events wanted (default and most RadarMaxEvents). */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RadarMaxEvents })),
  },
  Closed,
);
export type RadarListBody = Static<typeof RadarListBody>;

/** A tracked match as the tracker's header shows it; the score is the engine's own. */
export const RadarMatchSchema = Type.Object({
  match_id: MatchId,
  sport_id: Type.Integer({ minimum: 1 }),
  league_name: Text,
  home: Text,
  away: Text,
  /** Kick-off, UTC ms. */
  kickoff: Type.Integer({ minimum: 0 }),
  tracker: Type.Union([Type.Literal('pitch'), Type.Literal('scoreboard')]),
  home_score: Count,
  away_score: Count,
  /** protocol rows.ts Period (0 pre, 1 first half, 2 half-time, 3 second half, 9 full time). */
  period: Type.Integer({ minimum: 0, maximum: 9 }),
  /** Game seconds since kick-off. */
  clock: Type.Integer({ minimum: 0 }),
  /** 0 in play or pending, 1 completed, 2 cancelled, 5 held (SPEC match status). */
  status: Type.Integer({ minimum: 0, maximum: 5 }),
  /** The side with the ball and where it is: 0 its own box .. 4 the opponent's box. */
  ball_side: Side,
  ball_zone: Type.Integer({ minimum: 0, maximum: 4 }),
  home_red: Count,
  away_red: Count,
});
export type RadarMatch = Static<typeof RadarMatchSchema>;

/** One side's running figures; `possession` in percent (both sides sum to 100). */
export const RadarStatsSchema = Type.Object({
  possession: Type.Integer({ minimum: 0, maximum: 100 }),
  attacks: Count,
  dangerous: Count,
  shots: Count,
  on_target: Count,
  corners: Count,
  yellow: Count,
  red: Count,
  subs: Count,
});
export type RadarStats = Static<typeof RadarStatsSchema>;

export const RadarEventSchema = Type.Object({
  /** Per match, increasing from 1. */
  id: Type.Integer({ minimum: 1 }),
  kind: Type.Union([
    Type.Literal('attack'),
    Type.Literal('dangerous'),
    Type.Literal('shot'),
    Type.Literal('shotOn'),
    Type.Literal('corner'),
    Type.Literal('yellow'),
    Type.Literal('red'),
    Type.Literal('goal'),
    Type.Literal('sub'),
    Type.Literal('period'),
  ]),
  side: Type.Union([Side, Type.Literal('')]),
  /** Game minute (1-based; 46 is the second half's first). */
  minute: Type.Integer({ minimum: 0, maximum: 200 }),
  /** Game seconds since kick-off. */
  clock: Type.Integer({ minimum: 0 }),
  /** The period it happened in (rows.ts Period): a first-half minute 47 is 45+2. */
  period: Type.Integer({ minimum: 0, maximum: 9 }),
  /** The score after the event (a goal's own score included). */
  home_score: Count,
  away_score: Count,
  /** Points a goal scored (1 in soccer); a period event's new period. */
  value: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type RadarEvent = Static<typeof RadarEventSchema>;

export const RadarBodies = {
  livematchlist: LiveMatchListBody,
  radarlist: RadarListBody,
} as const satisfies Record<string, TSchema>;

export const RadarReplies = {
  livematchlist: replyWith({ matches: Type.Array(RadarMatchSchema, { maxItems: 2000 }) }),
  radarlist: replyWith({
    match: RadarMatchSchema,
    stats: Type.Object({ H: RadarStatsSchema, A: RadarStatsSchema }),
    /** Oldest first: every goal, and the latest events up to the limit. */
    events: Type.Array(RadarEventSchema, { maxItems: 200 }),
  }),
} as const satisfies Record<keyof typeof RadarBodies, TSchema>;
