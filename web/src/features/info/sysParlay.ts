/**
 * The system parlay calculator's arithmetic, over protocol's parlay rules: tickets of n selections
 * for the chosen sizes, total stake (unit x tickets) and the return if every selection wins, all in
 * integer minor units.
 */
import {
  combinationSizes,
  exact,
  Fraction,
  ParlayLimits,
  parlayCombinations,
  roundMinor,
  type SystemBetName,
  systemBetName,
  systemTicketCount,
} from '@sportsbook/protocol';

export interface SystemFigures {
  readonly sizes: readonly number[];
  readonly tickets: number;
  /** Minor units: unit stake x tickets. */
  readonly totalStake: number;
  /** Minor units, when every selection has a decimal price: the return if all selections win. */
  readonly maxReturn: number | null;
  readonly name: SystemBetName | undefined;
}

/** Sizes a player may tick for n selections (2..n, or only n above 10). */
export function sizesOffered(n: number): number[] {
  if (n < ParlayLimits.minSelections || n > ParlayLimits.maxSelections) return [];
  return combinationSizes(n);
}

/**
 * null when the input does not make a system (n out of 2..12, a size not allowed). `prices` are
 * decimal odds per selection; any missing or <= 1 leaves maxReturn null.
 */
export function systemFigures(
  n: number,
  sizes: readonly number[] | null,
  unitStake: number,
  prices: readonly (number | null)[] = [],
): SystemFigures | null {
  if (!Number.isInteger(n) || n < ParlayLimits.minSelections || n > ParlayLimits.maxSelections) return null;
  let chosen: number[];
  try {
    chosen = combinationSizes(n, sizes ?? undefined);
  } catch {
    return null;
  }
  if (chosen.length === 0) return null;
  const tickets = systemTicketCount(n, chosen);
  const known = Array.from({ length: n }, (_, i) => prices[i] ?? null);
  const maxReturn = known.every((p): p is number => p !== null && p > 1)
    ? parlayCombinations(n, chosen).reduce(
        (sum, combo) =>
          sum +
          roundMinor(combo.reduce((acc, i) => acc.mul(exact(known[i] as number)), new Fraction(unitStake))),
        0,
      )
    : null;
  return {
    sizes: chosen,
    tickets,
    totalStake: unitStake * tickets,
    maxReturn,
    name: systemBetName(n, chosen),
  };
}
