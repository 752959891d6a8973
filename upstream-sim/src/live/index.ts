/**
 * The live centre in the simulator: live TV, highlights, the operator's logo, the media
 * they point at (`GET /media/<file>`), and a loopback admin switch that breaks a match's stream
 * (`POST /admin/livetv { broken: [match_id, ...] }`, for tests of the player's fallback).
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { ok } from '../reply.ts';
import { adminGuard } from '../routes/admin.ts';
import type { Sim } from '../sim.ts';
import { liveSwitches } from './livetv.ts';
import { registerMedia } from './media.ts';

export { liveHandlers } from './livetv.ts';

const LiveAdminBody = Compile(
  Type.Object(
    { broken: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }) },
    { additionalProperties: false },
  ),
);

export function registerLive(app: FastifyInstance, sim: Sim, adminToken: string | undefined): void {
  registerMedia(app);
  app.post(
    '/admin/livetv',
    adminGuard(adminToken)(LiveAdminBody, (body) => {
      const broken = liveSwitches(sim).brokenStreams;
      broken.clear();
      for (const id of body.broken) broken.add(id);
      return ok({ broken: [...broken] });
    }),
  );
}
