/**
 * Form and request validation (SPEC sections 5 and 9). Every validator takes whatever it is given,
 * returns a list of errors (empty = valid) and never throws: forms hold half-typed values and the
 * same rules run at the server edge on untrusted bodies.
 *
 * An error is `{ code, field, params }`. Codes of the error catalogue (errors.ts: usernameRequired,
 * betOverMax, invalidPin, ...) translate with `error.<code>`; the generic template codes
 * (required, minLength, ...) translate with `validation.<code>` and interpolate `{{field}}` and the
 * params. `validationI18nKey` picks the right key.
 */
import { AccountLimits, ParlayLimits, RoomType, TournamentLimits } from './constants.ts';
import { isKnownErrorCode } from './errors.ts';

export type ValidationParamValue = string | number;

export interface ValidationError {
  readonly code: string;
  readonly field: string;
  readonly params: Readonly<Record<string, ValidationParamValue>>;
}

/** Generic template codes (SPEC section 5 "Generic templates"). */
export const ValidationCode = {
  required: 'required',
  minValue: 'minValue',
  maxValue: 'maxValue',
  minLength: 'minLength',
  maxLength: 'maxLength',
  alpha: 'alpha',
  alphanumeric: 'alphanumeric',
  numeric: 'numeric',
  email: 'email',
  ipv4: 'ipv4',
  sameAs: 'sameAs',
  notSameAs: 'notSameAs',
  url: 'url',
  letterAndNumber: 'letterAndNumber',
  selectOption: 'selectOption',
  mustDiffer: 'mustDiffer',
  /** Ours: a rule that needs a number got something else. */
  notANumber: 'notANumber',
  /** Ours: terms must be accepted before joining a room. */
  termsRequired: 'termsRequired',
  /** Ours: a room needs at least one league or match. */
  selectLeagueOrMatch: 'selectLeagueOrMatch',
  /** Ours: a room's match count is outside 3..configured max. */
  minMatches: 'minMatches',
  maxMatches: 'maxMatches',
} as const;
export type ValidationCode = (typeof ValidationCode)[keyof typeof ValidationCode];

/** English templates (i18next interpolation). `{{field}}` is the field's display name. */
export const validationMessagesEn: Readonly<Record<string, string>> = Object.freeze({
  'validation.required': '{{field}} is required.',
  'validation.minValue': '{{field}} must be at least {{min}}.',
  'validation.maxValue': '{{field}} must be at most {{max}}.',
  'validation.minLength': '{{field}} must be at least {{min}} characters.',
  'validation.maxLength': '{{field}} must be at most {{max}} characters.',
  'validation.alpha': '{{field}} may contain letters only.',
  'validation.alphanumeric': '{{field}} may contain letters and digits only.',
  'validation.numeric': '{{field}} may contain digits only.',
  'validation.email': '{{field}} must be a valid email address.',
  'validation.ipv4': '{{field}} must be a valid IPv4 address.',
  'validation.sameAs': '{{field}} must match {{other}}.',
  'validation.notSameAs': '{{field}} must not be the same as {{other}}.',
  'validation.url': '{{field}} must be a valid URL.',
  'validation.letterAndNumber': '{{field}} must contain at least one letter and one number.',
  'validation.selectOption': 'Please select an option for {{field}}.',
  'validation.mustDiffer': '{{field}} must be different from the current one.',
  'validation.notANumber': '{{field}} must be a number.',
  'validation.termsRequired': 'Please accept the terms and conditions before joining.',
  'validation.selectLeagueOrMatch': 'Please select at least one league or match.',
  'validation.minMatches': 'Please select at least {{min}} matches.',
  'validation.maxMatches': 'Please select at most {{max}} matches.',
});

/** The i18n key of an error: catalogue codes under `error.`, templates under `validation.`. */
export function validationI18nKey(error: ValidationError): string {
  return isKnownErrorCode(error.code) ? `error.${error.code}` : `validation.${error.code}`;
}

// ---- helpers ---------------------------------------------------------------------------------

const SECRET_FIELD = /password|pin|token|secret/i;
const MAX_ECHO = 64;

function err(
  code: string,
  field: string,
  params: Record<string, ValidationParamValue> = {},
  value?: unknown,
): ValidationError {
  const out: Record<string, ValidationParamValue> = { field, ...params };
  // Secrets are never echoed back into messages or logs.
  if (!SECRET_FIELD.test(field)) {
    if (typeof value === 'string') out.value = value.slice(0, MAX_ECHO);
    else if (typeof value === 'number') out.value = value;
  }
  return { code, field, params: out };
}

/** Runs a validator body; anything it throws on (proxies, getters) counts as a malformed input. */
function safely(field: string, body: () => ValidationError[]): ValidationError[] {
  try {
    return body();
  } catch {
    return [{ code: 'badRequest', field, params: { field } }];
  }
}

/** Reads a property of an unknown value without trusting its shape. */
function prop(input: unknown, key: string): unknown {
  if (input === null || (typeof input !== 'object' && typeof input !== 'function')) return undefined;
  return (input as Record<string, unknown>)[key];
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

/** Length in code points, so that "6-10 characters" counts what the player typed. */
function charLength(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// ---- generic templates (each returns one error or null) ---------------------------------------

export function required(field: string, value: unknown): ValidationError | null {
  return isBlank(value) ? err('required', field) : null;
}

export function minValue(field: string, value: unknown, min: number): ValidationError | null {
  const n = asNumber(value);
  if (n === undefined) return err('notANumber', field, {}, value);
  return n < min ? err('minValue', field, { min }, value) : null;
}

export function maxValue(field: string, value: unknown, max: number): ValidationError | null {
  const n = asNumber(value);
  if (n === undefined) return err('notANumber', field, {}, value);
  return n > max ? err('maxValue', field, { max }, value) : null;
}

export function minLength(field: string, value: unknown, min: number): ValidationError | null {
  const s = str(value) ?? '';
  return charLength(s) < min ? err('minLength', field, { min }, value) : null;
}

export function maxLength(field: string, value: unknown, max: number): ValidationError | null {
  const s = str(value) ?? '';
  return charLength(s) > max ? err('maxLength', field, { max }, value) : null;
}

function pattern(code: string, re: RegExp) {
  return (field: string, value: unknown): ValidationError | null => {
    const s = str(value);
    return s !== undefined && re.test(s) ? null : err(code, field, {}, value);
  };
}

/** ASCII letters only. Login ids and nicknames are ASCII upstream. */
export const alpha = pattern('alpha', /^[A-Za-z]+$/);
export const alphanumeric = pattern('alphanumeric', /^[A-Za-z0-9]+$/);
/** ASCII digits only (no sign, no decimal point). */
export const numeric = pattern('numeric', /^[0-9]+$/);
export const email = pattern('email', /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/);
export const ipv4 = pattern(
  'ipv4',
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
);
export const letterAndNumber = pattern('letterAndNumber', /^(?=.*[A-Za-z])(?=.*[0-9])/s);

/** http or https URL with a host. */
export function url(field: string, value: unknown): ValidationError | null {
  const s = str(value);
  if (s === undefined || s.length > 2048) return err('url', field, {}, value);
  try {
    const parsed = new URL(s);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== ''
      ? null
      : err('url', field, {}, value);
  } catch {
    return err('url', field, {}, value);
  }
}

/** `value` must equal the other field's value (confirm password). Case sensitive. */
export function sameAs(
  field: string,
  value: unknown,
  otherField: string,
  otherValue: unknown,
): ValidationError | null {
  return value === otherValue ? null : err('sameAs', field, { other: otherField });
}

export function notSameAs(
  field: string,
  value: unknown,
  otherField: string,
  otherValue: unknown,
): ValidationError | null {
  return value !== otherValue ? null : err('notSameAs', field, { other: otherField });
}

/** `value` must be one of `options` (a select left on its placeholder fails). */
export function selectOption(
  field: string,
  value: unknown,
  options: readonly unknown[],
): ValidationError | null {
  return options.includes(value) ? null : err('selectOption', field, {}, value);
}

/** A new value must differ from the current one (new password vs current password). */
export function mustDiffer(field: string, value: unknown, current: unknown): ValidationError | null {
  return value !== current ? null : err('mustDiffer', field);
}

function collect(...results: (ValidationError | null)[]): ValidationError[] {
  return results.filter((r): r is ValidationError => r !== null);
}

// ---- forms ------------------------------------------------------------------------------------

export interface LoginForm {
  account_id: string;
  password: string;
}

/**
 * Normal and switch login (SPEC section 5): both fields required; a login id longer than
 * AccountLimits.maxLoginIdLength is `loginIdTooLong` (what a server answers too), nothing else.
 */
export function validateLogin(input: LoginForm): ValidationError[] {
  return safely('login', () => {
    const errors: ValidationError[] = [];
    const accountId = str(prop(input, 'account_id'));
    if (isBlank(accountId)) errors.push(err('usernameRequired', 'account_id'));
    else if (charLength(accountId ?? '') > AccountLimits.maxLoginIdLength)
      errors.push(err('loginIdTooLong', 'account_id', { max: AccountLimits.maxLoginIdLength }));
    // Passwords are not trimmed: a password of spaces is still a password the player typed.
    const password = str(prop(input, 'password'));
    if (password === undefined || password === '') errors.push(err('passwordRequired', 'password'));
    return errors;
  });
}

/** Token launch: a non-empty token. */
export function validateTokenLogin(input: { token: string }): ValidationError[] {
  return safely('token', () => (isBlank(str(prop(input, 'token'))) ? [err('required', 'token')] : []));
}

export interface ChangePasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function passwordRules(field: string, value: unknown): ValidationError[] {
  if (typeof value !== 'string' || value === '') return [err('required', field)];
  return collect(
    minLength(field, value, AccountLimits.minPasswordLength),
    maxLength(field, value, AccountLimits.maxPasswordLength),
  );
}

/**
 * Change password (SPEC section 5): all three required; new 6-10 characters, case sensitive;
 * confirm equals new; new differs from current. The current password is only required, not
 * length-checked: accounts may hold passwords set under older rules.
 */
export function validateChangePassword(input: ChangePasswordForm): ValidationError[] {
  return safely('password', () => {
    const current = prop(input, 'currentPassword');
    const next = prop(input, 'newPassword');
    const confirm = prop(input, 'confirmPassword');
    const errors: ValidationError[] = [];
    if (typeof current !== 'string' || current === '') errors.push(err('required', 'currentPassword'));
    errors.push(...passwordRules('newPassword', next));
    if (typeof confirm !== 'string' || confirm === '') errors.push(err('required', 'confirmPassword'));
    else errors.push(...collect(sameAs('confirmPassword', confirm, 'newPassword', next)));
    if (typeof next === 'string' && next !== '' && typeof current === 'string' && current !== '') {
      errors.push(...collect(mustDiffer('newPassword', next, current)));
    }
    return errors;
  });
}

export interface NicknameForm {
  nickname: string;
  /** From player_info.has_secondary_account: a nickname was already set. */
  hasSecondaryAccount: boolean;
}

/** Nickname (SPEC section 5): 6-15 ASCII letters or digits; set once. */
export function validateNickname(input: NicknameForm): ValidationError[] {
  return safely('nickname', () => {
    const already = prop(input, 'hasSecondaryAccount');
    if (already === true || already === 1 || already === '1') {
      return [err('secondary_account_exists', 'nickname')];
    }
    const nickname = prop(input, 'nickname');
    if (typeof nickname !== 'string' || nickname === '') return [err('required', 'nickname')];
    return collect(
      minLength('nickname', nickname, AccountLimits.minNicknameLength),
      maxLength('nickname', nickname, AccountLimits.maxNicknameLength),
      alphanumeric('nickname', nickname),
    );
  });
}

// ---- tournament rooms -------------------------------------------------------------------------

const PIN = new RegExp(`^[0-9]{${TournamentLimits.pinLength}}$`);

/** True for a PIN of exactly 6 ASCII digits. */
export function isValidPin(pin: unknown): boolean {
  return typeof pin === 'string' && PIN.test(pin);
}

export interface RoomCreateForm {
  type: RoomType;
  /** Entry fee in whole currency units (the room's `rate`). Not checked for free rooms. */
  rate: number;
  /** Maximum players (the room's `limit`). */
  limit: number;
  /** Required for private rooms, ignored otherwise. */
  pin?: string;
  leagueIds: readonly number[];
  matchIds: readonly number[];
  /** Configured maximum number of matches (default TournamentLimits.defaultMaxMatches). */
  maxMatches?: number;
  /** The room is played as a parlay over its matches. */
  parlay?: boolean;
  /** The room includes live matches (a live parlay needs 3). */
  live?: boolean;
}

function roomTypeErrors(type: unknown): ValidationError[] {
  return Object.values(RoomType).includes(type as RoomType) ? [] : [err('selectOption', 'type', {}, type)];
}

function intInRange(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function idList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Room create (SPEC sections 5 and 9): fee 10-1000 (not for free rooms), players 3-30, PIN of
 * exactly 6 digits for a private room, 3..maxMatches matches, at least one league or match, and
 * the parlay minimum when the room is a parlay.
 */
export function validateRoomCreate(input: RoomCreateForm): ValidationError[] {
  return safely('room', () => {
    const errors: ValidationError[] = [];
    const type = prop(input, 'type');
    errors.push(...roomTypeErrors(type));
    const rate = prop(input, 'rate');
    if (
      type !== RoomType.free &&
      !intInRange(rate, TournamentLimits.minEntryFee, TournamentLimits.maxEntryFee)
    ) {
      errors.push(
        err(
          'invalidRate',
          'rate',
          { min: TournamentLimits.minEntryFee, max: TournamentLimits.maxEntryFee },
          rate,
        ),
      );
    }
    const limit = prop(input, 'limit');
    if (!intInRange(limit, TournamentLimits.minPlayers, TournamentLimits.maxPlayers)) {
      errors.push(
        err(
          'invalidLimit',
          'limit',
          { min: TournamentLimits.minPlayers, max: TournamentLimits.maxPlayers },
          limit,
        ),
      );
    }
    if (type === RoomType.private && !isValidPin(prop(input, 'pin'))) {
      errors.push(err('invalidPin', 'pin', { length: TournamentLimits.pinLength }));
    }
    const leagues = idList(prop(input, 'leagueIds'));
    const matches = idList(prop(input, 'matchIds'));
    if (leagues.length === 0 && matches.length === 0) errors.push(err('selectLeagueOrMatch', 'matchIds'));
    const configured = prop(input, 'maxMatches');
    const maxMatches =
      typeof configured === 'number' &&
      Number.isInteger(configured) &&
      configured >= TournamentLimits.minMatches
        ? configured
        : TournamentLimits.defaultMaxMatches;
    if (matches.length < TournamentLimits.minMatches) {
      errors.push(err('minMatches', 'matchIds', { min: TournamentLimits.minMatches }, matches.length));
    } else if (matches.length > maxMatches) {
      errors.push(err('maxMatches', 'matchIds', { max: maxMatches }, matches.length));
    }
    if (prop(input, 'parlay') === true) {
      errors.push(...validateParlayCount(matches.length, { live: prop(input, 'live') === true }));
    }
    return errors;
  });
}

export interface RoomJoinForm {
  type: RoomType;
  pin?: string;
  termsAccepted: boolean;
}

/** Room join: terms accepted; a private room needs its 6-digit PIN. */
export function validateRoomJoin(input: RoomJoinForm): ValidationError[] {
  return safely('room', () => {
    const errors: ValidationError[] = [];
    const type = prop(input, 'type');
    errors.push(...roomTypeErrors(type));
    if (type === RoomType.private && !isValidPin(prop(input, 'pin'))) {
      errors.push(err('invalidPin', 'pin', { length: TournamentLimits.pinLength }));
    }
    if (prop(input, 'termsAccepted') !== true) errors.push(err('termsRequired', 'termsAccepted'));
    return errors;
  });
}

/**
 * Parlay selection count: at least 2 (3 when live), at most 12; Myanmar parlays 2..10.
 * Codes atLeastTwoMatchToBetParlay / atLeastThreeMatchToBetParlay / maxParlayTicket.
 */
export function validateParlayCount(
  count: number,
  options: { live?: boolean; myanmar?: boolean } = {},
): ValidationError[] {
  return safely('selections', () => {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      return [err('badRequest', 'selections')];
    }
    const live = options?.live === true;
    const myanmar = options?.myanmar === true;
    const min = live
      ? ParlayLimits.minLiveSelections
      : myanmar
        ? ParlayLimits.minMyanmarSelections
        : ParlayLimits.minSelections;
    const max = myanmar ? ParlayLimits.maxMyanmarSelections : ParlayLimits.maxSelections;
    if (count < min) {
      return [
        err(
          min >= 3 ? 'atLeastThreeMatchToBetParlay' : 'atLeastTwoMatchToBetParlay',
          'selections',
          { min },
          count,
        ),
      ];
    }
    if (count > max) return [err('maxParlayTicket', 'selections', { max }, count)];
    return [];
  });
}

// ---- stake ------------------------------------------------------------------------------------

export interface StakeAmounts {
  /** Amount that leaves the wallet, integer minor units (stake x |odds| for negative MY/ID). */
  risk: number;
  /** Net amount won if the bet wins, integer minor units. */
  win: number;
}

export interface StakeLimits {
  /** player_bet_limit.min_bet in minor units. */
  minBet: number;
  /** player_bet_limit.max_bet in minor units. */
  maxBet: number;
  /** player_bet_limit.max_payout in minor units; compared with the net win. */
  maxPayout: number;
}

function isMinor(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Stake against the limits (DOMAIN.md: the checks use the risk/win amounts). Min and max stake
 * apply to the amount at risk, max payout to the net win. Amounts are integer minor units;
 * anything else is badRequest. A zero stake is below any min.
 */
export function validateStake(amounts: StakeAmounts, limits: StakeLimits): ValidationError[] {
  return safely('stake', () => {
    const risk = prop(amounts, 'risk');
    const win = prop(amounts, 'win');
    if (!isMinor(risk) || !isMinor(win)) return [err('badRequest', 'stake')];
    const minBet = prop(limits, 'minBet');
    const maxBet = prop(limits, 'maxBet');
    const maxPayout = prop(limits, 'maxPayout');
    if (!isMinor(minBet) || !isMinor(maxBet) || !isMinor(maxPayout)) return [err('badRequest', 'limits')];
    const errors: ValidationError[] = [];
    if (risk === 0 || risk < minBet) errors.push(err('betLowerMin', 'stake', { min: minBet }, risk));
    if (risk > maxBet) errors.push(err('betOverMax', 'stake', { max: maxBet }, risk));
    if (win > maxPayout) errors.push(err('betOverMaxPayout', 'stake', { max: maxPayout }, win));
    return errors;
  });
}
