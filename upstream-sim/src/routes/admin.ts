/**
 * Test-only admin calls: reachable only from loopback and only when an admin token is configured
 * (header x-admin-token). Otherwise they do not exist (unknownCall, 404).
 */
import { timingSafeEqual } from 'node:crypto';
import { currencyDigits, fieldOf, toMinorUnits } from '@sportsbook/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TProperties, TSchema } from 'typebox';
import Type from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { CallError, fail, ok } from '../reply.ts';
import type { Sim } from '../sim.ts';
import { adjustmentRef } from './adjustment.ts';
import { roomView } from './tournament.ts';

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

/** "Answer call X with code Y once" (faults.ts `CodeAnswer`): `times` defaults to 1. The code is any
 * statusdesc (a catalogue code, or an upstream text with spaces, which the web shows as is). */
const CodeAnswerBodySchema = Type.Object(
  {
    call: Type.String({ minLength: 1, maxLength: 64 }),
    code: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]*$' }),
    times: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    viaProxy: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** `{}` clears every fault and answer; else a code answer, else a fault. */
const FaultsBody = Compile(
  Type.Union([Type.Object({}, { additionalProperties: false }), CodeAnswerBodySchema, FaultBodySchema]),
);

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

const AccountBodySchema = Type.Object(
  {
    account_id: Type.String({ minLength: 1, maxLength: 64 }),
    state: Type.Optional(
      Type.Union(['active', 'close', 'block', 'freeze', 'suspend', 'inactive'].map((s) => Type.Literal(s))),
    ),
    /** Major units, may be negative. */
    adjust: Type.Optional(Type.Number({ minimum: -1e12, maximum: 1e12 })),
    /** The adjustment's reason (gameresultadjustment `remark`). */
    remark: Type.Optional(Type.String({ maxLength: 120, pattern: '^[^\\u0000-\\u001f]*$' })),
    launch_token: Type.Optional(Type.Boolean()),
    expire_sessions: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const AccountBody = Compile(AccountBodySchema);

/** 4D lottery: cancel a draw not drawn yet; every open ticket of it is refunded. */
const LotteryBodySchema = Type.Object(
  { action: Type.Literal('cancel'), draw_id: Type.String({ pattern: '^[0-9]{12}$' }) },
  { additionalProperties: false },
);
const LotteryBody = Compile(LotteryBodySchema);

const TournamentBodySchema = Type.Union([
  Type.Object(
    {
      action: Type.Literal('create'),
      room_type: Type.Union([Type.Literal(1), Type.Literal(3)]),
      rate: Type.Optional(Type.Integer({ minimum: 10, maximum: 1000 })),
      limit: Type.Optional(Type.Integer({ minimum: 3, maximum: 30 })),
      match_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 3, maxItems: 10 })),
      last_join_in_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 * 86_400_000 })),
      prize_pool: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { action: Type.Literal('close'), room_id: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
  ),
  Type.Object({ action: Type.Literal('state') }, { additionalProperties: false }),
]);
const TournamentBody = Compile(TournamentBodySchema);

const GamesBodySchema = Type.Union([
  Type.Object(
    { provider: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }), maintenance: Type.Boolean() },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      /** A member, or an agent (operator line): then every member below it. */
      account_id: Type.String({ minLength: 1, maxLength: 64 }),
      live_casino_disabled: Type.Optional(Type.Boolean()),
      mini_game_disabled: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  Type.Object({ action: Type.Literal('state') }, { additionalProperties: false }),
]);
const GamesBody = Compile(GamesBodySchema);

const Loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A loopback request with the admin token (every admin route, through `adminGuard`). */
function adminAllowed(request: FastifyRequest, token: string): boolean {
  if (!Loopback.has(request.socket.remoteAddress ?? '')) return false;
  const given = request.headers['x-admin-token'];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * An admin route's handler behind the token check and its body's schema: without the token (or
 * with none configured) the route answers as an unknown call (404), so the admin surface is not
 * discoverable; a body the schema refuses answers 400 `badRequest` with the `field` it is about
 * (as the calls do); the handler gets the body typed by its schema.
 */
export function adminGuard(token: string | undefined) {
  return <T>(
    schema: Validator<TProperties, TSchema, T>,
    handler: (body: T, reply: FastifyReply) => unknown,
  ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!token || !adminAllowed(request, token)) return reply.code(404).send(fail('unknownCall'));
      const body: unknown = request.body ?? {};
      if (!schema.Check(body)) {
        const first = schema.Errors(body)[0];
        return reply.code(400).send(fail('badRequest', { field: first ? fieldOf(first) : '' }));
      }
      return handler(body, reply);
    };
}

export function registerAdmin(app: FastifyInstance, sim: Sim, token: string | undefined): void {
  const guard = adminGuard(token);

  app.post(
    '/admin/faults',
    guard(FaultsBody, (b) => {
      if (!('call' in b)) sim.faults.clear();
      else if ('code' in b)
        sim.faults.answer(b.call, { code: b.code, times: b.times ?? 1, viaProxy: b.viaProxy === true });
      else
        sim.faults.set(b.call, {
          latencyMs: b.latencyMs ?? 0,
          errorRate: b.errorRate ?? 0,
          timeoutRate: b.timeoutRate ?? 0,
          malformedRate: b.malformedRate ?? 0,
        });
      return ok({ faults: sim.faults.list(), answers: sim.faults.pendingAnswers() });
    }),
  );

  app.post(
    '/admin/clock',
    guard(ClockBody, (b, reply) => {
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

  // Tournament rooms: an operator room now (tests shorten its join window), an operator
  // close (fees refunded), every room.
  app.post(
    '/admin/tournament',
    guard(TournamentBody, (b, reply) => {
      const t = sim.tournament;
      const now = sim.world.now();
      try {
        if (b.action === 'create') {
          const room = t.createOperatorRoom(
            {
              type: b.room_type,
              rate: b.rate ?? 10,
              limit: b.limit ?? 30,
              ...(b.match_ids ? { matches: b.match_ids } : {}),
              ...(b.last_join_in_ms !== undefined ? { lastJoinInMs: b.last_join_in_ms } : {}),
              ...(b.prize_pool !== undefined ? { pool: b.prize_pool } : {}),
            },
            now,
          );
          return ok({ room: roomView(t, room) });
        }
        if (b.action === 'close') return ok({ room: roomView(t, t.close(b.room_id, now)) });
        return ok({ rooms: [...t.rooms.values()].map((r) => roomView(t, r)) });
      } catch (err) {
        if (err instanceof CallError) return reply.send(fail(err.code));
        throw err;
      }
    }),
  );

  app.post(
    '/admin/account',
    guard(AccountBody, (b, reply) => {
      const account = sim.accounts.find(b.account_id);
      if (!account) return reply.send(fail('account_not_exists'));
      let updated = account;
      if (b.state !== undefined && b.state !== account.state)
        updated = sim.accounts.update(account, { state: b.state }, true);
      if (b.adjust !== undefined) {
        const minor = toMinorUnits(Math.abs(b.adjust), currencyDigits(account.currency));
        if (minor === undefined) return reply.code(400).send(fail('badRequest', { field: 'adjust' }));
        try {
          sim.wallet.adjust(
            account.id,
            Math.sign(b.adjust) * minor,
            adjustmentRef(b.remark),
            sim.world.now(),
          );
        } catch (err) {
          // A debit beyond the available balance: insufficient_balance, nothing written.
          if (err instanceof CallError) return reply.send(fail(err.code, err.extra));
          throw err;
        }
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

  app.post(
    '/admin/lottery',
    guard(LotteryBody, (b, reply) => {
      try {
        const refunded = sim.lottery.cancelDraw(b.draw_id, sim.world.now());
        return ok({ draw_id: b.draw_id, refunded: refunded.map((t) => t.ticketId) });
      } catch (err) {
        if (err instanceof CallError) return reply.send(fail(err.code, err.extra));
        throw err;
      }
    }),
  );

  // Game providers: a provider into or out of maintenance, a member's game switches.
  app.post(
    '/admin/games',
    guard(GamesBody, (b, reply) => {
      if ('provider' in b) sim.games.setMaintenance(b.provider, b.maintenance);
      if ('account_id' in b) {
        const id = b.account_id.trim().toLowerCase();
        if (!sim.store.accounts.has(id))
          return reply.code(404).send(fail('badRequest', { field: 'account_id' }));
        // The member itself, or every member below an agent of the line (a per-operator switch).
        const below = (account: { id: string; parentId: string | null }): boolean =>
          account.id === id ||
          (account.parentId !== null &&
            below(sim.store.accounts.get(account.parentId) ?? { id: '', parentId: null }));
        const changed: string[] = [];
        for (const account of sim.store.accounts.values()) {
          if (account.role !== 'member' || !below(account)) continue;
          sim.store.saveAccount({
            ...account,
            ...(b.live_casino_disabled !== undefined ? { liveCasinoDisabled: b.live_casino_disabled } : {}),
            ...(b.mini_game_disabled !== undefined ? { miniGameDisabled: b.mini_game_disabled } : {}),
            retrieveProfile: true,
          });
          changed.push(account.id);
        }
        return ok({ maintenance: sim.games.maintenanceList(), accounts: changed });
      }
      return ok({ maintenance: sim.games.maintenanceList() });
    }),
  );
}
