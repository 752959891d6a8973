/**
 * Odds-host calls (`/odds/<call>`): no player session (the gateway polls once for everyone).
 * Bodies are checked against protocol's OddsBodies (schemas/odds.ts) by app.ts's validateBody.
 */

import type { UxMarketRequest, UxMatch2Request } from '@sportsbook/protocol';
import { DefaultSportsOrder } from '../menuOrder.ts';
import { ok, reject } from '../reply.ts';
import type { Handlers } from './handler.ts';

export const oddsHandlers: Handlers = {
  // The menu rows, and the configured menu orders (SPEC section 9; SimOptions.sportsOrder).
  'odds/uxmenu': ({ sim }) =>
    ok({
      data: {
        ...sim.world.menu(),
        sports_order: Object.fromEntries(
          Object.entries(sim.options.sportsOrder ?? DefaultSportsOrder).map(([k, ids]) => [k, [...ids]]),
        ),
      },
    }),
  'odds/uxmarket': ({ sim, body }) => ok({ data: sim.world.market(body as unknown as UxMarketRequest) }),
  'odds/uxmatch': ({ sim, body }) => {
    const data = sim.world.match(body.match_id as number);
    if (!data) reject('matchHide');
    return ok({ data });
  },
  'odds/uxmatch2': ({ sim, body }) => ok({ data: sim.world.myanmar(body as unknown as UxMatch2Request) }),
};
