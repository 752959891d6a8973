import fp from 'fastify-plugin';
import { Counter, Histogram } from 'prom-client';
import { Agent, request, errors as undiciErrors } from 'undici';

/** Why an upstream call produced no usable reply. */
export type UpstreamFailure = 'timeout' | 'network' | 'malformed' | 'http';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamReply {
  httpStatus: number;
  body: unknown;
  /** The reply's text as received (the odds pollers compare it with the previous reply's). */
  text?: string;
  /** The reply's bytes as received, in place of `text` when the caller parses them (`parse`). */
  bytes?: Buffer;
}

export interface UpstreamCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The caller's previous reply to this call: when the new reply's text and status are identical,
   * that very reply object is returned without parsing again (a quiet odds topic answers the same
   * bytes poll after poll).
   */
  previous?: UpstreamReply;
  /**
   * Parses the reply's bytes in place of `JSON.parse` of its text (same result, throws like it):
   * the market pollers pass their `createReplyParser` (feed/replyRows.ts), which decodes and
   * parses only the rows whose bytes changed. The reply then carries `bytes`, not `text`.
   */
  parse?: (bytes: Buffer) => unknown;
}

/**
 * The one HTTP client to the upstream: a keep-alive undici Agent shared by the odds pollers and the
 * call proxy. Every call is POST with a JSON body; replies are JSON. Errors are classified so the
 * feed can mark topics stale and the proxy can answer with the spec's soft codes.
 */
export class UpstreamClient {
  private readonly agent: Agent;
  private readonly calls: Counter<'call' | 'outcome'>;
  private readonly duration: Histogram<'call'>;

  constructor(
    readonly baseUrl: string,
    registry?: import('prom-client').Registry,
    connections = 64,
  ) {
    this.agent = new Agent({ connections, keepAliveTimeout: 10_000, pipelining: 1 });
    this.calls = new Counter({
      name: 'gateway_upstream_calls_total',
      help: 'Calls made to the upstream, by call path and outcome',
      labelNames: ['call', 'outcome'],
      registers: registry ? [registry] : [],
    });
    this.duration = new Histogram({
      name: 'gateway_upstream_call_seconds',
      help: 'Upstream call duration',
      labelNames: ['call'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: registry ? [registry] : [],
    });
  }

  /** POST `path` (e.g. `/odds/uxmarket`, `/bet/betsingle`) with a JSON body. */
  async post(path: string, body: unknown, options: UpstreamCallOptions): Promise<UpstreamReply> {
    const end = this.duration.startTimer({ call: path });
    // One controller, a plain timer and (with a caller's signal) one listener: `AbortSignal.timeout`
    // with `AbortSignal.any` cost several times as much per call (a weakly held timer and a
    // composite signal that undici then listens to), and a node makes thousands of calls a second
    // (10,000 account topics: ~2,300).
    const controller = new AbortController();
    let timedOut = false;
    const timer = realSetTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, options.timeoutMs);
    const outer = options.signal;
    const onAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted === true) controller.abort(outer.reason);
    else outer?.addEventListener('abort', onAbort, { once: true });
    const signal = controller.signal;
    try {
      const res = await request(`${this.baseUrl}${path}`, {
        method: 'POST',
        dispatcher: this.agent,
        headers: { 'content-type': 'application/json', ...options.headers },
        body: JSON.stringify(body ?? {}),
        signal,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      const parse = options.parse;
      const text = parse === undefined ? await res.body.text() : undefined;
      const bytes = parse === undefined ? undefined : Buffer.from(await res.body.arrayBuffer());
      const previous = options.previous;
      if (
        previous !== undefined &&
        previous.httpStatus === res.statusCode &&
        (text !== undefined ? previous.text === text : previous.bytes?.equals(bytes as Buffer) === true)
      ) {
        this.calls.inc({ call: path, outcome: 'ok' });
        return previous;
      }
      let parsed: unknown;
      try {
        parsed = parse === undefined ? JSON.parse(text as string) : parse(bytes as Buffer);
      } catch {
        this.calls.inc({ call: path, outcome: 'malformed' });
        throw new UpstreamError('malformed', `upstream ${path} replied with non-JSON`, res.statusCode);
      }
      if (res.statusCode >= 500 && !isEnvelope(parsed)) {
        this.calls.inc({ call: path, outcome: 'http' });
        throw new UpstreamError('http', `upstream ${path} replied HTTP ${res.statusCode}`, res.statusCode);
      }
      this.calls.inc({ call: path, outcome: 'ok' });
      return text !== undefined
        ? { httpStatus: res.statusCode, body: parsed, text }
        : { httpStatus: res.statusCode, body: parsed, bytes: bytes as Buffer };
    } catch (err) {
      if (err instanceof UpstreamError) throw err;
      const timeoutHit =
        timedOut ||
        err instanceof undiciErrors.HeadersTimeoutError ||
        err instanceof undiciErrors.BodyTimeoutError;
      this.calls.inc({ call: path, outcome: timeoutHit ? 'timeout' : 'network' });
      throw new UpstreamError(
        timeoutHit ? 'timeout' : 'network',
        `upstream ${path} ${timeoutHit ? 'timed out' : 'unreachable'}: ${(err as Error).message}`,
      );
    } finally {
      realClearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
      end();
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/**
 * The call timeout runs on the process's real timers, as `AbortSignal.timeout` did: taken when this
 * module loads, so a test that fakes the gateway's timers (testkit GatewayFakeTimers) still has its
 * real upstream calls time out in real time.
 */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

function isEnvelope(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'statusdesc' in value;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
  }
}

export const upstreamPlugin = fp<{ baseUrl: string }>(
  async (app, opts) => {
    const client = new UpstreamClient(opts.baseUrl, app.metrics);
    app.decorate('upstream', client);
    app.addHook('onClose', async () => client.close());
  },
  { name: 'upstream', dependencies: ['metrics'] },
);
