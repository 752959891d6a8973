/**
 * Why a market or match refuses a bet, as the catalogue code a real book sends for it (SPEC section 8:
 * "Market or match unavailable messages use numeric codes 308, 311, 313, 314, 318, 328, 340").
 * The mapping is ours (the spec gives the codes, not their conditions); RULES.md "Market refusals"
 * lists it. Named codes win where the spec has one with the same meaning (matchEnded,
 * matchNotAllowBet, invalidOdds, oddsIsUpdating).
 */
/** The state of an odds row at the moment of a check, placement or live-bet decision. */
export interface MarketState {
  /** The row is known (false: no such odds id, or it was removed). */
  exists: boolean;
  /** Match status (SPEC section 3): 0 open/live, 1 completed, 2 cancelled, 5 suspended (held). */
  matchStatus: number;
  /** Row status: 0 open, anything else suspended or closed. */
  marketStatus: number;
  /** The match is in play: a suspended row is being repriced (a goal, a red card) and comes back. */
  live: boolean;
  /** The market closes at kick-off (a pre-match-only row) and the match has started. */
  startedPreMatchOnly?: boolean;
  /** The bet is a parlay and this row may not be used in one. */
  parlayRefused?: boolean;
  /** The picked selection has no price on this row (an index the row does not offer). */
  selectionUnpriced?: boolean;
}

/** The refusal reasons and their codes (documented in RULES.md). */
export const MarketRefusalCodes = {
  /** No such row (never existed or removed). */
  noSuchRow: 'invalidOdds',
  /** The match is over. */
  matchCompleted: 'matchEnded',
  /** The match was cancelled or abandoned: not available for betting. */
  matchCancelled: '311',
  /** The whole match is held (status 5, e.g. a video review): temporarily suspended. */
  matchHeld: '328',
  /** The row is suspended while the match is live (a goal, a red card): prices are being updated. */
  repricing: 'oddsIsUpdating',
  /** The row is closed (suspended outside play). */
  marketClosed: '308',
  /** A pre-match-only row after kick-off. */
  matchStarted: '314',
  /** The row may not be used in a parlay (a parlay leg on a row not open for parlays). */
  notForParlay: '340',
  /** The row is open but offers no price for the picked selection. */
  selectionUnpriced: '313',
} as const satisfies Record<string, string>;
export type MarketRefusal = keyof typeof MarketRefusalCodes;

/** The reason a row refuses a bet now, or null when it is open for it. Checked in this order. */
export function marketRefusal(state: MarketState): MarketRefusal | null {
  if (!state.exists) return 'noSuchRow';
  if (state.matchStatus === 1) return 'matchCompleted';
  if (state.matchStatus === 2) return 'matchCancelled';
  if (state.matchStatus === 5) return 'matchHeld';
  if (state.startedPreMatchOnly) return 'matchStarted';
  if (state.marketStatus !== 0) return state.live ? 'repricing' : 'marketClosed';
  if (state.parlayRefused) return 'notForParlay';
  if (state.selectionUnpriced) return 'selectionUnpriced';
  return null;
}

/** marketRefusal as its catalogue code, or null. */
export function marketRefusalCode(state: MarketState): (typeof MarketRefusalCodes)[MarketRefusal] | null {
  const reason = marketRefusal(state);
  return reason === null ? null : MarketRefusalCodes[reason];
}
