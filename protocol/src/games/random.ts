/**
 * The one source of chance every game engine takes: a uniform draw in [0, 1) passed in by the
 * caller (the simulator's seeded generator), never Math.random, so a seed replays the same rounds.
 */
export type Random = () => number;

/** Uniform integer in [0, n). */
export function randomIndex(random: Random, n: number): number {
  const i = Math.floor(random() * n);
  // A broken source (1.0 or more) must not step outside the range.
  return Math.min(n - 1, Math.max(0, i));
}

/** One playing card: rank 1 (ace) .. 13 (king), suit 0..3 (spades, hearts, diamonds, clubs). */
export interface Card {
  readonly rank: number;
  readonly suit: number;
}

/** A card drawn from an infinite shoe (every card equally likely on every draw). */
export function drawCard(random: Random): Card {
  const i = randomIndex(random, 52);
  return { rank: (i % 13) + 1, suit: Math.floor(i / 13) };
}

/** `amount` x `numerator` / `denominator`, rounded down to a whole minor unit (never a float sum). */
export function scaleDown(amount: number, numerator: number, denominator: number): number {
  return Math.floor((amount * numerator) / denominator);
}
