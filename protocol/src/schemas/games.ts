/**
 * Game provider calls: `POST /games/<provider>/<call>` (GameList, LaunchGame, launch,
 * play) and the base host's `gameresultslots` and `gameresultlivecasino`. GameList and LaunchGame
 * keep the field names of the issue; launch and play are the game page's own calls (their amounts
 * are integer minor units, the page's currency digits given at launch). The statement calls answer
 * major units like every other statement call. Documented in upstream-sim/README.md "Games".
 */
import type { Static, TLiteral, TSchema } from 'typebox';
import Type from 'typebox';
import { GameCategories, GameIdPattern, GameTags } from '../games/providers.ts';
import { GameKinds } from '../games/rounds.ts';
import { OptionalPaging, replyWith, sessionBody } from './bet.ts';
import { Closed, DateRangeFields } from './common.ts';

/**
 * A union schema of a list's literals, typed as their union: `Type.Union(list.map(Type.Literal))`
 * alone types it `never`, which checked nothing in the static reply types.
 */
function literalUnion<const T extends string>(values: readonly T[]) {
  return Type.Union(values.map((v) => Type.Literal(v)) as [TLiteral<T>]);
}

export const GameCategorySchema = literalUnion(GameCategories);
export const GameTagSchema = literalUnion(GameTags);
export const GameId = Type.String({ pattern: GameIdPattern });
/** One-use launch tokens and game sessions: URL-safe random tokens. */
export const GameToken = Type.String({ pattern: '^[A-Za-z0-9_-]{16,128}$' });
/** A round id chosen by the page; the round is played once per id (a retry gets the same round). */
export const RoundId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });
/** Whole minor units. */
const Minor = Type.Integer({ minimum: 0, maximum: 1e15 });

export const GameListBody = sessionBody({ category: Type.Optional(GameCategorySchema) });
export type GameListBody = Static<typeof GameListBody>;
/** `lang`: one of protocol's Languages; anything else falls back to English on the page. */
export const LaunchGameBody = sessionBody({
  game_id: GameId,
  lang: Type.String({ minLength: 1, maxLength: 16 }),
});
export type LaunchGameBody = Static<typeof LaunchGameBody>;
export const GameLaunchBody = Type.Object({ token: GameToken }, Closed);
export type GameLaunchBody = Static<typeof GameLaunchBody>;
export const GameBetSchema = Type.Object(
  { spot: Type.String({ pattern: '^[a-z0-9-]{1,24}$' }), stake: Type.Integer({ minimum: 1, maximum: 1e12 }) },
  Closed,
);
export const GamePlayBody = Type.Object(
  {
    game_session: GameToken,
    round_id: RoundId,
    bets: Type.Array(GameBetSchema, { minItems: 1, maxItems: 12 }),
  },
  Closed,
);
export type GamePlayBody = Static<typeof GamePlayBody>;
export const GameResultBody = sessionBody({ ...DateRangeFields, ...OptionalPaging });
export type GameResultBody = Static<typeof GameResultBody>;

// ---- replies -----------------------------------------------------------------------------------

export const GameInfo = Type.Object({
  game_id: GameId,
  name: Type.String({ maxLength: 64 }),
  category: GameCategorySchema,
  provider: Type.String({ maxLength: 32 }),
  /** Same-origin path of the SVG thumbnail (`/api/games/<provider>/thumb/<game_id>.svg`). */
  thumbnail: Type.String({ maxLength: 256 }),
  tags: Type.Array(GameTagSchema, { maxItems: 3 }),
});
export type GameInfo = Static<typeof GameInfo>;

const CardSchema = Type.Object({
  rank: Type.Integer({ minimum: 1, maximum: 13 }),
  suit: Type.Integer({ minimum: 0, maximum: 3 }),
});
const Cards = Type.Array(CardSchema, { maxItems: 3 });
const SymbolName = Type.String({ maxLength: 16 });

export const RoundOutcomeSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('slot'),
    grid: Type.Array(Type.Array(SymbolName, { maxItems: 3 }), { maxItems: 3 }),
    lines: Type.Array(
      Type.Object({ line: Type.Integer(), symbol: SymbolName, count: Type.Integer(), win: Minor }),
      { maxItems: 5 },
    ),
  }),
  Type.Object({
    kind: Type.Literal('baccarat'),
    player: Cards,
    banker: Cards,
    player_total: Type.Integer(),
    banker_total: Type.Integer(),
    winner: Type.Union([Type.Literal('player'), Type.Literal('banker'), Type.Literal('tie')]),
  }),
  Type.Object({ kind: Type.Literal('roulette'), number: Type.Integer({ minimum: 0, maximum: 36 }) }),
  Type.Object({ kind: Type.Literal('hilo'), base: CardSchema, next: CardSchema }),
  Type.Object({
    kind: Type.Literal('dice'),
    dice: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), { minItems: 3, maxItems: 3 }),
  }),
  Type.Object({
    kind: Type.Literal('fishing'),
    target: SymbolName,
    caught: Type.Boolean(),
    multiple: Type.Integer(),
  }),
]);

/** A played round as the page sees it (minor units). */
export const GameRoundSchema = Type.Object({
  round_id: RoundId,
  game_id: GameId,
  bets: Type.Array(Type.Object({ spot: Type.String({ maxLength: 24 }), stake: Minor, returned: Minor }), {
    maxItems: 12,
  }),
  stake: Minor,
  win: Minor,
  outcome: RoundOutcomeSchema,
  /** Sim time, UTC ms. */
  time: Type.Number(),
});
export type GameRoundView = Static<typeof GameRoundSchema>;

/** What the page plays: its game, rules and the player's wallet (minor units). */
export const GameSessionSchema = Type.Object({
  game_session: GameToken,
  game: Type.Object({
    game_id: GameId,
    name: Type.String({ maxLength: 64 }),
    category: GameCategorySchema,
    provider: Type.String({ maxLength: 32 }),
    kind: literalUnion(GameKinds),
    /** Slots: the pay table (line bet multiples) and the configured RTP. */
    pays: Type.Optional(Type.Record(Type.String({ maxLength: 16 }), Type.Number())),
    rtp_bp: Type.Integer({ minimum: 0, maximum: 10_000 }),
  }),
  lang: Type.String({ maxLength: 16 }),
  currency: Type.String({ minLength: 3, maxLength: 8 }),
  currency_digits: Type.Integer({ minimum: 0, maximum: 4 }),
  balance: Minor,
  /** The chip / bet sizes the page offers, minor units, ascending. */
  bet_sizes: Type.Array(Minor, { maxItems: 16 }),
  min_stake: Minor,
  max_stake: Minor,
  /** Hi-lo: the card showing. */
  base: Type.Optional(CardSchema),
});
export type GameSessionView = Static<typeof GameSessionSchema>;

/** A round of the statement (gameresultslots, gameresultlivecasino): major units. */
export const GameResultRow = Type.Object({
  round_id: RoundId,
  game_id: GameId,
  game_name: Type.String({ maxLength: 64 }),
  provider: Type.String({ maxLength: 32 }),
  category: GameCategorySchema,
  currency: Type.String({ minLength: 3, maxLength: 8 }),
  stake: Type.Number(),
  win: Type.Number(),
  /** win - stake. */
  winlose: Type.Number(),
  time: Type.Number(),
  /** A short text of the outcome (`banker 7 : 4`, `17 red`, `3 lines`). */
  result: Type.String({ maxLength: 128 }),
});
export type GameResultRow = Static<typeof GameResultRow>;

const GameResultPage = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(GameResultRow, { maxItems: 100 }),
  /** Sums over every round in the range (not only this page), major units. */
  stake: Type.Number(),
  win: Type.Number(),
});

export const GamesBodies = {
  'games/:provider/GameList': GameListBody,
  'games/:provider/LaunchGame': LaunchGameBody,
  'games/:provider/launch': GameLaunchBody,
  'games/:provider/play': GamePlayBody,
  gameresultslots: GameResultBody,
  gameresultlivecasino: GameResultBody,
} as const satisfies Record<string, TSchema>;

export const GamesReplies = {
  'games/:provider/GameList': replyWith({ games: Type.Array(GameInfo, { maxItems: 500 }) }),
  'games/:provider/LaunchGame': replyWith({ url: Type.String({ maxLength: 512 }) }),
  'games/:provider/launch': replyWith({ session: GameSessionSchema }),
  'games/:provider/play': replyWith({ round: GameRoundSchema, balance: Minor }),
  gameresultslots: replyWith({ data: GameResultPage }),
  gameresultlivecasino: replyWith({ data: GameResultPage }),
} as const satisfies Record<keyof typeof GamesBodies, TSchema>;
