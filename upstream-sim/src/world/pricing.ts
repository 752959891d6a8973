/**
 * Fair probabilities of a match's remaining play, turned into lines and decimal prices with a
 * bookmaker's margin. Pure functions: the engine calls them on a match's state; nothing here
 * draws random numbers or reads a clock.
 *
 * Low-scoring sports (soccer, hockey) use independent Poisson goals per side, which also gives
 * correct score, half-time/full-time and first/last goal. High-scoring sports use a normal
 * approximation of the compound-Poisson points, discretized to integers, so every line market
 * goes through one settlement-aware code path (quarter and whole lines included).
 */
import type { BetType, PriceModel } from './sports.ts';

export interface PriceInput {
  model: PriceModel;
  lineStep: 0.25 | 0.5;
  /** E[points per scoring event] and E[points^2 per event] of the sport. */
  pointsMean: number;
  pointsSq: number;
  draws: boolean;
  home: number;
  away: number;
  /** Score at half-time once known; null while the first half is still to be played. */
  htHome: number | null;
  htAway: number | null;
  /** Game seconds left in the first half (0 once it is over) and in the whole game. */
  rem1: number;
  rem: number;
  /** Expected points per game second of each side (the market's belief). */
  rateH: number;
  rateA: number;
}

export interface PricedMarket {
  line: number | string | null;
  prices: number[];
  labels: string[] | null;
  open: boolean;
}

/** Overround per market kind: the sum of implied probabilities is 1 + margin. */
export const Margins = {
  twoWay: 0.05,
  threeWay: 0.06,
  dc: 0.03,
  cs: 0.2,
  htft: 0.15,
  fglg: 0.1,
  tg: 0.08,
  outright: 0.2,
} as const;

export const MinPrice = 1.02;
export const MaxPrice = 500;

/** Decimal price from a probability, rounded down to 0.01 (in the house's favour), clamped. */
export function toPrice(probability: number, margin: number): number {
  if (!(probability > 0)) return MaxPrice;
  const raw = 1 / (probability * (1 + margin));
  const cents = Math.floor(raw * 100 + 1e-9);
  return Math.min(MaxPrice, Math.max(MinPrice, cents / 100));
}

/** A probability distribution over consecutive integers starting at `offset`. */
export interface Pmf {
  offset: number;
  p: Float64Array;
}

function poissonPmf(mean: number, size: number): Float64Array {
  const out = new Float64Array(size);
  let term = Math.exp(-mean);
  let sum = 0;
  for (let k = 0; k < size; k++) {
    out[k] = term;
    sum += term;
    term *= mean / (k + 1);
  }
  // Fold the truncated tail into the last cell so the pmf sums to 1.
  out[size - 1] = (out[size - 1] ?? 0) + Math.max(0, 1 - sum);
  return out;
}

function poissonSize(mean: number): number {
  return Math.min(40, Math.ceil(mean + 6 * Math.sqrt(mean) + 4));
}

// Abramowitz-Stegun 7.1.26: enough precision for prices rounded to 0.01.
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** Integer pmf of `base + X`, X ~ N(mean, sd^2), with X >= `floor` folded in (points never go back). */
function normalPmf(base: number, mean: number, sd: number, floorValue: number): Pmf {
  if (sd < 0.05) {
    const v = Math.max(floorValue, Math.round(base + mean));
    return { offset: v, p: Float64Array.of(1) };
  }
  const lo = Math.max(floorValue, Math.floor(base + mean - 6 * sd));
  const hi = Math.max(lo, Math.ceil(base + mean + 6 * sd));
  const p = new Float64Array(hi - lo + 1);
  // At the floor, everything below folds into the first cell.
  let prev = lo === floorValue ? 0 : normalCdf((lo - 0.5 - base - mean) / sd);
  for (let k = lo; k <= hi; k++) {
    const c = k === hi ? 1 : normalCdf((k + 0.5 - base - mean) / sd);
    p[k - lo] = Math.max(0, c - prev);
    prev = c;
  }
  return { offset: lo, p };
}

/** Remaining-goal grids of a Poisson match: p[x * size + y] for x home and y away goals. */
interface Grid {
  size: number;
  p: Float64Array;
}

function grid(meanH: number, meanA: number): Grid {
  const size = Math.max(poissonSize(meanH), poissonSize(meanA));
  const ph = poissonPmf(meanH, size);
  const pa = poissonPmf(meanA, size);
  const p = new Float64Array(size * size);
  for (let x = 0; x < size; x++) for (let y = 0; y < size; y++) p[x * size + y] = (ph[x] ?? 0) * (pa[y] ?? 0);
  return { size, p };
}

function diffOfGrid(g: Grid, base: number): Pmf {
  const { size } = g;
  const p = new Float64Array(2 * size - 1);
  for (let x = 0; x < size; x++)
    for (let y = 0; y < size; y++)
      p[x - y + size - 1] = (p[x - y + size - 1] ?? 0) + (g.p[x * size + y] ?? 0);
  return { offset: base - size + 1, p };
}

function totalOfGrid(g: Grid, base: number): Pmf {
  const { size } = g;
  const p = new Float64Array(2 * size - 1);
  for (let x = 0; x < size; x++)
    for (let y = 0; y < size; y++) p[x + y] = (p[x + y] ?? 0) + (g.p[x * size + y] ?? 0);
  return { offset: base, p };
}

function probWhere(pmf: Pmf, test: (v: number) => boolean): number {
  let s = 0;
  for (let i = 0; i < pmf.p.length; i++) if (test(pmf.offset + i)) s += pmf.p[i] ?? 0;
  return s;
}

/**
 * Effective win probability of a bet that wins when `sign * value + line > 0`, counting a quarter
 * line as two half-stakes and a push as neither: q = W / (W + L), so the fair price is 1 / q.
 */
export function lineWinShare(pmf: Pmf, sign: 1 | -1, line: number): number {
  const q = Math.round(line * 4);
  const halves = q % 2 === 0 ? [q, q] : [q - 1, q + 1];
  let win = 0;
  let lose = 0;
  for (let i = 0; i < pmf.p.length; i++) {
    const pr = pmf.p[i] ?? 0;
    if (pr === 0) continue;
    const v4 = 4 * sign * (pmf.offset + i);
    for (const h of halves) {
      const r = v4 + (h ?? 0);
      if (r > 0) win += pr;
      else if (r < 0) lose += pr;
    }
  }
  return win + lose === 0 ? 0.5 : win / (win + lose);
}

function roundToStep(v: number, step: number): number {
  return Math.round(v / step) * step;
}

/** The line (in `step`s) whose home/over side is closest to an even bet. */
function balancedLine(pmf: Pmf, sign: 1 | -1, center: number, step: number, minLine: number): number {
  let best = center;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let k = -6; k <= 6; k++) {
    const line = center + k * step;
    if (line < minLine) continue;
    const gap = Math.abs(lineWinShare(pmf, sign, line) - 0.5);
    if (gap < bestGap - 1e-12) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

function mean(pmf: Pmf): number {
  let s = 0;
  for (let i = 0; i < pmf.p.length; i++) s += (pmf.offset + i) * (pmf.p[i] ?? 0);
  return s;
}

function clean(v: number): number {
  // Lines are multiples of 0.25; strip float noise and negative zero.
  const r = Math.round(v * 4) / 4;
  return r === 0 ? 0 : r;
}

export function twoWay(share: number): { prices: number[]; open: boolean } {
  const prices = [toPrice(share, Margins.twoWay), toPrice(1 - share, Margins.twoWay)];
  // A market this one-sided is decided; a real book takes it down rather than quote 1.02.
  const open = share > 0.02 && share < 0.98;
  return { prices, open };
}

interface Dists {
  diff: Pmf;
  total: Pmf;
  /** Full-time remaining grid (Poisson model only). */
  ftGrid: Grid | null;
  /** First-half remaining grid and second-half diff pmf (Poisson, first half not over). */
  h1Grid: Grid | null;
  h2Diff: Pmf | null;
  h1Diff: Pmf | null;
  h1Total: Pmf | null;
}

function distributions(input: PriceInput): Dists {
  const { home, away, rem, rem1, rateH, rateA } = input;
  const firstHalfOpen = input.htHome === null;
  if (input.model === 'poisson') {
    const ftGrid = grid(rateH * rem, rateA * rem);
    const diff = diffOfGrid(ftGrid, home - away);
    const total = totalOfGrid(ftGrid, home + away);
    if (!firstHalfOpen)
      return { diff, total, ftGrid, h1Grid: null, h2Diff: null, h1Diff: null, h1Total: null };
    const rem2 = Math.max(0, rem - rem1);
    const h1Grid = grid(rateH * rem1, rateA * rem1);
    const h2Diff = diffOfGrid(grid(rateH * rem2, rateA * rem2), 0);
    return {
      diff,
      total,
      ftGrid,
      h1Grid,
      h2Diff,
      h1Diff: diffOfGrid(h1Grid, home - away),
      h1Total: totalOfGrid(h1Grid, home + away),
    };
  }
  const normal = (seconds: number): { diff: Pmf; total: Pmf } => {
    const eventsH = (rateH * seconds) / input.pointsMean;
    const eventsA = (rateA * seconds) / input.pointsMean;
    const sd = Math.sqrt((eventsH + eventsA) * input.pointsSq);
    return {
      diff: normalPmf(home - away, (rateH - rateA) * seconds, sd, Number.NEGATIVE_INFINITY),
      total: normalPmf(home + away, (rateH + rateA) * seconds, sd, home + away),
    };
  };
  const ft = normal(rem);
  const h1 = firstHalfOpen ? normal(rem1) : null;
  return {
    diff: ft.diff,
    total: ft.total,
    ftGrid: null,
    h1Grid: null,
    h2Diff: null,
    h1Diff: h1?.diff ?? null,
    h1Total: h1?.total ?? null,
  };
}

/** A market that cannot be bet any more keeps its last quote (or a placeholder if it never had one). */
const closed = (line: number | string | null, prices: number[], labels: string[] | null): PricedMarket => ({
  line,
  prices,
  labels,
  open: false,
});

function lastPrices(prev: PricedMarket | undefined, fallback: number[]): number[] {
  return prev && prev.prices.length > 0 ? prev.prices : fallback;
}

const HTFT_LABELS = ['HH', 'HD', 'HA', 'DH', 'DD', 'DA', 'AH', 'AD', 'AA'] as const;
const TG_RANGES = [
  ['0-1', 0, 1],
  ['2-3', 2, 3],
  ['4-6', 4, 6],
  ['7+', 7, Number.POSITIVE_INFINITY],
] as const;

function resultIndex(d: number): 0 | 1 | 2 {
  return d > 0 ? 0 : d === 0 ? 1 : 2;
}

/** Prices every market slot of a match. `previous` keeps a closed market's last line and prices. */
export function priceMarkets(
  input: PriceInput,
  slots: readonly (readonly [BetType, number])[],
  previous: readonly (PricedMarket | undefined)[],
): PricedMarket[] {
  const d = distributions(input);
  const step = input.lineStep;
  const out: PricedMarket[] = [];
  let hdpMain: number | null = null;
  let ouMain: number | null = null;
  const firstHalfOpen = input.htHome === null && input.rem1 > 0;

  const hdp = (diff: Pmf, slot: number, main: number | null): { q: number; line: number; main: number } => {
    const m =
      main ?? balancedLine(diff, 1, clean(-roundToStep(mean(diff), step)), step, Number.NEGATIVE_INFINITY);
    const line = clean(slot === 0 ? m : m + (slot % 2 === 1 ? 1 : -1) * Math.ceil(slot / 2) * 2 * step);
    return { q: lineWinShare(diff, 1, line), line, main: m };
  };
  const ou = (total: Pmf, slot: number, main: number | null): { q: number; line: number; main: number } => {
    const floor = total.offset + 0.5;
    const m =
      main ?? balancedLine(total, -1, Math.max(floor, clean(roundToStep(mean(total), step))), step, floor);
    const raw = slot === 0 ? m : m + (slot % 2 === 1 ? 1 : -1) * Math.ceil(slot / 2) * 2 * step;
    const line = clean(Math.max(floor, raw));
    // Over wins when total - line > 0.
    return { q: lineWinShare(total, 1, -line), line, main: m };
  };

  for (let i = 0; i < slots.length; i++) {
    const [bt, slot] = slots[i] as readonly [BetType, number];
    const prev = previous[i];
    switch (bt) {
      case 'HDP': {
        const r = hdp(d.diff, slot, hdpMain);
        if (slot === 0) hdpMain = r.main;
        out.push({ line: r.line, labels: null, ...twoWay(r.q) });
        break;
      }
      case 'OU': {
        const r = ou(d.total, slot, ouMain);
        if (slot === 0) ouMain = r.main;
        out.push({ line: r.line, labels: null, ...twoWay(r.q) });
        break;
      }
      case 'HDPH': {
        if (!firstHalfOpen || !d.h1Diff) {
          out.push(closed(prev?.line ?? 0, lastPrices(prev, [1.9, 1.9]), null));
          break;
        }
        const r = hdp(d.h1Diff, slot, null);
        out.push({ line: r.line, labels: null, ...twoWay(r.q) });
        break;
      }
      case 'OUH': {
        if (!firstHalfOpen || !d.h1Total) {
          out.push(closed(prev?.line ?? 0.5, lastPrices(prev, [1.9, 1.9]), null));
          break;
        }
        const r = ou(d.h1Total, slot, null);
        out.push({ line: r.line, labels: null, ...twoWay(r.q) });
        break;
      }
      case 'OE':
      case 'OEH': {
        const total = bt === 'OE' ? d.total : firstHalfOpen ? d.h1Total : null;
        if (!total) {
          out.push(closed(null, lastPrices(prev, [1.9, 1.9]), null));
          break;
        }
        const odd = probWhere(total, (v) => v % 2 !== 0);
        out.push({ line: null, labels: null, ...twoWay(odd) });
        break;
      }
      case 'ML': {
        const h = probWhere(d.diff, (v) => v > 0);
        const a = probWhere(d.diff, (v) => v < 0);
        out.push({ line: null, labels: null, ...twoWay(h + a === 0 ? 0.5 : h / (h + a)) });
        break;
      }
      case '1X2':
      case '1X2H': {
        const diff = bt === '1X2' ? d.diff : firstHalfOpen ? d.h1Diff : null;
        if (!diff) {
          out.push(closed(null, lastPrices(prev, [2.5, 3.2, 2.5]), null));
          break;
        }
        const ps = [0, 0, 0];
        for (let k = 0; k < diff.p.length; k++) {
          const r = resultIndex(diff.offset + k);
          ps[r] = (ps[r] ?? 0) + (diff.p[k] ?? 0);
        }
        const prices = ps.map((p) => toPrice(p, Margins.threeWay));
        out.push({ line: null, prices, labels: null, open: Math.max(...ps) < 0.97 });
        break;
      }
      case 'DC': {
        const ph = probWhere(d.diff, (v) => v > 0);
        const pd = probWhere(d.diff, (v) => v === 0);
        const pa = Math.max(0, 1 - ph - pd);
        const ps = [ph + pd, ph + pa, pd + pa];
        out.push({
          line: null,
          prices: ps.map((p) => toPrice(p, Margins.dc)),
          labels: ['1X', '12', 'X2'],
          open: Math.min(...ps) > 0.02 && Math.max(...ps) < 0.98,
        });
        break;
      }
      case 'CS': {
        const g = d.ftGrid;
        if (!g) {
          out.push(closed(null, prev?.prices ?? [], prev?.labels ?? null));
          break;
        }
        const labels: string[] = [];
        const prices: number[] = [];
        let covered = 0;
        const span = Math.min(4, g.size);
        for (let x = 0; x < span; x++) {
          for (let y = 0; y < span; y++) {
            const p = g.p[x * g.size + y] ?? 0;
            covered += p;
            labels.push(`${input.home + x}-${input.away + y}`);
            prices.push(toPrice(p, Margins.cs));
          }
        }
        labels.push('AOS');
        prices.push(toPrice(Math.max(0, 1 - covered), Margins.cs));
        out.push({ line: null, prices, labels, open: true });
        break;
      }
      case 'HTFT': {
        if (!firstHalfOpen || !d.h1Grid || !d.h2Diff) {
          out.push(closed(null, prev?.prices ?? [], prev?.labels ?? [...HTFT_LABELS]));
          break;
        }
        const ps = new Array<number>(9).fill(0);
        const g = d.h1Grid;
        const h2 = d.h2Diff;
        for (let x = 0; x < g.size; x++) {
          for (let y = 0; y < g.size; y++) {
            const p1 = g.p[x * g.size + y] ?? 0;
            if (p1 < 1e-12) continue;
            const htDiff = input.home + x - (input.away + y);
            const ht = resultIndex(htDiff);
            for (let k = 0; k < h2.p.length; k++) {
              const ft = resultIndex(htDiff + h2.offset + k);
              ps[ht * 3 + ft] = (ps[ht * 3 + ft] ?? 0) + p1 * (h2.p[k] ?? 0);
            }
          }
        }
        out.push({
          line: null,
          prices: ps.map((p) => toPrice(p, Margins.htft)),
          labels: [...HTFT_LABELS],
          open: true,
        });
        break;
      }
      case 'FGLG': {
        const labels = ['HF', 'HL', 'AF', 'AL', 'NG'];
        // Once a goal is in, first goal is decided: the market closes.
        if (input.home + input.away > 0) {
          out.push(closed(null, prev?.prices ?? [], labels));
          break;
        }
        const mh = input.rateH * input.rem;
        const ma = input.rateA * input.rem;
        const none = Math.exp(-(mh + ma));
        const shareH = mh + ma === 0 ? 0.5 : mh / (mh + ma);
        const ps = [
          shareH * (1 - none),
          shareH * (1 - none),
          (1 - shareH) * (1 - none),
          (1 - shareH) * (1 - none),
          none,
        ];
        out.push({ line: null, prices: ps.map((p) => toPrice(p, Margins.fglg)), labels, open: true });
        break;
      }
      case 'TG': {
        const labels: string[] = [];
        const prices: number[] = [];
        for (const [label, lo, hi] of TG_RANGES) {
          if (hi < d.total.offset) continue;
          labels.push(label);
          prices.push(
            toPrice(
              probWhere(d.total, (v) => v >= lo && v <= hi),
              Margins.tg,
            ),
          );
        }
        out.push({ line: null, prices, labels, open: labels.length > 1 });
        break;
      }
      case 'MHDP': {
        const h = probWhere(d.diff, (v) => v > 0);
        const a = probWhere(d.diff, (v) => v < 0);
        const giver = h >= a ? 'H' : 'A';
        const margin: Pmf =
          giver === 'H'
            ? d.diff
            : { offset: -(d.diff.offset + d.diff.p.length - 1), p: d.diff.p.slice().reverse() };
        const body = myanmarBody(margin);
        out.push({ line: body.text, prices: [], labels: [giver], open: body.open });
        break;
      }
      case 'MOU': {
        const body = myanmarBody(d.total);
        out.push({ line: body.text, prices: [], labels: ['O'], open: body.open });
        break;
      }
      case 'OR':
        // Outrights are priced by the generator (team strengths), not from a score.
        out.push(prev ?? closed(null, [], []));
        break;
    }
  }
  return out;
}

/**
 * Myanmar body for the side backed on `margin` (giver's goal margin, or the goal total for MOU):
 * goals N and a signed percentage P paid (+) or taken (-) when the margin lands exactly on N.
 * The body chosen is the one whose expected return at even money is nearest zero.
 * Text: "D" level with push, "D+50"/"D-50" level with a percentage, "1D" one goal with push,
 * "1+50"/"1-50" one goal with a percentage.
 */
export function myanmarBody(margin: Pmf): { goals: number; percent: number; text: string; open: boolean } {
  const above = (n: number): number => probWhere(margin, (v) => v > n);
  const below = (n: number): number => probWhere(margin, (v) => v < n);
  const at = (n: number): number => probWhere(margin, (v) => v === n);
  let best = { goals: 0, percent: 0, gap: Number.POSITIVE_INFINITY };
  for (let n = 0; n <= Math.max(0, margin.offset + margin.p.length); n++) {
    const base = above(n) - below(n);
    const exactly = at(n);
    for (let pct = -90; pct <= 90; pct += 10) {
      const gap = Math.abs(base + (pct / 100) * exactly);
      if (gap < best.gap - 1e-12) best = { goals: n, percent: pct, gap };
    }
    if (base < -0.6) break;
  }
  const head = best.goals === 0 ? 'D' : String(best.goals);
  const tail =
    best.percent === 0 ? (best.goals === 0 ? '' : 'D') : `${best.percent > 0 ? '+' : ''}${best.percent}`;
  const text = best.goals === 0 ? `D${best.percent === 0 ? '' : tail}` : `${head}${tail}`;
  return { goals: best.goals, percent: best.percent, text, open: best.gap < 0.5 };
}

/** Outright prices from team strengths (shares of the title), with the outright margin. */
export function outrightPrices(strengths: readonly number[]): number[] {
  let total = 0;
  for (const s of strengths) total += s;
  return strengths.map((s) => toPrice(s / total, Margins.outright));
}
