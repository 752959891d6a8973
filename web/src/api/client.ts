/**
 * The web's one door to the backend: every call is `POST /api/<call>` on the gateway (DESIGN.md).
 * A reply is mapped to a typed result: `{ ok: true, data }` when `status` is 1 or "1", otherwise
 * `{ ok: false, code }` with the reply's `statusdesc` (a code of the error catalogue, or a text the
 * UI shows as is). Transport failures become catalogue codes too: no reply or an unreadable one is
 * `requestFailed`, a call that outlives its timeout is `requestTimeout`. The HTTP status is not read:
 * the body's status/statusdesc is the outcome (protocol/CALLS.md).
 */

import { CallTimeoutMs, callByName, isOkStatus } from '@sportsbook/protocol';
import { Observable } from 'rxjs';

export type ApiResult<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly code: string };

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ApiClient {
  call<T extends object = Record<string, unknown>>(
    name: string,
    body: object,
    options?: CallOptions,
  ): Promise<ApiResult<T>>;
  /** The same call as a cold observable: subscribing sends it, unsubscribing aborts it. */
  call$<T extends object = Record<string, unknown>>(name: string, body: object): Observable<ApiResult<T>>;
}

export interface ApiClientOptions {
  /** Where the gateway mirrors the calls; default `/api` (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export const TransportCode = { failed: 'requestFailed', timeout: 'requestTimeout' } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Maps a parsed reply body to a result (exported for tests of the mapping rules). */
export function toResult<T extends object>(body: unknown): ApiResult<T> {
  if (!isRecord(body) || !('status' in body)) return { ok: false, code: TransportCode.failed };
  if (isOkStatus(body.status)) return { ok: true, data: body as T };
  const desc = body.statusdesc;
  return { ok: false, code: typeof desc === 'string' && desc !== '' ? desc : 'systemError' };
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<T extends object>(
    name: string,
    body: object,
    callOptions: CallOptions = {},
  ): Promise<ApiResult<T>> {
    const def = callByName(name);
    const timeoutMs = CallTimeoutMs[def?.timeoutClass ?? 'normal'];
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signals = callOptions.signal ? [timeout.signal, callOptions.signal] : [timeout.signal];
    try {
      const response = await doFetch(`${baseUrl}/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any(signals),
      });
      let parsed: unknown;
      try {
        parsed = await response.json();
      } catch {
        return { ok: false, code: TransportCode.failed };
      }
      return toResult<T>(parsed);
    } catch (err) {
      if (callOptions.signal?.aborted) throw err;
      return { ok: false, code: timeout.signal.aborted ? TransportCode.timeout : TransportCode.failed };
    } finally {
      clearTimeout(timer);
    }
  }

  function call$<T extends object>(name: string, body: object): Observable<ApiResult<T>> {
    return new Observable<ApiResult<T>>((subscriber) => {
      const abort = new AbortController();
      call<T>(name, body, { signal: abort.signal }).then(
        (result) => {
          subscriber.next(result);
          subscriber.complete();
        },
        (err: unknown) => {
          if (!abort.signal.aborted) subscriber.error(err);
        },
      );
      return () => abort.abort();
    });
  }

  return { call, call$ };
}

/** The app's client: same origin, the gateway's `/api`. */
export const api: ApiClient = createApiClient();
