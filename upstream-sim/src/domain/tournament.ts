/**
 * Tournament rooms (protocol/RULES.md "Tournament rooms"): the rooms, their members and
 * points bets, the lifecycle (protocol's nextRoomStatus, run on every clock step), the rolling
 * schedule of operator rooms, and the money: entry fees, refunds and prizes are wallet ledger
 * entries (roomFee, roomRefund, roomPrize; product `tournament`) so they show in the statement.
 * Points never touch the wallet. Rooms and points bets are journaled (`room`, `rbet` records) and
 * rebuilt at start like bets.
 */
import {
  betRefusal,
  currencyDigits,
  distinctName,
  exact,
  isLiveStatus,
  isMyanmarBetType,
  isTerminalStatus,
  joinRefusal,
  kickoffRefusal,
  type LegOutcome,
  leaveRefusal,
  maskLoginId,
  nextRoomStatus,
  parlayReturn,
  pointsToCenti,
  prizeSplit,
  type RankInput,
  RealRoomTiming,
  type RoomBetBody,
  type RoomBetPlusBody,
  type RoomCreateBody,
  type RoomJoinBody,
  RoomStatus,
  type RoomTiming,
  RoomType,
  rankPlayers,
  roomTimes,
  roundMinor,
  singleReturn,
  TournamentDefaults,
  TournamentLimits,
  toMinorUnits,
  VirtualRoomTiming,
  validateRoomCreate,
  virtualKickoff,
} from '@sportsbook/protocol';
import type { Log } from '../log.ts';
import { reject } from '../reply.ts';
import type { MatchEnd, World } from '../world/types.ts';
import type { Bets } from './bets.ts';
import type { Journal, JournalRecord } from './journal.ts';
import type { Settlement } from './settlement.ts';
import type { Account, BetLeg } from './types.ts';
import type { WalletEngine } from './wallet.ts';

export interface RoomMemberRecord {
  accountId: string;
  nickname: string;
  joinSeq: number;
  joinedAt: number;
  ip: string;
  /** Fee paid, minor units (0 for free rooms). */
  feeMinor: number;
  /** Centipoints now: bankroll - open stakes + what settled bets returned. */
  points: number;
  bets: number;
  lastBetAt: number | null;
  /** Prize credited at the end, minor units. */
  prizeMinor: number;
  rank: number | null;
}

export interface RoomRecord {
  roomId: number;
  type: RoomType;
  /** Fee per player, minor units of `currency` (0 for free rooms). */
  rateMinor: number;
  currency: string;
  limit: number;
  pin: string | null;
  /** null: an operator room. */
  ownerId: string | null;
  ownerName: string;
  matches: number[];
  lastJoinTime: number;
  lastBettingTime: number;
  status: RoomStatus;
  createdAt: number;
  endedAt: number | null;
  commissionPct: number;
  /** Free rooms: the pool the operator funds, minor units. */
  fixedPoolMinor: number | null;
  bankroll: number;
  members: RoomMemberRecord[];
  /** Free rooms: every member and client IP that ever joined (once per member, once per IP). */
  everJoined: string[];
  ips: string[];
  endedMatches: number[];
  joinSeq: number;
  /** A room over virtual events (vroomcreate; VirtualRoomTiming). Absent in older journals: false. */
  virtual?: boolean;
}

export interface RoomBetRecord {
  betId: string;
  roomId: number;
  accountId: string;
  kind: 'single' | 'parlay';
  legs: BetLeg[];
  /** Centipoints. */
  stake: number;
  /** Exact decimal odds (Fraction text) and as shown (3 decimals). */
  decimal: string;
  odds: number;
  toWin: number;
  status: 'running' | 'won' | 'wonHalf' | 'lost' | 'loseHalf' | 'draw' | 'void';
  placedAt: number;
  settledAt: number | null;
  returned: number;
}

export interface TournamentOptions {
  /** Keep the rolling schedule of operator rooms (default true). */
  schedule: boolean;
  /** Operator currency (operator rooms). */
  currency: string;
  /** Fixed pool of an operator free room, major units. */
  freePool: number;
}

export const TournamentSimDefaults: TournamentOptions = { schedule: true, currency: 'MYR', freePool: 100 };

const MinuteMs = 60_000;
/** Operator rooms only over matches kicking off at least this far ahead (a join window remains). */
const ScheduleLeadMs = 40 * MinuteMs;
/** A room whose matches vanished from the world ends anyway this long after betting stopped. */
const GiveUpAfterMs = 12 * 3_600_000;

export interface Viewer {
  accountId: string;
}

/** The operator rooms kept open: [type, rate, limit]. */
const OperatorRooms: readonly [RoomType, number, number][] = [
  [RoomType.public, 10, 30],
  [RoomType.public, 50, 10],
  [RoomType.free, 0, 30],
];

/**
 * The name rooms show for an account: its nickname, else its login id masked by protocol's
 * `maskLoginId` (consistent, and distinguishable by the id's end: demo01 is d***01).
 */
export function maskLogin(id: string): string {
  return maskLoginId(id);
}

export class Tournament {
  readonly rooms = new Map<number, RoomRecord>();
  readonly bets = new Map<string, RoomBetRecord>();
  private readonly betsByRoom = new Map<number, RoomBetRecord[]>();
  private roomSeq = 1000;
  private betSeq = 0;
  private nextSchedule = 0;
  private readonly options: TournamentOptions;

  constructor(
    private readonly journal: Journal,
    private readonly wallet: WalletEngine,
    private readonly world: World,
    private readonly quotes: Bets,
    private readonly settlement: Settlement,
    options: Partial<TournamentOptions>,
    private readonly log: Log,
  ) {
    this.options = { ...TournamentSimDefaults, ...options };
    for (const record of journal.replay()) this.apply(record);
    // Rooms to join from the first request (a manual clock may not step for a while).
    this.onClock(world.now());
  }

  private apply(record: JournalRecord): void {
    if (record.t === 'room') this.putRoom(record.r);
    if (record.t === 'rbet') this.putBet(record.b);
  }

  private putRoom(room: RoomRecord): void {
    this.rooms.set(room.roomId, room);
    this.roomSeq = Math.max(this.roomSeq, room.roomId);
  }

  private putBet(bet: RoomBetRecord): void {
    const known = this.bets.get(bet.betId);
    this.bets.set(bet.betId, bet);
    const list = this.betsByRoom.get(bet.roomId) ?? [];
    if (known) list[list.indexOf(known)] = bet;
    else list.push(bet);
    this.betsByRoom.set(bet.roomId, list);
    const n = Number(bet.betId.slice(1));
    if (Number.isSafeInteger(n)) this.betSeq = Math.max(this.betSeq, n);
  }

  private saveRoom(room: RoomRecord): void {
    this.putRoom(room);
    this.journal.append({ t: 'room', r: room });
  }

  private saveBet(bet: RoomBetRecord): void {
    this.putBet(bet);
    this.journal.append({ t: 'rbet', b: bet });
  }

  // ---- access ----------------------------------------------------------------------------------

  assertEnabled(account: Account): void {
    if (account.tournamentDisabled === true) reject('tournamentDisabled');
  }

  room(roomId: number): RoomRecord {
    const room = this.rooms.get(roomId);
    if (!room) reject('roomNotExists');
    return room;
  }

  memberOf(room: RoomRecord, accountId: string): RoomMemberRecord | undefined {
    return room.members.find((m) => m.accountId === accountId);
  }

  roomBets(roomId: number): readonly RoomBetRecord[] {
    return this.betsByRoom.get(roomId) ?? [];
  }

  /** Rooms in the lobby: live ones, and finished ones for TournamentDefaults.lobbyKeepMs. */
  lobby(now: number): RoomRecord[] {
    return [...this.rooms.values()]
      .filter(
        (r) =>
          isLiveStatus(r.status) || (r.endedAt !== null && now - r.endedAt < TournamentDefaults.lobbyKeepMs),
      )
      .sort((a, b) => a.lastJoinTime - b.lastJoinTime || a.roomId - b.roomId);
  }

  /** Ranking of the room now (final ranks once it ended). */
  ranking(room: RoomRecord): (RankInput & { rank: number; member: RoomMemberRecord })[] {
    const byKey = new Map(room.members.map((m) => [m.accountId, m]));
    return rankPlayers(
      room.members.map((m) => ({
        key: m.accountId,
        nickname: m.nickname,
        points: m.points,
        lastBetAt: m.lastBetAt,
        joinSeq: m.joinSeq,
      })),
    ).map((r) => ({ ...r, member: byKey.get(r.key) as RoomMemberRecord }));
  }

  /** Fees kept, pool, commission and prizes of the room now (all zero once refunded). */
  money(room: RoomRecord): { fees: number; pool: number; commission: number; prizes: number[] } {
    if (room.status === RoomStatus.cancelled || room.status === RoomStatus.closed) {
      return { fees: 0, pool: 0, commission: 0, prizes: [] };
    }
    return prizeSplit({
      feeMinor: room.rateMinor,
      players: room.members.length,
      commissionPct: room.commissionPct,
      ...(room.fixedPoolMinor !== null ? { fixedPoolMinor: room.fixedPoolMinor } : {}),
    });
  }

  // ---- matches ---------------------------------------------------------------------------------

  /** Main matches not started, kicking off at least `leadMs` from now (within a week). */
  eligibleMatches(now: number, leadMs: number = TournamentDefaults.minLeadMs) {
    return this.world.results({ from: now + leadMs, to: now + 7 * 86_400_000 }).filter((r) => {
      const row = this.world.matchRow(r.matchId);
      return row !== undefined && row[4] === 1 && row[5] === 0 && row[7] === 0;
    });
  }

  // ---- create, join, leave ---------------------------------------------------------------------

  private newRoom(
    fields: Pick<
      RoomRecord,
      'type' | 'rateMinor' | 'currency' | 'limit' | 'pin' | 'ownerId' | 'ownerName'
    > & {
      matches: number[];
      fixedPoolMinor: number | null;
      lastJoinTime?: number;
      virtual?: boolean;
    },
    now: number,
  ): RoomRecord {
    const virtual = fields.virtual === true;
    const kickoffs = fields.matches.map((id) => this.kickoff(id, now));
    const { lastJoinTime, lastBettingTime } = roomTimes(
      kickoffs,
      virtual ? VirtualRoomTiming : RealRoomTiming,
      fields.lastJoinTime,
    );
    return {
      roomId: ++this.roomSeq,
      type: fields.type,
      rateMinor: fields.rateMinor,
      currency: fields.currency,
      limit: fields.limit,
      pin: fields.pin,
      ownerId: fields.ownerId,
      ownerName: fields.ownerName,
      matches: fields.matches,
      lastJoinTime,
      lastBettingTime,
      status: RoomStatus.open,
      createdAt: now,
      endedAt: null,
      commissionPct: TournamentDefaults.commissionPct,
      fixedPoolMinor: fields.fixedPoolMinor,
      bankroll: TournamentDefaults.bankrollPoints * 100,
      members: [],
      everJoined: [],
      ips: [],
      endedMatches: [],
      joinSeq: 0,
      ...(virtual ? { virtual: true } : {}),
    };
  }

  /** A match's kick-off: a virtual event's from its id (listed or not yet), else the world's row. */
  private kickoff(matchId: number, now: number): number {
    return virtualKickoff(matchId) ?? this.world.matchRow(matchId)?.[9] ?? now;
  }

  /** The code a room's match gets at creation, or null: real rooms take listed main matches only. */
  private matchRefusal(matchId: number, now: number, timing: RoomTiming, virtual: boolean): string | null {
    if (virtual) {
      const kickoff = virtualKickoff(matchId);
      return kickoff === undefined ? 'createRoomFailed-3' : kickoffRefusal(kickoff, now, timing);
    }
    const row = this.world.matchRow(matchId);
    if (virtualKickoff(matchId) !== undefined) return 'createRoomFailed-3';
    if (row === undefined || row[4] !== 1 || row[5] === 1 || row[5] === 2) return 'createRoomFailed-3';
    if (row[7] === 1) return 'liveMatchNotAllowed';
    return kickoffRefusal(row[9], now, timing);
  }

  /**
   * A member's room: checks (codes of the issue), then the room with its owner joined and charged.
   * `virtual` (vroomcreate): every match is a virtual event, timed by VirtualRoomTiming.
   */
  create(account: Account, body: RoomCreateBody, ip: string, now: number, virtual = false): RoomRecord {
    this.assertEnabled(account);
    this.quotes.assertCanBet(account);
    const type = body.room_type;
    const errors = validateRoomCreate({
      type: type as RoomType,
      rate: body.rate,
      limit: body.limit,
      ...(body.password !== undefined ? { pin: body.password } : {}),
      leagueIds: [],
      matchIds: body.match_ids,
    });
    const codes = new Set(errors.map((e) => e.code));
    if (type !== RoomType.public && type !== RoomType.private)
      reject('createRoomFailed-1', { field: 'room_type' });
    if (codes.has('invalidRate')) reject('invalidRate');
    if (codes.has('invalidLimit')) reject('invalidLimit');
    if (codes.has('invalidPin')) reject('invalidPin');
    if (errors.length > 0) reject('createRoomFailed-1', { field: 'match_ids' });
    if (!body.terms) reject('createRoomFailed-1', { field: 'terms' });
    if (new Set(body.match_ids).size !== body.match_ids.length)
      reject('createRoomFailed-1', { field: 'match_ids' });
    if (
      type === RoomType.private &&
      [...this.rooms.values()].some(
        (r) => r.ownerId === account.id && r.type === RoomType.private && isLiveStatus(r.status),
      )
    )
      reject('roomExists');
    const timing = virtual ? VirtualRoomTiming : RealRoomTiming;
    for (const id of body.match_ids) {
      const code = this.matchRefusal(id, now, timing, virtual);
      if (code !== null) reject(code);
    }
    const rateMinor = toMinorUnits(body.rate, currencyDigits(account.currency));
    if (rateMinor === undefined) reject('invalidRate');
    if (this.wallet.balance(account.id).available < rateMinor) reject('createRoomFailed-2');
    const room = this.newRoom(
      {
        type: type as RoomType,
        rateMinor,
        currency: account.currency,
        limit: body.limit,
        pin: type === RoomType.private ? (body.password ?? null) : null,
        ownerId: account.id,
        ownerName: account.nickname ?? maskLogin(account.id),
        matches: [...body.match_ids],
        fixedPoolMinor: null,
        virtual,
      },
      now,
    );
    this.addMember(room, account, ip, now, 'createRoomFailed-2');
    this.saveRoom(room);
    return room;
  }

  /** An operator room (the schedule, and the admin call for tests). */
  createOperatorRoom(
    o: {
      type: RoomType;
      rate: number;
      limit: number;
      matches?: number[];
      lastJoinInMs?: number;
      pool?: number;
    },
    now: number,
  ): RoomRecord {
    const digits = currencyDigits(this.options.currency);
    const matches =
      o.matches ??
      this.eligibleMatches(now, ScheduleLeadMs)
        .slice(0, TournamentLimits.minMatches)
        .map((r) => r.matchId);
    if (matches.length < TournamentLimits.minMatches) reject('createRoomFailed-3');
    for (const id of matches) if (this.world.matchRow(id) === undefined) reject('createRoomFailed-3');
    const room = this.newRoom(
      {
        type: o.type,
        rateMinor: o.type === RoomType.free ? 0 : (toMinorUnits(o.rate, digits) ?? 0),
        currency: this.options.currency,
        limit: o.limit,
        pin: null,
        ownerId: null,
        ownerName: 'House',
        matches,
        fixedPoolMinor:
          o.type === RoomType.free ? (toMinorUnits(o.pool ?? this.options.freePool, digits) ?? 0) : null,
        ...(o.lastJoinInMs !== undefined ? { lastJoinTime: now + o.lastJoinInMs } : {}),
      },
      now,
    );
    this.saveRoom(room);
    return room;
  }

  private addMember(room: RoomRecord, account: Account, ip: string, now: number, feeCode: string): void {
    const fee = room.type === RoomType.free ? 0 : room.rateMinor;
    if (fee > 0) {
      if (this.wallet.balance(account.id).available < fee) reject(feeCode);
      this.wallet.transfer(account.id, 'roomFee', -fee, `room:${room.roomId}`, now, 'tournament');
    }
    room.joinSeq += 1;
    room.members.push({
      accountId: account.id,
      // Fixed at join, distinct within the room (two ids may mask alike): protocol's distinctName.
      nickname: distinctName(
        account.nickname ?? maskLogin(account.id),
        new Set(room.members.map((m) => m.nickname)),
      ),
      joinSeq: room.joinSeq,
      joinedAt: now,
      ip,
      feeMinor: fee,
      points: room.bankroll,
      bets: 0,
      lastBetAt: null,
      prizeMinor: 0,
      rank: null,
    });
    if (room.type === RoomType.free) {
      if (!room.everJoined.includes(account.id)) room.everJoined.push(account.id);
      if (!room.ips.includes(ip)) room.ips.push(ip);
    }
  }

  /** `virtual` (vroomjoin): the room must be a virtual one (else roomNotExists); roomjoin takes any. */
  join(account: Account, body: RoomJoinBody, ip: string, now: number, virtual = false): RoomRecord {
    this.assertEnabled(account);
    this.quotes.assertCanBet(account);
    const found = this.room(body.room_id);
    if (virtual && found.virtual !== true) reject('roomNotExists', { field: 'room_id' });
    const room = this.advanceRoom(found, now);
    const code = joinRefusal({
      status: room.status,
      roomType: room.type,
      players: room.members.length,
      limit: room.limit,
      member: this.memberOf(room, account.id) !== undefined,
      memberJoinedBefore: room.everJoined.includes(account.id),
      ipJoinedBefore: room.ips.includes(ip),
      pin: body.password,
      roomPin: room.pin ?? undefined,
      termsAccepted: body.terms,
      sameCurrency: account.currency === room.currency,
    });
    if (code !== null) reject(code);
    const next = structuredClone(room);
    this.addMember(next, account, ip, now, 'joinFailed-2');
    this.saveRoom(next);
    return next;
  }

  leave(account: Account, roomId: number, now: number): RoomRecord {
    this.assertEnabled(account);
    const room = this.advanceRoom(this.room(roomId), now);
    const member = this.memberOf(room, account.id);
    const code = leaveRefusal(room.status, member !== undefined);
    if (code !== null || member === undefined) reject(code ?? 'roomNotJoined');
    if (member.feeMinor > 0)
      this.wallet.transfer(
        account.id,
        'roomRefund',
        member.feeMinor,
        `room:${room.roomId}`,
        now,
        'tournament',
      );
    const next = structuredClone(room);
    next.members = next.members.filter((m) => m.accountId !== account.id);
    // Open bets of a leaver are voided (points are the room's, nothing to refund in money).
    for (const bet of this.roomBets(room.roomId)) {
      if (bet.accountId === account.id && bet.status === 'running')
        this.saveBet({ ...bet, status: 'void', returned: bet.stake, settledAt: now });
    }
    this.saveRoom(next);
    return next;
  }

  // ---- points bets -----------------------------------------------------------------------------

  private bettor(
    account: Account,
    roomId: number,
    now: number,
  ): { room: RoomRecord; member: RoomMemberRecord } {
    this.assertEnabled(account);
    this.quotes.assertCanBet(account);
    const room = this.advanceRoom(this.room(roomId), now);
    const member = this.memberOf(room, account.id);
    const code = betRefusal(room.status, member !== undefined, now, room.lastBettingTime);
    if (code !== null || member === undefined) reject(code ?? 'roomNotJoined');
    return { room, member };
  }

  private stakeOf(stake: number, member: RoomMemberRecord): number {
    const centi = pointsToCenti(stake);
    if (centi === undefined || centi <= 0) reject('badRequest', { field: 'stake' });
    if (centi < TournamentDefaults.minStakePoints * 100) reject('betLowerMin');
    if (centi > member.points) reject('insufficient_balance');
    return centi;
  }

  private place(
    room: RoomRecord,
    member: RoomMemberRecord,
    kind: 'single' | 'parlay',
    legs: BetLeg[],
    stake: number,
    now: number,
  ): { bet: RoomBetRecord; room: RoomRecord } {
    for (const leg of legs) if (!room.matches.includes(leg.matchId)) reject('matchNotAllowBet');
    const decimal = legs.reduce((acc, leg) => acc.mul(exact(leg.price)), exact(1));
    const payout = roundMinor(decimal.mul(stake));
    const bet: RoomBetRecord = {
      betId: `R${++this.betSeq}`,
      roomId: room.roomId,
      accountId: member.accountId,
      kind,
      legs,
      stake,
      decimal: decimal.toFraction(),
      odds: Number(decimal.valueOf().toFixed(3)),
      toWin: payout - stake,
      status: 'running',
      placedAt: now,
      settledAt: null,
      returned: 0,
    };
    const next = structuredClone(room);
    const m = this.memberOf(next, member.accountId) as RoomMemberRecord;
    m.points -= stake;
    m.bets += 1;
    m.lastBetAt = now;
    this.saveBet(bet);
    this.saveRoom(next);
    return { bet, room: next };
  }

  bet(account: Account, body: RoomBetBody, now: number): { bet: RoomBetRecord; room: RoomRecord } {
    const { room, member } = this.bettor(account, body.room_id, now);
    const quote = this.quotes.openQuote(body.odds_id);
    if (!room.matches.includes(quote.matchId)) reject('matchNotAllowBet');
    if (isMyanmarBetType(quote.betType)) reject('invalidBetType');
    const stake = this.stakeOf(body.stake, member);
    const price = this.quotes.takePrice(quote, body, body);
    return this.place(
      room,
      member,
      'single',
      [this.quotes.makeLeg(quote, body.selection, price, null)],
      stake,
      now,
    );
  }

  betPlus(account: Account, body: RoomBetPlusBody, now: number): { bet: RoomBetRecord; room: RoomRecord } {
    const { room, member } = this.bettor(account, body.room_id, now);
    const stake = this.stakeOf(body.stake, member);
    for (const s of body.selections) {
      const quote = this.quotes.openQuote(s.odds_id);
      if (!room.matches.includes(quote.matchId)) reject('matchNotAllowBet');
    }
    const legs = this.quotes.parlayLegs(body.selections, body, false);
    return this.place(room, member, 'parlay', legs, stake, now);
  }

  // ---- settlement and lifecycle ----------------------------------------------------------------

  onMatchEnd(end: MatchEnd): void {
    for (const room of this.rooms.values()) {
      if (isTerminalStatus(room.status) || !room.matches.includes(end.matchId)) continue;
      try {
        this.settleRoomBets(room, end);
        const next = this.rooms.get(room.roomId) as RoomRecord;
        if (!next.endedMatches.includes(end.matchId)) {
          const updated = structuredClone(next);
          updated.endedMatches.push(end.matchId);
          this.saveRoom(updated);
        }
        this.advanceRoom(this.rooms.get(room.roomId) as RoomRecord, end.endedAt);
      } catch (err) {
        this.log.error({ err, roomId: room.roomId, matchId: end.matchId }, 'room settlement failed');
      }
    }
  }

  private settleRoomBets(room: RoomRecord, end: MatchEnd): void {
    let next: RoomRecord | null = null;
    for (const bet of this.roomBets(room.roomId)) {
      if (bet.status !== 'running' || !bet.legs.some((l) => l.matchId === end.matchId)) continue;
      const legs = bet.legs.map((leg) => {
        if (leg.matchId !== end.matchId || leg.outcome !== null) return leg;
        const { outcome } = this.settlement.legResult(leg, end);
        return { ...leg, outcome, score: end.score };
      });
      if (legs.some((l) => l.outcome === null)) {
        this.saveBet({ ...bet, legs });
        continue;
      }
      const outcomes = legs.map((l) => l.outcome as LegOutcome);
      const returned =
        bet.kind === 'single'
          ? singleReturn(bet.stake, legs[0]?.price ?? 1, outcomes[0] ?? 'void')
          : parlayReturn(
              bet.stake,
              legs.map((l) => ({ decimal: l.price, outcome: l.outcome as LegOutcome })),
            );
      const status: RoomBetRecord['status'] = outcomes.every((o) => o === 'void')
        ? 'void'
        : bet.kind === 'single'
          ? ((outcomes[0] ?? 'void') as RoomBetRecord['status'])
          : returned === 0
            ? 'lost'
            : returned < bet.stake
              ? 'loseHalf'
              : returned === bet.stake
                ? 'draw'
                : 'won';
      this.saveBet({ ...bet, legs, status, returned, settledAt: end.endedAt });
      next ??= structuredClone(this.rooms.get(room.roomId) as RoomRecord);
      const member = this.memberOf(next, bet.accountId);
      if (member) member.points += returned;
    }
    if (next) this.saveRoom(next);
  }

  /** Every match of the room over and no bet open. */
  private allSettled(room: RoomRecord, now: number): boolean {
    const over = room.matches.every(
      (id) =>
        room.endedMatches.includes(id) ||
        (this.world.matchRow(id) === undefined && now > room.lastBettingTime + GiveUpAfterMs),
    );
    return over && this.roomBets(room.roomId).every((b) => b.status !== 'running');
  }

  /** Applies nextRoomStatus and the money of the transition (refunds, prizes). */
  advanceRoom(room: RoomRecord, now: number, event: 'tick' | 'close' = 'tick'): RoomRecord {
    if (isTerminalStatus(room.status)) return room;
    const status = nextRoomStatus(
      {
        status: room.status,
        players: room.members.length,
        lastJoinTime: room.lastJoinTime,
        lastBettingTime: room.lastBettingTime,
        allSettled: this.allSettled(room, now),
      },
      now,
      event,
    );
    if (status === room.status) return room;
    const next = structuredClone(room);
    next.status = status;
    const ref = `room:${room.roomId}`;
    if (status === RoomStatus.cancelled || status === RoomStatus.closed) {
      for (const m of next.members) {
        if (m.feeMinor > 0)
          this.wallet.transfer(m.accountId, 'roomRefund', m.feeMinor, ref, now, 'tournament');
      }
      for (const bet of this.roomBets(room.roomId)) {
        if (bet.status === 'running')
          this.saveBet({ ...bet, status: 'void', returned: bet.stake, settledAt: now });
      }
      next.endedAt = now;
    }
    if (status === RoomStatus.ended) {
      const { prizes } = this.money(next);
      const ranked = this.ranking(next);
      for (const r of ranked) {
        const prize = prizes[r.rank - 1] ?? 0;
        r.member.rank = r.rank;
        r.member.prizeMinor = prize;
        if (prize > 0) this.wallet.transfer(r.member.accountId, 'roomPrize', prize, ref, now, 'tournament');
      }
      next.members = ranked.map((r) => r.member);
      next.endedAt = now;
    }
    this.saveRoom(next);
    return next;
  }

  close(roomId: number, now: number): RoomRecord {
    return this.advanceRoom(this.room(roomId), now, 'close');
  }

  /** Every clock step: the lifecycle of live rooms, and the operator schedule once a sim minute. */
  onClock(now: number): void {
    for (const room of [...this.rooms.values()]) {
      if (isTerminalStatus(room.status)) continue;
      const due =
        (room.status === RoomStatus.open && now >= room.lastJoinTime) ||
        (room.status === RoomStatus.active && now >= room.lastBettingTime) ||
        room.status === RoomStatus.stopBetting;
      if (!due) continue;
      try {
        this.advanceRoom(room, now);
      } catch (err) {
        this.log.error({ err, roomId: room.roomId }, 'room lifecycle failed');
      }
    }
    if (this.options.schedule && now >= this.nextSchedule) {
      this.nextSchedule = now + MinuteMs;
      this.keepSchedule(now);
    }
  }

  /** At least one open operator room of each kind of OperatorRooms, with time left to join. */
  keepSchedule(now: number): void {
    for (const [type, rate, limit] of OperatorRooms) {
      const open = [...this.rooms.values()].some(
        (r) =>
          r.ownerId === null &&
          r.type === type &&
          r.rateMinor === (toMinorUnits(rate, currencyDigits(this.options.currency)) ?? -1) &&
          r.status === RoomStatus.open &&
          r.lastJoinTime - now > 5 * MinuteMs,
      );
      if (open) continue;
      try {
        this.createOperatorRoom({ type, rate, limit }, now);
      } catch {
        // No three upcoming matches right now: try again next minute.
        return;
      }
    }
  }
}
