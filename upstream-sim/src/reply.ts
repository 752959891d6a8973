/**
 * Reply envelope of every call: `{ status: 1, statusdesc: 'success', ... }` or
 * `{ status: 0, statusdesc: '<code>' }` with a code of SPEC section 8's catalogue. Business
 * rejections travel with HTTP 200, as real upstreams do; only transport-level problems (body too
 * large, fault injection) change the HTTP status, and even then the body is catalogue JSON.
 */
export type Reply = { status: 0 | 1; statusdesc: string } & Record<string, unknown>;

/**
 * A success reply. The fields keep their types, so a handler's return is checked against its
 * call's reply schema (`Handler<N>` returns `ReplyOf<N>`).
 */
export function ok(): { status: 1; statusdesc: 'success' };
export function ok<const T extends object>(extra: T): { status: 1; statusdesc: 'success' } & T;
export function ok(extra: object = {}): Reply {
  return { status: 1, statusdesc: 'success', ...extra };
}

/** A refusal's envelope: fits every reply schema's failure branch. */
export type Failed = { status: 0; statusdesc: string };

export function fail(code: string): Failed;
export function fail<const T extends object>(code: string, extra: T): Failed & T;
export function fail(code: string, extra: object = {}): Reply {
  return { status: 0, statusdesc: code, ...extra };
}

/** Thrown by the domain layer; the routes turn it into `fail(code, extra)`. */
export class CallError extends Error {
  constructor(
    readonly code: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'CallError';
  }
}

export function reject(code: string, extra?: Record<string, unknown>): never {
  throw new CallError(code, extra);
}
