/**
 * Odds-host calls (`/odds/<call>`): no player session (the gateway polls once for everyone).
 * protocol has no body schemas for them yet; these local ones follow rows.ts's request types.
 */

import type { UxMarketRequest, UxMatch2Request } from '@sportsbook/protocol';
import { MarketTypes } from '@sportsbook/protocol';
import type { TSchema } from 'typebox';
import Type from 'typebox';
import { ok, reject } from '../reply.ts';
import type { Handlers } from './handler.ts';

const Group = Type.Union([Type.Literal('early'), Type.Literal('today'), Type.Literal('live')]);
const SportId = Type.Integer({ minimum: 1, maximum: 999 });

export const OddsBodies: Record<string, TSchema> = {
  'odds/uxmenu': Type.Object({}),
  'odds/uxmarket': Type.Object(
    {
      sport_id: SportId,
      market_type: Type.Union(MarketTypes.filter((m) => m !== 'mmo').map((m) => Type.Literal(m))),
      group: Group,
    },
    { additionalProperties: false },
  ),
  'odds/uxmatch': Type.Object({ match_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  'odds/uxmatch2': Type.Object({ sport_id: SportId, group: Group }, { additionalProperties: false }),
};

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
