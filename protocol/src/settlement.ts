/**
 * Settlement of a selection against a final score, and the returns of singles, parlays and
 * cash-out (DOMAIN.md "Asian handicap and over/under", "Cash-out"). Multipliers are exact;
 * money rounds once, half-up, to integer minor units. See protocol/RULES.md.
 */
import { assertMinorUnits, type Exact, exact, Fraction, roundMinor } from './money.ts';

/** Settled outcome of one selection. */
export const Outcomes = ['won', 'wonHalf', 'draw', 'loseHalf', 'lost'] as const;
export type Outcome = (typeof Outcomes)[number];
/** A leg may also be void (cancelled match or market): it counts as 1 in a parlay and refunds a single. */
export type LegOutcome = Outcome | 'void';

/** The simulator's final (or current) score of a match. */
export interface MatchScore {
  home: number;
  away: number;
  htHome: number;
  htAway: number;
  firstGoal: 'H' | 'A' | null;
  lastGoal: 'H' | 'A' | null;
  cancelled?: boolean;
}

function assertGoals(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer: ${value}`);
}

/** The line in quarter goals; throws unless it is a multiple of 0.25. */
function quarters(line: number): number {
  const q = line * 4;
  if (!Number.isSafeInteger(q)) throw new RangeError(`line must be a multiple of 0.25: ${line}`);
  return q;
}

type Part = 1 | 0 | -1;

/**
 * Outcome of a bet that wins when `value + line > 0` (all in quarter goals). A quarter line is two
 * half-stakes on the neighbouring half and whole lines, which differ by 0.5, so the two halves
 * never split into one win and one loss.
 */
function settleQuarterLine(value4: number, q: number): Outcome {
  const part = (lineQ: number): Part => Math.sign(value4 + lineQ) as Part;
  if (q % 2 === 0) {
    const whole = part(q);
    return whole > 0 ? 'won' : whole < 0 ? 'lost' : 'draw';
  }
  const sum = part(q - 1) + part(q + 1);
  if (sum === 2) return 'won';
  if (sum === 1) return 'wonHalf';
  if (sum === -1) return 'loseHalf';
  return 'lost';
}

/**
 * Asian handicap for one side: `line` is that side's handicap (-0.25 gives a quarter goal),
 * `goalsFor` its goals, `goalsAgainst` the other side's.
 */
export function settleHandicap(input: { line: number; goalsFor: number; goalsAgainst: number }): Outcome {
  assertGoals(input.goalsFor, 'goalsFor');
  assertGoals(input.goalsAgainst, 'goalsAgainst');
  return settleQuarterLine(4 * (input.goalsFor - input.goalsAgainst), quarters(input.line));
}

export type OverUnderSide = 'over' | 'under';

/** Over/under on a goal total; `line` is the total (2.25, 2.5, 3...). */
export function settleOverUnder(input: { line: number; side: OverUnderSide; total: number }): Outcome {
  assertGoals(input.total, 'total');
  const q = quarters(input.line);
  if (q < 0) throw new RangeError(`over/under line must be >= 0: ${input.line}`);
  return input.side === 'over'
    ? settleQuarterLine(4 * input.total, -q)
    : settleQuarterLine(-4 * input.total, q);
}

const ONE = new Fraction(1);
const HALF = new Fraction(1, 2);

function decimalOdds(decimal: Exact): Fraction {
  const value = exact(decimal);
  if (!value.gt(ONE)) throw new RangeError(`decimal odds must be > 1: ${String(decimal)}`);
  return value;
}

/** Exact multiplier of a leg: won D; wonHalf (1 + D)/2; draw or void 1; loseHalf 1/2; lost 0. */
export function legMultiplierExact(outcome: LegOutcome, decimal: Exact): Fraction {
  const d = decimalOdds(decimal);
  switch (outcome) {
    case 'won':
      return d;
    case 'wonHalf':
      return d.add(ONE).mul(HALF);
    case 'draw':
    case 'void':
      return ONE;
    case 'loseHalf':
      return HALF;
    case 'lost':
      return new Fraction(0);
    default:
      throw new RangeError(`unknown outcome: ${String(outcome)}`);
  }
}

/** legMultiplierExact as a JS number, for display. */
export function legMultiplier(outcome: LegOutcome, decimal: Exact): number {
  return legMultiplierExact(outcome, decimal).valueOf();
}

/** Amount paid back on a settled single (stake included), integer minor units, rounded once. */
export function singleReturn(stake: number, decimal: Exact, outcome: LegOutcome): number {
  assertMinorUnits(stake, 'stake');
  return roundMinor(legMultiplierExact(outcome, decimal).mul(stake));
}

export interface ParlayLeg {
  decimal: Exact;
  outcome: LegOutcome;
}

/** Amount paid back on a settled parlay: stake x product of leg multipliers, rounded once at the end. */
export function parlayReturn(stake: number, legs: readonly ParlayLeg[]): number {
  assertMinorUnits(stake, 'stake');
  if (legs.length === 0) throw new RangeError('a parlay needs at least one leg');
  const product = legs.reduce(
    (acc, leg) => acc.mul(legMultiplierExact(leg.outcome, leg.decimal)),
    new Fraction(stake),
  );
  return roundMinor(product);
}

export interface CashOutInput {
  /** Stake in minor units. */
  stake: number;
  /**
   * Decimal odds at placement; an array for a parlay. For a leg already settled pass its leg
   * multiplier (won D, wonHalf (1 + D)/2, draw/void 1, loseHalf 0.5) and current 1.
   */
  placed: Exact | readonly Exact[];
  /** Current decimal odds of the same selections (1 for a settled leg), same length as placed. */
  current: Exact | readonly Exact[];
  /** House margin, 0 <= margin < 1 (configuration). */
  margin: Exact;
}

function product(values: readonly Exact[]): Fraction {
  return values.reduce<Fraction>((acc, value) => acc.mul(exact(value)), ONE);
}

/** Exact cash-out offer: stake x product(placed) / product(current) x (1 - margin). */
export function cashOutValueExact(input: CashOutInput): Fraction {
  assertMinorUnits(input.stake, 'stake');
  const placed: readonly Exact[] = Array.isArray(input.placed) ? input.placed : [input.placed as Exact];
  const current: readonly Exact[] = Array.isArray(input.current) ? input.current : [input.current as Exact];
  if (placed.length === 0 || placed.length !== current.length) {
    throw new RangeError('placed and current must have the same non-zero length');
  }
  for (const value of placed)
    if (exact(value).lt(0)) throw new RangeError(`placed odds must be >= 0: ${value}`);
  for (const value of current)
    if (exact(value).lt(ONE)) throw new RangeError(`current odds must be >= 1: ${value}`);
  const margin = exact(input.margin);
  if (margin.lt(0) || margin.gte(ONE))
    throw new RangeError(`margin must be in [0, 1): ${String(input.margin)}`);
  return new Fraction(input.stake).mul(product(placed)).div(product(current)).mul(ONE.sub(margin));
}

/** The cash-out offer in integer minor units, rounded once (half-up). */
export function cashOutValue(input: CashOutInput): number {
  return roundMinor(cashOutValueExact(input));
}

// ---------------------------------------------------------------------------------------------
// Every bet type the simulator offers.

/** Bet types settleSelection understands; the H suffix is the first-half variant. */
export const SettleBetTypes = [
  'HDP',
  'OU',
  'OE',
  '1X2',
  'ML',
  'CS',
  'DC',
  'HTFT',
  'FGLG',
  'TG',
  'OR',
  'HDPH',
  'OUH',
  'OEH',
  '1X2H',
] as const;
export type SettleBetType = (typeof SettleBetTypes)[number];

/** Correct score labels "home-away"; AOS (any other score) wins when no other label of the row matches. */
export const CorrectScoreLabels = [
  '1-0',
  '2-0',
  '2-1',
  '3-0',
  '3-1',
  '3-2',
  '4-0',
  '4-1',
  '4-2',
  '4-3',
  '0-0',
  '1-1',
  '2-2',
  '3-3',
  '4-4',
  '0-1',
  '0-2',
  '1-2',
  '0-3',
  '1-3',
  '2-3',
  '0-4',
  '1-4',
  '2-4',
  '3-4',
  'AOS',
] as const;
/** Half-time result then full-time result, H home, D draw, A away: "HD" = home leads at half time, draw at full time. */
export const HtFtLabels = ['HH', 'HD', 'HA', 'DH', 'DD', 'DA', 'AH', 'AD', 'AA'] as const;
/** First goal / last goal: H home, A away, F first, L last; NG no goal. */
export const FirstLastGoalLabels = ['HF', 'HL', 'AF', 'AL', 'NG'] as const;
/** Total goals ranges "a-b" (inclusive) or "a+" (a or more). */
export const TotalGoalsLabels = ['0-1', '2-3', '4-6', '7+'] as const;
/** Double chance: 1X home or draw, 12 home or away, X2 draw or away. */
export const DoubleChanceLabels = ['1X', '12', 'X2'] as const;

export interface SettleSelectionInput {
  betType: SettleBetType | (string & {});
  /** HDP: the home handicap; OU: the goal total; null for markets without a line. */
  line: number | null;
  /** Index into the odds row's prices (0 = home/over/odd/first label). */
  selection: number;
  /** The odds row's labels (CS, HTFT, FGLG, TG, DC); null uses the default label sets above. */
  labels?: readonly string[] | null;
  score: MatchScore;
  /** OR (outright): the finishing order, best first (finishing[0] won the event); see settleOutright. */
  finishing?: readonly string[] | null;
  /** OR: place terms, the number of finishing places that pay (1 = win only, the default). */
  places?: number;
}

const winLose = (won: boolean): Outcome => (won ? 'won' : 'lost');

function resultCode(home: number, away: number): 'H' | 'D' | 'A' {
  return home > away ? 'H' : home < away ? 'A' : 'D';
}

function pickLabel(
  labels: readonly string[] | null | undefined,
  defaults: readonly string[],
  selection: number,
): string {
  const label = (labels ?? defaults)[selection];
  if (label === undefined) throw new RangeError(`selection ${selection} out of range`);
  return label;
}

function requireLine(line: number | null, betType: string): number {
  if (line === null || !Number.isFinite(line)) throw new RangeError(`${betType} needs a line`);
  return line;
}

function selectionOf(selection: number, count: number): number {
  if (!Number.isInteger(selection) || selection < 0 || selection >= count) {
    throw new RangeError(`selection ${selection} out of range 0..${count - 1}`);
  }
  return selection;
}

const SCORE_LABEL = /^(\d+)-(\d+)$/;

function settleCorrectScore(label: string, labels: readonly string[], home: number, away: number): Outcome {
  if (label === 'AOS') {
    const quoted = labels.some((other) => other === `${home}-${away}`);
    return winLose(!quoted);
  }
  const match = SCORE_LABEL.exec(label);
  if (!match) throw new RangeError(`bad correct score label: ${label}`);
  return winLose(Number(match[1]) === home && Number(match[2]) === away);
}

const RANGE_LABEL = /^(\d+)(?:-(\d+)|(\+))$/;

function settleTotalGoals(label: string, total: number): Outcome {
  const match = RANGE_LABEL.exec(label);
  if (!match) throw new RangeError(`bad total goals label: ${label}`);
  const low = Number(match[1]);
  const high = match[3] ? Number.POSITIVE_INFINITY : Number(match[2]);
  return winLose(total >= low && total <= high);
}

function settleFirstLast(label: string, score: MatchScore): Outcome {
  switch (label) {
    case 'NG':
      return winLose(score.firstGoal === null);
    case 'HF':
      return winLose(score.firstGoal === 'H');
    case 'AF':
      return winLose(score.firstGoal === 'A');
    case 'HL':
      return winLose(score.lastGoal === 'H');
    case 'AL':
      return winLose(score.lastGoal === 'A');
    default:
      throw new RangeError(`bad first/last goal label: ${label}`);
  }
}

function settleDoubleChance(label: string, result: 'H' | 'D' | 'A'): Outcome {
  switch (label) {
    case '1X':
      return winLose(result !== 'A');
    case '12':
      return winLose(result !== 'D');
    case 'X2':
      return winLose(result !== 'H');
    default:
      throw new RangeError(`bad double chance label: ${label}`);
  }
}

function assertScore(score: MatchScore): void {
  assertGoals(score.home, 'score.home');
  assertGoals(score.away, 'score.away');
  assertGoals(score.htHome, 'score.htHome');
  assertGoals(score.htAway, 'score.htAway');
  if (score.htHome > score.home || score.htAway > score.away)
    throw new RangeError('half-time score exceeds full time');
}

export interface OutrightInput {
  /** The OR row's labels (the runners, e.g. the league's teams); `selection` indexes them. */
  labels: readonly string[];
  selection: number;
  /**
   * The finishing order, best first: finishing[0] won the event. It needs at least `places`
   * names (fewer runners than places: all of them). Dead heats are not modelled.
   */
  finishing: readonly string[];
  /** Place terms: the selection wins when it finishes within the first `places` (1 = win only). */
  places?: number;
}

/**
 * Outcome of an outright selection (bet type OR): won when the runner finished within the paying
 * places (the winner for a win-only market), else lost. There is no half or draw outcome; an
 * abandoned event is voided by the caller like a cancelled match. Throws RangeError on a
 * selection out of range, bad place terms, or a finishing order too short to decide.
 */
export function settleOutright(input: OutrightInput): Outcome {
  const places = input.places ?? 1;
  if (!Number.isSafeInteger(places) || places < 1) throw new RangeError(`places must be >= 1: ${places}`);
  const runner = input.labels[selectionOf(input.selection, input.labels.length)] as string;
  const paying = Math.min(places, input.labels.length);
  if (input.finishing.length < paying)
    throw new RangeError(`finishing order has ${input.finishing.length} of ${paying} paying places`);
  return winLose(input.finishing.slice(0, paying).includes(runner));
}

const FIRST_HALF: ReadonlySet<string> = new Set(['HDPH', 'OUH', 'OEH', '1X2H']);

/**
 * Outcome of one selection of any bet type the simulator offers, against the final score;
 * 'void' when the match is cancelled. Throws RangeError on an unknown bet type, a selection out
 * of range or a malformed label.
 */
export function settleSelection(input: SettleSelectionInput): LegOutcome {
  const { betType, line, selection, labels, score } = input;
  if (score.cancelled) return 'void';
  assertScore(score);
  const firstHalf = FIRST_HALF.has(betType);
  const home = firstHalf ? score.htHome : score.home;
  const away = firstHalf ? score.htAway : score.away;
  switch (betType) {
    case 'HDP':
    case 'HDPH': {
      const handicap = requireLine(line, betType);
      return selectionOf(selection, 2) === 0
        ? settleHandicap({ line: handicap, goalsFor: home, goalsAgainst: away })
        : settleHandicap({ line: -handicap, goalsFor: away, goalsAgainst: home });
    }
    case 'OU':
    case 'OUH':
      return settleOverUnder({
        line: requireLine(line, betType),
        side: selectionOf(selection, 2) === 0 ? 'over' : 'under',
        total: home + away,
      });
    case 'OE':
    case 'OEH':
      return winLose(((home + away) % 2 === 1) === (selectionOf(selection, 2) === 0));
    case '1X2':
    case '1X2H':
      return winLose((['H', 'D', 'A'] as const)[selectionOf(selection, 3)] === resultCode(home, away));
    case 'ML': {
      // Money line has no draw price: a draw refunds both sides.
      const result = resultCode(home, away);
      if (result === 'D') return 'draw';
      return winLose((['H', 'A'] as const)[selectionOf(selection, 2)] === result);
    }
    case 'DC':
      return settleDoubleChance(pickLabel(labels, DoubleChanceLabels, selection), resultCode(home, away));
    case 'CS':
      return settleCorrectScore(
        pickLabel(labels, CorrectScoreLabels, selection),
        labels ?? CorrectScoreLabels,
        home,
        away,
      );
    case 'HTFT': {
      const label = pickLabel(labels, HtFtLabels, selection);
      if (!/^[HDA]{2}$/.test(label)) throw new RangeError(`bad HT/FT label: ${label}`);
      return winLose(label === resultCode(score.htHome, score.htAway) + resultCode(score.home, score.away));
    }
    case 'FGLG':
      return settleFirstLast(pickLabel(labels, FirstLastGoalLabels, selection), score);
    case 'TG':
      return settleTotalGoals(pickLabel(labels, TotalGoalsLabels, selection), home + away);
    case 'OR':
      return settleOutright({
        labels: labels ?? [],
        selection,
        finishing: input.finishing ?? [],
        ...(input.places !== undefined ? { places: input.places } : {}),
      });
    default:
      throw new RangeError(`unknown bet type: ${betType}`);
  }
}
