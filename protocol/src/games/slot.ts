/**
 * A three-reel, three-row video slot with five paylines. A spin stops each reel strip at a uniform
 * position; each line pays (line bet x pay) for three of a kind, or the cherry pays for one or two
 * cherries from the left. The line bet is the stake / 5, so a stake must be a multiple of 5 minor
 * units. `slotRtp` computes the exact return of a configuration by enumerating every stop; the
 * configured `rtpBp` is what a configuration promises (a test holds both to each other and to a
 * long seeded run).
 */
import { type Random, randomIndex } from './random.ts';

export const SlotSymbols = ['seven', 'bar', 'bell', 'melon', 'plum', 'lemon', 'cherry'] as const;
export type SlotSymbol = (typeof SlotSymbols)[number];

export interface SlotConfig {
  readonly id: string;
  /** One strip per reel; the window shows three consecutive positions (wrapping). */
  readonly reels: readonly (readonly SlotSymbol[])[];
  /** Three of a kind on a line, times the line bet. */
  readonly pays: Readonly<Record<SlotSymbol, number>>;
  /** Cherries from the left on a line when not three: [one, two], times the line bet. */
  readonly cherryPays: readonly [number, number];
  /** The promised return to player, basis points (9600 = 96%). */
  readonly rtpBp: number;
}

/** Paylines as the row (0 top .. 2 bottom) on each reel. */
export const SlotLines: readonly (readonly [number, number, number])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

export interface SlotLineWin {
  readonly line: number;
  readonly symbol: SlotSymbol;
  readonly count: number;
  readonly win: number;
}

export interface SlotSpin {
  readonly stops: readonly number[];
  /** grid[reel][row]. */
  readonly grid: readonly (readonly SlotSymbol[])[];
  readonly lines: readonly SlotLineWin[];
  /** Returned amount (0: nothing won). */
  readonly win: number;
}

function windowOf(strip: readonly SlotSymbol[], stop: number): SlotSymbol[] {
  const n = strip.length;
  return [0, 1, 2].map((row) => strip[(stop + row) % n] as SlotSymbol);
}

/** Pay of one line, in line bets. */
function linePay(
  config: SlotConfig,
  symbols: readonly SlotSymbol[],
): { symbol: SlotSymbol; count: number; pay: number } {
  const [a, b, c] = symbols as [SlotSymbol, SlotSymbol, SlotSymbol];
  if (a === b && b === c) return { symbol: a, count: 3, pay: config.pays[a] };
  if (a === 'cherry') {
    const count = b === 'cherry' ? 2 : 1;
    return { symbol: 'cherry', count, pay: config.cherryPays[count - 1] ?? 0 };
  }
  return { symbol: a, count: 0, pay: 0 };
}

/** The spin at given stops (exposed for tests and the exact RTP). */
export function slotAt(config: SlotConfig, stops: readonly number[], stake: number): SlotSpin {
  const grid = config.reels.map((strip, r) => windowOf(strip, stops[r] ?? 0));
  const lineBet = stake / SlotLines.length;
  const lines: SlotLineWin[] = [];
  SlotLines.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => grid[reel]?.[row] as SlotSymbol);
    const { symbol, count, pay } = linePay(config, symbols);
    if (pay > 0) lines.push({ line, symbol, count, win: lineBet * pay });
  });
  return { stops, grid, lines, win: lines.reduce((sum, l) => sum + l.win, 0) };
}

/** A stake the slot takes: a positive whole number of minor units divisible by the line count. */
export function isSlotStake(stake: number): boolean {
  return Number.isSafeInteger(stake) && stake > 0 && stake % SlotLines.length === 0;
}

export function spinSlot(config: SlotConfig, stake: number, random: Random): SlotSpin {
  if (!isSlotStake(stake)) throw new RangeError(`slot stake must be a positive multiple of 5: ${stake}`);
  return slotAt(
    config,
    config.reels.map((strip) => randomIndex(random, strip.length)),
    stake,
  );
}

/** The exact return to player of a configuration (every stop combination, equally likely). */
export function slotRtp(config: SlotConfig): number {
  const [r0, r1, r2] = config.reels as [readonly SlotSymbol[], readonly SlotSymbol[], readonly SlotSymbol[]];
  let total = 0;
  const stake = SlotLines.length;
  for (let a = 0; a < r0.length; a++)
    for (let b = 0; b < r1.length; b++)
      for (let c = 0; c < r2.length; c++) total += slotAt(config, [a, b, c], stake).win;
  return total / (stake * r0.length * r1.length * r2.length);
}
