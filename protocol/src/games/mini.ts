/**
 * The mini games' rules (amounts integer minor units, returns include the stake, 0 is a loss):
 * - Hi-lo: a card is showing; bet the next card (infinite deck) is `higher` or `lower` by rank (ace
 *   low, king high; the same rank loses). It returns the fair multiple times the game's RTP, in
 *   basis points rounded down. The drawn card becomes the next round's base.
 * - Dice (sic bo): three dice; `big` 11-17 and `small` 4-10, `odd` and `even` pay 1:1 and lose on
 *   any triple; `triple` (any) pays 30:1.
 * - Fishing: shoot at one fish; a fish of multiple m is caught with probability rtp / m and returns
 *   m x stake, so every target has the same configured RTP.
 */
import { type Card, drawCard, type Random, randomIndex, scaleDown } from './random.ts';

// ---- hi-lo -------------------------------------------------------------------------------------

export const HiLoSpots = ['higher', 'lower'] as const;
export type HiLoSpot = (typeof HiLoSpots)[number];

/** Ranks (of 13) that win a bet on `spot` over `base`. */
export function hiLoWinningRanks(base: number, spot: HiLoSpot): number {
  return spot === 'higher' ? 13 - base : base - 1;
}

/** The return multiple in basis points (10000 = 1x) of `spot` over `base`; 0 when it cannot win. */
export function hiLoMultipleBp(base: number, spot: HiLoSpot, rtpBp: number): number {
  const wins = hiLoWinningRanks(base, spot);
  return wins <= 0 ? 0 : Math.floor((rtpBp * 13) / wins);
}

export interface HiLoRound {
  readonly base: Card;
  readonly next: Card;
}

export function dealHiLo(base: Card, random: Random): HiLoRound {
  return { base, next: drawCard(random) };
}

export function hiLoReturn(round: HiLoRound, spot: HiLoSpot, stake: number, rtpBp: number): number {
  const won = spot === 'higher' ? round.next.rank > round.base.rank : round.next.rank < round.base.rank;
  return won ? scaleDown(stake, hiLoMultipleBp(round.base.rank, spot, rtpBp), 10_000) : 0;
}

// ---- dice (sic bo) -----------------------------------------------------------------------------

export const DiceSpots = ['big', 'small', 'odd', 'even', 'triple'] as const;
export type DiceSpot = (typeof DiceSpots)[number];

export function rollDice(random: Random): [number, number, number] {
  return [randomIndex(random, 6) + 1, randomIndex(random, 6) + 1, randomIndex(random, 6) + 1];
}

export function diceReturn(dice: readonly [number, number, number], spot: DiceSpot, stake: number): number {
  const [a, b, c] = dice;
  const triple = a === b && b === c;
  const total = a + b + c;
  switch (spot) {
    case 'triple':
      return triple ? stake * 31 : 0;
    case 'big':
      return !triple && total >= 11 ? stake * 2 : 0;
    case 'small':
      return !triple && total <= 10 ? stake * 2 : 0;
    case 'odd':
      return !triple && total % 2 === 1 ? stake * 2 : 0;
    case 'even':
      return !triple && total % 2 === 0 ? stake * 2 : 0;
  }
}

// ---- fishing -----------------------------------------------------------------------------------

export interface Fish {
  readonly id: string;
  /** Return multiple on a catch. */
  readonly multiple: number;
}

export const Fishes: readonly Fish[] = [
  { id: 'shrimp', multiple: 2 },
  { id: 'clownfish', multiple: 3 },
  { id: 'puffer', multiple: 5 },
  { id: 'turtle', multiple: 10 },
  { id: 'octopus', multiple: 20 },
  { id: 'shark', multiple: 50 },
  { id: 'whale', multiple: 100 },
  { id: 'dragon', multiple: 300 },
];

export function fishById(id: string): Fish | undefined {
  return Fishes.find((f) => f.id === id);
}

/** One shot: caught with probability rtp / multiple (rtpBp in basis points). */
export function shootFish(fish: Fish, rtpBp: number, random: Random): boolean {
  return random() * fish.multiple * 10_000 < rtpBp;
}

export function fishReturn(fish: Fish, caught: boolean, stake: number): number {
  return caught ? stake * fish.multiple : 0;
}
