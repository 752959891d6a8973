/**
 * The body and reply schemas of every call that has one, by call name (calls.ts), and the one
 * validation entry point every edge uses: `validateBody` (gateway and simulator, on requests) and
 * `validateReply` (the gateway on upstream replies, the web's api client on the gateway's). Both
 * never throw.
 *
 * To add a call's schemas, write them in the area's module (bet.ts, info.ts, ...) and give the
 * call its row in `CallSchemas` below (the compiler asks for one once the call is in calls.ts).
 */
import type { Static, TSchema } from 'typebox';
import { type CallName, callByName } from '../calls.ts';
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
 * The schemas of every call of the call table (calls.ts `Calls`), one row per call name: the
 * compiler refuses a call of the table without a row here, and a row for no call. The schemas
 * themselves are written per area (account.ts, bet.ts, info.ts, ...). They are keyed here and not
 * in calls.ts's rows because the landing page reads the table (a call's timeout) and must not load
 * TypeBox and every schema (about 50 KB gzipped) to do so. `requestSchemas`, `replySchemas`,
 * `RequestOf` and `ReplyOf` are views of this table.
 */
export const CallSchemas = {
  authlogin: { body: LoginRequest, reply: LoginReply },
  switchlogin: { body: LoginRequest, reply: LoginReply },
  userlogin: { body: LoginRequest, reply: LoginReply },
  securelogin: { body: TokenLoginRequest, reply: LoginReply },
  userbalance: { body: BalanceRequest, reply: BalanceReply },
  vuserbalance: { body: BalanceRequest, reply: BalanceReply },
  userprofile: { body: ProfileRequest, reply: LoginReply },
  changepassword: { body: ChangePasswordRequest, reply: StatusReply },
  addsecondary: { body: AddSecondaryRequest, reply: StatusReply },
  usersettings: { body: SettingsRequest, reply: SettingsReply },
  version: {},
  dailystatement: { body: InfoBodies.dailystatement, reply: InfoReplies.dailystatement },
  platformwinlose: { body: InfoBodies.platformwinlose, reply: InfoReplies.platformwinlose },
  settlementhistory: { body: InfoBodies.settlementhistory, reply: InfoReplies.settlementhistory },
  gameresulttournament: {
    body: TournamentBodies.gameresulttournament,
    reply: TournamentReplies.gameresulttournament,
  },
  gameresulttournamentrefund: {
    body: TournamentBodies.gameresulttournamentrefund,
    reply: TournamentReplies.gameresulttournamentrefund,
  },
  gameresultsportsbook: { body: InfoBodies.gameresultsportsbook },
  gameresultadjustment: { body: InfoBodies.gameresultadjustment, reply: InfoReplies.gameresultadjustment },
  gameresultesports2: { body: EsportsBodies.gameresultesports2, reply: EsportsReplies.gameresultesports2 },
  gameresultesports2detail: {
    body: EsportsBodies.gameresultesports2detail,
    reply: EsportsReplies.gameresultesports2detail,
  },
  gameresultslots: { body: GamesBodies.gameresultslots, reply: GamesReplies.gameresultslots },
  gameresultlivecasino: { body: GamesBodies.gameresultlivecasino, reply: GamesReplies.gameresultlivecasino },
  gameresultlottery: { body: LotteryBodies.gameresultlottery, reply: LotteryReplies.gameresultlottery },
  gameresultsummarysportsbook: { body: InfoBodies.gameresultsummarysportsbook },
  membervalidatetournament: {
    body: TournamentBodies.membervalidatetournament,
    reply: TournamentReplies.membervalidatetournament,
  },
  cancelledbetlist: { body: InfoBodies.cancelledbetlist },
  cancelledbetlistlottery: {
    body: LotteryBodies.cancelledbetlistlottery,
    reply: LotteryReplies.cancelledbetlistlottery,
  },
  announcelist: { body: InfoBodies.announcelist, reply: InfoReplies.announcelist },
  marqueelist: { body: InfoBodies.marqueelist, reply: InfoReplies.marqueelist },
  personallist: { body: InfoBodies.personallist, reply: InfoReplies.personallist },
  personalunread: { body: InfoBodies.personalunread, reply: InfoReplies.personalunread },
  matchresult: { body: InfoBodies.matchresult, reply: InfoReplies.matchresult },
  singlematchresult: { body: InfoBodies.singlematchresult, reply: InfoReplies.singlematchresult },
  parlaymatchresult: { body: InfoBodies.parlaymatchresult, reply: InfoReplies.parlaymatchresult },
  parlaybetdetails: { body: InfoBodies.parlaybetdetails, reply: InfoReplies.parlaybetdetails },
  betsysparlay: { body: InfoBodies.betsysparlay, reply: InfoReplies.betsysparlay },
  betsysparlaymatch: { body: InfoBodies.betsysparlaymatch, reply: InfoReplies.betsysparlaymatch },
  betsysparlaybet: { body: InfoBodies.betsysparlaybet, reply: InfoReplies.betsysparlaybet },
  eventlist: { body: InfoBodies.eventlist, reply: InfoReplies.eventlist },
  standinglist: { body: InfoBodies.standinglist, reply: LiveReplies.standinglist },
  standingresult: { body: InfoBodies.standingresult, reply: LiveReplies.standingresult },
  bracketlist: { body: InfoBodies.bracketlist, reply: LiveReplies.bracketlist },
  highlightleague: { body: LiveBodies.highlightleague, reply: LiveReplies.highlightleague },
  highlightlist: { body: LiveBodies.highlightlist, reply: LiveReplies.highlightlist },
  getlogo: { body: LiveBodies.getlogo, reply: LiveReplies.getlogo },
  livetv2: { body: LiveBodies.livetv2, reply: LiveReplies.livetv2 },
  livetvlist: { body: LiveBodies.livetvlist, reply: LiveReplies.livetvlist },
  radarlist: { body: RadarBodies.radarlist, reply: RadarReplies.radarlist },
  livematchlist: { body: RadarBodies.livematchlist, reply: RadarReplies.livematchlist },
  esports2live: { body: EsportsBodies.esports2live, reply: EsportsReplies.esports2live },
  'odds/uxmenu': { body: OddsBodies['odds/uxmenu'] },
  'odds/uxmarket': { body: OddsBodies['odds/uxmarket'] },
  'odds/uxmatch': { body: OddsBodies['odds/uxmatch'] },
  'odds/uxmatch2': { body: OddsBodies['odds/uxmatch2'] },
  'bet/betcheck': { body: BetRequestSchemas['bet/betcheck'], reply: BetReplySchemas['bet/betcheck'] },
  'bet/betcheckspecial': {
    body: BetRequestSchemas['bet/betcheckspecial'],
    reply: BetReplySchemas['bet/betcheckspecial'],
  },
  'bet/betcheckmultispecial': {
    body: BetRequestSchemas['bet/betcheckmultispecial'],
    reply: BetReplySchemas['bet/betcheckmultispecial'],
  },
  'bet/betsingle': { body: BetRequestSchemas['bet/betsingle'], reply: BetReplySchemas['bet/betsingle'] },
  'bet/betsinglespecial': {
    body: BetRequestSchemas['bet/betsinglespecial'],
    reply: BetReplySchemas['bet/betsinglespecial'],
  },
  'bet/betparlay': { body: BetRequestSchemas['bet/betparlay'], reply: BetReplySchemas['bet/betparlay'] },
  'bet/betsysparlay': {
    body: BetRequestSchemas['bet/betsysparlay'],
    reply: BetReplySchemas['bet/betsysparlay'],
  },
  'bet/vbetcheck': { body: BetRequestSchemas['bet/vbetcheck'], reply: BetReplySchemas['bet/vbetcheck'] },
  'bet/vbetsingle': { body: BetRequestSchemas['bet/vbetsingle'], reply: BetReplySchemas['bet/vbetsingle'] },
  'bet/vbetparlay': { body: BetRequestSchemas['bet/vbetparlay'], reply: BetReplySchemas['bet/vbetparlay'] },
  'bet/betmmoclick': {
    body: BetRequestSchemas['bet/betmmoclick'],
    reply: BetReplySchemas['bet/betmmoclick'],
  },
  'bet/betsinglemmo': {
    body: BetRequestSchemas['bet/betsinglemmo'],
    reply: BetReplySchemas['bet/betsinglemmo'],
  },
  'bet/betparlaymmo': {
    body: BetRequestSchemas['bet/betparlaymmo'],
    reply: BetReplySchemas['bet/betparlaymmo'],
  },
  'bet/vbetsinglemmo': {
    body: BetRequestSchemas['bet/vbetsinglemmo'],
    reply: BetReplySchemas['bet/vbetsinglemmo'],
  },
  'bet/vbetparlaymmo': {
    body: BetRequestSchemas['bet/vbetparlaymmo'],
    reply: BetReplySchemas['bet/vbetparlaymmo'],
  },
  'bet/betacceptlist': {
    body: BetRequestSchemas['bet/betacceptlist'],
    reply: BetReplySchemas['bet/betacceptlist'],
  },
  'bet/betrejectlist': {
    body: BetRequestSchemas['bet/betrejectlist'],
    reply: BetReplySchemas['bet/betrejectlist'],
  },
  'bet/pendingbetlist': {
    body: BetRequestSchemas['bet/pendingbetlist'],
    reply: BetReplySchemas['bet/pendingbetlist'],
  },
  'bet/betacceptfulllist': {
    body: BetRequestSchemas['bet/betacceptfulllist'],
    reply: BetReplySchemas['bet/betacceptfulllist'],
  },
  'bet/betrejectfulllist': {
    body: BetRequestSchemas['bet/betrejectfulllist'],
    reply: BetReplySchemas['bet/betrejectfulllist'],
  },
  'bet/cashoutcheck': {
    body: BetRequestSchemas['bet/cashoutcheck'],
    reply: BetReplySchemas['bet/cashoutcheck'],
  },
  'bet/cashout': { body: BetRequestSchemas['bet/cashout'], reply: BetReplySchemas['bet/cashout'] },
  'bet/dbetlist': { body: BetRequestSchemas['bet/dbetlist'], reply: BetReplySchemas['bet/dbetlist'] },
  'bet/dbetlistcancel': {
    body: BetRequestSchemas['bet/dbetlistcancel'],
    reply: BetReplySchemas['bet/dbetlistcancel'],
  },
  'bet/parlayacceptdetails': {
    body: BetRequestSchemas['bet/parlayacceptdetails'],
    reply: BetReplySchemas['bet/parlayacceptdetails'],
  },
  'bet/parlaypendingdetails': {
    body: BetRequestSchemas['bet/parlaypendingdetails'],
    reply: BetReplySchemas['bet/parlaypendingdetails'],
  },
  'bet/parlayrejectdetails': {
    body: BetRequestSchemas['bet/parlayrejectdetails'],
    reply: BetReplySchemas['bet/parlayrejectdetails'],
  },
  'tournament/roomlist': {
    body: TournamentBodies['tournament/roomlist'],
    reply: TournamentReplies['tournament/roomlist'],
  },
  'tournament/roomleaguelist': {
    body: TournamentBodies['tournament/roomleaguelist'],
    reply: TournamentReplies['tournament/roomleaguelist'],
  },
  'tournament/roommatchlist': {
    body: TournamentBodies['tournament/roommatchlist'],
    reply: TournamentReplies['tournament/roommatchlist'],
  },
  'tournament/matchlookup': {
    body: TournamentBodies['tournament/matchlookup'],
    reply: TournamentReplies['tournament/matchlookup'],
  },
  'tournament/roomcreate': {
    body: TournamentBodies['tournament/roomcreate'],
    reply: TournamentReplies['tournament/roomcreate'],
  },
  'tournament/roomjoin': {
    body: TournamentBodies['tournament/roomjoin'],
    reply: TournamentReplies['tournament/roomjoin'],
  },
  'tournament/roomleave': {
    body: TournamentBodies['tournament/roomleave'],
    reply: TournamentReplies['tournament/roomleave'],
  },
  'tournament/vroomcreate': {
    body: TournamentBodies['tournament/vroomcreate'],
    reply: TournamentReplies['tournament/vroomcreate'],
  },
  'tournament/vroomjoin': {
    body: TournamentBodies['tournament/vroomjoin'],
    reply: TournamentReplies['tournament/vroomjoin'],
  },
  'tournament/memberbetlist': {
    body: TournamentBodies['tournament/memberbetlist'],
    reply: TournamentReplies['tournament/memberbetlist'],
  },
  'tournament/betresultlist': {
    body: TournamentBodies['tournament/betresultlist'],
    reply: TournamentReplies['tournament/betresultlist'],
  },
  'tournament/betresultfinal': {
    body: TournamentBodies['tournament/betresultfinal'],
    reply: TournamentReplies['tournament/betresultfinal'],
  },
  'tournament/bet': { body: TournamentBodies['tournament/bet'], reply: TournamentReplies['tournament/bet'] },
  'tournament/betplus': {
    body: TournamentBodies['tournament/betplus'],
    reply: TournamentReplies['tournament/betplus'],
  },
  'tournament/roomrank': {
    body: TournamentBodies['tournament/roomrank'],
    reply: TournamentReplies['tournament/roomrank'],
  },
  'tournament/roominfo': {
    body: TournamentBodies['tournament/roominfo'],
    reply: TournamentReplies['tournament/roominfo'],
  },
  ngdrawlist: { body: NumberGameBodies.ngdrawlist, reply: NumberGameReplies.ngdrawlist },
  ngbet: { body: NumberGameBodies.ngbet, reply: NumberGameReplies.ngbet },
  ngbetlist: { body: NumberGameBodies.ngbetlist, reply: NumberGameReplies.ngbetlist },
  gameresultnumbergame: {
    body: NumberGameBodies.gameresultnumbergame,
    reply: NumberGameReplies.gameresultnumbergame,
  },
  vresult: { body: NumberGameBodies.vresult, reply: NumberGameReplies.vresult },
  'lottery/drawlist': { body: LotteryBodies['lottery/drawlist'], reply: LotteryReplies['lottery/drawlist'] },
  'lottery/betcheck': { body: LotteryBodies['lottery/betcheck'], reply: LotteryReplies['lottery/betcheck'] },
  'lottery/bet': { body: LotteryBodies['lottery/bet'], reply: LotteryReplies['lottery/bet'] },
  'lottery/betlist': { body: LotteryBodies['lottery/betlist'], reply: LotteryReplies['lottery/betlist'] },
  'lottery/result': { body: LotteryBodies['lottery/result'], reply: LotteryReplies['lottery/result'] },
  'games/:provider/LaunchGame': {
    body: GamesBodies['games/:provider/LaunchGame'],
    reply: GamesReplies['games/:provider/LaunchGame'],
  },
  'games/:provider/GameList': {
    body: GamesBodies['games/:provider/GameList'],
    reply: GamesReplies['games/:provider/GameList'],
  },
  'games/:provider/launch': {
    body: GamesBodies['games/:provider/launch'],
    reply: GamesReplies['games/:provider/launch'],
  },
  'games/:provider/play': {
    body: GamesBodies['games/:provider/play'],
    reply: GamesReplies['games/:provider/play'],
  },
} as const satisfies { readonly [N in CallName]: CallSchema };

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

function column<K extends keyof CallSchema>(key: K): Record<string, TSchema> {
  const out: Record<string, TSchema> = {};
  for (const [name, row] of Object.entries(CallSchemas) as [string, CallSchema][]) {
    const schema = row[key];
    if (schema !== undefined) out[name] = schema;
  }
  return out;
}

/** The request body schema of every call that has one, by call name (a view of CallSchemas). */
export const requestSchemas = column('body') as { readonly [N in RequestCallName]: BodySchema<N> };
/** The reply schema of every call that has one, by call name (a view of CallSchemas). */
export const replySchemas = column('reply') as { readonly [N in ReplyCallName]: ReplySchema<N> };

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
