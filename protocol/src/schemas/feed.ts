/**
 * The sessionless feed reads of the shared lists (WIRE.md "List topics", gateway/FEED.md
 * "Shared lists"): the bodies the gateway's `list/...` topics poll with, once for every player.
 * They carry no `account_id` or `session_token`, so an upstream can only answer them with what every
 * player sees alike (no limits, tickets, bets or read flags of anyone). The gateway's /api never
 * forwards such a body (the proxy validates the member bodies, which require a session).
 */
import type { TSchema } from 'typebox';
import Type from 'typebox';
import { isRecord } from '../guards.ts';
import { schemaCheck } from '../schemaCheck.ts';
import { Closed, LanguageCode } from './common.ts';

export const ListFeedBodies = {
  livetvlist: Type.Object({}, Closed),
  esports2live: Type.Object({}, Closed),
  'lottery/drawlist': Type.Object({}, Closed),
  ngdrawlist: Type.Object({}, Closed),
  highlightleague: Type.Object({}, Closed),
  /** `list/site`: the upstream's version and whether the site is in maintenance. */
  version: Type.Object({}, Closed),
  marqueelist: Type.Object({ language: LanguageCode }, Closed),
  announcelist: Type.Object(
    {
      language: LanguageCode,
      page_number: Type.Literal(1),
      page_size: Type.Integer({ minimum: 1, maximum: 100 }),
    },
    Closed,
  ),
} as const satisfies Record<string, TSchema>;

/**
 * The test of a family of feed reads (bodies by call name): true when `body` is the sessionless
 * body of `call`. Never throws. The shared lists' (below) and the room topics' (tournament.ts).
 */
export function feedReadTest(
  bodies: Readonly<Record<string, TSchema>>,
): (call: string, body: unknown) => boolean {
  const validators = new Map(Object.entries(bodies).map(([k, s]) => [k, schemaCheck(s)]));
  return (call, body) => {
    const validator = validators.get(call);
    if (validator === undefined || !isRecord(body)) return false;
    try {
      return validator.Check(body);
    } catch {
      return false;
    }
  };
}

/**
 * True when `body` is the sessionless feed read of `call` (the gateway's `list/...` poller). Never
 * throws. An upstream answers it with the shared list only (the simulator: no member's limits).
 */
export const isListFeedRead: (call: string, body: unknown) => boolean = feedReadTest(ListFeedBodies);
