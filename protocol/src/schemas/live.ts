/**
 * The live centre's base-host calls: live TV (`livetvlist`, `livetv2`), highlights
 * (`highlightleague`, `highlightlist`), the operator's logo (`getlogo`), and the replies of the
 * standings and brackets calls (their bodies are in info.ts). SPEC section 7 names them without
 * payloads; these are ours, documented in upstream-sim/README.md "Live TV, highlights, standings".
 *
 * Media URLs (`stream_url`, `clip_url`, `logo_url`) are paths on the gateway's origin
 * (`/media/<file>`), which relays them from the upstream (gateway/PROXY.md "Media").
 */
import type { Static } from 'typebox';
import Type from 'typebox';
import { replyWith, sessionBody } from './bet.ts';

const SportId = Type.Integer({ minimum: 1, maximum: 999 });
const Id = Type.Integer({ minimum: 1 });
const Text = Type.String({ maxLength: 256 });
/** A same-origin media path: `/media/` and a file name, nothing else. */
export const MediaPath = Type.String({
  pattern: '^/media/[A-Za-z0-9_-][A-Za-z0-9._-]{0,95}$',
  maxLength: 104,
});
const Score = Type.Union([Type.Tuple([Type.Integer(), Type.Integer()]), Type.Null()]);

export const LiveTvListBody = sessionBody({ sport_id: Type.Optional(SportId) });
export type LiveTvListBody = Static<typeof LiveTvListBody>;

export const LiveTv2Body = sessionBody({ match_id: Id });
export type LiveTv2Body = Static<typeof LiveTv2Body>;

export const HighlightLeagueBody = sessionBody({ sport_id: Type.Optional(SportId) });
export type HighlightLeagueBody = Static<typeof HighlightLeagueBody>;

export const HighlightListBody = sessionBody({ league_id: Id });
export type HighlightListBody = Static<typeof HighlightListBody>;

/** The white-label theme whose logo is wanted (web/src/shared/config.ts themeNames). */
export const GetLogoBody = sessionBody({ theme: Type.Optional(Type.String({ pattern: '^[a-z]{1,16}$' })) });
export type GetLogoBody = Static<typeof GetLogoBody>;

export const LiveBodies = {
  livetvlist: LiveTvListBody,
  livetv2: LiveTv2Body,
  highlightleague: HighlightLeagueBody,
  highlightlist: HighlightListBody,
  getlogo: GetLogoBody,
} as const;

/**
 * One match of livetvlist. `live` 1: playing now (score, period and clock in seconds as the odds
 * feed's LiveState); 0: next, not kicked off (score null). `kickoff` is UTC ms.
 */
export const LiveTvMatch = Type.Object({
  match_id: Id,
  sport_id: Type.Integer(),
  league_id: Type.Integer(),
  league_name: Text,
  home: Text,
  away: Text,
  kickoff: Type.Number(),
  live: Type.Union([Type.Literal(0), Type.Literal(1)]),
  score: Score,
  period: Type.Integer({ minimum: 0, maximum: 9 }),
  clock: Type.Integer({ minimum: 0 }),
});
export type LiveTvMatch = Static<typeof LiveTvMatch>;

/** livetv2: where a match's stream plays; `kind` tells the player how (a WebM file or HLS). */
export const LiveTvStream = Type.Object({
  match_id: Id,
  stream_url: MediaPath,
  kind: Type.Union([Type.Literal('webm'), Type.Literal('hls')]),
});
export type LiveTvStream = Static<typeof LiveTvStream>;

export const HighlightLeague = Type.Object({
  league_id: Id,
  league_name: Text,
  sport_id: Type.Integer(),
  /** Finished matches with a clip. */
  count: Type.Integer({ minimum: 0 }),
});
export type HighlightLeague = Static<typeof HighlightLeague>;

/** One clip of a finished match; `kickoff` UTC ms (shown in GMT+8). */
export const HighlightClip = Type.Object({
  match_id: Id,
  league_id: Type.Integer(),
  league_name: Text,
  home: Text,
  away: Text,
  kickoff: Type.Number(),
  score: Type.Tuple([Type.Integer(), Type.Integer()]),
  clip_url: MediaPath,
});
export type HighlightClip = Static<typeof HighlightClip>;

export const OperatorLogo = Type.Object({
  theme: Type.String({ maxLength: 16 }),
  logo_url: MediaPath,
  name: Text,
});
export type OperatorLogo = Static<typeof OperatorLogo>;

/** standinglist: the leagues with settled results. */
export const StandingLeague = Type.Object({ league_id: Id, league_name: Text, sport_id: Type.Integer() });
export type StandingLeague = Static<typeof StandingLeague>;

/** standingresult: one team's line, 3 points a win, 1 a draw, from the simulator's settled results. */
export const StandingRow = Type.Object({
  team: Text,
  played: Type.Integer({ minimum: 0 }),
  won: Type.Integer({ minimum: 0 }),
  drawn: Type.Integer({ minimum: 0 }),
  lost: Type.Integer({ minimum: 0 }),
  gf: Type.Integer({ minimum: 0 }),
  ga: Type.Integer({ minimum: 0 }),
  points: Type.Integer({ minimum: 0 }),
});
export type StandingRow = Static<typeof StandingRow>;

/** One tie of a bracket: the two sides (null until known) and the winner once decided. */
export const BracketTie = Type.Object({
  home: Type.Union([Text, Type.Null()]),
  away: Type.Union([Text, Type.Null()]),
  winner: Type.Union([Text, Type.Null()]),
});
export type BracketTie = Static<typeof BracketTie>;

export const BracketRound = Type.Object({
  round: Type.Union([Type.Literal('semi-final'), Type.Literal('final')]),
  ties: Type.Array(BracketTie, { maxItems: 64 }),
});
export type BracketRound = Static<typeof BracketRound>;

export const LiveReplies = {
  livetvlist: replyWith({ data: Type.Array(LiveTvMatch, { maxItems: 500 }) }),
  livetv2: replyWith({ data: LiveTvStream }),
  highlightleague: replyWith({ data: Type.Array(HighlightLeague, { maxItems: 500 }) }),
  highlightlist: replyWith({ data: Type.Array(HighlightClip, { maxItems: 500 }) }),
  getlogo: replyWith({ data: OperatorLogo }),
  standinglist: replyWith({ data: Type.Array(StandingLeague, { maxItems: 1000 }) }),
  standingresult: replyWith({ data: Type.Array(StandingRow, { maxItems: 200 }) }),
  bracketlist: replyWith({ data: Type.Array(BracketRound, { maxItems: 8 }) }),
} as const;
