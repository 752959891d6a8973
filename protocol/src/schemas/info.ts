/**
 * Request bodies of the base host's information calls (statements, results, messages, standings).
 * SPEC section 7 names them without payloads; these are ours, documented in upstream-sim/README.md.
 * Dates are working dates in GMT+8, `YYYY-MM-DD`, inclusive.
 */
import type { Static } from 'typebox';
import Type from 'typebox';
import { BetId, OptionalPaging, sessionBody } from './bet.ts';
import { DateRangeFields, DateString } from './common.ts';

export const DateRangeBody = sessionBody({ ...DateRangeFields, ...OptionalPaging });
export type DateRangeBody = Static<typeof DateRangeBody>;

export const PagedBody = sessionBody({ ...OptionalPaging });
export type PagedBody = Static<typeof PagedBody>;

export const PlainSessionBody = sessionBody({});
export type PlainSessionBody = Static<typeof PlainSessionBody>;

export const MatchResultBody = sessionBody({
  date: DateString,
  sport_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
});
export type MatchResultBody = Static<typeof MatchResultBody>;

export const SingleMatchResultBody = sessionBody({ match_id: Type.Integer({ minimum: 1 }) });
export type SingleMatchResultBody = Static<typeof SingleMatchResultBody>;

export const InfoBetIdBody = sessionBody({ bet_id: BetId });
export type InfoBetIdBody = Static<typeof InfoBetIdBody>;

export const SysParlayListBody = sessionBody({
  start_date: Type.Optional(DateString),
  end_date: Type.Optional(DateString),
});
export type SysParlayListBody = Static<typeof SysParlayListBody>;

export const StandingListBody = sessionBody({
  sport_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
});
export type StandingListBody = Static<typeof StandingListBody>;

export const StandingResultBody = sessionBody({ league_id: Type.Integer({ minimum: 1 }) });
export type StandingResultBody = Static<typeof StandingResultBody>;

export const BracketListBody = sessionBody({ league_id: Type.Optional(Type.Integer({ minimum: 1 })) });
export type BracketListBody = Static<typeof BracketListBody>;

/** Body schema of every information call of the base host, keyed by call name. */
export const InfoBodies = {
  dailystatement: DateRangeBody,
  platformwinlose: DateRangeBody,
  settlementhistory: DateRangeBody,
  /** This issue serves the sportsbook variants; the other gameresult* variants come with their products. */
  gameresultsportsbook: DateRangeBody,
  gameresultsummarysportsbook: DateRangeBody,
  cancelledbetlist: DateRangeBody,
  announcelist: PagedBody,
  marqueelist: PlainSessionBody,
  personallist: PagedBody,
  personalunread: PlainSessionBody,
  matchresult: MatchResultBody,
  singlematchresult: SingleMatchResultBody,
  parlaymatchresult: InfoBetIdBody,
  parlaybetdetails: InfoBetIdBody,
  betsysparlay: SysParlayListBody,
  betsysparlaymatch: InfoBetIdBody,
  betsysparlaybet: InfoBetIdBody,
  eventlist: PlainSessionBody,
  standinglist: StandingListBody,
  standingresult: StandingResultBody,
  bracketlist: BracketListBody,
} as const;
export type InfoCall = keyof typeof InfoBodies;
export const InfoCalls = Object.keys(InfoBodies) as InfoCall[];
