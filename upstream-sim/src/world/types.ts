import type { MarketData, MatchRow, MenuData, UxMarketRequest, UxMatch2Request } from '@sportsbook/protocol';

/** Knobs of a simulated evening. Same options + same advance() calls → same outputs. */
export interface WorldOptions {
  seed: number;
  liveMatches: number;
  todayMatches: number;
  earlyMatches: number;
  outrights?: number;
  /** UTC ms, sim clock start. */
  startTime: number;
  /** Engine step, default 1000 sim-ms. */
  tickMs?: number;
  /** Share of matches cancelled (status 2) instead of completed; default 0.03. */
  cancelRate?: number;
  /** Game seconds played per sim second (default 1): 10 plays a soccer match in ~11 sim-minutes. */
  speed?: number;
}

/** Which odds row a price belongs to: a live quote's, and a bet leg's as placed (domain/types.ts). */
export interface OddsRowRef {
  oddsId: string;
  matchId: number;
  sportId: number;
  leagueId: number;
  betType: string;
  line: number | string | null;
}

export interface OddsQuote extends OddsRowRef {
  status: 0 | 5;
  prices: number[];
  labels: string[] | null;
  matchStatus: 0 | 1 | 2 | 5;
  live: boolean;
  parlay: boolean;
  kickoff: number;
  /** Increments whenever this row's line/prices/status change. */
  version: number;
  /** Goals (points) scored so far in the match: in-play max stakes shrink with them (bets.ts). */
  goals: number;
  /** In play and past 3/4 of regulation time: the late stretch, where the min stake doubles. */
  late: boolean;
}

/** The score type settlement reads; one definition, in protocol. */
export type { MatchScore } from '@sportsbook/protocol';

import type { MatchScore } from '@sportsbook/protocol';
import type { SeriesView } from '../esports/series.ts';

export interface MatchEnd {
  matchId: number;
  sportId: number;
  leagueId: number;
  status: 1 | 2;
  score: MatchScore;
  endedAt: number;
  /** Outright events (match type 4): the winning label of the OR row. */
  winner?: string;
}

export interface MatchResultRow {
  matchId: number;
  sportId: number;
  leagueId: number;
  leagueName: string;
  home: string;
  away: string;
  kickoff: number;
  status: 0 | 1 | 2 | 5;
  score: MatchScore | null;
  /** An outright event (match type 4): one winner among a field, no score. */
  outright: boolean;
  /** Outright events: the winning label once settled. */
  winner?: string;
  /** E-sports: the series map by map (esports/series.ts). */
  series?: SeriesView;
}

export interface World {
  readonly options: WorldOptions;
  /** Sim clock, UTC ms. */
  now(): number;
  /** Moves the sim clock; the engine runs whole ticks; emits events synchronously. */
  advance(ms: number): void;
  menu(): MenuData;
  market(req: UxMarketRequest): MarketData;
  /** uxmatch: every market of one match and its children. */
  match(matchId: number): MarketData | undefined;
  /** uxmatch2: Myanmar rows MHDP / MOU (body strings) for matches of that sport/group. */
  myanmar(req: UxMatch2Request): MarketData;
  quote(oddsId: string): OddsQuote | undefined;
  matchRow(matchId: number): MatchRow | undefined;
  /** Current (live) or final score. */
  score(matchId: number): MatchScore | null;
  /** `radarlist`: a main match's tracker (radar.ts), or undefined when there is no such match. */
  radar(matchId: number, limit?: number): import('./radar.ts').RadarReply | undefined;
  /** `livematchlist`: the main matches in play, each with its tracker's header row. */
  trackedMatches(sportId?: number): import('@sportsbook/protocol').RadarMatch[];
  /** Completed (1) or cancelled (2). Returns an unsubscribe function. */
  onMatchEnd(listener: (end: MatchEnd) => void): () => void;
  /** Matches by kickoff window, for result pages. */
  results(q: { sportId?: number; from: number; to: number }): MatchResultRow[];
  /** Optional persistence of the world (JSON-serializable). */
  snapshotState(): unknown;
  restoreState(s: unknown): void;
}

export type CreateWorld = (options: WorldOptions) => World;
