/**
 * Shared building blocks of the call bodies (TypeBox v1). Request objects are closed
 * (`additionalProperties: false`) so the gateway forwards only fields it knows; reply objects are
 * open because an upstream may add fields. Every string and array has a bound, so a compiled
 * check never walks an unbounded value.
 *
 * Compose with spread: `Type.Object({ ...AuthFields, ...PagingFields, league_id: Id }, Closed)`.
 */

import type { Static } from 'typebox';
import Type from 'typebox';
import { Languages } from '../constants.ts';

/** Options for request objects. */
export const Closed = { additionalProperties: false } as const;

/** Login ids: the upstream's account ids are short ASCII tokens. */
export const AccountId = Type.String({ minLength: 1, maxLength: 64 });
export const SessionToken = Type.String({ minLength: 1, maxLength: 512 });
/** An id the upstream may send as a number or a numeric string. */
export const Id = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 64 })]);
/** One of the nine interface languages (SPEC section 1); anything else is refused. */
export const LanguageCode = Type.Enum([...Languages]);
/** A short free text field (names, labels). */
export const ShortText = Type.String({ maxLength: 256 });
/** Money as the upstream sends it: a number in major units (convert with money.ts before arithmetic). */
export const MoneyAmount = Type.Number();
/** A flag the upstream sends as a boolean, 0/1, or "0"/"1". */
export const Flag = Type.Union([
  Type.Boolean(),
  Type.Literal(0),
  Type.Literal(1),
  Type.Literal('0'),
  Type.Literal('1'),
]);

export function isFlagSet(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1';
}

/** Every authenticated call carries these (SPEC section 7). */
export const AuthFields = {
  account_id: AccountId,
  session_token: SessionToken,
};
export const Auth = Type.Object(AuthFields, Closed);
export type Auth = Static<typeof Auth>;

/** Paging block (SPEC section 5 "page size, page number"); field names are ours. */
export const PagingFields = {
  page_size: Type.Integer({ minimum: 1, maximum: 100 }),
  page_number: Type.Integer({ minimum: 1, maximum: 100_000 }),
};
export const Paging = Type.Object(PagingFields, Closed);
export type Paging = Static<typeof Paging>;

/** Calendar date as GMT+8 day, `YYYY-MM-DD`. */
export const DateString = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' });

/** Date range (SPEC section 5 "start date, end date"), GMT+8 calendar days, both inclusive. */
export const DateRangeFields = {
  start_date: DateString,
  end_date: DateString,
};
export const DateRange = Type.Object(DateRangeFields, Closed);
export type DateRange = Static<typeof DateRange>;

/** True when start_date <= end_date (lexical order is date order for YYYY-MM-DD). */
export function dateRangeOrdered(range: DateRange): boolean {
  return range.start_date <= range.end_date;
}

/** Client idempotency key of a bet placement call (DESIGN.md): the gateway dedupes on it. */
export const IdempotencyKey = Type.String({ pattern: '^[A-Za-z0-9_-]{8,128}$' });
export const IdempotencyFields = { request_id: IdempotencyKey };

/** `status` is 1 or "1" on success (SPEC section 4); anything else is a failure. */
export const Status = Type.Union([Type.Integer(), Type.String({ maxLength: 16 })]);
/** `statusdesc` carries an error code of errors.ts, or text shown as is. */
export const StatusDesc = Type.String({ maxLength: 2000 });

/** Reply envelope of every call. */
export const EnvelopeFields = {
  status: Status,
  statusdesc: StatusDesc,
};
export const Envelope = Type.Object(EnvelopeFields);
export type Envelope = Static<typeof Envelope>;

// isOkStatus lives in ../replies.ts (no schemas there), re-exported here.
export { isOkStatus } from '../replies.ts';
