/** Records of the simulator's state. Money is integer minor units everywhere in here. */
import type { AccountState, Language, LegOutcome, MatchScore } from '@sportsbook/protocol';
import type { OddsRowRef } from '../world/types.ts';

export const Roles = ['shareholder', 'superSenior', 'senior', 'master', 'agent', 'member'] as const;
export type Role = (typeof Roles)[number];

export interface BetLimit {
  min_bet: number;
  max_bet: number;
  max_payout: number;
  /** Sum of open risk on one match (ours; betOverMaxPerMatch). */
  max_per_match: number;
}

export interface Account {
  /** Canonical login id, lower case. */
  id: string;
  role: Role;
  parentId: string | null;
  /** Commission rate in basis points of valid turnover (0.25% = 25). */
  commissionBps: number;
  state: AccountState;
  passwordSalt: string;
  passwordHash: string;
  currency: string;
  language: string;
  oddsType: 1 | 2 | 3 | 4 | 5;
  /** 1 normal; 2 uses vuserbalance. */
  operatorType: 1 | 2;
  commType: string;
  nickname: string | null;
  /** Per sport id ("1", "2"...), plus "parlay", "mmo" and "default". */
  limits: Record<string, BetLimit>;
  settings: Record<string, unknown>;
  /** Set when the profile changed; cleared by a profile reload or login. */
  retrieveProfile: boolean;
  lastLoginAt: number | null;
  /** The login before the latest (what the player sees as "last login"); absent in old journals. */
  previousLoginAt?: number | null;
  passwordChangedAt: number;
  /** The 4D lottery is disabled for this member (every lottery call answers lotteryDisabled). */
  lotteryDisabled?: boolean;
  /** Tournament rooms are disabled for this member (membervalidatetournament, tournamentDisabled). */
  tournamentDisabled?: boolean;
  /** Live casino (live and table games) is disabled for this member (liveCasinoDisabled). */
  liveCasinoDisabled?: boolean;
  /** Mini games are disabled for this member (MiniGameDisabled). */
  miniGameDisabled?: boolean;
}

export const LedgerTypes = [
  'deposit',
  'adjust',
  'freeze',
  'release',
  'stake',
  'payout',
  'commission',
  // Tournament rooms (tournament.ts): entry fee, its refund, a prize.
  'roomFee',
  'roomRefund',
  'roomPrize',
  // Game provider rounds (games/house.ts): the stakes, the return.
  'gameStake',
  'gameWin',
] as const;
export type LedgerType = (typeof LedgerTypes)[number];

/** One wallet movement. Cash = available + frozen; a movement that changes cash is a credit or debit. */
export interface LedgerEntry {
  seq: number;
  accountId: string;
  type: LedgerType;
  /** Change of available and frozen; cash changes by their sum. */
  dAvailable: number;
  dFrozen: number;
  ref: string;
  /** Sim time, UTC ms. */
  time: number;
  available: number;
  frozen: number;
  /**
   * The product the movement belongs to (statement lines group by it). Absent: derived from the
   * type (statements.ts productOf), so a new product only sets it on its own entries.
   */
  product?: string;
}

export interface Wallet {
  available: number;
  frozen: number;
}

export const BetStatuses = [
  'waiting',
  'running',
  'rejected',
  'won',
  'wonHalf',
  'lost',
  'loseHalf',
  'draw',
  'refund',
  'void',
  /** Ours: a leg's match was abandoned after kick-off and every leg is void (stake released). */
  'abandoned',
  'cashedOut',
] as const;
export type BetStatus = (typeof BetStatuses)[number];
export const OpenBetStatuses: readonly BetStatus[] = ['waiting', 'running'];

export type BetKind = 'single' | 'parlay' | 'system' | 'mmoSingle' | 'mmoParlay';

export interface BetLeg extends OddsRowRef {
  selection: number;
  label: string | null;
  /** The odds row's labels at placement (CS, TG... settle against the whole set; Myanmar: [giver]). */
  labels: string[] | null;
  /** Decimal price as quoted (Myanmar legs: 0, the body carries the terms). */
  price: number;
  /** Myanmar body ("1+50"), else null. */
  body: string | null;
  live: boolean;
  kickoff: number;
  /** The quote's version at placement: a moved market rejects a waiting bet. */
  version: number;
  outcome: LegOutcome | null;
  /** Myanmar legs: the return percent p (-100..100) once settled. */
  percent: number | null;
  score: MatchScore | null;
  home: string;
  away: string;
}

export interface Bet {
  betId: string;
  refNo: string;
  accountId: string;
  currency: string;
  kind: BetKind;
  call: string;
  virtual: boolean;
  requestId: string;
  legs: BetLeg[];
  /** Stake as entered (for negative MY/ID: the amount to win), minor units. */
  stake: number;
  /** Amount frozen, minor units (system parlay: unit x tickets). */
  risk: number;
  /** Net win on a full win of every leg (system: all tickets), minor units. */
  toWin: number;
  oddsType: number;
  /** Price as shown in the stake's odds type (single bets), else the decimal product. */
  displayOdds: number;
  /** Exact decimal odds as a string (single: converted price; parlay: product). */
  decimalOdds: string;
  /** System parlay tickets: leg indexes; unit stake per ticket. */
  combos: number[][] | null;
  unitStake: number;
  status: BetStatus;
  rejectReason: string | null;
  placedAt: number;
  decideAt: number | null;
  acceptedAt: number | null;
  settledAt: number | null;
  /** Amount paid back (stake included), minor units. */
  returned: number;
  validTurnover: number;
  commission: number;
  cashOut: { value: number; at: number } | null;
}

export interface Session {
  token: string;
  accountId: string;
  createdAt: number;
  lastSeen: number;
  expiresAt: number;
}

/** A message's title and body in one language. */
export interface MessageText {
  title: string;
  body: string;
}

export interface Message {
  id: number;
  accountId: string | null;
  kind: 'announcement' | 'marquee' | 'personal';
  /** The English (default) text. */
  title: string;
  body: string;
  /** The same message in other interface languages (domain/messageTexts.ts); absent: English only. */
  texts?: Partial<Record<Language, MessageText>>;
  time: number;
  read: boolean;
}
