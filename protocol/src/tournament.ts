/**
 * Tournament rooms: the rules (RULES.md "Tournament rooms"). The spec names the statuses, types,
 * limits and codes but says "not shown" for the lifecycle; this module is ours. Pure: no clock
 * reads (time comes in as an argument), money in integer minor units, points in integer
 * centipoints (1,000 points = 100,000).
 *
 * - `nextRoomStatus`: every status transition, as one function of the room's facts and the time.
 * - `joinRefusal` / `betRefusal` / `leaveRefusal`: the code a join, bet or leave gets, or null.
 * - `rankPlayers`: the ranking (points, then the earlier last bet, then join order).
 * - `prizeSplit`: prize pool, commission and the prize of each rank, so that
 *   fees = sum(prizes) + commission to the minor unit, for every room.
 */
import { RoomStatus, RoomType, TournamentLimits } from './constants.ts';
import { kickoffOf, VirtualSports, virtualEventOf } from './virtual.ts';

/** Defaults of the room rules (ours; the spec gives none). */
export const TournamentDefaults = {
  /** Points every player starts with. */
  bankrollPoints: 1000,
  /** Operator commission on paid rooms, percent of the fees. */
  commissionPct: 10,
  /** Joins close this long before the first kick-off (last_join_time). */
  joinCloseBeforeKickoffMs: 10 * 60_000,
  /** A member's room needs every match to kick off at least this far ahead. */
  minLeadMs: 15 * 60_000,
  /** Smallest points stake. */
  minStakePoints: 1,
  /** Ended, cancelled and closed rooms stay in the lobby this long. */
  lobbyKeepMs: 2 * 3_600_000,
} as const;

/** Points are kept in hundredths: 1,000 points = 100,000 centipoints. */
export const PointsScale = 100;

export function pointsToCenti(points: number): number | undefined {
  if (typeof points !== 'number' || !Number.isFinite(points)) return undefined;
  const centi = Math.round(points * PointsScale);
  // At most two decimals: 12.345 is refused, not rounded.
  if (Math.abs(centi - points * PointsScale) > 1e-6) return undefined;
  return Number.isSafeInteger(centi) ? centi : undefined;
}

export function centiToPoints(centi: number): number {
  return centi / PointsScale;
}

// ---- lifecycle ---------------------------------------------------------------------------------

/** The facts the lifecycle reads. Times are UTC ms. */
export interface RoomFacts {
  status: RoomStatus;
  players: number;
  lastJoinTime: number;
  lastBettingTime: number;
  /** Every match of the room ended (completed or cancelled) and every bet is settled. */
  allSettled: boolean;
}

export type RoomEvent = 'tick' | 'close';

const Terminal: readonly RoomStatus[] = [RoomStatus.ended, RoomStatus.cancelled, RoomStatus.closed];

export function isTerminalStatus(status: RoomStatus): boolean {
  return Terminal.includes(status);
}

/** A room that still takes part: open, active or stopped betting. */
export function isLiveStatus(status: RoomStatus): boolean {
  return status === RoomStatus.open || status === RoomStatus.active || status === RoomStatus.stopBetting;
}

/**
 * The status after `event` at `now`, reached in one call however far time jumped:
 * - `close` (the operator): any non-terminal status -> `1` closed.
 * - `A` open: at last_join_time, fewer than 3 players -> `2` cancelled; otherwise `0` active.
 * - `0` active: at last_betting_time -> `4` stop betting.
 * - `4` stop betting: once every match is settled -> `3` ended.
 * - `3`, `2`, `1` are final.
 * So nextRoomStatus(nextRoomStatus(r)) === nextRoomStatus(r) for the same facts and time.
 */
export function nextRoomStatus(room: RoomFacts, now: number, event: RoomEvent = 'tick'): RoomStatus {
  let status = room.status;
  if (isTerminalStatus(status)) return status;
  if (event === 'close') return RoomStatus.closed;
  if (status === RoomStatus.open && now >= room.lastJoinTime) {
    if (room.players < TournamentLimits.minPlayers) return RoomStatus.cancelled;
    status = RoomStatus.active;
  }
  if (status === RoomStatus.active && now >= room.lastBettingTime) status = RoomStatus.stopBetting;
  if (status === RoomStatus.stopBetting && room.allSettled) status = RoomStatus.ended;
  return status;
}

// ---- timing: real and virtual rooms -----------------------------------------------------------

/** When a room's matches may kick off, and when its joins and bets close. */
export interface RoomTiming {
  /** Every match kicks off at least this far ahead of the room's creation... */
  readonly minLeadMs: number;
  /** ...and at most this far. */
  readonly maxLeadMs: number;
  /** Joins close this long before the first kick-off (last_join_time). */
  readonly joinCloseBeforeKickoffMs: number;
  /**
   * Betting stops at the first kick-off (`first`: real rooms, every bet before the first match)
   * or at the last one (`last`: virtual rooms, each event is bet while it is open, before it
   * starts; a started event's markets are closed anyway).
   */
  readonly betsUntil: 'first' | 'last';
}

/** Rooms over real matches: 15 minutes to a week ahead, joins close 10 minutes before. */
export const RealRoomTiming: RoomTiming = {
  minLeadMs: TournamentDefaults.minLeadMs,
  maxLeadMs: 7 * 86_400_000,
  joinCloseBeforeKickoffMs: TournamentDefaults.joinCloseBeforeKickoffMs,
  betsUntil: 'first',
};

/**
 * Rooms over virtual events, scaled to the virtual schedule's period p (one event per sport every
 * p): each event kicks off 2p to 20p ahead, joins close p before the first kick-off, and betting
 * runs until the last event starts. Events further ahead than the schedule lists are allowed: their
 * kick-off follows from the match id, and each is bet once it is listed (open).
 */
export function virtualRoomTiming(periodMs: number): RoomTiming {
  return {
    minLeadMs: 2 * periodMs,
    maxLeadMs: 20 * periodMs,
    joinCloseBeforeKickoffMs: periodMs,
    betsUntil: 'last',
  };
}

/** The timing of virtual rooms: the longest virtual period (3 sim minutes today). */
export const VirtualRoomTiming: RoomTiming = virtualRoomTiming(
  Math.max(...Object.values(VirtualSports).map((s) => s.periodMs)),
);

/** The kick-off of a virtual match id (from the schedule), or undefined for any other id. */
export function virtualKickoff(matchId: number): number | undefined {
  const at = virtualEventOf(matchId);
  const sport = at && VirtualSports[at.sportId];
  return at && sport ? kickoffOf(sport, at.index) : undefined;
}

/** The code a match with this kick-off gets in a new room at `now`, or null. */
export function kickoffRefusal(kickoff: number, now: number, timing: RoomTiming): string | null {
  if (kickoff <= now) return 'liveMatchNotAllowed';
  if (kickoff < now + timing.minLeadMs || kickoff > now + timing.maxLeadMs) return 'createRoomFailed-3';
  return null;
}

/**
 * last_join_time and last_betting_time of a room from its kick-offs (at least one): joins close
 * `joinCloseBeforeKickoffMs` before the first (or at `lastJoinTime` when given: operator rooms),
 * betting at the first or last kick-off (never before joins close).
 */
export function roomTimes(
  kickoffs: readonly number[],
  timing: RoomTiming,
  lastJoinTime?: number,
): { lastJoinTime: number; lastBettingTime: number } {
  const first = Math.min(...kickoffs);
  const join = lastJoinTime ?? first - timing.joinCloseBeforeKickoffMs;
  const until = timing.betsUntil === 'first' ? first : Math.max(...kickoffs);
  return { lastJoinTime: join, lastBettingTime: Math.max(until, join) };
}

// ---- joins, bets, leaving ----------------------------------------------------------------------

export interface JoinFacts {
  status: RoomStatus;
  roomType: RoomType;
  players: number;
  limit: number;
  /** The member is in the room now. */
  member: boolean;
  /** Free rooms: the member joined it before (and left), or another member joined from this IP. */
  memberJoinedBefore: boolean;
  ipJoinedBefore: boolean;
  /** Private rooms: the PIN given, and the room's. */
  pin?: string | undefined;
  roomPin?: string | undefined;
  termsAccepted: boolean;
  sameCurrency: boolean;
}

const PinShape = new RegExp(`^[0-9]{${TournamentLimits.pinLength}}$`);

/** The code a join gets, or null when it may go ahead (the fee is charged next: joinFailed-2). */
export function joinRefusal(f: JoinFacts): string | null {
  if (f.status === RoomStatus.ended) return 'roomEnded';
  if (f.status !== RoomStatus.open) return 'roomClosed';
  if (f.member) return 'memberJoinedBefore';
  if (f.roomType === RoomType.free) {
    if (f.memberJoinedBefore) return 'memberJoinedBefore';
    if (f.ipJoinedBefore) return 'IPJoinedBefore';
  }
  if (f.players >= f.limit) return 'roomFull';
  if (f.roomType === RoomType.private) {
    if (typeof f.pin !== 'string' || !PinShape.test(f.pin)) return 'invalidPin';
    if (f.pin !== f.roomPin) return 'invalid_password';
  }
  if (!f.termsAccepted || !f.sameCurrency) return 'joinFailed-1';
  return null;
}

/** The code a points bet gets from the room's side (the odds are checked after), or null. */
export function betRefusal(
  status: RoomStatus,
  member: boolean,
  now: number,
  lastBettingTime: number,
): string | null {
  if (status === RoomStatus.ended) return 'roomEnded';
  if (status === RoomStatus.cancelled || status === RoomStatus.closed) return 'roomClosed';
  if (!member) return 'roomNotJoined';
  if (status === RoomStatus.stopBetting || now >= lastBettingTime) return 'roomStopBetting';
  return null;
}

/** Leaving is allowed only while the room is open (the fee is refunded). */
export function leaveRefusal(status: RoomStatus, member: boolean): string | null {
  if (!member) return 'roomNotJoined';
  if (status !== RoomStatus.open) return 'roomStarted';
  return null;
}

// ---- player names ------------------------------------------------------------------------------

/** What a mask puts in place of the hidden characters of a login id. */
export const MaskFill = '***';

/**
 * The name a room (owner, ranking) shows for a player who has not set a nickname: the
 * login id masked, never the whole id. The rule:
 * - at most half of the id's characters are shown (rounded down; at most 5), the rest is `***`;
 * - of those, the end of the id first (up to 3 characters), then its start: login ids of one
 *   operator usually share a prefix and differ at the end (demo01, demo02), so `d***01` and
 *   `d***02` tell them apart where `dem***` did not;
 * - the same id always gives the same mask (no randomness, no clock), in every room and view.
 * A mask always holds `***`, and a nickname is letters and digits only (SPEC: 6-15 letters or
 * digits), so a mask never reads as someone's nickname. Two ids may still mask alike (they differ
 * only in their hidden middle): `distinctName` tells those apart inside one room.
 */
export function maskLoginId(id: string): string {
  const chars = [...id];
  const shown = Math.min(5, Math.floor(chars.length / 2));
  // One character shown is the last; two or more keep one (or two) for the start.
  const tail = shown <= 1 ? shown : Math.min(3, shown - 1);
  const head = shown - tail;
  return `${chars.slice(0, head).join('')}${MaskFill}${tail > 0 ? chars.slice(chars.length - tail).join('') : ''}`;
}

/**
 * A room's display name for a new member, distinct from the names already in the room: the name
 * itself when free, else the name with ` (2)`, ` (3)`... (the first free one). Names are fixed at
 * join, so a member keeps the same name for the room's whole life.
 */
export function distinctName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}

// ---- ranking -----------------------------------------------------------------------------------

export interface RankInput {
  /** Stable key of the player (never shown). */
  key: string;
  nickname: string;
  /** Centipoints now: unstaked points plus what settled bets returned. */
  points: number;
  /** UTC ms of the player's last bet; null when none. */
  lastBetAt: number | null;
  /** Join order (smaller joined first). */
  joinSeq: number;
}

export interface Ranked extends RankInput {
  rank: number;
}

/** Points high to low; ties: the earlier last bet first (no bet last), then the earlier join. */
export function compareRank(a: RankInput, b: RankInput): number {
  if (a.points !== b.points) return b.points - a.points;
  const la = a.lastBetAt ?? Number.POSITIVE_INFINITY;
  const lb = b.lastBetAt ?? Number.POSITIVE_INFINITY;
  if (la !== lb) return la < lb ? -1 : 1;
  if (a.joinSeq !== b.joinSeq) return a.joinSeq - b.joinSeq;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** Ranks 1..n, every rank distinct (the tie-breaks make the order total). */
export function rankPlayers(players: readonly RankInput[]): Ranked[] {
  return [...players].sort(compareRank).map((p, i) => ({ ...p, rank: i + 1 }));
}

// ---- prizes ------------------------------------------------------------------------------------

/** Prize split in percent of the pool by number of players (ranks 1, 2, ...). */
export const PrizeTable: readonly { readonly minPlayers: number; readonly shares: readonly number[] }[] = [
  { minPlayers: 11, shares: [50, 25, 15, 10] },
  { minPlayers: 6, shares: [60, 30, 10] },
  { minPlayers: 1, shares: [100] },
];

/** The percent shares for `players` players (never more shares than players). */
export function prizeShares(players: number): readonly number[] {
  if (!Number.isInteger(players) || players <= 0) return [];
  const row = PrizeTable.find((r) => players >= r.minPlayers);
  return row ? row.shares : [];
}

export interface PrizeInput {
  /** Entry fee per player, minor units (0 for free rooms). */
  feeMinor: number;
  players: number;
  /** Operator commission in percent of the fees (paid rooms). */
  commissionPct?: number;
  /** Free rooms: the pool the operator funds, minor units. */
  fixedPoolMinor?: number;
}

export interface PrizeSplit {
  /** Sum of the fees, minor units. */
  fees: number;
  pool: number;
  /** fees - pool: the operator's take (negative when the operator funds a free room). */
  commission: number;
  /** Prize per rank (index 0 = rank 1), minor units; sums to pool exactly. */
  prizes: number[];
}

/**
 * Pool = floor(fees x (100 - commission%) / 100) for paid rooms, or the fixed pool of a free room;
 * each prize is floor(pool x share / 100) and the rounding remainder goes to rank 1. So
 * sum(prizes) === pool and fees === sum(prizes) + commission, exactly. No players: no prizes
 * (and no pool: a free room nobody joined costs the operator nothing).
 */
export function prizeSplit(input: PrizeInput): PrizeSplit {
  const players = Math.max(0, Math.floor(input.players));
  const fees = input.feeMinor * players;
  if (!Number.isSafeInteger(fees) || fees < 0) throw new RangeError('fees must be whole minor units');
  const pct = input.commissionPct ?? TournamentDefaults.commissionPct;
  if (!Number.isInteger(pct) || pct < 0 || pct > 100) throw new RangeError('commission must be 0..100%');
  const shares = prizeShares(players);
  let pool: number;
  if (shares.length === 0) pool = 0;
  else if (input.fixedPoolMinor !== undefined) pool = input.fixedPoolMinor;
  else pool = Math.floor((fees * (100 - pct)) / 100);
  if (!Number.isSafeInteger(pool) || pool < 0) throw new RangeError('pool must be whole minor units');
  const prizes = shares.map((s) => Math.floor((pool * s) / 100));
  const paid = prizes.reduce((a, b) => a + b, 0);
  if (prizes.length > 0) prizes[0] = (prizes[0] as number) + (pool - paid);
  return { fees, pool, commission: fees - pool, prizes };
}
