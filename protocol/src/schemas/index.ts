/**
 * The body and reply schemas of every call that has one, by call name (calls.ts), and the one
 * validation entry point every edge uses: `validateBody` (gateway and simulator, on requests) and
 * `validateReply` (the gateway on upstream replies, the web's api client on the gateway's). Both
 * never throw.
 *
 * To add a call's schemas, spread a map keyed by full call name (`bet/betsingle`) into
 * `requestSchemas` / `replySchemas` below, as bet.ts (BetRequestSchemas, BetReplySchemas), info.ts
 * (InfoBodies, InfoReplies) and odds.ts (OddsBodies) do.
 */
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { callByName } from '../calls.ts';
import { AccountLimits } from '../constants.ts';
import { isRecord } from '../guards.ts';
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

export const requestSchemas = {
  authlogin: LoginRequest,
  switchlogin: LoginRequest,
  userlogin: LoginRequest,
  securelogin: TokenLoginRequest,
  userprofile: ProfileRequest,
  userbalance: BalanceRequest,
  vuserbalance: BalanceRequest,
  usersettings: SettingsRequest,
  changepassword: ChangePasswordRequest,
  addsecondary: AddSecondaryRequest,
  ...InfoBodies,
  ...LiveBodies,
  ...BetRequestSchemas,
  ...OddsBodies,
  ...RadarBodies,
  ...LotteryBodies,
  ...NumberGameBodies,
  ...EsportsBodies,
  ...TournamentBodies,
  ...GamesBodies,
} as const satisfies Record<string, TSchema>;

export const replySchemas = {
  authlogin: LoginReply,
  switchlogin: LoginReply,
  userlogin: LoginReply,
  securelogin: LoginReply,
  userprofile: LoginReply,
  userbalance: BalanceReply,
  vuserbalance: BalanceReply,
  usersettings: SettingsReply,
  changepassword: StatusReply,
  addsecondary: StatusReply,
  ...InfoReplies,
  ...LiveReplies,
  ...BetReplySchemas,
  ...LotteryReplies,
  ...NumberGameReplies,
  ...EsportsReplies,
  ...TournamentReplies,
  ...RadarReplies,
  ...GamesReplies,
} as const satisfies Record<string, TSchema>;

export type RequestCallName = keyof typeof requestSchemas;
/** Every call a client makes: the calls with a request schema. */
export type CallName = RequestCallName;
export type ReplyCallName = keyof typeof replySchemas;
export type RequestOf<N extends RequestCallName> = Static<(typeof requestSchemas)[N]>;
export type ReplyOf<N extends ReplyCallName> = Static<(typeof replySchemas)[N]>;
/** The reply of a call when its status is 1 or "1" (the success branch of a bet.ts `replyWith` union). */
export type OkReplyOf<N extends ReplyCallName> = [Extract<ReplyOf<N>, { status: 1 | '1' }>] extends [never]
  ? ReplyOf<N>
  : Extract<ReplyOf<N>, { status: 1 | '1' }>;

export type ValidateResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly code: 'badRequest' | 'unknownCall' | LoginFieldCode;
      readonly field: string;
      readonly message: string;
    };

/** Bounds checked before any schema: JSON bodies are parsed with a size limit, but objects built in
 * process are not, and a compiled check must never meet a cycle or a million keys. */
export const BodyLimits = { maxDepth: 16, maxNodes: 20_000, maxStringLength: 100_000 } as const;

type Validator = ReturnType<typeof Compile>;
const compiled = new Map<TSchema, Validator>();

function validatorFor(schema: TSchema): Validator {
  let validator = compiled.get(schema);
  if (!validator) {
    validator = Compile(schema);
    compiled.set(schema, validator);
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

function fieldOf(error: { instancePath: string; params: unknown }): string {
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
    if (!isRecord(body))
      return { ok: false, code: 'badRequest', field: '', message: 'body must be an object' };
    const problem = boundsProblem(body);
    if (problem !== null) return { ok: false, code: 'badRequest', field: '', message: problem };
    const missing = required ? missingRequired(required, body) : null;
    if (missing !== null) return missing;
    if (schema === undefined) return { ok: true, value: body as T };
    const validator = validatorFor(schema);
    if (validator.Check(body)) return { ok: true, value: body as T };
    const first = validator.Errors(body)[0];
    if (!first) return { ok: false, code: 'badRequest', field: '', message: 'invalid body' };
    const field = fieldOf(first);
    return {
      ok: false,
      code: 'badRequest',
      field,
      message: field === '' ? first.message : `${field}: ${first.message}`,
    };
  } catch {
    return { ok: false, code: 'badRequest', field: '', message: 'unreadable body' };
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
      return { ok: false, code, field, message: `${field} is required` };
    // A login id too long says so (issue 33), not the generic badRequest of the schema.
    if (
      code === 'usernameRequired' &&
      typeof value === 'string' &&
      [...value].length > AccountLimits.maxLoginIdLength
    )
      return { ok: false, code: 'loginIdTooLong', field, message: `${field} is too long` };
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

function validateAgainst(
  table: Record<string, TSchema>,
  callName: string,
  body: unknown,
  requiredCodes: typeof RequiredCodes = {},
): ValidateResult<unknown> {
  if (typeof callName !== 'string' || callByName(callName) === undefined) {
    return { ok: false, code: 'unknownCall', field: '', message: 'unknown call' };
  }
  return check(
    Object.hasOwn(table, callName) ? table[callName] : undefined,
    body,
    Object.hasOwn(requiredCodes, callName) ? requiredCodes[callName] : undefined,
  );
}
