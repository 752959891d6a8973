/**
 * Test-only admin calls: reachable only from loopback and only when an admin token is configured
 * (header x-admin-token). Otherwise they do not exist (unknownCall, 404).
 */
import { timingSafeEqual } from 'node:crypto';
import { currencyDigits, isRecord, toMinorUnits } from '@sportsbook/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { fail, ok } from '../reply.ts';
import type { Sim } from '../sim.ts';

const Rate = Type.Number({ minimum: 0, maximum: 1 });
const FaultBodySchema = Type.Object(
  {
    call: Type.String({ minLength: 1, maxLength: 64 }),
    latencyMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 120_000 })),
    errorRate: Type.Optional(Rate),
    timeoutRate: Type.Optional(Rate),
    malformedRate: Type.Optional(Rate),
  },
  { additionalProperties: false },
);
const FaultBody = Compile(FaultBodySchema);
type FaultBody = Static<typeof FaultBodySchema>;

const ClockBodySchema = Type.Object(
  {
    action: Type.Union([
      Type.Literal('pause'),
      Type.Literal('resume'),
      Type.Literal('advance'),
      Type.Literal('speed'),
      Type.Literal('state'),
    ]),
    ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 * 86_400_000 })),
    speed: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
const ClockBody = Compile(ClockBodySchema);
type ClockBody = Static<typeof ClockBodySchema>;

const AccountBodySchema = Type.Object(
  {
    account_id: Type.String({ minLength: 1, maxLength: 64 }),
    state: Type.Optional(
      Type.Union(['active', 'close', 'block', 'freeze', 'suspend', 'inactive'].map((s) => Type.Literal(s))),
    ),
    /** Major units, may be negative. */
    adjust: Type.Optional(Type.Number({ minimum: -1e12, maximum: 1e12 })),
    launch_token: Type.Optional(Type.Boolean()),
    expire_sessions: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const AccountBody = Compile(AccountBodySchema);
type AccountBody = Static<typeof AccountBodySchema>;

const Loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function allowed(request: FastifyRequest, token: string): boolean {
  if (!Loopback.has(request.socket.remoteAddress ?? '')) return false;
  const given = request.headers['x-admin-token'];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerAdmin(app: FastifyInstance, sim: Sim, token: string | undefined): void {
  const guard =
    (handler: (body: unknown, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!token || !allowed(request, token)) return reply.code(404).send(fail('unknownCall'));
      return handler(request.body ?? {}, reply);
    };

  app.post(
    '/admin/faults',
    guard((body, reply) => {
      if (isRecord(body) && Object.keys(body).length === 0) {
        sim.faults.clear();
        return ok({ faults: sim.faults.list() });
      }
      if (!FaultBody.Check(body)) return reply.code(400).send(fail('badRequest'));
      const b = body as FaultBody;
      sim.faults.set(b.call, {
        latencyMs: b.latencyMs ?? 0,
        errorRate: b.errorRate ?? 0,
        timeoutRate: b.timeoutRate ?? 0,
        malformedRate: b.malformedRate ?? 0,
      });
      return ok({ faults: sim.faults.list() });
    }),
  );

  app.post(
    '/admin/clock',
    guard((body, reply) => {
      if (!ClockBody.Check(body)) return reply.code(400).send(fail('badRequest'));
      const b = body as ClockBody;
      if (b.action === 'pause') sim.clock.pause();
      if (b.action === 'resume') sim.clock.resume();
      if (b.action === 'advance') sim.clock.advance(b.ms ?? 0);
      if (b.action === 'speed') {
        if (b.speed === undefined) return reply.code(400).send(fail('badRequest'));
        sim.clock.setSpeed(b.speed);
      }
      return ok({ clock: sim.clock.state() });
    }),
  );

  app.post(
    '/admin/account',
    guard((body, reply) => {
      if (!AccountBody.Check(body)) return reply.code(400).send(fail('badRequest'));
      const b = body as AccountBody;
      const account = sim.accounts.find(b.account_id);
      if (!account) return reply.send(fail('account_not_exists'));
      let updated = account;
      if (b.state !== undefined && b.state !== account.state)
        updated = sim.accounts.update(account, { state: b.state }, true);
      if (b.adjust !== undefined) {
        const minor = toMinorUnits(Math.abs(b.adjust), currencyDigits(account.currency));
        if (minor === undefined) return reply.code(400).send(fail('badRequest', { field: 'adjust' }));
        sim.wallet.adjust(account.id, Math.sign(b.adjust) * minor, 'admin', sim.world.now());
        updated = sim.accounts.update(updated, {}, true);
      }
      const expired = b.expire_sessions ? sim.sessions.expireAccount(account.id) : 0;
      const launchToken = b.launch_token ? sim.sessions.createLaunchToken(account.id) : undefined;
      return ok({
        account_id: updated.id,
        state: updated.state,
        expired_sessions: expired,
        ...(launchToken ? { token: launchToken } : {}),
      });
    }),
  );
}
