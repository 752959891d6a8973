/**
 * The one ok-union of every package: a value, or why there is none. Code that can fail on
 * untrusted input (parsing, validation, a poll, a relayed call) returns a `Result` instead of
 * throwing, and the caller narrows on `ok`. `E` is what a failure carries: a message by default,
 * a catalogue code or a richer record where the caller needs one.
 */
export type Result<T, E = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/** A successful Result. */
export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

/** A failed Result. */
export function err<E>(error: E): Result<never, E> {
  return { ok: false, error };
}

/** The value of a successful Result mapped; a failure passes through. */
export function mapResult<T, U, E>(result: Result<T, E>, map: (value: T) => U): Result<U, E> {
  return result.ok ? ok(map(result.value)) : result;
}
