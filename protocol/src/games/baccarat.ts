/**
 * Punto banco baccarat with the real third-card rules, dealt from a fresh eight-deck shoe each
 * round. Payouts (returned amounts, stake included): player 1:1, banker 0.95:1, tie 8:1, player or
 * banker pair 11:1; player and banker bets push on a tie. Amounts are integer minor units.
 */
import { type Card, type Random, randomIndex, scaleDown } from './random.ts';

export const BaccaratSpots = ['player', 'banker', 'tie', 'player-pair', 'banker-pair'] as const;
export type BaccaratSpot = (typeof BaccaratSpots)[number];

export interface BaccaratHand {
  readonly player: readonly Card[];
  readonly banker: readonly Card[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly winner: 'player' | 'banker' | 'tie';
}

/** A card's baccarat value: ace 1, two to nine face value, tens and court cards 0. */
export function baccaratValue(card: Card): number {
  return card.rank >= 10 ? 0 : card.rank;
}

export function baccaratTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + baccaratValue(card), 0) % 10;
}

/** Whether the banker draws a third card, given its two-card total and the player's third card. */
export function bankerDraws(bankerTotal: number, playerThird: Card | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  const t = baccaratValue(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return t !== 8;
    case 4:
      return t >= 2 && t <= 7;
    case 5:
      return t >= 4 && t <= 7;
    case 6:
      return t === 6 || t === 7;
    default:
      return false;
  }
}

const Decks = 8;

/** Draws cards without replacement from a fresh shoe of eight decks. */
function shoe(random: Random): () => Card {
  const left = new Array<number>(52).fill(Decks);
  let total = 52 * Decks;
  return () => {
    let u = randomIndex(random, total);
    let i = 0;
    while (u >= (left[i] ?? 0)) {
      u -= left[i] ?? 0;
      i++;
    }
    left[i] = (left[i] ?? 0) - 1;
    total--;
    return { rank: (i % 13) + 1, suit: Math.floor(i / 13) };
  };
}

/** Plays the cards of one coup from a given card source (exposed for rule tests). */
export function playCoup(next: () => Card): BaccaratHand {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const p2 = baccaratTotal(player);
  const b2 = baccaratTotal(banker);
  if (p2 < 8 && b2 < 8) {
    let playerThird: Card | undefined;
    if (p2 <= 5) {
      playerThird = next();
      player.push(playerThird);
    }
    if (bankerDraws(b2, playerThird)) banker.push(next());
  }
  const playerTotal = baccaratTotal(player);
  const bankerTotal = baccaratTotal(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

export function dealBaccarat(random: Random): BaccaratHand {
  return playCoup(shoe(random));
}

function isPair(cards: readonly Card[]): boolean {
  return cards[0] !== undefined && cards[1] !== undefined && cards[0].rank === cards[1].rank;
}

/** What a bet on `spot` returns (stake included; 0 is a loss). */
export function baccaratReturn(hand: BaccaratHand, spot: BaccaratSpot, stake: number): number {
  switch (spot) {
    case 'player':
      return hand.winner === 'player' ? stake * 2 : hand.winner === 'tie' ? stake : 0;
    case 'banker':
      return hand.winner === 'banker' ? stake + scaleDown(stake, 95, 100) : hand.winner === 'tie' ? stake : 0;
    case 'tie':
      return hand.winner === 'tie' ? stake * 9 : 0;
    case 'player-pair':
      return isPair(hand.player) ? stake * 12 : 0;
    case 'banker-pair':
      return isPair(hand.banker) ? stake * 12 : 0;
  }
}
