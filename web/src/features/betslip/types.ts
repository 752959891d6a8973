/** The bet slip's data: what a player picked from the board and what the slip computed from it. */
import type { OddsFormat, PlacedBet, PlacedBetLeg } from '@sportsbook/protocol';
import type { Auth } from '../../shared/result.ts';

/** One pick: a price of one odds row, as the board showed it. */
export interface Selection {
  /** The stream topic the price came from (the slip keeps watching it). */
  readonly topic: string;
  readonly oddsId: string;
  readonly matchId: number;
  readonly sportId: number;
  readonly leagueName: string;
  readonly home: string;
  readonly away: string;
  readonly betType: string;
  /** Index into the row's prices (0 home/over/odd, 1 away/under/even, 2 draw...). */
  readonly selection: number;
  /** The line as quoted (handicap or total); the Myanmar body string for MHDP/MOU rows. */
  readonly line: number | string | null;
  /** Decimal price as quoted; 0 for Myanmar rows (they have a body instead). */
  readonly price: number;
  /**
   * Text of the pick when picked ("Away +0.25", "Over 2.5", "1:0"). Screens name a pick by
   * board/view.ts `selectionText` instead, from its current line (protocol pick.ts).
   */
  readonly label: string;
  /**
   * The row's own label of this selection when picked (a CS score "1-0", a TG range, a DC "1X"):
   * in play such rows relabel their indexes when a goal goes in, so the slip locks the pick when
   * `labels[selection]` is no longer this (watch.ts `quoteOf`). Absent for rows without labels.
   */
  readonly rowLabel?: string | null;
  /** Myanmar rows: the row's giver ('H', 'A'; MOU 'O'): selection 0 backs it (protocol pick.ts). */
  readonly giver?: string | null;
  readonly live: boolean;
  /** The match may be used in a parlay. */
  readonly parlay: boolean;
}

export const SlipMode = { single: 'single', parlay: 'parlay', system: 'system' } as const;
export type SlipMode = (typeof SlipMode)[keyof typeof SlipMode];

/** The current state of a pick's market, from the odds stream. */
export interface LiveQuote {
  readonly oddsId: string;
  /** The row is gone, the line or match suspended, or the match over. */
  readonly suspended: boolean;
  /** The topic is stale or the stream is not live: the price cannot be trusted. */
  readonly stale: boolean;
  readonly price: number | null;
  readonly line: number | string | null;
}

/** Stake limits in integer minor units. */
export interface Limits {
  readonly minBet: number;
  readonly maxBet: number;
  readonly maxPayout: number;
}

/** The account facts the slip needs (from the login's member_profile). */
export interface SlipAccount {
  readonly auth: Auth;
  readonly currency: string;
  /** The odds type the player reads and enters stakes in (Myanmar players: MY for normal rows). */
  readonly oddsFormat: OddsFormat;
  /** Member in MMK or MMO: Myanmar odds and the Myanmar parlay are offered. */
  readonly myanmar: boolean;
  /**
   * A suspended account (SPEC "suspend (view only)", protocol's `isViewOnly`): it may build a slip
   * but the machine never places it (code `suspend`). Absent means false.
   */
  readonly viewOnly?: boolean;
  readonly betLimits: readonly {
    sport_type: number | string;
    bet_type?: string | undefined;
    min_bet: number;
    max_bet: number;
    max_payout: number;
  }[];
}

/** A bet as the placement reply and the bet lists show it: protocol's reply schema (validated by api.ts). */
export type BetView = PlacedBet;
export type BetLegView = PlacedBetLeg;
