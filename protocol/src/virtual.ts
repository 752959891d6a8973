/**
 * Virtual sports: the simulator's own short events, priced before they start and played
 * out at once, so that results follow prices. Pure rules (RULES.md "Virtual sports"): the sport ids,
 * the schedule of events in time, match ids, and the draws that turn prices into a result. Random
 * numbers come in as arguments (`u` in [0, 1)); nothing here reads a clock.
 */

export interface VirtualSportDef {
  readonly id: number;
  readonly name: string;
  /** One event kicks off every `periodMs` (UTC ms multiples plus `offsetMs`), back to back. */
  readonly periodMs: number;
  readonly offsetMs: number;
  /** How long an event plays (the replay) after its kick-off; shorter than the period. */
  readonly playMs: number;
  /** Events offered for betting ahead of now (the next N kick-offs). */
  readonly openAhead: number;
  /** Game seconds the replay stands for (clock shown in the live state). */
  readonly gameSec: number;
}

/**
 * Sport ids 180 and 181 are ours (SPEC's sport table ends at 43; 22 and 33 are excluded): virtual
 * football and virtual basketball. Listed in rows.ts `Sports` so the odds topics accept them.
 */
export const VirtualSportIds = { football: 180, basketball: 181 } as const;

export const VirtualSports: Readonly<Record<number, VirtualSportDef>> = {
  180: {
    id: 180,
    name: 'Virtual Football',
    periodMs: 180_000,
    offsetMs: 0,
    playMs: 120_000,
    openAhead: 3,
    gameSec: 90 * 60,
  },
  181: {
    id: 181,
    name: 'Virtual Basketball',
    periodMs: 180_000,
    offsetMs: 60_000,
    playMs: 120_000,
    openAhead: 3,
    gameSec: 48 * 60,
  },
};

export function isVirtualSport(sportId: number | undefined): boolean {
  return sportId !== undefined && Object.hasOwn(VirtualSports, sportId);
}

/** Virtual match ids: (sport id - 179) * 1e9 + the event's index (kick-off / period). */
const IdBlock = 1_000_000_000;

export function virtualMatchId(sportId: number, index: number): number {
  return (sportId - 179) * IdBlock + index;
}

/** The sport and event index of a virtual match id, or undefined for any other id. */
export function virtualEventOf(matchId: number): { sportId: number; index: number } | undefined {
  if (!Number.isSafeInteger(matchId) || matchId < IdBlock) return undefined;
  const sportId = Math.floor(matchId / IdBlock) + 179;
  const index = matchId % IdBlock;
  return isVirtualSport(sportId) && index > 0 ? { sportId, index } : undefined;
}

export function kickoffOf(sport: VirtualSportDef, index: number): number {
  return index * sport.periodMs + sport.offsetMs;
}

/** The index of the first event kicking off strictly after `now`. */
export function nextEventIndex(sport: VirtualSportDef, now: number): number {
  return Math.floor((now - sport.offsetMs) / sport.periodMs) + 1;
}

export type VirtualPhase = 'open' | 'playing' | 'ended' | 'unlisted';

/**
 * Where an event stands at `now`: `open` for betting (one of the next `openAhead` kick-offs),
 * `playing` (kicked off, the replay runs, markets suspended), `ended` (result known, settled), or
 * `unlisted` (further ahead than the schedule shows).
 */
export function virtualPhase(sport: VirtualSportDef, index: number, now: number): VirtualPhase {
  const kickoff = kickoffOf(sport, index);
  if (now >= kickoff + sport.playMs) return 'ended';
  if (now >= kickoff) return 'playing';
  return index < nextEventIndex(sport, now) + sport.openAhead ? 'open' : 'unlisted';
}

/** The probabilities a set of decimal prices implies, the margin taken out (they sum to 1). */
export function impliedProbabilities(prices: readonly number[]): number[] {
  const raw = prices.map((p) => (p > 0 ? 1 / p : 0));
  const sum = raw.reduce((a, b) => a + b, 0);
  return sum > 0 ? raw.map((r) => r / sum) : prices.map(() => 1 / Math.max(1, prices.length));
}

/** The index `u` in [0, 1) falls on when the probabilities are laid end to end. */
export function pickIndex(probabilities: readonly number[], u: number): number {
  let acc = 0;
  for (let i = 0; i < probabilities.length; i++) {
    acc += probabilities[i] ?? 0;
    if (u < acc) return i;
  }
  return Math.max(0, probabilities.length - 1);
}

/** The outcome of a market drawn from its prices: outcome i with the probability its price implies. */
export function drawFromPrices(prices: readonly number[], u: number): number {
  return pickIndex(impliedProbabilities(prices), u);
}

/** Poisson pmf 0..max (the tail folded into max). */
export function poissonPmf(mean: number, max: number): number[] {
  const out: number[] = [];
  let term = Math.exp(-mean);
  let sum = 0;
  for (let k = 0; k <= max; k++) {
    out.push(term);
    sum += term;
    term *= mean / (k + 1);
  }
  out[max] = (out[max] ?? 0) + Math.max(0, 1 - sum);
  return out;
}

/** 0 home win, 1 draw, 2 away win (the 1X2 selection order). */
export function resultOf(home: number, away: number): 0 | 1 | 2 {
  return home > away ? 0 : home === away ? 1 : 2;
}

/**
 * A football score with independent Poisson goals, conditioned on the 1X2 result already drawn
 * from the prices: the score is drawn among the cells of that result in proportion to the model.
 */
export function drawFootballScore(
  meanH: number,
  meanA: number,
  result: 0 | 1 | 2,
  u: number,
): [number, number] {
  const max = 12;
  const ph = poissonPmf(meanH, max);
  const pa = poissonPmf(meanA, max);
  const cells: [number, number][] = [];
  const weights: number[] = [];
  for (let x = 0; x <= max; x++)
    for (let y = 0; y <= max; y++) {
      if (resultOf(x, y) !== result) continue;
      cells.push([x, y]);
      weights.push((ph[x] ?? 0) * (pa[y] ?? 0));
    }
  const total = weights.reduce((a, b) => a + b, 0);
  const i = pickIndex(
    weights.map((w) => w / total),
    u,
  );
  return cells[i] ?? (result === 0 ? [1, 0] : result === 1 ? [0, 0] : [0, 1]);
}

/** A standard normal from two uniforms (Box-Muller). */
export function normalFrom(u1: number, u2: number): number {
  return Math.sqrt(-2 * Math.log(Math.max(1e-12, 1 - u1))) * Math.cos(2 * Math.PI * u2);
}

/**
 * A basketball score: points of each side normal around their means, the winner already drawn from
 * the moneyline prices. A draw of points that disagrees with the winner is drawn again (up to 64
 * times from `next`), then the sides' points are swapped; a tie goes to the winner by one point.
 */
export function drawBasketballScore(
  meanH: number,
  meanA: number,
  sd: number,
  winner: 0 | 1,
  next: () => number,
): [number, number] {
  let h = 0;
  let a = 0;
  for (let i = 0; i < 64; i++) {
    h = Math.max(40, Math.round(meanH + sd * normalFrom(next(), next())));
    a = Math.max(40, Math.round(meanA + sd * normalFrom(next(), next())));
    if ((winner === 0 && h > a) || (winner === 1 && a > h)) return [h, a];
  }
  if (h === a) return winner === 0 ? [h + 1, a] : [h, a + 1];
  return winner === 0 ? [Math.max(h, a), Math.min(h, a)] : [Math.min(h, a), Math.max(h, a)];
}

/**
 * The replay of an event: each goal (point scoring run) at a game second. The score the replay
 * shows at game second `sec` counts the goals up to it.
 */
export interface VirtualGoal {
  readonly sec: number;
  readonly side: 'H' | 'A';
  readonly points: number;
}

export function replayScore(goals: readonly VirtualGoal[], sec: number): [number, number] {
  let h = 0;
  let a = 0;
  for (const g of goals) {
    if (g.sec > sec) break;
    if (g.side === 'H') h += g.points;
    else a += g.points;
  }
  return [h, a];
}

/** Game second of the replay at `now` (0 before kick-off, the full game once it has ended). */
export function replaySecond(sport: VirtualSportDef, index: number, now: number): number {
  const elapsed = now - kickoffOf(sport, index);
  if (elapsed <= 0) return 0;
  if (elapsed >= sport.playMs) return sport.gameSec;
  return Math.floor((elapsed / sport.playMs) * sport.gameSec);
}
