/**
 * Operator switches for site maintenance and messages (loopback and admin token only, as admin.ts):
 * - `POST /admin/site { maintenance: boolean }`: the whole site into or out of maintenance (every
 *   call but `version` answers `maintenance`; app.ts). `{}` answers the state.
 * - `POST /admin/message { kind, account_id?, title, body, count? }`: posts announcements (or
 *   personal messages to `account_id`, or marquee lines), `count` numbered copies ("title 1"...),
 *   newest last, English only (the lists answer English in every language for them).
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { fail, ok } from '../reply.ts';
import type { Sim } from '../sim.ts';
import { adminGuard } from './admin.ts';

const SiteBody = Compile(
  Type.Object({ maintenance: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
);

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '^[^\\u0000-\\u001f]*$' });
const MessageBodySchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('announcement'), Type.Literal('personal'), Type.Literal('marquee')]),
    account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    title: Text(200),
    body: Text(2000),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
const MessageBody = Compile(MessageBodySchema);

export function registerSiteAdmin(app: FastifyInstance, sim: Sim, token: string | undefined): void {
  const guard = adminGuard(token);

  app.post(
    '/admin/site',
    guard(SiteBody, (b) => {
      if (b.maintenance !== undefined) {
        sim.siteMaintenance = b.maintenance;
        sim.log.info({ maintenance: b.maintenance }, 'site maintenance switched');
      }
      return ok({ maintenance: sim.siteMaintenance });
    }),
  );

  app.post(
    '/admin/message',
    guard(MessageBody, (b, reply) => {
      const accountId = b.account_id?.trim().toLowerCase() ?? null;
      if (b.kind === 'personal' && (accountId === null || !sim.store.accounts.has(accountId))) {
        return reply.code(400).send(fail('account_not_exists'));
      }
      const count = b.count ?? 1;
      const ids: number[] = [];
      let id = sim.store.messages.reduce((max, m) => Math.max(max, m.id), 0);
      for (let i = 1; i <= count; i++) {
        id += 1;
        sim.store.addMessage({
          id,
          accountId: b.kind === 'personal' ? accountId : null,
          kind: b.kind,
          title: count === 1 ? b.title : `${b.title} ${i}`,
          body: b.body,
          time: sim.world.now(),
          read: false,
        });
        ids.push(id);
      }
      return ok({ ids });
    }),
  );
}
