/**
 * The call proxy under /api (issue 5, gateway/PROXY.md). Every call of protocol's table except the
 * odds feed is mirrored: `POST /api/<call path>` is validated with protocol's schemas, checked
 * against the origin allowlist and the rate limits, held to the spec's one-at-a-time rule (login,
 * balance, settings, reload), deduplicated by client key (bet placements), optionally signed
 * (logins) and forwarded through the shared undici pool. The upstream's reply goes back unchanged;
 * when there is none the answer is a catalogue code, never a bare 500 or an HTML page.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import {
  type CallDef,
  findCall,
  httpStatusFor,
  IdempotencyKey,
  validateBody,
  validateReply,
} from '@sportsbook/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { Value } from 'typebox/value';
import type { GatewayPluginOptions } from '../app.ts';
import type { GatewayConfig } from '../config.ts';
import { UpstreamError } from '../plugins/upstream.ts';
import { isOriginAllowed } from './origin.ts';
import { withLoginSignature } from './signing.ts';
import { memoryStores, type ProxyStores, type StoredReply } from './stores.ts';

export { isOriginAllowed } from './origin.ts';
export type { IdempotencyStore, LockStore, ProxyStores, StoredReply } from './stores.ts';

export interface ProxyPluginOptions extends GatewayPluginOptions {
  /** Shared state; in-memory when absent (one process). A Redis pair drops in here. */
  stores?: Partial<ProxyStores>;
}

/** What happened to a proxied request (metric label). */
type Outcome =
  | 'forwarded'
  | 'replayed'
  | 'processing'
  | 'duplicate'
  | 'rateLimited'
  | 'forbiddenOrigin'
  | 'badRequest'
  | 'unknownCall'
  | 'upstreamTimeout'
  | 'upstreamFailed'
  | 'upstreamMalformed';

/** Codes after which a placement's outcome is unknown or not final, so its key is not kept. */
const NotFinalCodes = new Set([
  'requestLimit',
  'requestProcessing',
  'requestTimeout',
  'timeoutError',
  'systemError',
]);

/** Grace on top of the call timeout before a lock lease or a waiting retry gives up. */
const LEASE_GRACE_MS = 5_000;

function failure(code: string, extra: Record<string, unknown> = {}): StoredReply {
  return { httpStatus: httpStatusFor(code), body: { status: 0, statusdesc: code, ...extra } };
}

function send(reply: FastifyReply, result: StoredReply): FastifyReply {
  return reply.code(result.httpStatus).send(result.body);
}

function isEnvelope(value: unknown): value is { status: unknown; statusdesc: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'status' in value &&
    'statusdesc' in value
  );
}

/** Account ids are case-insensitive upstream (the simulator lower-cases them); so are our keys. */
function accountOf(body: Record<string, unknown>): string | undefined {
  const id = body.account_id;
  return typeof id === 'string' && id.trim() !== '' ? id.trim().toLowerCase() : undefined;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with object keys sorted at every level: equal bodies give equal text whatever the key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The three password logins carry the spec's login body (and its optional signature). */
function isPasswordLogin(call: CallDef): boolean {
  return call.name === 'authlogin' || call.name === 'switchlogin' || call.name === 'userlogin';
}

function upstreamPathOf(call: CallDef, provider: string | undefined): string {
  return provider === undefined ? call.path : call.path.replace(':provider', provider);
}

export const proxyPlugin = fp<ProxyPluginOptions>(
  async (app, opts) => {
    const { config } = opts;
    const stores: ProxyStores = {
      ...memoryStores({ windowMs: config.idempotencyWindowMs, maxEntries: config.idempotencyMaxEntries }),
      ...opts.stores,
    };
    const requests = new Counter({
      name: 'gateway_proxy_requests_total',
      help: 'Requests to /api, by call name and outcome',
      labelNames: ['call', 'outcome'],
      registers: [app.metrics],
    });
    app.addHook('onClose', async () => {
      await stores.locks.close?.();
      await stores.idempotency.close?.();
    });
    await app.register(
      async (api) => {
        await registerApi(api, config, stores, (call, outcome) => requests.inc({ call, outcome }));
      },
      { prefix: '/api' },
    );
  },
  { name: 'proxy', dependencies: ['metrics', 'upstream'] },
);

async function registerApi(
  api: FastifyInstance,
  config: GatewayConfig,
  stores: ProxyStores,
  count: (call: string, outcome: Outcome) => void,
): Promise<void> {
  // Limits are counted by the library's store (an LRU here; its Redis store for many nodes), keyed
  // by our own prefixes so the four limits never share a counter.
  await api.register(rateLimit, { global: false, cache: 100_000 });
  const minute = 60_000;
  const ipLimit = api.createRateLimit({
    max: config.rateLimitIpPerMinute,
    timeWindow: minute,
    keyGenerator: (req) => `ip:${req.ip}`,
  });
  const accountLimit = api.createRateLimit({
    max: config.rateLimitAccountPerMinute,
    timeWindow: minute,
    keyGenerator: (req) => `account:${accountOf(req.body as Record<string, unknown>) ?? ''}`,
  });
  const loginAccountLimit = api.createRateLimit({
    max: config.loginLimitPerAccountPerMinute,
    timeWindow: minute,
    keyGenerator: (req) => `login-account:${accountOf(req.body as Record<string, unknown>) ?? ''}`,
  });
  const loginIpLimit = api.createRateLimit({
    max: config.loginLimitPerIpPerMinute,
    timeWindow: minute,
    keyGenerator: (req) => `login-ip:${req.ip}`,
  });
  type Limiter = typeof ipLimit;

  interface Limited {
    readonly code: 'requestLimit' | 'loginLimit';
    readonly retryAfterSeconds: number;
  }

  /** Counts this request against `limiter`; the 429 to send when it is over, else null. */
  async function overLimit(
    limiter: Limiter,
    req: FastifyRequest,
    code: Limited['code'],
  ): Promise<Limited | null> {
    const state = await limiter(req);
    if (state.isAllowed || !state.isExceeded) return null;
    return { code, retryAfterSeconds: Math.max(1, state.ttlInSeconds) };
  }

  function sendLimited(reply: FastifyReply, limited: Limited): FastifyReply {
    reply.header('retry-after', String(limited.retryAfterSeconds));
    return send(reply, failure(limited.code));
  }

  // Framework-level rejections (bad JSON, wrong content type, body over the limit) are bad input:
  // a catalogue 400, never a 500, never an upstream call.
  api.setErrorHandler((error: { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      count('unknown', 'badRequest');
      return send(reply, failure('badRequest', { reason: error.code ?? 'badRequest' }));
    }
    req.log.error({ err: error }, 'proxy request failed');
    return send(reply, failure('systemError'));
  });

  // Before the body is read: a flood from one address or a foreign page costs no parsing.
  api.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!isOriginAllowed(origin, config, req.headers.host)) {
      count('unknown', 'forbiddenOrigin');
      req.log.info({ origin }, 'api origin refused');
      return send(reply, failure('NoUserAccessRight'));
    }
    const limited = await overLimit(ipLimit, req, 'requestLimit');
    if (limited) {
      count('unknown', 'rateLimited');
      return sendLimited(reply, limited);
    }
  });

  api.post('/*', async (req, reply) => {
    const found = findCall(req.url.slice('/api'.length));
    // The odds calls belong to the feed (/ws): one poll per topic for everyone, never per player.
    if (!found || found.call.group === 'odds') {
      count('unknown', 'unknownCall');
      return send(reply, failure('unknownCall'));
    }
    const { call, provider } = found;
    const checked = validateBody(call.name, req.body);
    if (!checked.ok) {
      count(call.name, checked.code === 'unknownCall' ? 'unknownCall' : 'badRequest');
      return send(reply, failure(checked.code, checked.field ? { field: checked.field } : {}));
    }
    const body = checked.value as Record<string, unknown>;
    const account = accountOf(body);

    if (call.lock === 'login') {
      const limited =
        (account !== undefined ? await overLimit(loginAccountLimit, req, 'loginLimit') : null) ??
        (await overLimit(loginIpLimit, req, 'loginLimit'));
      if (limited) {
        count(call.name, 'rateLimited');
        req.log.info({ call: call.name, account }, 'login limit reached');
        return sendLimited(reply, limited);
      }
    } else if (account !== undefined) {
      const limited = await overLimit(accountLimit, req, 'requestLimit');
      if (limited) {
        count(call.name, 'rateLimited');
        req.log.info({ call: call.name, account }, 'account request limit reached');
        return sendLimited(reply, limited);
      }
    }

    const outgoing =
      config.loginSigningKey !== undefined && isPasswordLogin(call)
        ? withLoginSignature(body, config.loginSigningKey)
        : body;
    const timeoutMs = config.callTimeoutMs[call.timeoutClass];
    const upstreamPath = upstreamPathOf(call, provider);

    /** One upstream call; a client that hangs up cancels it unless `keepOnHangUp`. */
    async function forward(keepOnHangUp: boolean): Promise<StoredReply> {
      const hangUp = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) hangUp.abort();
      };
      if (!keepOnHangUp) reply.raw.once('close', onClose);
      try {
        const res = await req.server.upstream.post(upstreamPath, outgoing, {
          timeoutMs,
          signal: hangUp.signal,
        });
        if (!isEnvelope(res.body))
          throw new UpstreamError('malformed', `upstream ${upstreamPath} replied without an envelope`);
        const valid = validateReply(call.name, res.body);
        if (!valid.ok) {
          throw new UpstreamError(
            'malformed',
            `upstream ${upstreamPath} reply invalid at ${valid.field || '(root)'}`,
          );
        }
        count(call.name, 'forwarded');
        return { httpStatus: res.httpStatus, body: res.body };
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        req.log.warn({ call: call.name, kind: err.kind, httpStatus: err.httpStatus }, 'upstream call failed');
        if (err.kind === 'timeout') {
          count(call.name, 'upstreamTimeout');
          return failure('requestTimeout');
        }
        if (err.kind === 'network') {
          count(call.name, 'upstreamFailed');
          return failure('requestFailed');
        }
        count(call.name, 'upstreamMalformed');
        return failure('systemError');
      } finally {
        reply.raw.off('close', onClose);
      }
    }

    if (call.betPlacement) {
      const requestId = body.request_id;
      if (account === undefined) return send(reply, failure('badRequest', { field: 'account_id' }));
      if (typeof requestId !== 'string' || !Value.Check(IdempotencyKey, requestId)) {
        count(call.name, 'badRequest');
        return send(reply, failure('badRequest', { field: 'request_id' }));
      }
      // The whole body (session included) is the fingerprint: a reused key with another bet, or
      // from someone without the session, never sees the first reply.
      const key = `${account}\u0000${requestId}`;
      const fingerprint = sha256(stableJson({ call: call.name, provider, body }));
      const begun = await stores.idempotency.begin(key, fingerprint);
      if (begun.kind !== 'claimed' && begun.fingerprint !== fingerprint) {
        count(call.name, 'duplicate');
        req.log.info({ call: call.name, account }, 'idempotency key reused with another body');
        return send(reply, failure('duplicateRequest'));
      }
      if (begun.kind === 'done') {
        count(call.name, 'replayed');
        reply.header('idempotent-replayed', 'true');
        return send(reply, begun.reply);
      }
      if (begun.kind === 'running') {
        const first = await stores.idempotency.wait(key, timeoutMs + LEASE_GRACE_MS);
        count(call.name, first ? 'replayed' : 'processing');
        if (first) reply.header('idempotent-replayed', 'true');
        return send(reply, first ?? failure('requestProcessing'));
      }
      // The placement runs to its end even if the player hangs up: the retry will want its reply.
      const result = await forward(true);
      const code = isEnvelope(result.body) ? String(result.body.statusdesc) : '';
      if (result.httpStatus < 500 && !NotFinalCodes.has(code)) await stores.idempotency.complete(key, result);
      else await stores.idempotency.release(key, result);
      return send(reply, result);
    }

    if (call.lock !== undefined) {
      const who =
        account ?? (typeof body.token === 'string' ? `token:${sha256(body.token).slice(0, 32)}` : req.ip);
      const lease = await stores.locks.acquire(`${who}:${call.lock}`, timeoutMs + LEASE_GRACE_MS);
      if (lease === null) {
        count(call.name, 'processing');
        return send(reply, failure('requestProcessing'));
      }
      try {
        return send(reply, await forward(false));
      } finally {
        await lease.release();
      }
    }

    return send(reply, await forward(false));
  });
}
