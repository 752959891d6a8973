/**
 * The body and reply schemas of every call that has one, by call name (calls.ts), and the one
 * validation entry point every edge uses: `validateBody` (gateway and simulator, on requests) and
 * `validateReply` (the gateway on upstream replies, the web's api client on the gateway's). Both
 * never throw.
 *
 * To add a call's schemas, write them in the area's module (bet.ts, info.ts, ...) and give the
 * call its entries in `requestSchemas` and `replySchemas` below (the compiler asks for one once the
 * call is in calls.ts).
 */
import type { Static, TSchema } from 'typebox';
import { type CallName, Calls, callByName } from '../calls.ts';
import { AccountLimits } from '../constants.ts';
import { isRecord } from '../guards.ts';
import { err, ok, type Result } from '../result.ts';
import { type SchemaCheck, schemaCheck } from '../schemaCheck.ts';
import {
  AddSecondaryRequest,
  BalanceReply,
  BalanceRequest,
  ChangePasswordRequest,
  LoginReply,
  LoginRequest,
  ProfileRequest,
  SettingsReply,
  SettingsRequest,
  StatusReply,
  TokenLoginRequest,
} from './account.ts';
import { BetReplySchemas, BetRequestSchemas } from './bet.ts';
import { EsportsBodies, EsportsReplies } from './esports.ts';
import { GamesBodies, GamesReplies } from './games.ts';
import { InfoBodies, InfoReplies } from './info.ts';
import { LiveBodies, LiveReplies } from './live.ts';
import { LotteryBodies, LotteryReplies } from './lottery.ts';
import { NumberGameBodies, NumberGameReplies } from './numberGame.ts';
import { OddsBodies } from './odds.ts';
import { RadarBodies, RadarReplies } from './radar.ts';
import { TournamentBodies, TournamentReplies } from './tournament.ts';

export * from './account.ts';
export * from './bet.ts';
export * from './common.ts';
export * from './esports.ts';
export * from './feed.ts';
export * from './games.ts';
export * from './info.ts';
export * from './live.ts';
export * from './lottery.ts';
export * from './numberGame.ts';
export * from './odds.ts';
export * from './radar.ts';
export * from './tournament.ts';

/** A call's schemas: its request body's and its reply's (a call may have neither yet). */
export interface CallSchema {
  readonly body?: TSchema;
  readonly reply?: TSchema;
}

/**
 * The schemas of every call of the call table (calls.ts `Calls`), keyed by call name: its request
 * body's (`requestSchemas`) and its reply's (`replySchemas`); a call may have neither yet
 * (`SchemalessCalls`). The compiler refuses a call of the table that is in none of them, and a key
 * that names no call. The schemas themselves are written per area (account.ts, bet.ts, info.ts,
 * ...). They are keyed here and not in calls.ts's rows because the landing page reads the table (a
 * call's timeout) and must not load TypeBox and every schema (about 50 KB gzipped) to do so. The
 * two columns are separate tables so that a bundle that checks replies only (the web app) builds
 * no body schema. `CallSchemas` (one row per call), `RequestOf` and `ReplyOf` are views of them.
 */
export const requestSchemas = {
  authlogin: LoginRequest,
  switchlogin: LoginRequest,
  userlogin: LoginRequest,
  securelogin: TokenLoginRequest,
  userbalance: BalanceRequest,
  vuserbalance: BalanceRequest,
  userprofile: ProfileRequest,
  changepassword: ChangePasswordRequest,
  addsecondary: AddSecondaryRequest,
  usersettings: SettingsRequest,
  dailystatement: InfoBodies.dailystatement,
  platformwinlose: InfoBodies.platformwinlose,
  settlementhistory: InfoBodies.settlementhistory,
  gameresulttournament: TournamentBodies.gameresulttournament,
  gameresulttournamentrefund: TournamentBodies.gameresulttournamentrefund,
  gameresultsportsbook: InfoBodies.gameresultsportsbook,
  gameresultadjustment: InfoBodies.gameresultadjustment,
  gameresultesports2: EsportsBodies.gameresultesports2,
  gameresultesports2detail: EsportsBodies.gameresultesports2detail,
  gameresultslots: GamesBodies.gameresultslots,
  gameresultlivecasino: GamesBodies.gameresultlivecasino,
  gameresultlottery: LotteryBodies.gameresultlottery,
  gameresultsummarysportsbook: InfoBodies.gameresultsummarysportsbook,
  membervalidatetournament: TournamentBodies.membervalidatetournament,
  cancelledbetlist: InfoBodies.cancelledbetlist,
  cancelledbetlistlottery: LotteryBodies.cancelledbetlistlottery,
  announcelist: InfoBodies.announcelist,
  marqueelist: InfoBodies.marqueelist,
  personallist: InfoBodies.personallist,
  personalunread: InfoBodies.personalunread,
  matchresult: InfoBodies.matchresult,
  singlematchresult: InfoBodies.singlematchresult,
  parlaymatchresult: InfoBodies.parlaymatchresult,
  parlaybetdetails: InfoBodies.parlaybetdetails,
  betsysparlay: InfoBodies.betsysparlay,
  betsysparlaymatch: InfoBodies.betsysparlaymatch,
  betsysparlaybet: InfoBodies.betsysparlaybet,
  eventlist: InfoBodies.eventlist,
  standinglist: InfoBodies.standinglist,
  standingresult: InfoBodies.standingresult,
  bracketlist: InfoBodies.bracketlist,
  highlightleague: LiveBodies.highlightleague,
  highlightlist: LiveBodies.highlightlist,
  getlogo: LiveBodies.getlogo,
  livetv2: LiveBodies.livetv2,
  livetvlist: LiveBodies.livetvlist,
  radarlist: RadarBodies.radarlist,
  livematchlist: RadarBodies.livematchlist,
  esports2live: EsportsBodies.esports2live,
  'odds/uxmenu': OddsBodies['odds/uxmenu'],
  'odds/uxmarket': OddsBodies['odds/uxmarket'],
  'odds/uxmatch': OddsBodies['odds/uxmatch'],
  'odds/uxmatch2': OddsBodies['odds/uxmatch2'],
  'bet/betcheck': BetRequestSchemas['bet/betcheck'],
  'bet/betcheckspecial': BetRequestSchemas['bet/betcheckspecial'],
  'bet/betcheckmultispecial': BetRequestSchemas['bet/betcheckmultispecial'],
  'bet/betsingle': BetRequestSchemas['bet/betsingle'],
  'bet/betsinglespecial': BetRequestSchemas['bet/betsinglespecial'],
  'bet/betparlay': BetRequestSchemas['bet/betparlay'],
  'bet/betsysparlay': BetRequestSchemas['bet/betsysparlay'],
  'bet/vbetcheck': BetRequestSchemas['bet/vbetcheck'],
  'bet/vbetsingle': BetRequestSchemas['bet/vbetsingle'],
  'bet/vbetparlay': BetRequestSchemas['bet/vbetparlay'],
  'bet/betmmoclick': BetRequestSchemas['bet/betmmoclick'],
  'bet/betsinglemmo': BetRequestSchemas['bet/betsinglemmo'],
  'bet/betparlaymmo': BetRequestSchemas['bet/betparlaymmo'],
  'bet/vbetsinglemmo': BetRequestSchemas['bet/vbetsinglemmo'],
  'bet/vbetparlaymmo': BetRequestSchemas['bet/vbetparlaymmo'],
  'bet/betacceptlist': BetRequestSchemas['bet/betacceptlist'],
  'bet/betrejectlist': BetRequestSchemas['bet/betrejectlist'],
  'bet/pendingbetlist': BetRequestSchemas['bet/pendingbetlist'],
  'bet/betacceptfulllist': BetRequestSchemas['bet/betacceptfulllist'],
  'bet/betrejectfulllist': BetRequestSchemas['bet/betrejectfulllist'],
  'bet/cashoutcheck': BetRequestSchemas['bet/cashoutcheck'],
  'bet/cashout': BetRequestSchemas['bet/cashout'],
  'bet/dbetlist': BetRequestSchemas['bet/dbetlist'],
  'bet/dbetlistcancel': BetRequestSchemas['bet/dbetlistcancel'],
  'bet/parlayacceptdetails': BetRequestSchemas['bet/parlayacceptdetails'],
  'bet/parlaypendingdetails': BetRequestSchemas['bet/parlaypendingdetails'],
  'bet/parlayrejectdetails': BetRequestSchemas['bet/parlayrejectdetails'],
  'tournament/roomlist': TournamentBodies['tournament/roomlist'],
  'tournament/roomleaguelist': TournamentBodies['tournament/roomleaguelist'],
  'tournament/roommatchlist': TournamentBodies['tournament/roommatchlist'],
  'tournament/matchlookup': TournamentBodies['tournament/matchlookup'],
  'tournament/roomcreate': TournamentBodies['tournament/roomcreate'],
  'tournament/roomjoin': TournamentBodies['tournament/roomjoin'],
  'tournament/roomleave': TournamentBodies['tournament/roomleave'],
  'tournament/vroomcreate': TournamentBodies['tournament/vroomcreate'],
  'tournament/vroomjoin': TournamentBodies['tournament/vroomjoin'],
  'tournament/memberbetlist': TournamentBodies['tournament/memberbetlist'],
  'tournament/betresultlist': TournamentBodies['tournament/betresultlist'],
  'tournament/betresultfinal': TournamentBodies['tournament/betresultfinal'],
  'tournament/bet': TournamentBodies['tournament/bet'],
  'tournament/betplus': TournamentBodies['tournament/betplus'],
  'tournament/roomrank': TournamentBodies['tournament/roomrank'],
  'tournament/roominfo': TournamentBodies['tournament/roominfo'],
  ngdrawlist: NumberGameBodies.ngdrawlist,
  ngbet: NumberGameBodies.ngbet,
  ngbetlist: NumberGameBodies.ngbetlist,
  gameresultnumbergame: NumberGameBodies.gameresultnumbergame,
  vresult: NumberGameBodies.vresult,
  'lottery/drawlist': LotteryBodies['lottery/drawlist'],
  'lottery/betcheck': LotteryBodies['lottery/betcheck'],
  'lottery/bet': LotteryBodies['lottery/bet'],
  'lottery/betlist': LotteryBodies['lottery/betlist'],
  'lottery/result': LotteryBodies['lottery/result'],
  'games/:provider/LaunchGame': GamesBodies['games/:provider/LaunchGame'],
  'games/:provider/GameList': GamesBodies['games/:provider/GameList'],
  'games/:provider/launch': GamesBodies['games/:provider/launch'],
  'games/:provider/play': GamesBodies['games/:provider/play'],
} as const satisfies { readonly [N in CallName]?: TSchema };

/** The reply schema of every call that has one, by call name (see requestSchemas). */
export const replySchemas = {
  authlogin: LoginReply,
  switchlogin: LoginReply,
  userlogin: LoginReply,
  securelogin: LoginReply,
  userbalance: BalanceReply,
  vuserbalance: BalanceReply,
  userprofile: LoginReply,
  changepassword: StatusReply,
  addsecondary: StatusReply,
  usersettings: SettingsReply,
  dailystatement: InfoReplies.dailystatement,
  platformwinlose: InfoReplies.platformwinlose,
  settlementhistory: InfoReplies.settlementhistory,
  gameresulttournament: TournamentReplies.gameresulttournament,
  gameresulttournamentrefund: TournamentReplies.gameresulttournamentrefund,
  gameresultadjustment: InfoReplies.gameresultadjustment,
  gameresultesports2: EsportsReplies.gameresultesports2,
  gameresultesports2detail: EsportsReplies.gameresultesports2detail,
  gameresultslots: GamesReplies.gameresultslots,
  gameresultlivecasino: GamesReplies.gameresultlivecasino,
  gameresultlottery: LotteryReplies.gameresultlottery,
  membervalidatetournament: TournamentReplies.membervalidatetournament,
  cancelledbetlistlottery: LotteryReplies.cancelledbetlistlottery,
  announcelist: InfoReplies.announcelist,
  marqueelist: InfoReplies.marqueelist,
  personallist: InfoReplies.personallist,
  personalunread: InfoReplies.personalunread,
  matchresult: InfoReplies.matchresult,
  singlematchresult: InfoReplies.singlematchresult,
  parlaymatchresult: InfoReplies.parlaymatchresult,
  parlaybetdetails: InfoReplies.parlaybetdetails,
  betsysparlay: InfoReplies.betsysparlay,
  betsysparlaymatch: InfoReplies.betsysparlaymatch,
  betsysparlaybet: InfoReplies.betsysparlaybet,
  eventlist: InfoReplies.eventlist,
  standinglist: LiveReplies.standinglist,
  standingresult: LiveReplies.standingresult,
  bracketlist: LiveReplies.bracketlist,
  highlightleague: LiveReplies.highlightleague,
  highlightlist: LiveReplies.highlightlist,
  getlogo: LiveReplies.getlogo,
  livetv2: LiveReplies.livetv2,
  livetvlist: LiveReplies.livetvlist,
  radarlist: RadarReplies.radarlist,
  livematchlist: RadarReplies.livematchlist,
  esports2live: EsportsReplies.esports2live,
  'bet/betcheck': BetReplySchemas['bet/betcheck'],
  'bet/betcheckspecial': BetReplySchemas['bet/betcheckspecial'],
  'bet/betcheckmultispecial': BetReplySchemas['bet/betcheckmultispecial'],
  'bet/betsingle': BetReplySchemas['bet/betsingle'],
  'bet/betsinglespecial': BetReplySchemas['bet/betsinglespecial'],
  'bet/betparlay': BetReplySchemas['bet/betparlay'],
  'bet/betsysparlay': BetReplySchemas['bet/betsysparlay'],
  'bet/vbetcheck': BetReplySchemas['bet/vbetcheck'],
  'bet/vbetsingle': BetReplySchemas['bet/vbetsingle'],
  'bet/vbetparlay': BetReplySchemas['bet/vbetparlay'],
  'bet/betmmoclick': BetReplySchemas['bet/betmmoclick'],
  'bet/betsinglemmo': BetReplySchemas['bet/betsinglemmo'],
  'bet/betparlaymmo': BetReplySchemas['bet/betparlaymmo'],
  'bet/vbetsinglemmo': BetReplySchemas['bet/vbetsinglemmo'],
  'bet/vbetparlaymmo': BetReplySchemas['bet/vbetparlaymmo'],
  'bet/betacceptlist': BetReplySchemas['bet/betacceptlist'],
  'bet/betrejectlist': BetReplySchemas['bet/betrejectlist'],
  'bet/pendingbetlist': BetReplySchemas['bet/pendingbetlist'],
  'bet/betacceptfulllist': BetReplySchemas['bet/betacceptfulllist'],
  'bet/betrejectfulllist': BetReplySchemas['bet/betrejectfulllist'],
  'bet/cashoutcheck': BetReplySchemas['bet/cashoutcheck'],
  'bet/cashout': BetReplySchemas['bet/cashout'],
  'bet/dbetlist': BetReplySchemas['bet/dbetlist'],
  'bet/dbetlistcancel': BetReplySchemas['bet/dbetlistcancel'],
  'bet/parlayacceptdetails': BetReplySchemas['bet/parlayacceptdetails'],
  'bet/parlaypendingdetails': BetReplySchemas['bet/parlaypendingdetails'],
  'bet/parlayrejectdetails': BetReplySchemas['bet/parlayrejectdetails'],
  'tournament/roomlist': TournamentReplies['tournament/roomlist'],
  'tournament/roomleaguelist': TournamentReplies['tournament/roomleaguelist'],
  'tournament/roommatchlist': TournamentReplies['tournament/roommatchlist'],
  'tournament/matchlookup': TournamentReplies['tournament/matchlookup'],
  'tournament/roomcreate': TournamentReplies['tournament/roomcreate'],
  'tournament/roomjoin': TournamentReplies['tournament/roomjoin'],
  'tournament/roomleave': TournamentReplies['tournament/roomleave'],
  'tournament/vroomcreate': TournamentReplies['tournament/vroomcreate'],
  'tournament/vroomjoin': TournamentReplies['tournament/vroomjoin'],
  'tournament/memberbetlist': TournamentReplies['tournament/memberbetlist'],
  'tournament/betresultlist': TournamentReplies['tournament/betresultlist'],
  'tournament/betresultfinal': TournamentReplies['tournament/betresultfinal'],
  'tournament/bet': TournamentReplies['tournament/bet'],
  'tournament/betplus': TournamentReplies['tournament/betplus'],
  'tournament/roomrank': TournamentReplies['tournament/roomrank'],
  'tournament/roominfo': TournamentReplies['tournament/roominfo'],
  ngdrawlist: NumberGameReplies.ngdrawlist,
  ngbet: NumberGameReplies.ngbet,
  ngbetlist: NumberGameReplies.ngbetlist,
  gameresultnumbergame: NumberGameReplies.gameresultnumbergame,
  vresult: NumberGameReplies.vresult,
  'lottery/drawlist': LotteryReplies['lottery/drawlist'],
  'lottery/betcheck': LotteryReplies['lottery/betcheck'],
  'lottery/bet': LotteryReplies['lottery/bet'],
  'lottery/betlist': LotteryReplies['lottery/betlist'],
  'lottery/result': LotteryReplies['lottery/result'],
  'games/:provider/LaunchGame': GamesReplies['games/:provider/LaunchGame'],
  'games/:provider/GameList': GamesReplies['games/:provider/GameList'],
  'games/:provider/launch': GamesReplies['games/:provider/launch'],
  'games/:provider/play': GamesReplies['games/:provider/play'],
} as const satisfies { readonly [N in CallName]?: TSchema };

/** The calls without a body or a reply schema (a body is then any plain JSON object). */
export const SchemalessCalls = ['version'] as const satisfies readonly CallName[];

type Bodies = typeof requestSchemas;
type Replies = typeof replySchemas;
/** Every call of the table has a body schema, a reply schema or is named schemaless: else this fails. */
type Unlisted = Exclude<CallName, keyof Bodies | keyof Replies | (typeof SchemalessCalls)[number]>;
const everyCallListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyCallListed;

/** One call's schemas. */
type CallRow<N extends CallName> = (N extends keyof Bodies ? { readonly body: Bodies[N] } : unknown) &
  (N extends keyof Replies ? { readonly reply: Replies[N] } : unknown);

/** The schemas of every call, one row per call name in the call table's order. */
export const CallSchemas = /* @__PURE__ */ (() => {
  const rows: Record<string, CallSchema> = {};
  for (const { name } of Calls) {
    const row: { body?: TSchema; reply?: TSchema } = {};
    if (Object.hasOwn(requestSchemas, name)) row.body = (requestSchemas as Record<string, TSchema>)[name];
    if (Object.hasOwn(replySchemas, name)) row.reply = (replySchemas as Record<string, TSchema>)[name];
    rows[name] = row;
  }
  return rows as { readonly [N in CallName]: CallRow<N> };
})();

type Schemas = typeof CallSchemas;
/** The calls that have a request body schema (every call but `version`). */
export type RequestCallName = {
  [N in CallName]: Schemas[N] extends { readonly body: TSchema } ? N : never;
}[CallName];
/** The calls that have a reply schema. */
export type ReplyCallName = {
  [N in CallName]: Schemas[N] extends { readonly reply: TSchema } ? N : never;
}[CallName];
type BodySchema<N extends CallName> = Schemas[N] extends { readonly body: infer B extends TSchema }
  ? B
  : never;
type ReplySchema<N extends CallName> = Schemas[N] extends { readonly reply: infer R extends TSchema }
  ? R
  : never;

/** A call's request body; a call without a body schema takes any plain JSON object. */
export type RequestOf<N extends CallName> = N extends RequestCallName
  ? Static<BodySchema<N>>
  : Record<string, unknown>;
export type ReplyOf<N extends ReplyCallName> = Static<ReplySchema<N>>;
/** The reply of a call when its status is 1 or "1" (the success branch of a bet.ts `replyWith` union). */
export type OkReplyOf<N extends ReplyCallName> = [Extract<ReplyOf<N>, { status: 1 | '1' }>] extends [never]
  ? ReplyOf<N>
  : Extract<ReplyOf<N>, { status: 1 | '1' }>;

/** Why a body or reply failed validation: the catalogue code, the first bad field, a message. */
export interface BodyError {
  readonly code: 'badRequest' | 'unknownCall' | LoginFieldCode;
  readonly field: string;
  readonly message: string;
}

/** The result of validateBody/validateReply: the typed value, or the first problem found. */
export type ValidateResult<T> = Result<T, BodyError>;

const invalid = (code: BodyError['code'], field: string, message: string) => err({ code, field, message });

/** Bounds checked before any schema: JSON bodies are parsed with a size limit, but objects built in
 * process are not, and a compiled check must never meet a cycle or a million keys. */
export const BodyLimits = { maxDepth: 16, maxNodes: 20_000, maxStringLength: 100_000 } as const;

/** One checker per schema, made when a body or reply of it is first checked (schemaCheck.ts). */
const checkers = new Map<TSchema, SchemaCheck<TSchema>>();

function validatorFor(schema: TSchema): SchemaCheck<TSchema> {
  let validator = checkers.get(schema);
  if (!validator) {
    validator = schemaCheck(schema);
    checkers.set(schema, validator);
  }
  return validator;
}

/** Null when `value` is a plain JSON-like tree within BodyLimits, else the reason. */
function boundsProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (++nodes > BodyLimits.maxNodes) return 'body too large';
    if (depth > BodyLimits.maxDepth) return 'body nested too deeply';
    if (typeof node === 'string') {
      if (node.length > BodyLimits.maxStringLength) return 'string too long';
    } else if (Array.isArray(node)) {
      if (node.length > BodyLimits.maxNodes) return 'body too large';
      for (const item of node) stack.push([item, depth + 1]);
    } else if (node !== null && typeof node === 'object') {
      const proto = Object.getPrototypeOf(node);
      if (proto !== Object.prototype && proto !== null) return 'not a plain object';
      const keys = Object.keys(node);
      if (keys.length > BodyLimits.maxNodes) return 'body too large';
      for (const key of keys) stack.push([(node as Record<string, unknown>)[key], depth + 1]);
    } else if (node !== undefined && node !== null && typeof node !== 'number' && typeof node !== 'boolean') {
      return 'not JSON data';
    }
  }
  return null;
}

/** The dotted field a schema error is about ('' for the body itself). */
export function fieldOf(error: { instancePath: string; params: unknown }): string {
  const params = error.params as Record<string, unknown> | undefined;
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const named = params?.requiredProperties ?? params?.additionalProperties;
  if (Array.isArray(named) && typeof named[0] === 'string')
    return path === '' ? named[0] : `${path}.${named[0]}`;
  return path;
}

function check<T>(
  schema: TSchema | undefined,
  body: unknown,
  required?: readonly (readonly [string, RequiredCode])[],
): ValidateResult<T> {
  try {
    if (!isRecord(body)) return invalid('badRequest', '', 'body must be an object');
    const problem = boundsProblem(body);
    if (problem !== null) return invalid('badRequest', '', problem);
    const missing = required ? missingRequired(required, body) : null;
    if (missing !== null) return missing;
    if (schema === undefined) return ok(body as T);
    const validator = validatorFor(schema);
    if (validator.Check(body)) return ok(body as T);
    const first = validator.Errors(body)[0];
    if (!first) return invalid('badRequest', '', 'invalid body');
    const field = fieldOf(first);
    return invalid('badRequest', field, field === '' ? first.message : `${field}: ${first.message}`);
  } catch {
    return invalid('badRequest', '', 'unreadable body');
  }
}

/**
 * Validates a request body for a call (names as in calls.ts). A known call without a schema yet
 * accepts any plain JSON object within BodyLimits; an unknown name is `unknownCall`.
 */
export function validateBody<N extends RequestCallName>(
  callName: N,
  body: unknown,
): ValidateResult<RequestOf<N>>;
export function validateBody(callName: string, body: unknown): ValidateResult<Record<string, unknown>>;
export function validateBody(callName: string, body: unknown): ValidateResult<unknown> {
  return validateAgainst(requestSchemas, callName, body, RequiredCodes);
}

/** Codes a required field answers when it is absent or blank, instead of badRequest. */
type RequiredCode = 'usernameRequired' | 'passwordRequired';
/** What a login field answers instead of badRequest: required, or a login id too long. */
type LoginFieldCode = RequiredCode | 'loginIdTooLong';
const LoginRequired = [
  ['account_id', 'usernameRequired'],
  ['password', 'passwordRequired'],
] as const satisfies readonly (readonly [string, RequiredCode])[];

/**
 * SPEC section 5: "account id and password each required (usernameRequired, passwordRequired)".
 * Every server answers these for an absent, null or blank field, so a client that skips the
 * form's own check still gets the spec's codes (first missing field wins, in this order).
 */
export const RequiredCodes: Readonly<Record<string, readonly (readonly [string, RequiredCode])[]>> = {
  authlogin: LoginRequired,
  switchlogin: LoginRequired,
  userlogin: LoginRequired,
};

function missingRequired(
  required: readonly (readonly [string, RequiredCode])[],
  body: Record<string, unknown>,
): ValidateResult<never> | null {
  for (const [field, code] of required) {
    const value = body[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      return invalid(code, field, `${field} is required`);
    // A login id too long says so, not the generic badRequest of the schema.
    if (
      code === 'usernameRequired' &&
      typeof value === 'string' &&
      [...value].length > AccountLimits.maxLoginIdLength
    )
      return invalid('loginIdTooLong', field, `${field} is too long`);
  }
  return null;
}

/** Validates a reply of a call; the same contract as validateBody. */
export function validateReply<N extends ReplyCallName>(
  callName: N,
  body: unknown,
): ValidateResult<ReplyOf<N>>;
export function validateReply(callName: string, body: unknown): ValidateResult<Record<string, unknown>>;
export function validateReply(callName: string, body: unknown): ValidateResult<unknown> {
  return validateAgainst(replySchemas, callName, body);
}

/** How a call's reply is checked (schemaCheck.ts): 'unused' until its first reply; undefined without a schema. */
export function replyCheckKind(callName: ReplyCallName): SchemaCheck<TSchema>['kind'] | undefined {
  const schema: TSchema | undefined = replySchemas[callName];
  return schema === undefined ? undefined : (checkers.get(schema)?.kind ?? 'unused');
}

function validateAgainst(
  table: Record<string, TSchema>,
  callName: string,
  body: unknown,
  requiredCodes: typeof RequiredCodes = {},
): ValidateResult<unknown> {
  if (typeof callName !== 'string' || callByName(callName) === undefined) {
    return invalid('unknownCall', '', 'unknown call');
  }
  return check(
    Object.hasOwn(table, callName) ? table[callName] : undefined,
    body,
    Object.hasOwn(requiredCodes, callName) ? requiredCodes[callName] : undefined,
  );
}
