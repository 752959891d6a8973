/**
 * European roulette (one zero). Spots and returns (stake included): `straight-<n>` 35:1,
 * `red`/`black`/`odd`/`even`/`low`/`high` 1:1, `dozen-<1..3>` and `column-<1..3>` 2:1. Zero loses
 * every outside bet.
 */
import { type Random, randomIndex } from './random.ts';

export const RouletteRed: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

const Outside = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;

/** Every spot a bet may be placed on. */
export const RouletteSpots: readonly string[] = [
  ...Array.from({ length: 37 }, (_, n) => `straight-${n}`),
  ...Outside,
  'dozen-1',
  'dozen-2',
  'dozen-3',
  'column-1',
  'column-2',
  'column-3',
];
const SpotSet: ReadonlySet<string> = new Set(RouletteSpots);

export function isRouletteSpot(spot: string): boolean {
  return SpotSet.has(spot);
}

export function spinRoulette(random: Random): number {
  return randomIndex(random, 37);
}

/** The numbers a spot covers (unknown spot: none). */
export function rouletteCovers(spot: string): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  const [kind, arg] = spot.split('-');
  const n = Number(arg);
  switch (kind) {
    case 'straight':
      return SpotSet.has(spot) ? [n] : [];
    case 'red':
      return all.filter((x) => RouletteRed.has(x));
    case 'black':
      return all.filter((x) => !RouletteRed.has(x));
    case 'odd':
      return all.filter((x) => x % 2 === 1);
    case 'even':
      return all.filter((x) => x % 2 === 0);
    case 'low':
      return all.filter((x) => x <= 18);
    case 'high':
      return all.filter((x) => x >= 19);
    case 'dozen':
      return SpotSet.has(spot) ? all.filter((x) => Math.ceil(x / 12) === n) : [];
    case 'column':
      return SpotSet.has(spot) ? all.filter((x) => ((x - 1) % 3) + 1 === n) : [];
    default:
      return [];
  }
}

/** What a bet on `spot` returns when `number` comes up: stake x 36 / numbers covered, or 0. */
export function rouletteReturn(spot: string, number: number, stake: number): number {
  const covers = rouletteCovers(spot);
  if (!covers.includes(number)) return 0;
  // 1 number: 36x (35:1), 12 numbers: 3x (2:1), 18 numbers: 2x (1:1); all divide 36 exactly.
  return stake * (36 / covers.length);
}
