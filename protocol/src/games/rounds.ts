/**
 * One round of any game engine: the bets' check (`roundProblem`) and the play (`playRound`), from
 * the game's rules and a caller's seeded source. Every amount is integer minor units; a round's
 * `win` is what it returns (stakes included), so the player's net is win - stake.
 */
import {
  type BaccaratHand,
  type BaccaratSpot,
  BaccaratSpots,
  baccaratReturn,
  dealBaccarat,
} from './baccarat.ts';
import {
  type DiceSpot,
  DiceSpots,
  dealHiLo,
  diceReturn,
  fishById,
  fishReturn,
  type HiLoSpot,
  HiLoSpots,
  hiLoMultipleBp,
  hiLoReturn,
  rollDice,
  shootFish,
} from './mini.ts';
import type { Card, Random } from './random.ts';
import { isRouletteSpot, rouletteReturn, spinRoulette } from './roulette.ts';
import { isSlotStake, type SlotConfig, type SlotSpin, SlotSymbols, spinSlot } from './slot.ts';

export const GameKinds = ['slot', 'baccarat', 'roulette', 'hilo', 'dice', 'fishing'] as const;
export type GameKind = (typeof GameKinds)[number];

/** The rules a round is played by (the simulator's catalogue gives one per game). */
export type GameRules =
  | { readonly kind: 'slot'; readonly slot: SlotConfig }
  | { readonly kind: 'baccarat' | 'roulette' | 'dice' }
  | { readonly kind: 'hilo' | 'fishing'; readonly rtpBp: number };

export interface GameBet {
  readonly spot: string;
  /** Minor units. */
  readonly stake: number;
}

/** The state a game carries from round to round (hi-lo: the card showing). */
export interface GameState {
  readonly base?: Card;
}

export type RoundOutcome =
  | { readonly kind: 'slot'; readonly grid: SlotSpin['grid']; readonly lines: SlotSpin['lines'] }
  | {
      readonly kind: 'baccarat';
      readonly player: readonly Card[];
      readonly banker: readonly Card[];
      readonly player_total: number;
      readonly banker_total: number;
      readonly winner: BaccaratHand['winner'];
    }
  | { readonly kind: 'roulette'; readonly number: number }
  | { readonly kind: 'hilo'; readonly base: Card; readonly next: Card }
  | { readonly kind: 'dice'; readonly dice: readonly [number, number, number] }
  | {
      readonly kind: 'fishing';
      readonly target: string;
      readonly caught: boolean;
      readonly multiple: number;
    };

export interface SettledBet extends GameBet {
  /** What this bet returned (0: lost). */
  readonly returned: number;
}

export interface RoundResult {
  readonly outcome: RoundOutcome;
  readonly bets: readonly SettledBet[];
  /** Sum of stakes. */
  readonly stake: number;
  /** Sum of returns. */
  readonly win: number;
  /** The state of the next round. */
  readonly state: GameState;
}

/** Bets per round at most (table games). */
export const MaxBetsPerRound = 12;

/** The spots a game takes bets on (slots: `spin`; roulette: RouletteSpots). */
export function spotsOf(rules: GameRules): readonly string[] | null {
  switch (rules.kind) {
    case 'slot':
      return ['spin'];
    case 'baccarat':
      return BaccaratSpots;
    case 'roulette':
      return null;
    case 'hilo':
      return HiLoSpots;
    case 'dice':
      return DiceSpots;
    case 'fishing':
      return null;
  }
}

function spotKnown(rules: GameRules, spot: string): boolean {
  if (rules.kind === 'roulette') return isRouletteSpot(spot);
  if (rules.kind === 'fishing') return fishById(spot) !== undefined;
  return (spotsOf(rules) ?? []).includes(spot);
}

/**
 * Why these bets cannot be played (a field name for the badRequest), or null. Stakes must be
 * positive whole minor units within [min, max] each; slots, hi-lo and fishing take one bet a round
 * (a slot's stake a multiple of its 5 lines); a hi-lo bet must be able to win; a spot at most once.
 */
export function roundProblem(
  rules: GameRules,
  bets: readonly GameBet[],
  state: GameState,
  limits: { readonly min: number; readonly max: number },
): string | null {
  if (bets.length === 0 || bets.length > MaxBetsPerRound) return 'bets';
  const single = rules.kind === 'slot' || rules.kind === 'hilo' || rules.kind === 'fishing';
  if (single && bets.length !== 1) return 'bets';
  const seen = new Set<string>();
  let total = 0;
  for (const bet of bets) {
    if (!spotKnown(rules, bet.spot) || seen.has(bet.spot)) return 'spot';
    seen.add(bet.spot);
    if (!Number.isSafeInteger(bet.stake) || bet.stake < limits.min || bet.stake > limits.max) return 'stake';
    if (rules.kind === 'slot' && !isSlotStake(bet.stake)) return 'stake';
    if (rules.kind === 'hilo' && hiLoMultipleBp(state.base?.rank ?? 7, bet.spot as HiLoSpot, 10_000) === 0)
      return 'spot';
    total += bet.stake;
  }
  return total > limits.max ? 'stake' : null;
}

function settle(bets: readonly GameBet[], returned: (bet: GameBet) => number): SettledBet[] {
  return bets.map((bet) => ({ spot: bet.spot, stake: bet.stake, returned: returned(bet) }));
}

/** Plays one round. The bets must have passed `roundProblem`. */
export function playRound(
  rules: GameRules,
  bets: readonly GameBet[],
  state: GameState,
  random: Random,
): RoundResult {
  let outcome: RoundOutcome;
  let settled: SettledBet[];
  let next: GameState = state;
  switch (rules.kind) {
    case 'slot': {
      const bet = bets[0] as GameBet;
      const spin = spinSlot(rules.slot, bet.stake, random);
      outcome = { kind: 'slot', grid: spin.grid, lines: spin.lines };
      settled = [{ ...bet, returned: spin.win }];
      break;
    }
    case 'baccarat': {
      const hand = dealBaccarat(random);
      outcome = {
        kind: 'baccarat',
        player: hand.player,
        banker: hand.banker,
        player_total: hand.playerTotal,
        banker_total: hand.bankerTotal,
        winner: hand.winner,
      };
      settled = settle(bets, (b) => baccaratReturn(hand, b.spot as BaccaratSpot, b.stake));
      break;
    }
    case 'roulette': {
      const number = spinRoulette(random);
      outcome = { kind: 'roulette', number };
      settled = settle(bets, (b) => rouletteReturn(b.spot, number, b.stake));
      break;
    }
    case 'hilo': {
      const round = dealHiLo(state.base ?? { rank: 7, suit: 0 }, random);
      outcome = { kind: 'hilo', base: round.base, next: round.next };
      settled = settle(bets, (b) => hiLoReturn(round, b.spot as HiLoSpot, b.stake, rules.rtpBp));
      next = { base: round.next };
      break;
    }
    case 'dice': {
      const dice = rollDice(random);
      outcome = { kind: 'dice', dice };
      settled = settle(bets, (b) => diceReturn(dice, b.spot as DiceSpot, b.stake));
      break;
    }
    case 'fishing': {
      const bet = bets[0] as GameBet;
      const fish = fishById(bet.spot);
      if (fish === undefined) throw new RangeError(`unknown fish ${bet.spot}`);
      const caught = shootFish(fish, rules.rtpBp, random);
      outcome = { kind: 'fishing', target: fish.id, caught, multiple: fish.multiple };
      settled = [{ ...bet, returned: fishReturn(fish, caught, bet.stake) }];
      break;
    }
  }
  return {
    outcome,
    bets: settled,
    stake: settled.reduce((sum, b) => sum + b.stake, 0),
    win: settled.reduce((sum, b) => sum + b.returned, 0),
    state: next,
  };
}

/** Slot configurations of the catalogue (exact RTPs: classic 96.09%, volatile 94.98%; slot.test.ts). */
export const SlotConfigs: Readonly<Record<'classic' | 'volatile', SlotConfig>> = {
  classic: {
    id: 'classic',
    reels: [
      'lemon seven lemon bar bell cherry plum plum melon bar lemon melon cherry plum melon bell plum bell cherry lemon melon plum lemon lemon cherry',
      'seven melon lemon lemon plum lemon bar melon bar bell bell plum cherry plum cherry bell cherry melon cherry lemon lemon melon lemon plum plum',
      'lemon seven cherry plum lemon plum lemon plum plum bar bell bar cherry lemon melon melon cherry bell bell melon lemon melon plum lemon cherry',
    ].map(parseStrip),
    pays: { seven: 500, bar: 150, bell: 60, melon: 30, plum: 18, lemon: 10, cherry: 30 },
    cherryPays: [1, 4],
    rtpBp: 9600,
  },
  volatile: {
    id: 'volatile',
    reels: [
      'bell seven bar bell melon plum lemon lemon lemon plum melon cherry lemon plum melon lemon plum cherry',
      'plum lemon seven plum melon bell plum lemon plum melon bar lemon lemon cherry bell cherry melon lemon',
      'melon melon seven cherry plum cherry bar lemon lemon lemon bell plum plum bell melon plum lemon lemon',
    ].map(parseStrip),
    pays: { seven: 1000, bar: 200, bell: 60, melon: 26, plum: 14, lemon: 9, cherry: 30 },
    cherryPays: [1, 5],
    rtpBp: 9500,
  },
};

function parseStrip(text: string): SlotConfig['reels'][number] {
  return text.split(' ').map((s) => {
    if (!(SlotSymbols as readonly string[]).includes(s)) throw new Error(`unknown slot symbol ${s}`);
    return s as SlotConfig['reels'][number][number];
  });
}

/** Configured RTPs of the card and fishing games, basis points. */
export const HiLoRtpBp = 9700;
export const FishingRtpBp = 9600;
