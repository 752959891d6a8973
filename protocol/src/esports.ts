/**
 * E-sports series rules: a best-of-N match is won by the first side to take
 * `mapsToWin(N)` maps; a map is a race of rounds (kills in a MOBA) to a target. Pure: the
 * simulator plays and prices series with these, the web shows them. RULES.md "E-sports".
 */

/** The e-sports game params of SPEC section 9: `duration` is one map's length in game minutes. */
export const EsportsGameParams = { duration: 5 } as const;

/** Maps a side needs to win a best of `bestOf` (odd). */
export function mapsToWin(bestOf: number): number {
  return Math.floor(bestOf / 2) + 1;
}

/** Chance the home side wins a race to `target` from rounds (h, a) when it wins a round with chance p. */
export function mapWinChance(p: number, target: number, h: number, a: number): number {
  if (h >= target) return 1;
  if (a >= target) return 0;
  const size = target + 1;
  // f[i * size + j]: the win chance from (i, j), filled backwards from the finished races.
  const f = new Float64Array(size * size);
  for (let i = target; i >= h; i--) {
    for (let j = target; j >= a; j--) {
      if (j >= target) f[i * size + j] = 0;
      else if (i >= target) f[i * size + j] = 1;
      else f[i * size + j] = p * (f[(i + 1) * size + j] ?? 0) + (1 - p) * (f[i * size + j + 1] ?? 0);
    }
  }
  return f[h * size + a] ?? 0;
}

/** One final map score of a series and its chance. */
export interface SeriesOutcome {
  home: number;
  away: number;
  chance: number;
}

/**
 * Every final map score of a best of `bestOf` from maps (h, a) won so far, when the map in play is
 * won with chance `current` and every later map with `fresh`. The chances sum to 1.
 */
export function seriesOutcomes(
  bestOf: number,
  h: number,
  a: number,
  current: number,
  fresh: number,
): SeriesOutcome[] {
  const need = mapsToWin(bestOf);
  const out = new Map<string, SeriesOutcome>();
  const walk = (x: number, y: number, chance: number, q: number): void => {
    if (x >= need || y >= need) {
      const key = `${x}-${y}`;
      const hit = out.get(key);
      if (hit) hit.chance += chance;
      else out.set(key, { home: x, away: y, chance });
      return;
    }
    walk(x + 1, y, chance * q, fresh);
    walk(x, y + 1, chance * (1 - q), fresh);
  };
  walk(h, a, 1, current);
  return [...out.values()].sort((p, q) => p.home - q.home || p.away - q.away);
}

/** One map as results show it. */
export interface EsportsMapScore {
  home: number;
  away: number;
  winner: 'H' | 'A' | null;
}

/**
 * Whether a finished series' maps agree with its map score: every map decided by its race (the
 * winner reached `target`, the loser did not), the winner has exactly `mapsToWin` maps and took
 * the last one, and no map was played after the series was decided.
 */
export function seriesConsistent(
  bestOf: number,
  target: number,
  maps: readonly EsportsMapScore[],
  score: { home: number; away: number },
): boolean {
  const need = mapsToWin(bestOf);
  let h = 0;
  let a = 0;
  for (const m of maps) {
    if (h >= need || a >= need) return false;
    const won = m.winner === 'H' ? m.home : m.away;
    const lost = m.winner === 'H' ? m.away : m.home;
    if (m.winner === null || won !== target || lost >= target || lost < 0) return false;
    if (m.winner === 'H') h++;
    else a++;
  }
  return h === score.home && a === score.away && Math.max(h, a) === need;
}
