/**
 * Prices of an e-sports series' markets from the exact distribution of its final map score:
 * ML the match winner, HDP the map handicap (the +-1.5 / +-2.5 line nearest an even bet), OU the
 * total maps (2.5 in a best of 3; 3.5 or 4.5 in a best of 5). Same margins and rounding as every
 * other two-way market of the world (world/pricing.ts).
 */
import { mapsToWin, seriesOutcomes } from '@sportsbook/protocol';
import { lineWinShare, type Pmf, type PricedMarket, twoWay } from '../world/pricing.ts';
import type { BetType } from '../world/sports.ts';
import { mapChances, mapScore, type SeriesState } from './series.ts';

/** The map-score margin (home - away) and total maps as pmfs. */
export function seriesPmfs(s: SeriesState, bias: number): { diff: Pmf; total: Pmf } {
  const { h, a } = mapScore(s);
  const { current, fresh } = mapChances(s, bias);
  const diff = new Float64Array(2 * s.bestOf + 1);
  const total = new Float64Array(s.bestOf + 1);
  for (const { home: x, away: y, chance } of seriesOutcomes(s.bestOf, h, a, current, fresh)) {
    diff[x - y + s.bestOf] = (diff[x - y + s.bestOf] ?? 0) + chance;
    total[x + y] = (total[x + y] ?? 0) + chance;
  }
  return { diff: { offset: -s.bestOf, p: diff }, total: { offset: 0, p: total } };
}

/** The candidate lines of a best of N: handicaps on the half map, totals between the possible counts. */
export function seriesLines(bestOf: number): { hdp: number[]; ou: number[] } {
  const need = mapsToWin(bestOf);
  const hdp: number[] = [];
  for (let k = 1; k < need; k++) hdp.push(-(k + 0.5), k + 0.5);
  const ou: number[] = [];
  for (let n = need; n < bestOf; n++) ou.push(n + 0.5);
  return { hdp: hdp.sort((x, y) => x - y), ou };
}

function nearestEven(lines: number[], share: (line: number) => number): number {
  let best = lines[0] ?? 0;
  let gap = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const g = Math.abs(share(line) - 0.5);
    if (g < gap - 1e-12) {
      best = line;
      gap = g;
    }
  }
  return best;
}

/** Prices the e-sports slots (ML, HDP, OU) of a series; `bias` is the market's drift (home - away). */
export function priceSeries(
  s: SeriesState,
  bias: number,
  slots: readonly (readonly [BetType, number])[],
): PricedMarket[] {
  const { diff, total } = seriesPmfs(s, bias);
  const lines = seriesLines(s.bestOf);
  return slots.map(([bt]) => {
    if (bt === 'HDP') {
      const line = nearestEven(lines.hdp, (l) => lineWinShare(diff, 1, l));
      return { line, labels: null, ...twoWay(lineWinShare(diff, 1, line)) };
    }
    if (bt === 'OU') {
      const line = nearestEven(lines.ou, (l) => lineWinShare(total, 1, -l));
      return { line, labels: null, ...twoWay(lineWinShare(total, 1, -line)) };
    }
    // ML (and anything else a profile might list): the match winner.
    const home = lineWinShare(diff, 1, 0);
    return { line: null, labels: null, ...twoWay(home) };
  });
}
