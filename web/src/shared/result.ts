/**
 * The web's ok-union and one session pair. Every call answers an `Outcome`: protocol's one
 * `Result` shape whose failure is `{ code }`, the catalogue code of why there is none (SPEC section
 * 8), read as `outcome.error.code`; `shared/api.ts`'s `ApiResult` is an Outcome whose failure may
 * carry the failed reply. A feature's calls take the member's `Auth`.
 */

import { err, ok, type Result } from '@sportsbook/protocol';

/** What a failed call carries: its catalogue code, and `F`: more fields a failure may carry. */
export type CallError<F extends object = object> = { readonly code: string } & F;

/** A value, or the catalogue code of why there is none: protocol's `Result` with a coded error. */
export type Outcome<T, F extends object = object> = Result<T, CallError<F>>;

/** The session pair every member call carries (SPEC section 7). */
export interface Auth {
  readonly account_id: string;
  readonly session_token: string;
}

/** A plain failed Outcome: only the catalogue code. */
export const failure = (code: string): Outcome<never> => err({ code });

/** Maps the value of a successful Outcome; a failure passes through as a plain failure (drops the extra fields). */
export function mapOutcome<T, U>(result: Outcome<T>, pick: (value: T) => U): Outcome<U> {
  return result.ok ? ok(pick(result.value)) : failure(result.error.code);
}

/**
 * The one error class of a failed call: a machine's call actor resolves with the value and rejects
 * with a CallFailure (its catalogue code), routed by the machine's `onError`. Anything else thrown
 * reads as `systemError`. A failure with more to say extends it (the slip's SlipFailure).
 */
export class CallFailure extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'CallFailure';
  }
}

/** The value of an Outcome, or a CallFailure with its code. */
export function valueOrThrow<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new CallFailure(outcome.error.code);
}

/** The catalogue code of what a call actor threw (`systemError` for anything but a CallFailure). */
export const failureCode = (error: unknown): string =>
  error instanceof CallFailure ? error.code : 'systemError';
