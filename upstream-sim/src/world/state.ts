/**
 * The world's mutable state: plain JSON data (no classes, no references between objects, ids
 * only) so that snapshotState() is a deep copy and restoreState() a parse.
 */
import type { MarketGroupName, MarketLeague, PeriodCode } from '@sportsbook/protocol';
import type { SeriesState } from '../esports/series.ts';
import type { RadarState } from './radar.ts';
import type { BetType } from './sports.ts';

/** A league as the board shows it (protocol's model), plus the teams the generator draws from. */
export interface LeagueState extends MarketLeague {
  teams: string[];
}

export interface MarketState {
  id: string;
  bt: BetType;
  slot: number;
  line: number | string | null;
  status: 0 | 5;
  prices: number[];
  labels: string[] | null;
  version: number;
}

/** 0 not started, 1 in play, 2 over (completed or cancelled). */
export type Phase = 0 | 1 | 2;

export interface MatchState {
  id: number;
  leagueId: number;
  sportId: number;
  type: 1 | 2 | 3 | 4;
  parentId: number | null;
  childIds: number[];
  /** Index into the sport's child profiles; -1 for a main match. */
  childKind: number;
  childLabel: string;
  home: string;
  away: string;
  kickoff: number;
  neutral: 0 | 1;
  tv: 0 | 1;
  parlay: 0 | 1;
  status: 0 | 1 | 2 | 5;
  phase: Phase;
  period: PeriodCode;
  /** Game seconds since kick-off (the second half starts at the half length). */
  clock: number;
  breakLeft: number;
  stoppage1: number;
  stoppage2: number;
  h: number;
  a: number;
  htH: number | null;
  htA: number | null;
  fg: 'H' | 'A' | null;
  lg: 'H' | 'A' | null;
  redH: number;
  redA: number;
  /** True scoring rates (points per game second) and the market's log-bias on each. */
  rateH: number;
  rateA: number;
  biasH: number;
  biasA: number;
  /** Sim ms until which every market is suspended (goal, red card). */
  suspendedUntil: number;
  /** Sim ms until which the whole match is held (status 5, a video review). */
  holdUntil: number;
  nextReprice: number;
  /** Game second at which the match is abandoned; -1 postponed at kick-off; null never. */
  cancelAt: number | null;
  endedAt: number | null;
  /** Row revision: bumps whenever the match row (status, live state) changes. */
  rev: number;
  markets: MarketState[];
  /** Outright events: title chances of each team (same order as the OR labels) and the winner. */
  strengths: number[] | null;
  winner: string | null;
  /** E-sports (sport 43): the best-of-N series played map by map (esports/series.ts). */
  series?: SeriesState;
  /** The match tracker's state (radar.ts), from the match's first step in play. */
  radar?: RadarState;
}

export interface WorldState {
  v: 1;
  now: number;
  carry: number;
  tick: number;
  rng: number;
  nextMatchId: number;
  day: number;
  nextPreRound: number;
  nextPrune: number;
  leagues: LeagueState[];
  matches: MatchState[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Calendar day number in GMT+8 (SPEC: times are displayed in GMT+8; groups follow that calendar). */
export function gmt8Day(utcMs: number): number {
  return Math.floor((utcMs + 8 * HOUR) / DAY);
}

/** UTC ms of the start of a GMT+8 day number. */
export function gmt8DayStart(day: number): number {
  return day * DAY - 8 * HOUR;
}

/** Market group of a match at `now`, or null once it is over. */
export function groupOf(m: MatchState, now: number): MarketGroupName | null {
  if (m.phase === 2) return null;
  if (m.phase === 1) return 'live';
  return gmt8Day(m.kickoff) === gmt8Day(now) ? 'today' : 'early';
}

/** The live indexes over a WorldState; rebuilt from the state on restore. */
export interface Ctx {
  state: WorldState;
  rng: import('./rng.ts').Rng;
  speed: number;
  tickMs: number;
  cancelRate: number;
  targets: { live: number; today: number; early: number; outrights: number };
  byId: Map<number, MatchState>;
  leagues: Map<number, LeagueState>;
  /** Main and outright matches not started yet, sorted by kickoff then id. */
  pending: MatchState[];
  /** Main matches in play, in the order they went live. */
  live: MatchState[];
  markets: Map<string, { market: MarketState; match: MatchState }>;
  /** Ends of this tick, emitted once the tick is complete. */
  ends: import('./types.ts').MatchEnd[];
}
