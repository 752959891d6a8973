/**
 * The simulator as a Fastify app with no process concerns (no listen, no signals): one route per
 * host path family, dispatched by protocol's call table. Every reply is catalogue JSON
 * `{ status, statusdesc, ... }`; nothing reaches the client as a bare 500 or an HTML error.
 */
import {
  findCall,
  httpStatusFor,
  isListFeedRead,
  isRecord,
  isTournamentFeedRead,
  RedactPaths,
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
import type { Handlers } from './routes/handler.ts';
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
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(fail('unknownCall')));

  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', sim.metrics.registry.contentType);
    return sim.metrics.registry.metrics();
  });

  registerAdmin(app, sim, options.adminToken);
  registerSiteAdmin(app, sim, options.adminToken);
  registerGamePages(app, sim);
  registerLive(app, sim, options.adminToken);

  const faultTimeoutMs = options.faultTimeoutMs ?? SimDefaults.faultTimeoutMs;

  async function dispatch(request: FastifyRequest, reply: FastifyReply) {
    const found = findCall(request.url);
    const handler = found ? handlers[found.call.name] : undefined;
    if (!found || !handler) {
      sim.metrics.calls.inc({ call: 'unknown', host: 'none' });
      return reply.code(404).send(fail('unknownCall'));
    }
    const name = found.call.name;
    const label = name.slice(name.lastIndexOf('/') + 1);
    sim.metrics.calls.inc({ call: label, host: found.call.group });

    // "Answer call X with code Y once" (faults.ts CodeAnswer): before anything else of the call.
    const answer = sim.faults.takeAnswer(label, request.headers['x-forwarded-for'] !== undefined);
    if (answer !== null) return sendReply(reply, fail(answer));

    // The site in maintenance (/admin/site): every call answers the code, `version` says so.
    if (sim.siteMaintenance && name !== 'version') return sendReply(reply, fail(SiteMaintenanceCode));

    const fault = sim.faults.of(label);
    if (fault) {
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

    const body: unknown = request.body ?? {};
    // The gateway's room and list topics read without a session (schemas/tournament.ts and
    // schemas/feed.ts feed reads); a list handler then answers the shared list only.
    const feed = isListFeedRead(name, body);
    const checked =
      feed || isTournamentFeedRead(name, body)
        ? { ok: true as const, value: body }
        : validateBody(name, body);
    if (!checked.ok) {
      // A session call that carries its session token but no account id: accountIdRequired (a
      // session code of SPEC section 8: the client logs in again), not a plain badRequest.
      if (
        checked.code === 'badRequest' &&
        checked.field === 'account_id' &&
        isRecord(body) &&
        body.account_id === undefined &&
        typeof body.session_token === 'string'
      )
        return sendReply(reply, fail('accountIdRequired'));
      return sendReply(reply, fail(checked.code, checked.field ? { field: checked.field } : {}));
    }
    const fields = body as Record<string, unknown>;
    try {
      if (found.call.group !== 'odds' && typeof fields.account_id === 'string') {
        sim.sessions.assertRequestAllowed(fields.account_id.trim().toLowerCase());
      }
      const provider = found.provider !== undefined ? { provider: found.provider } : {};
      const feedRead = feed ? { feed: true } : {};
      return sendReply(
        reply,
        await handler({ sim, body: fields, call: name, ip: request.ip, ...provider, ...feedRead }),
      );
    } catch (err) {
      if (err instanceof CallError) return sendReply(reply, fail(err.code, err.extra));
      request.log.error({ err, call: name }, 'call failed');
      return sendReply(reply, fail('systemError'));
    }
  }

  for (const prefix of ['', '/odds', '/bet', '/tournament', '/lottery', '/games']) {
    app.post(`${prefix}/*`, dispatch);
  }
  return app;
}
