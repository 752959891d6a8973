/**
 * The web's one ok-union and one session pair. Every call answers an `Outcome`: the value, or the
 * catalogue code of the failure (SPEC section 8); `shared/api.ts`'s `ApiResult` is an Outcome
 * whose failure may carry the failed reply. A feature's calls take the member's `Auth`.
 */

/** A value, or the catalogue code of why there is none. `F`: more fields a failure may carry. */
export type Outcome<T, F extends object = object> =
  | { readonly ok: true; readonly value: T }
  | ({ readonly ok: false; readonly code: string } & F);

/** The session pair every member call carries (SPEC section 7). */
export interface Auth {
  readonly account_id: string;
  readonly session_token: string;
}

/** An Outcome's failure as a plain failure (drops the extra fields). */
export const failure = (code: string): { readonly ok: false; readonly code: string } => ({ ok: false, code });

/** Maps the value of a successful Outcome; a failure passes through as a plain failure. */
export function mapOutcome<T, U>(result: Outcome<T>, pick: (value: T) => U): Outcome<U> {
  return result.ok ? { ok: true, value: pick(result.value) } : failure(result.code);
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
  throw new CallFailure(outcome.code);
}

/** The catalogue code of what a call actor threw (`systemError` for anything but a CallFailure). */
export const failureCode = (error: unknown): string =>
  error instanceof CallFailure ? error.code : 'systemError';
