/** Pure rules of the number game's entry: toggling picks within protocol's limits. */
import { NumberGameMaxPicks, NumberGamePool } from '@sportsbook/protocol';

/** Adds `n` (or removes it when picked); a sixth pick is ignored. Always ascending. */
export function togglePick(picks: readonly number[], n: number): number[] {
  if (!Number.isInteger(n) || n < 1 || n > NumberGamePool) return [...picks];
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  if (picks.length >= NumberGameMaxPicks) return [...picks];
  return [...picks, n].sort((a, b) => a - b);
}

/** `count` (at most 5) distinct numbers of 1..40 from a source of uniforms in [0, 1), ascending. */
export function quickPick(count: number, next: () => number): number[] {
  const pool = Array.from({ length: NumberGamePool }, (_, i) => i + 1);
  const want = Math.max(0, Math.min(count, NumberGameMaxPicks));
  const picks: number[] = [];
  for (let i = 0; i < want; i++) {
    const at = Math.min(pool.length - 1, Math.floor(next() * pool.length));
    picks.push(pool.splice(at, 1)[0] as number);
  }
  return picks.sort((a, b) => a - b);
}
