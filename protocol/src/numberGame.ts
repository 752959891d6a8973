/**
 * The number game: a keno-style draw. Each draw picks 10 distinct numbers of 1..40; a
 * ticket picks 1 to 5 numbers and a stake, and pays stake x the table's multiplier for its count of
 * hits. Pure rules (RULES.md "Number game"): the draw from a caller's seeded source, hits, payout in
 * integer minor units, and the return to player (RTP) of a table, computed exactly.
 */

export const NumberGamePool = 40;
export const NumberGameDrawn = 10;
export const NumberGameMaxPicks = 5;

/**
 * Multipliers in tenths per picks count, indexed by hits (the entry for 3 hits of 3 picks is 360:
 * 36x). RTP per picks count (numberGameRtp): 1: 95.0%, 2: 95.2%, 3: 94.3%, 4: 94.8%, 5: 95.1%.
 */
export type NumberGamePayoutTable = Readonly<Record<number, readonly number[]>>;

export const DefaultNumberGameTable: NumberGamePayoutTable = {
  1: [0, 38],
  2: [0, 9, 105],
  3: [0, 0, 37, 360],
  4: [0, 0, 17, 90, 1000],
  5: [0, 0, 8, 40, 270, 4000],
};

/** 10 distinct numbers of 1..40, ascending, from a source of uniforms in [0, 1) (partial shuffle). */
export function drawNumberGame(next: () => number): number[] {
  const pool = Array.from({ length: NumberGamePool }, (_, i) => i + 1);
  for (let i = 0; i < NumberGameDrawn; i++) {
    const j = i + Math.min(NumberGamePool - i - 1, Math.floor(next() * (NumberGamePool - i)));
    const t = pool[i] as number;
    pool[i] = pool[j] as number;
    pool[j] = t;
  }
  return pool.slice(0, NumberGameDrawn).sort((a, b) => a - b);
}

/** A ticket's picks are valid: 1..5 distinct integers of 1..40. */
export function validPicks(picks: readonly number[]): boolean {
  return (
    picks.length >= 1 &&
    picks.length <= NumberGameMaxPicks &&
    new Set(picks).size === picks.length &&
    picks.every((p) => Number.isInteger(p) && p >= 1 && p <= NumberGamePool)
  );
}

export function hitsOf(picks: readonly number[], drawn: readonly number[]): number {
  const set = new Set(drawn);
  return picks.filter((p) => set.has(p)).length;
}

/** The payout of a ticket (stake included) in minor units: stake x tenths / 10, rounded half up. */
export function numberGamePayout(
  picks: readonly number[],
  drawn: readonly number[],
  stake: number,
  table: NumberGamePayoutTable = DefaultNumberGameTable,
): { hits: number; payout: number } {
  if (!Number.isSafeInteger(stake) || stake < 0) throw new RangeError(`stake must be minor units: ${stake}`);
  const hits = hitsOf(picks, drawn);
  const tenths = table[picks.length]?.[hits] ?? 0;
  return { hits, payout: Math.floor((stake * tenths + 5) / 10) };
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

/** P(hits = h) for a ticket of `picks` numbers (hypergeometric). */
export function hitProbability(picks: number, hits: number): number {
  return (
    (choose(picks, hits) * choose(NumberGamePool - picks, NumberGameDrawn - hits)) /
    choose(NumberGamePool, NumberGameDrawn)
  );
}

/** Expected return per unit staked for tickets of `picks` numbers under `table`. */
export function numberGameRtp(picks: number, table: NumberGamePayoutTable = DefaultNumberGameTable): number {
  const row = table[picks] ?? [];
  let rtp = 0;
  for (let h = 0; h <= picks; h++) rtp += hitProbability(picks, h) * ((row[h] ?? 0) / 10);
  return rtp;
}
