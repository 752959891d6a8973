/**
 * The simulator as a Fastify app with no process concerns (no listen, no signals): one POST route
 * per call of protocol's call table, its handler typed by the call (`Handler<N>`: the body is
 * `RequestOf<N>`); counting and fault injection, then body validation and the request limit, are
 * the routes' hooks. Every reply is catalogue JSON
 * `{ status, statusdesc, ... }`; nothing reaches the client as a bare 500 or an HTML error.
 */
import {
  type CallDef,
  type CallName,
  Calls,
  httpStatusFor,
  isListFeedRead,
  isRecord,
  isTournamentFeedRead,
  RedactPaths,
  type RequestOf,
  SiteMaintenanceCode,
  validateBody,
} from '@sportsbook/protocol';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream, LogFn, Logger, LoggerOptions } from 'pino';
import { esportsHandlers } from './esports/routes.ts';
import { gameHandlers, registerGamePages } from './games/routes.ts';
import { liveHandlers, registerLive } from './live/index.ts';
import { CallError, fail, type Reply } from './reply.ts';
import { accountHandlers } from './routes/account.ts';
import { adjustmentHandlers } from './routes/adjustment.ts';
import { registerAdmin } from './routes/admin.ts';
import { registerSiteAdmin } from './routes/adminSite.ts';
import { betHandlers } from './routes/bet.ts';
import type { Handler, Handlers } from './routes/handler.ts';
import { infoHandlers } from './routes/info.ts';
import { lotteryHandlers } from './routes/lottery.ts';
import { oddsHandlers } from './routes/odds.ts';
import { radarHandlers } from './routes/radar.ts';
import { tournamentHandlers } from './routes/tournament.ts';
import { Sim, SimDefaults, type SimOptions } from './sim.ts';
import { virtualHandlers } from './virtual/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sim: Sim;
  }
}

export interface BuildSimOptions extends SimOptions {
  /**
   * pino options (level, transport, stream...); false or absent: silent. Redaction of secrets and
   * of URL query strings is always added.
   */
  logger?: (LoggerOptions & { stream?: DestinationStream }) | boolean;
  /**
   * Which peers may name the client in X-Forwarded-For (Fastify's trustProxy: true, false, or
   * addresses/CIDRs/`loopback`/`linklocal`/`uniquelocal`). Default `loopback`: the gateway on the
   * same host. The login lockout counts per account and this client IP.
   */
  trustProxy?: boolean | string | string[];
}

export const handlers: Handlers = {
  ...accountHandlers,
  ...infoHandlers,
  ...adjustmentHandlers,
  ...liveHandlers,
  ...oddsHandlers,
  ...radarHandlers,
  ...betHandlers,
  ...lotteryHandlers,
  ...gameHandlers,
  ...esportsHandlers,
  ...tournamentHandlers,
  ...virtualHandlers,
};

/**
 * The request as logged: the URL without its query string (`?[redacted]`), since a client may put
 * a session or launch token there; bodies are never logged.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `/path?token=x` -> `/path?[redacted]`; a URL without a query is unchanged. */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}?[redacted]`;
}

/** Provider ids in game paths (protocol's findCall rule): no dots, so no path tricks. */
const ProviderId = /^[A-Za-z0-9_-]{1,32}$/;

/** Fastify's per-request log lines (info). */
const RequestLines = new Set(['incoming request', 'request completed']);

/**
 * pino hook: Fastify's request lines only at LOG_LEVEL=debug (or trace). The gateway polls several
 * calls a second, which would bury everything else on a terminal. Failed requests still log.
 */
function quietRequestLines(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const message = args[args.length - 1];
  if (
    level === 30 &&
    typeof message === 'string' &&
    RequestLines.has(message) &&
    !this.isLevelEnabled('debug')
  )
    return;
  method.apply(this, args);
}

function sendReply(reply: FastifyReply, body: Reply): FastifyReply {
  const status = body.status === 1 ? 200 : httpStatusFor(body.statusdesc);
  return reply.code(status).send(body);
}

export function buildSim(options: BuildSimOptions = {}): FastifyInstance {
  const loggerOptions = options.logger === true ? {} : options.logger || { level: 'silent' };
  const trustProxy: FastifyServerOptions['trustProxy'] = options.trustProxy ?? 'loopback';
  const app = Fastify({
    logger: {
      ...loggerOptions,
      redact: { paths: [...RedactPaths], censor: '[redacted]' },
      serializers: { req: serializeRequest, ...loggerOptions.serializers },
      hooks: { logMethod: quietRequestLines },
    },
    bodyLimit: options.bodyLimit ?? SimDefaults.bodyLimit,
    // Call names are case sensitive like the upstream's paths; a trailing slash is the same call.
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy,
  });
  const sim = new Sim(options, app.log);
  app.decorate('sim', sim);

  const held = new Set<() => void>();
  app.addHook('onReady', async () => sim.start());
  app.addHook('preClose', async () => {
    for (const release of held) release();
  });
  app.addHook('onClose', async () => sim.close());

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // Body too large (413), unsupported media type (415), bad JSON (400): all a bad request.
    if (status < 500)
      return reply.code(status).send(fail('badRequest', { reason: error.code ?? 'badRequest' }));
    return reply.code(500).send(fail('systemError'));
  });
  // Any other path is no call: unknownCall (a POST, a call attempt, is counted as `unknown`).
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'POST') sim.metrics.calls.inc({ call: 'unknown', host: 'none' });
    return reply.code(404).send(fail('unknownCall'));
  });

  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', sim.metrics.registry.contentType);
    return sim.metrics.registry.metrics();
  });

  registerAdmin(app, sim, options.adminToken);
  registerSiteAdmin(app, sim, options.adminToken);
  registerGamePages(app, sim);
  registerLive(app, sim, options.adminToken);

  const faultTimeoutMs = options.faultTimeoutMs ?? SimDefaults.faultTimeoutMs;

  /** A request's call once the route is known: the metric label and the feed-read flag. */
  const calls = new WeakMap<FastifyRequest, { label: string; feed: boolean }>();

  /**
   * Hook 1 (preValidation, after the body is parsed): the call is counted, then the fault switches
   * of faults.ts act before anything else of the call: a one-time coded answer, the site's
   * maintenance, latency, a timeout (the socket is dropped), a 500 or a malformed reply.
   */
  async function countAndFault(call: CallDef, request: FastifyRequest, reply: FastifyReply) {
    const provider = (request.params as { provider?: unknown } | undefined)?.provider;
    if (call.group === 'games' && (typeof provider !== 'string' || !ProviderId.test(provider))) {
      sim.metrics.calls.inc({ call: 'unknown', host: 'none' });
      return reply.code(404).send(fail('unknownCall'));
    }
    const label = call.name.slice(call.name.lastIndexOf('/') + 1);
    calls.set(request, { label, feed: false });
    sim.metrics.calls.inc({ call: label, host: call.group });

    // "Answer call X with code Y once" (faults.ts CodeAnswer): before anything else of the call.
    const answer = sim.faults.takeAnswer(label, request.headers['x-forwarded-for'] !== undefined);
    if (answer !== null) return sendReply(reply, fail(answer));

    // The site in maintenance (/admin/site): every call answers the code, `version` says so.
    if (sim.siteMaintenance && call.name !== 'version') return sendReply(reply, fail(SiteMaintenanceCode));

    const fault = sim.faults.of(label);
    if (!fault) return;
    if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    const action = sim.faults.pick(fault);
    if (action === 'timeout') {
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          held.delete(release);
          resolve();
        };
        const timer = setTimeout(release, faultTimeoutMs);
        held.add(release);
      });
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    if (action === 'error') return reply.code(500).send(fail('systemError'));
    if (action === 'malformed') {
      return reply
        .code(200)
        .header('content-type', 'application/json; charset=utf-8')
        .send('{"status":1,"statusdesc":"succ');
    }
  }

  /**
   * Hook 2 (preHandler): the body against the call's schema (protocol's validateBody), then the
   * per-account request limit. The gateway's room and list topics read without a session
   * (schemas/tournament.ts and schemas/feed.ts feed reads); a list handler then answers the
   * shared list only.
   */
  async function checkBody(call: CallDef, request: FastifyRequest, reply: FastifyReply) {
    const body: unknown = request.body ?? {};
    const feed = isListFeedRead(call.name, body);
    const checked =
      feed || isTournamentFeedRead(call.name, body) ? { ok: true as const } : validateBody(call.name, body);
    if (!checked.ok) {
      // A session call that carries its session token but no account id: accountIdRequired (a
      // session code of SPEC section 8: the client logs in again), not a plain badRequest.
      if (
        checked.error.code === 'badRequest' &&
        checked.error.field === 'account_id' &&
        isRecord(body) &&
        body.account_id === undefined &&
        typeof body.session_token === 'string'
      )
        return sendReply(reply, fail('accountIdRequired'));
      return sendReply(
        reply,
        fail(checked.error.code, checked.error.field ? { field: checked.error.field } : {}),
      );
    }
    const state = calls.get(request);
    if (state) state.feed = feed;
    try {
      if (call.group !== 'odds' && isRecord(body) && typeof body.account_id === 'string') {
        sim.sessions.assertRequestAllowed(body.account_id.trim().toLowerCase());
      }
    } catch (err) {
      return errorReply(err, call, request, reply);
    }
  }

  function errorReply(err: unknown, call: CallDef, request: FastifyRequest, reply: FastifyReply) {
    if (err instanceof CallError) return sendReply(reply, fail(err.code, err.extra));
    request.log.error({ err, call: call.name }, 'call failed');
    return sendReply(reply, fail('systemError'));
  }

  /** One POST route per call of protocol's table that has a handler; its handler gets its own types. */
  function route<N extends CallName>(call: CallDef<N>, handler: Handler<N>) {
    app.post<{ Body: RequestOf<N>; Params: { provider?: string } }>(
      call.path,
      {
        preValidation: (request, reply) => countAndFault(call, request, reply),
        preHandler: (request, reply) => checkBody(call, request, reply),
      },
      async (request, reply) => {
        const provider = request.params.provider !== undefined ? { provider: request.params.provider } : {};
        const feed = calls.get(request)?.feed === true ? { feed: true } : {};
        try {
          // checkBody validated it against the call's schema (a body-less `version` is an empty object).
          const body = (request.body ?? {}) as RequestOf<N>;
          return sendReply(
            reply,
            await handler({ sim, body, call: call.name, ip: request.ip, ...provider, ...feed }),
          );
        } catch (err) {
          return errorReply(err, call, request, reply);
        }
      },
    );
  }
  const handlerOf = <N extends CallName>(name: N): Handler<N> | undefined => handlers[name];
  for (const call of Calls) {
    const handler = handlerOf(call.name);
    if (handler) route<typeof call.name>(call, handler);
  }
  return app;
}
