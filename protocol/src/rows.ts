/**
 * The upstream odds host's positional arrays (SPEC section 3, "Odds data input is four arrays"),
 * plus the odds rows. SPEC fixes a few positions; the rest are ours and documented in
 * protocol/ODDS-DATA.md with an example. Every producer (upstream-sim, recordings) and every
 * consumer (normalizeMarket) uses these types.
 */

/** Market group, header element 2: 1 early, 2 today, 3 live. */
export const MarketGroup = { early: 1, today: 2, live: 3 } as const;
export type MarketGroupName = keyof typeof MarketGroup;
export type MarketGroupCode = (typeof MarketGroup)[MarketGroupName];

/** Match status (SPEC section 3): 0 live/pending, 1 completed, 2 cancelled, 5 suspended. */
export const MatchStatus = { pending: 0, completed: 1, cancelled: 2, suspended: 5 } as const;
export type MatchStatusCode = (typeof MatchStatus)[keyof typeof MatchStatus];

/** Match element 4. Type 3 (child) takes element 12 (live state) from its parent. */
export const MatchType = { normal: 1, parent: 2, child: 3, outright: 4 } as const;
export type MatchTypeCode = (typeof MatchType)[keyof typeof MatchType];

/** [leagueId, sportId, name, flag (1 main league, 0 other), code (25 special), sortOrder, country] */
export type LeagueRow = [
  leagueId: number,
  sportId: number,
  name: string,
  flag: 0 | 1,
  code: number,
  sortOrder: number,
  country: string,
];

/** Live period codes used in LiveState. */
export const Period = {
  pre: 0,
  firstHalf: 1,
  halfTime: 2,
  secondHalf: 3,
  extraTime: 4,
  penalties: 5,
  fullTime: 9,
} as const;
export type PeriodCode = (typeof Period)[keyof typeof Period];

/** [homeScore, awayScore, period, clockSeconds, homeRed, awayRed] */
export type LiveState = [
  homeScore: number,
  awayScore: number,
  period: PeriodCode,
  clockSeconds: number,
  homeRed: number,
  awayRed: number,
];

/**
 * [matchId, leagueId, home, away, type, status, sportId, live, parlay, kickoff (UTC epoch ms),
 *  neutral, tv, liveState (shared from parent to child when type is 3), childLabel]
 */
export type MatchRow = [
  matchId: number,
  leagueId: number,
  home: string,
  away: string,
  type: MatchTypeCode,
  status: MatchStatusCode,
  sportId: number,
  live: 0 | 1,
  parlay: 0 | 1,
  kickoff: number,
  neutral: 0 | 1,
  tv: 0 | 1,
  liveState: LiveState | null,
  childLabel: string,
];

/** [parentMatchId, childMatchId] */
export type LinkRow = [parentId: number, childId: number];

/** Market count keys of a head row, in order (SPEC section 3). */
export const HeadMarkets = [
  'hdp',
  'ou',
  'oe',
  'oxt',
  'ml',
  'tw',
  'cs',
  'dc',
  'fglg',
  'htft',
  'tg',
  'orz',
] as const;
export type HeadMarket = (typeof HeadMarkets)[number];

/** [matchId, sportId, group, leagueId, then one count per HeadMarkets entry] */
export type HeadRow = [
  matchId: number,
  sportId: number,
  group: MarketGroupCode,
  leagueId: number,
  hdp: number,
  ou: number,
  oe: number,
  oxt: number,
  ml: number,
  tw: number,
  cs: number,
  dc: number,
  fglg: number,
  htft: number,
  tg: number,
  orz: number,
];

/** Odds line status: 0 open, 5 suspended (same codes as match status). */
export type OddsStatus = 0 | 5;

/**
 * [oddsId, matchId, betType, line, status, prices, labels]
 * - betType: HDP, OU, OE, 1X2, ML, CS, DC, HTFT, FGLG, TG, OR; first-half variants end in H
 *   (HDPH, OUH, OEH, 1X2H); Myanmar rows use MHDP and MOU.
 * - line: the home handicap (HDP, e.g. -0.25) or the goal total (OU, e.g. 2.75); null when the
 *   market has no line; for Myanmar rows the body string ("1+50", "D", "1D", "L-50").
 * - prices: decimal odds, at most 3 decimals, in the order of the selections (HDP home/away,
 *   OU over/under, OE odd/even, 1X2 home/draw/away, ...); empty for Myanmar rows.
 * - labels: selection names where the market has variable selections (CS scores, OR teams,
 *   TG ranges, HTFT pairs, FGLG choices); for Myanmar rows [giver] with 'H' or 'A' (for MOU 'O');
 *   otherwise null.
 */
export type OddsRow = [
  oddsId: string,
  matchId: number,
  betType: string,
  line: number | string | null,
  status: OddsStatus,
  prices: number[],
  labels: string[] | null,
];

/** The odds host's reply data for uxmarket, uxmatch and uxmatch2. */
export interface MarketData {
  leagues: LeagueRow[];
  matches: MatchRow[];
  links: LinkRow[];
  heads: HeadRow[];
  odds: OddsRow[];
}

/** [sportId, name, early, today, live, parlay, outright] counts of matches. */
export type MenuRow = [
  sportId: number,
  name: string,
  early: number,
  today: number,
  live: number,
  parlay: number,
  outright: number,
];

/** The odds host's reply data for uxmenu. */
export interface MenuData {
  sports: MenuRow[];
  /**
   * Ours (SPEC section 9: "sports menu default order comes from configuration, with an alternate
   * for currency BDT"): the operator's configured menu orders of sport ids, `default` and one per
   * currency code that has its own (`BDT`). Absent: sports alphabetically.
   */
  sports_order?: Record<string, number[]>;
}

/**
 * Market types of the odds board (topic element 3 and uxmarket's market_type). `mmo` is the
 * Myanmar-odds view, served by uxmatch2.
 */
export const MarketTypes = ['hdpou', '1x2', 'oe', 'cs', 'htft', 'fglg', 'tg', 'outright', 'mmo'] as const;
export type MarketType = (typeof MarketTypes)[number];

/** Request bodies of the odds host (no player session: the gateway polls once for everyone). */
export type UxMenuRequest = Record<string, never>;
export interface UxMarketRequest {
  sport_id: number;
  market_type: Exclude<MarketType, 'mmo'>;
  group: MarketGroupName;
}
export interface UxMatchRequest {
  match_id: number;
}
export interface UxMatch2Request {
  sport_id: number;
  group: MarketGroupName;
}

/** Sports (SPEC: ids 22 and 33 are excluded everywhere). */
export const Sports = {
  1: 'Soccer',
  2: 'Basketball',
  3: 'Tennis',
  4: 'Baseball',
  5: 'Ice Hockey',
  6: 'Volleyball',
  7: 'Badminton',
  8: 'American Football',
  9: 'Table Tennis',
  10: 'Cricket',
  11: 'Snooker',
  12: 'Rugby',
  43: 'E-Sports',
  /** Ours: virtual sports (virtual.ts VirtualSportIds), the simulator's own short events. */
  180: 'Virtual Football',
  181: 'Virtual Basketball',
} as const satisfies Record<number, string>;
export type SportId = keyof typeof Sports;
export const ExcludedSportIds = [22, 33] as const;
