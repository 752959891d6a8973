/**
 * The web's one door to the backend: every call is `POST /api/<call>` on the gateway (DESIGN.md).
 * A reply is mapped to a typed result: `{ ok: true, value }` when `status` is 1 or "1", otherwise
 * `{ ok: false, error: { code } }` with the reply's `statusdesc` (a code of the error catalogue, or a text the
 * UI shows as is). Transport failures become catalogue codes too: no reply or an unreadable one is
 * `requestFailed`, a call that outlives its timeout is `requestTimeout`. The HTTP status is not read:
 * the body's status/statusdesc is the outcome (protocol/CALLS.md).
 *
 * Calls are typed by protocol: `call(name, body: RequestOf<name>)` resolves to the call's reply type,
 * and a successful reply is checked against the call's reply schema before anyone reads it; one that
 * fails becomes `systemError` (MalformedReplyCode), never an exception in the page that called.
 */

import {
  type CallName,
  CallTimeoutMs,
  callByName,
  type Envelope,
  err,
  isOkStatus,
  isRecord,
  type OkReplyOf,
  ok,
  type ReplyCallName,
  type RequestOf,
} from '@sportsbook/protocol';
import { Observable } from 'rxjs';
import type { Outcome } from './result.ts';
import { noteMaintenance, SiteMaintenanceCode } from './siteStatus.ts';

/** A call's answer: the checked reply, or the code (and, for some codes, the failed reply). */
export type ApiResult<T> = Outcome<T, { readonly reply?: Readonly<Record<string, unknown>> }>;

/**
 * The successful reply of a call: protocol's reply schema when the call has one (validated before
 * it reaches the caller), else the envelope with fields nobody has described yet.
 */
export type ReplyOf<N extends CallName> = N extends ReplyCallName
  ? OkReplyOf<N>
  : Envelope & Record<string, unknown>;

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** A game call's provider: fills the `:provider` of `games/:provider/<call>` (protocol calls.ts). */
  provider?: string | undefined;
}

export interface ApiClient {
  call<N extends CallName>(
    name: N,
    body: RequestOf<N>,
    options?: CallOptions,
  ): Promise<ApiResult<ReplyOf<N>>>;
  /** The same call as a cold observable: subscribing sends it, unsubscribing aborts it. */
  call$<N extends CallName>(name: N, body: RequestOf<N>): Observable<ApiResult<ReplyOf<N>>>;
}

export interface ApiClientOptions {
  /** Where the gateway mirrors the calls; default `/api` (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export const TransportCode = { failed: 'requestFailed', timeout: 'requestTimeout' } as const;
/**
 * A reply whose status is 1 but whose fields fail the call's reply schema: the catalogue's
 * `systemError` (the code the gateway answers for an upstream reply that fails the same schema).
 */
export const MalformedReplyCode = 'systemError';

/**
 * The reply checker (protocol's `validateReply`, which carries TypeBox's validator) is loaded on
 * the first call, in its own chunk: the landing page's JS budget does not pay for it.
 */
let checker: Promise<typeof import('./replyCheck.ts')> | undefined;
const loadChecker = () => {
  if (!checker) {
    checker = import('./replyCheck.ts');
    // A chunk that failed to load is tried again on the next call.
    checker.catch(() => {
      checker = undefined;
    });
  }
  return checker;
};

/** Maps a parsed reply body to a result (exported for tests of the mapping rules). */
export function toResult<T extends object>(body: unknown): ApiResult<T> {
  if (!isRecord(body) || !('status' in body)) return err({ code: TransportCode.failed });
  if (isOkStatus(body.status)) return ok(body as T);
  const desc = body.statusdesc;
  // The failed reply rides along: some codes carry data (changeStakeMax's offered max_bet).
  return err({ code: typeof desc === 'string' && desc !== '' ? desc : 'systemError', reply: body });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<N extends CallName>(
    name: N,
    body: RequestOf<N>,
    callOptions: CallOptions = {},
  ): Promise<ApiResult<ReplyOf<N>>> {
    const def = callByName(name);
    const timeoutMs = CallTimeoutMs[def?.timeoutClass ?? 'normal'];
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signals = callOptions.signal ? [timeout.signal, callOptions.signal] : [timeout.signal];
    try {
      const path =
        callOptions.provider === undefined
          ? name
          : name.replace(':provider', encodeURIComponent(callOptions.provider));
      const response = await doFetch(`${baseUrl}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any(signals),
      });
      let parsed: unknown;
      try {
        parsed = await response.json();
      } catch {
        return err({ code: TransportCode.failed });
      }
      const result = toResult<ReplyOf<N>>(parsed);
      if (!result.ok) {
        // The whole site is in maintenance: every page goes to /maintenance (siteStatus.ts).
        if (result.error.code === SiteMaintenanceCode) noteMaintenance();
        return result;
      }
      const { replyProblem } = await loadChecker();
      const problem = replyProblem(name, parsed);
      if (problem === null) return result;
      console.warn('[sportsbook] reply of %s failed its schema: %s', name, problem);
      return err({ code: MalformedReplyCode });
    } catch (error) {
      if (callOptions.signal?.aborted) throw error;
      return err({ code: timeout.signal.aborted ? TransportCode.timeout : TransportCode.failed });
    } finally {
      clearTimeout(timer);
    }
  }

  function call$<N extends CallName>(name: N, body: RequestOf<N>): Observable<ApiResult<ReplyOf<N>>> {
    return new Observable<ApiResult<ReplyOf<N>>>((subscriber) => {
      const abort = new AbortController();
      call(name, body, { signal: abort.signal }).then(
        (result) => {
          subscriber.next(result);
          subscriber.complete();
        },
        (error: unknown) => {
          if (!abort.signal.aborted) subscriber.error(error);
        },
      );
      return () => abort.abort();
    });
  }

  return { call, call$ };
}

/** The app's client: same origin, the gateway's `/api`. */
export const api: ApiClient = createApiClient();
