/**
 * The call proxy under /api (gateway/PROXY.md). Every call of protocol's table except the
 * odds feed is one Fastify route, `POST /api/<call path>`, declared with its TypeBox body schema
 * (protocol/src/schemas) and compiled by protocol's `validateBody`. The rules around the forward
 * are hooks, in this order:
 * - onRequest (every /api request, before the body is read): origin allowlist, requestLimit per IP;
 * - preHandler `limits`: loginLimit per account and address (logins), requestLimit per account;
 * - preHandler `oneAtATime` + onSend `release` (login, balance, settings, reload): the spec's lock;
 * - preHandler `idempotent` + preSerialization `settle` (bet placements): dedupe by client key.
 * The handler only forwards (optionally signing logins) through the shared undici pool. The
 * upstream's reply goes back unchanged; when there is none the answer is a catalogue code, and
 * every answer under /api, Fastify's own rejections included, is the `{status, statusdesc}` envelope.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import {
  type CallDef,
  Calls,
  canonicalJson,
  describeError,
  httpStatusFor,
  IdempotencyKey,
  isOkStatus,
  isRecord,
  requestSchemas,
  validateBody,
  validateReply,
} from '@sportsbook/protocol';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import Type from 'typebox';
import { Value } from 'typebox/value';
import type { GatewayPluginOptions } from '../app.ts';
import type { GatewayConfig } from '../config.ts';
import { callDocs } from '../docs/openapi.ts';
import { UpstreamError } from '../plugins/upstream.ts';
import { failureBody } from './failure.ts';
import { LoginFailures } from './loginFailures.ts';
import { originCheck } from './origin.ts';
import { withLoginSignature } from './signing.ts';
import { type Lease, memoryStores, type ProxyStores, type StoredReply } from './stores.ts';

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

/**
 * A placement answered with a session code (the upstream lost or expired the session, e.g. after
 * a restart) was never decided: the player logs in again and retries the same `request_id`, and
 * that retry must reach the upstream, which knows whether the first attempt was placed.
 */
function isFinalCode(code: string): boolean {
  return !NotFinalCodes.has(code) && describeError(code).group !== 'session';
}

/** Login answers that say nothing about the password: not counted as failed logins. */
const NotALoginFailure = new Set([
  'requestLimit',
  'loginLimit',
  'requestProcessing',
  'requestTimeout',
  'requestFailed',
  'timeoutError',
  'systemError',
]);

/** Grace on top of the call timeout before a lock lease or a waiting retry gives up. */
const LEASE_GRACE_MS = 5_000;

/** Provider ids in game paths (protocol's findCall rule): no dots, so no path tricks. */
const Provider = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' });
const ProviderParams = Type.Object({ provider: Provider });

export function failure(code: string, extra: Record<string, unknown> = {}): StoredReply {
  return { httpStatus: httpStatusFor(code), body: failureBody(code, extra) };
}

function send(reply: FastifyReply, result: StoredReply): FastifyReply {
  return reply.code(result.httpStatus).send(result.body);
}

function isEnvelope(value: unknown): value is { status: unknown; statusdesc: unknown } {
  return isRecord(value) && 'status' in value && 'statusdesc' in value;
}

/** Account ids are case-insensitive upstream (the simulator lower-cases them); so are our keys. */
function accountOf(body: unknown): string | undefined {
  const id = isRecord(body) ? body.account_id : undefined;
  return typeof id === 'string' && id.trim() !== '' ? id.trim().toLowerCase() : undefined;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The three password logins carry the spec's login body (and its optional signature). */
function isPasswordLogin(call: CallDef): boolean {
  return call.name === 'authlogin' || call.name === 'switchlogin' || call.name === 'userlogin';
}

/**
 * A placement's idempotency fingerprint: the body's hash without the session token (so a retry
 * after a re-login is the same bet), then the session's. Stores keep it as one opaque string.
 */
export function placementFingerprint(
  call: CallDef,
  provider: string | undefined,
  body: Readonly<Record<string, unknown>>,
): { body: string; session: string; fingerprint: string } {
  const { session_token: session, ...rest } = body;
  const bodyHash = sha256(canonicalJson({ call: call.name, provider, body: rest }));
  const sessionHash = sha256(typeof session === 'string' ? session : '').slice(0, 32);
  return { body: bodyHash, session: sessionHash, fingerprint: `${bodyHash}:${sessionHash}` };
}

function splitFingerprint(fingerprint: string): { body: string; session: string } {
  const at = fingerprint.indexOf(':');
  return at === -1
    ? { body: fingerprint, session: '' }
    : { body: fingerprint.slice(0, at), session: fingerprint.slice(at + 1) };
}

/** A rejected body, carried from the validator compiler to the error handler. */
class BodyRejected extends Error {
  readonly statusCode: number;
  constructor(
    readonly catalogueCode: string,
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'BodyRejected';
    this.statusCode = httpStatusFor(catalogueCode);
  }
}

/** Per-request state the hooks share. */
interface ProxyState {
  lease?: Lease;
  /** The idempotency key this request claimed; settled (completed or released) with its reply. */
  claimed?: string;
  /** A login's (account, address) key: a failed answer counts against it. */
  loginKey?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    proxyState: ProxyState | null;
  }
  interface FastifyContextConfig {
    /** The protocol call a /api route serves. */
    call?: CallDef;
  }
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
  // `feed` for its session checker: a placement retried under a new session token is replayed
  // only to a live session of the account.
  { name: 'proxy', dependencies: ['metrics', 'upstream', 'feed'] },
);

/** The call of the route serving `req` (every /api route carries one in its config). */
function callOf(req: FastifyRequest): CallDef {
  const call = req.routeOptions.config.call;
  if (call === undefined) throw new Error(`no call on route ${req.routeOptions.url ?? ''}`);
  return call;
}

function stateOf(req: FastifyRequest): ProxyState {
  if (req.proxyState === null) req.proxyState = {};
  return req.proxyState;
}

function providerOf(req: FastifyRequest): string | undefined {
  const params = req.params as { provider?: unknown } | undefined;
  return typeof params?.provider === 'string' ? params.provider : undefined;
}

async function registerApi(
  api: FastifyInstance,
  config: GatewayConfig,
  stores: ProxyStores,
  count: (call: string, outcome: Outcome) => void,
): Promise<void> {
  const originAllowed = originCheck(config);
  api.decorateRequest('proxyState', null);

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
    keyGenerator: (req) => `account:${accountOf(req.body) ?? ''}`,
  });
  // Failed logins per account *and* client address: a stranger guessing one player's password
  // throttles only the stranger's address, and the owner still gets in from theirs.
  const loginFailures = new LoginFailures({ max: config.loginLimitPerAccountPerMinute, windowMs: minute });
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

  // Bodies are checked by protocol's validateBody (bounds, then the call's TypeBox schema), not by
  // Ajv: no coercion, no silently removed fields, and the first bad field is named in the answer.
  const compile: FastifySchemaCompiler<unknown> = ({ url, httpPart }) => {
    const name = url.replace(/^\/api\//, '');
    if (httpPart === 'params') {
      return (params: unknown) =>
        Value.Check(ProviderParams, params)
          ? { value: params }
          : { error: new BodyRejected('unknownCall', '', 'unknown game provider') };
    }
    return (body: unknown) => {
      const checked = validateBody(name, body);
      return checked.ok
        ? { value: checked.value }
        : { error: new BodyRejected(checked.error.code, checked.error.field, checked.error.message) };
    };
  };
  api.setValidatorCompiler(compile);
  // The reply schemas are documentation only: replies go out exactly as sent (no field dropped).
  api.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Framework-level rejections (bad JSON, wrong content type, body over the limit, a body that
  // fails its schema) are bad input: a catalogue 4xx, never a 500, never an upstream call.
  api.setErrorHandler((error: FastifyError | BodyRejected, req, reply) => {
    const callName = req.routeOptions.config.call?.name ?? 'unknown';
    if (error instanceof BodyRejected) {
      count(callName, error.catalogueCode === 'unknownCall' ? 'unknownCall' : 'badRequest');
      return send(reply, failure(error.catalogueCode, error.field ? { field: error.field } : {}));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      count(callName, 'badRequest');
      return send(reply, failure('badRequest', { reason: error.code ?? 'badRequest' }));
    }
    req.log.error({ err: error }, 'proxy request failed');
    return send(reply, failure('systemError'));
  });

  // Any other path or method under /api (the odds calls included: they belong to /ws, one poll
  // per topic for everyone, never per player).
  api.setNotFoundHandler((_req, reply) => {
    count('unknown', 'unknownCall');
    return send(reply, failure('unknownCall'));
  });

  // Before the body is read: a flood from one address or a foreign page costs no parsing.
  api.addHook('onRequest', async (req, reply) => {
    req.proxyState = {};
    const origin = req.headers.origin;
    if (!originAllowed(req)) {
      count('unknown', 'forbiddenOrigin');
      req.log.info({ origin, host: req.headers.host }, 'api origin refused');
      return send(reply, failure('NoUserAccessRight'));
    }
    const limited = await overLimit(ipLimit, req, 'requestLimit');
    if (limited) {
      count('unknown', 'rateLimited');
      return sendLimited(reply, limited);
    }
  });

  /**
   * Logins: loginLimit after too many failed logins of the account from this address, or too many
   * logins from this address. Other calls: requestLimit per account.
   */
  const limits: preHandlerAsyncHookHandler = async (req, reply) => {
    const call = callOf(req);
    const account = accountOf(req.body);
    if (call.lock === 'login') {
      let limited: Limited | null = null;
      if (account !== undefined) {
        const key = LoginFailures.key(account, req.ip);
        const wait = loginFailures.blockedFor(key);
        if (wait > 0) limited = { code: 'loginLimit', retryAfterSeconds: wait };
        else stateOf(req).loginKey = key;
      }
      limited ??= await overLimit(loginIpLimit, req, 'loginLimit');
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
  };

  /** The spec's one-at-a-time rule: a lease per account (or launch token, or address) and lock. */
  const oneAtATime: preHandlerAsyncHookHandler = async (req, reply) => {
    const call = callOf(req);
    const body = req.body as Record<string, unknown>;
    const who =
      accountOf(body) ??
      (typeof body.token === 'string' ? `token:${sha256(body.token).slice(0, 32)}` : req.ip);
    const lease = await stores.locks.acquire(
      `${who}:${call.lock}`,
      config.callTimeoutMs[call.timeoutClass] + LEASE_GRACE_MS,
    );
    if (lease === null) {
      count(call.name, 'processing');
      return send(reply, failure('requestProcessing'));
    }
    stateOf(req).lease = lease;
  };

  /** The lease goes with the answer, whatever the answer is. */
  const release = async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const lease = req.proxyState?.lease;
    if (lease !== undefined) {
      delete req.proxyState?.lease;
      await lease.release();
    }
    return payload;
  };

  /**
   * Bet placements by client key (account + request_id): the first request claims the key and is
   * forwarded; a retry with the same bet gets the first reply (waiting for it while it runs), also
   * with a new session token after a re-login once that session checks out; the same key with
   * another bet gets `requestIdReused` and no upstream call.
   */
  const idempotent: preHandlerAsyncHookHandler = async (req, reply) => {
    const call = callOf(req);
    const body = req.body as Record<string, unknown>;
    const account = accountOf(body);
    const requestId = body.request_id;
    if (account === undefined) return send(reply, failure('badRequest', { field: 'account_id' }));
    // A call whose key is optional (tournament: calls.ts keyOptional) goes on without a dedupe.
    if (requestId === undefined && call.keyOptional === true) return;
    if (typeof requestId !== 'string' || !Value.Check(IdempotencyKey, requestId)) {
      count(call.name, 'badRequest');
      return send(reply, failure('badRequest', { field: 'request_id' }));
    }
    const key = `${account}\u0000${requestId}`;
    const mine = placementFingerprint(call, providerOf(req), body);
    const begun = await stores.idempotency.begin(key, mine.fingerprint);
    if (begun.kind === 'claimed') {
      stateOf(req).claimed = key;
      return;
    }
    const first = splitFingerprint(begun.fingerprint);
    if (first.body !== mine.body) {
      count(call.name, 'duplicate');
      req.log.info({ call: call.name, account }, 'idempotency key reused with another body');
      return send(reply, failure('requestIdReused'));
    }
    const stored =
      begun.kind === 'done'
        ? begun.reply
        : await stores.idempotency.wait(key, config.callTimeoutMs[call.timeoutClass] + LEASE_GRACE_MS);
    if (stored === null) {
      count(call.name, 'processing');
      return send(reply, failure('requestProcessing'));
    }
    if (first.session !== mine.session) {
      // Another session than the first attempt's (a retry after a re-login): the first reply is
      // shown only to a holder of a live session of the account.
      const verdict = await req.server.feed.sessions.check(account, String(body.session_token ?? ''));
      if (verdict !== 'valid') {
        count(call.name, verdict === 'invalid' ? 'badRequest' : 'upstreamFailed');
        return send(reply, failure(verdict === 'invalid' ? 'session_not_exists' : 'requestFailed'));
      }
    }
    count(call.name, 'replayed');
    reply.header('idempotent-replayed', 'true');
    return send(reply, stored);
  };

  /** A login answered with anything but success (or a transport code) is a failed login. */
  const countLoginFailure = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = req.proxyState?.loginKey;
    if (key === undefined) return payload;
    delete req.proxyState?.loginKey;
    const code = isEnvelope(payload) ? String(payload.statusdesc) : '';
    const failed = isEnvelope(payload) && !isOkStatus(payload.status) && !NotALoginFailure.has(code);
    if (failed && reply.statusCode < 500) loginFailures.fail(key);
    return payload;
  };

  /** The claimed key's reply: kept when final, given up (retry allowed) when not. */
  const settle = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = req.proxyState?.claimed;
    if (key === undefined) return payload;
    delete req.proxyState?.claimed;
    const result: StoredReply = { httpStatus: reply.statusCode, body: payload };
    const code = isEnvelope(payload) ? String(payload.statusdesc) : '';
    if (result.httpStatus < 500 && isFinalCode(code)) await stores.idempotency.complete(key, result);
    else await stores.idempotency.release(key, result);
    return payload;
  };

  for (const call of Calls) {
    if (call.group === 'odds') continue;
    const schema = Object.hasOwn(requestSchemas, call.name)
      ? requestSchemas[call.name as keyof typeof requestSchemas]
      : Type.Object({});
    const preHandler = [
      limits,
      ...(call.lock !== undefined ? [oneAtATime] : []),
      ...(call.betPlacement ? [idempotent] : []),
    ];
    // The route is the call's path (`/games/:provider/LaunchGame` keeps its parameter).
    api.post(
      call.path,
      {
        // callDocs: tag, summary and reply schemas for the API reference (docs/plugin.ts).
        schema: {
          body: schema,
          ...(call.group === 'games' ? { params: ProviderParams } : {}),
          ...callDocs(call),
        },
        config: { call },
        preHandler,
        ...(call.lock !== undefined ? { onSend: release } : {}),
        ...(call.betPlacement ? { preSerialization: settle } : {}),
        ...(call.lock === 'login' ? { preSerialization: countLoginFailure } : {}),
      },
      async (req, reply) => {
        const result = await forward(req, reply, call, config, count);
        // A bet, a room joined, a ticket or a cash-out changed this account: its stream polls now
        // (feed/account.ts), so every tab and window of the account shows it.
        // So does a page of personal messages listed (listing reads them: the unread count moved).
        const changesAccount = call.betPlacement || call.name === 'personallist';
        if (changesAccount && isEnvelope(result.body) && isOkStatus(result.body.status)) {
          const account = accountOf(req.body);
          if (account !== undefined) req.server.feed.nudgeAccount(account);
        }
        return send(reply, result);
      },
    );
  }
}

/**
 * One upstream call. A player who hangs up cancels it, except a bet placement, which runs to its
 * end: the retry will want its reply.
 */
async function forward(
  req: FastifyRequest,
  reply: FastifyReply,
  call: CallDef,
  config: GatewayConfig,
  count: (call: string, outcome: Outcome) => void,
): Promise<StoredReply> {
  const body = req.body as Record<string, unknown>;
  const outgoing =
    config.loginSigningKey !== undefined && isPasswordLogin(call)
      ? withLoginSignature(body, config.loginSigningKey)
      : body;
  const provider = providerOf(req);
  const upstreamPath = provider === undefined ? call.path : call.path.replace(':provider', provider);
  const hangUp = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) hangUp.abort();
  };
  if (!call.betPlacement) reply.raw.once('close', onClose);
  try {
    const res = await req.server.upstream.post(upstreamPath, outgoing, {
      timeoutMs: config.callTimeoutMs[call.timeoutClass],
      signal: hangUp.signal,
      // The player's address as this gateway resolved it (trustProxy honoured), replacing any the
      // client sent: the upstream counts failed logins per account and address.
      headers: { 'x-forwarded-for': req.ip },
    });
    if (!isEnvelope(res.body))
      throw new UpstreamError('malformed', `upstream ${upstreamPath} replied without an envelope`);
    const valid = validateReply(call.name, res.body);
    if (!valid.ok) {
      throw new UpstreamError(
        'malformed',
        `upstream ${upstreamPath} reply invalid at ${valid.error.field || '(root)'}`,
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
