/**
 * Parlay limits and system-parlay combinations (SPEC sections 4 and 9, DOMAIN.md "Parlays and
 * system parlays"). See protocol/RULES.md. The limits live in constants.ts (ParlayLimits).
 */

import { ParlayLimits } from './constants.ts';

/** Error codes of checkParlay (SPEC section 8; sameMatchInParlay is ours). */
export const ParlayErrorCodes = [
  'atLeastTwoMatchToBetParlay',
  'atLeastThreeMatchToBetParlay',
  'maxParlayTicket',
  'sameMatchInParlay',
] as const;
export type ParlayErrorCode = (typeof ParlayErrorCodes)[number];

export interface ParlayCheckInput {
  selections: readonly { matchId: number | string }[];
  /** Any selection in play: the minimum becomes 3. */
  live: boolean;
  /** Myanmar mix parlay (maung): at most 10. */
  myanmar: boolean;
}

/**
 * null when the parlay may be placed, else the first failing code in this order: one selection
 * per match, the minimum (3 when live, else 2; live Myanmar also 3), the maximum (12, Myanmar 10).
 */
export function checkParlay(input: ParlayCheckInput): ParlayErrorCode | null {
  const count = input.selections.length;
  const matches = new Set(input.selections.map((selection) => selection.matchId));
  if (matches.size !== count) return 'sameMatchInParlay';
  if (input.live && count < ParlayLimits.minLiveSelections) return 'atLeastThreeMatchToBetParlay';
  const min = input.myanmar ? ParlayLimits.minMyanmarSelections : ParlayLimits.minSelections;
  if (count < min) return 'atLeastTwoMatchToBetParlay';
  const max = input.myanmar ? ParlayLimits.maxMyanmarSelections : ParlayLimits.maxSelections;
  if (count > max) return 'maxParlayTicket';
  return null;
}

function assertSelectionCount(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > ParlayLimits.maxSelections) {
    throw new RangeError(`selection count must be an integer 1..${ParlayLimits.maxSelections}: ${n}`);
  }
}

/**
 * The combination sizes to use: the given ones (deduplicated, ascending) or by default every size
 * 2..n; over 10 selections only the full size n is allowed (SPEC section 4). Size 1 (singles) is
 * allowed when asked for, for the Lucky systems.
 */
export function combinationSizes(n: number, sizes?: readonly number[]): number[] {
  assertSelectionCount(n);
  if (n > ParlayLimits.fullSizeOnlyAbove) {
    if (sizes?.some((size) => size !== n)) {
      throw new RangeError(`over ${ParlayLimits.fullSizeOnlyAbove} selections only size ${n} is allowed`);
    }
    return [n];
  }
  if (!sizes) return Array.from({ length: Math.max(0, n - 1) }, (_, i) => i + 2);
  const unique = [...new Set(sizes)].sort((a, b) => a - b);
  for (const size of unique) {
    if (!Number.isInteger(size) || size < 1 || size > n)
      throw new RangeError(`size must be an integer 1..${n}: ${size}`);
  }
  return unique;
}

function combinationsOfSize(n: number, k: number): number[][] {
  const result: number[][] = [];
  const current: number[] = [];
  const walk = (start: number): void => {
    if (current.length === k) {
      result.push([...current]);
      return;
    }
    for (let i = start; i <= n - (k - current.length); i++) {
      current.push(i);
      walk(i + 1);
      current.pop();
    }
  };
  walk(0);
  return result;
}

/**
 * Every ticket of a system parlay over selections 0..n-1: ascending size, then lexicographic.
 * parlayCombinations(3) = [[0,1],[0,2],[1,2],[0,1,2]].
 */
export function parlayCombinations(n: number, sizes?: readonly number[]): number[][] {
  return combinationSizes(n, sizes).flatMap((k) => combinationsOfSize(n, k));
}

/** Binomial coefficient C(n, k), exact for the small n here. */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) result = (result * (n - Math.min(k, n - k) + i)) / i;
  return result;
}

/** Number of tickets of parlayCombinations(n, sizes), without listing them: sum of C(n, k). */
export function systemTicketCount(n: number, sizes?: readonly number[]): number {
  return combinationSizes(n, sizes).reduce((sum, k) => sum + binomial(n, k), 0);
}

/**
 * Named system bets: selections and combination sizes. The Lucky bets add the singles
 * (size 1) to the full cover of the same selections.
 */
export const SystemBets = {
  Trixie: { selections: 3, sizes: [2, 3], tickets: 4 },
  Patent: { selections: 3, sizes: [1, 2, 3], tickets: 7 },
  Yankee: { selections: 4, sizes: [2, 3, 4], tickets: 11 },
  Lucky15: { selections: 4, sizes: [1, 2, 3, 4], tickets: 15 },
  Canadian: { selections: 5, sizes: [2, 3, 4, 5], tickets: 26 },
  Lucky31: { selections: 5, sizes: [1, 2, 3, 4, 5], tickets: 31 },
  Heinz: { selections: 6, sizes: [2, 3, 4, 5, 6], tickets: 57 },
  Lucky63: { selections: 6, sizes: [1, 2, 3, 4, 5, 6], tickets: 63 },
  SuperHeinz: { selections: 7, sizes: [2, 3, 4, 5, 6, 7], tickets: 120 },
  Goliath: { selections: 8, sizes: [2, 3, 4, 5, 6, 7, 8], tickets: 247 },
} as const satisfies Record<string, { selections: number; sizes: readonly number[]; tickets: number }>;
export type SystemBetName = keyof typeof SystemBets;
/** "Super Yankee" is another name for the Canadian. */
export const SystemBetAliases = { SuperYankee: 'Canadian' } as const satisfies Record<string, SystemBetName>;

/** The named system that exactly matches n selections and these sizes, if any. */
export function systemBetName(n: number, sizes?: readonly number[]): SystemBetName | undefined {
  const wanted = combinationSizes(n, sizes).join(',');
  return (Object.keys(SystemBets) as SystemBetName[]).find(
    (name) => SystemBets[name].selections === n && SystemBets[name].sizes.join(',') === wanted,
  );
}

/** How a placement was decided: accepted (running or later settled), rejected, or still waiting. */
export type TicketDecision = 'accepted' | 'rejected' | 'pending';

/**
 * The parlay totals of SPEC section 3 for one parlay or system placement (integer minor units):
 * total bet (tickets placed), total stake (unit stake x tickets), total payout (what every ticket
 * pays back if every leg wins, stake included), total accept / total reject (tickets by
 * decision; a waiting placement counts in neither), combination (tickets of the cover).
 */
export interface ParlayTotals {
  totalBet: number;
  totalStake: number;
  totalPayout: number;
  totalAccept: number;
  totalReject: number;
  combination: number;
}

export function parlayTotals(input: {
  tickets: number;
  unitStake: number;
  maxPayout: number;
  decision: TicketDecision;
}): ParlayTotals {
  const { tickets, unitStake, maxPayout, decision } = input;
  if (!Number.isSafeInteger(tickets) || tickets < 1) throw new RangeError(`tickets must be >= 1: ${tickets}`);
  if (!Number.isSafeInteger(unitStake) || unitStake < 0) throw new RangeError(`bad unit stake: ${unitStake}`);
  if (!Number.isSafeInteger(maxPayout) || maxPayout < 0) throw new RangeError(`bad payout: ${maxPayout}`);
  return {
    totalBet: tickets,
    totalStake: unitStake * tickets,
    totalPayout: maxPayout,
    totalAccept: decision === 'accepted' ? tickets : 0,
    totalReject: decision === 'rejected' ? tickets : 0,
    combination: tickets,
  };
}
