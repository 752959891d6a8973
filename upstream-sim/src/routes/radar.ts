/**
 * The match tracker's calls (README.md "Match tracker"): `livematchlist` and `radarlist`. Feed
 * reads like the odds calls: no player session (the gateway polls `radarlist` once per interval
 * for every viewer of `radar/<match_id>`). Bodies are checked against protocol's RadarBodies.
 */
import { ok, reject } from '../reply.ts';
import type { Handlers } from './handler.ts';

export const radarHandlers: Handlers = {
  livematchlist: ({ sim, body }) =>
    ok({ matches: sim.world.trackedMatches(body.sport_id as number | undefined) }),
  radarlist: ({ sim, body }) => {
    const radar = sim.world.radar(body.match_id as number, body.limit as number | undefined);
    if (!radar) reject('matchHide');
    return ok({ ...radar });
  },
};
