/**
 * Request bodies of the odds host (`odds/<call>`, ODDS-DATA.md): no player session, the gateway
 * polls once for everyone. The static types are rows.ts's UxMenuRequest ... UxMatch2Request; the
 * checks below keep the two in step.
 */
import type { Static } from 'typebox';
import Type from 'typebox';
import {
  MarketGroup,
  type MarketGroupName,
  type MarketType,
  MarketTypes,
  type UxMarketRequest,
  type UxMatch2Request,
  type UxMatchRequest,
} from '../rows.ts';
import { Closed } from './common.ts';

const OddsGroup = Type.Enum(Object.keys(MarketGroup) as MarketGroupName[]);
const BoardMarketTypes = MarketTypes.filter((m): m is Exclude<MarketType, 'mmo'> => m !== 'mmo');
const OddsSportId = Type.Integer({ minimum: 1, maximum: 999 });

/** uxmenu: no fields (an empty object; extra fields are ignored). */
export const UxMenuBody = Type.Object({});
export const UxMarketBody = Type.Object(
  {
    sport_id: OddsSportId,
    market_type: Type.Enum(BoardMarketTypes),
    group: OddsGroup,
  },
  Closed,
);
export const UxMatchBody = Type.Object({ match_id: Type.Integer({ minimum: 1 }) }, Closed);
export const UxMatch2Body = Type.Object({ sport_id: OddsSportId, group: OddsGroup }, Closed);

/** The odds calls' body schemas by full call name, spread into requestSchemas. */
export const OddsBodies = {
  'odds/uxmenu': UxMenuBody,
  'odds/uxmarket': UxMarketBody,
  'odds/uxmatch': UxMatchBody,
  'odds/uxmatch2': UxMatch2Body,
} as const;

// Compile-time: a body that passes the schema is the request type the rest of the code uses.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const bodiesMatchRows: [
  Same<Static<typeof UxMarketBody>['market_type'], UxMarketRequest['market_type']>,
  Same<Static<typeof UxMarketBody>['group'], UxMarketRequest['group']>,
  Same<Static<typeof UxMatchBody>, UxMatchRequest>,
  Same<Static<typeof UxMatch2Body>['group'], UxMatch2Request['group']>,
] = [true, true, true, true];
void bodiesMatchRows;
