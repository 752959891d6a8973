/**
 * Odds-host calls (`/odds/<call>`): no player session (the gateway polls once for everyone).
 * Bodies are checked against protocol's OddsBodies (schemas/odds.ts) by app.ts's validateBody.
 */

import type { UxMarketRequest, UxMatch2Request } from '@sportsbook/protocol';
import { ok, reject } from '../reply.ts';
import type { Handlers } from './handler.ts';

export const oddsHandlers: Handlers = {
  'odds/uxmenu': ({ sim }) => ok({ data: sim.world.menu() }),
  'odds/uxmarket': ({ sim, body }) => ok({ data: sim.world.market(body as unknown as UxMarketRequest) }),
  'odds/uxmatch': ({ sim, body }) => {
    const data = sim.world.match(body.match_id as number);
    if (!data) reject('matchHide');
    return ok({ data });
  },
  'odds/uxmatch2': ({ sim, body }) => ok({ data: sim.world.myanmar(body as unknown as UxMatch2Request) }),
};
