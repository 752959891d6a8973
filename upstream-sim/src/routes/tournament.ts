/**
 * Tournament calls (`/tournament/<call>`, plus the base host's membervalidatetournament and the
 * tournament statement variants). Bodies are protocol's TournamentBodies (schemas/tournament.ts);
 * the engine is domain/tournament.ts. `roomlist`, `roominfo` and `roomrank` without a session are
 * the gateway's feed reads (app.ts accepts them with isTournamentFeedRead): no member view, no PIN.
 */
import {
  type CallName,
  centiToPoints,
  type DateRangeBody,
  kickoffOf,
  kickoffRefusal,
  nextEventIndex,
  RoomStatus,
  RoomType,
  VirtualRoomTiming,
  VirtualSports,
} from '@sportsbook/protocol';
import { toMajor } from '../domain/amounts.ts';
import { dateOf, entriesInRange } from '../domain/statements.ts';
import type { RoomBetRecord, RoomRecord, Tournament } from '../domain/tournament.ts';
import type { Account, LedgerType } from '../domain/types.ts';
import { type Failed, ok, type Reply, reject } from '../reply.ts';
import { requestFingerprint } from '../sim.ts';
import { legView, page } from '../views.ts';
import { virtualLeagues } from '../virtual/events.ts';
import type { VirtualBook } from '../virtual/world.ts';
import type { MatchResultRow } from '../world/types.ts';
import { auth, type CallContext, type ContextWith, fieldOf, type Handlers } from './handler.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** A room as replies show it; `viewer` adds `joined` (and the PIN for the owner). */
export function roomView(t: Tournament, room: RoomRecord, viewer?: Account) {
  const money = t.money(room);
  const c = room.currency;
  return {
    room_id: room.roomId,
    room_type: room.type,
    rate: toMajor(room.rateMinor, c),
    currency: c,
    limit: room.limit,
    status: room.status,
    owner: room.ownerName,
    operator: room.ownerId === null,
    matches: [...room.matches],
    last_join_time: iso(room.lastJoinTime),
    last_betting_time: iso(room.lastBettingTime),
    players: room.members.length,
    prize_pool: toMajor(money.pool, c),
    prizes: money.prizes.map((p) => toMajor(p, c)),
    fees: toMajor(money.fees, c),
    commission: toMajor(money.commission, c),
    commission_pct: room.commissionPct,
    bankroll: centiToPoints(room.bankroll),
    created_time: iso(room.createdAt),
    end_time: room.endedAt === null ? null : iso(room.endedAt),
    virtual: room.virtual === true,
    ...(viewer
      ? {
          joined: t.memberOf(room, viewer.id) !== undefined,
          ...(room.pin !== null && room.ownerId === viewer.id ? { password: room.pin } : {}),
        }
      : {}),
  };
}

function rankingView(t: Tournament, room: RoomRecord) {
  return t.ranking(room).map((r) => ({
    rank: r.rank,
    nickname: r.nickname,
    points: centiToPoints(r.points),
    bets: r.member.bets,
    last_bet_time: r.lastBetAt === null ? null : iso(r.lastBetAt),
    prize: toMajor(r.member.prizeMinor, room.currency),
  }));
}

function myRow(t: Tournament, room: RoomRecord, account: Account) {
  const rows = rankingView(t, room);
  const index = t.ranking(room).findIndex((r) => r.key === account.id);
  return index < 0 ? null : (rows[index] ?? null);
}

function betView(bet: RoomBetRecord) {
  return {
    bet_id: bet.betId,
    room_id: bet.roomId,
    kind: bet.kind,
    status: bet.status,
    stake: centiToPoints(bet.stake),
    odds: bet.odds,
    to_win: centiToPoints(bet.toWin),
    returned: centiToPoints(bet.returned),
    placed_time: iso(bet.placedAt),
    settled_time: bet.settledAt === null ? null : iso(bet.settledAt),
    legs: bet.legs.map(legView),
  };
}

function matchView(row: MatchResultRow, live: boolean) {
  return {
    match_id: row.matchId,
    league_id: row.leagueId,
    league_name: row.leagueName,
    sport_id: row.sportId,
    home: row.home,
    away: row.away,
    kickoff: iso(row.kickoff),
    live,
  };
}

/** Virtual events a virtual room may take now (VirtualRoomTiming), listed yet or not. */
function virtualRoomMatches(ctx: CallContext): MatchResultRow[] {
  const book = (ctx.sim.world as { virtual?: VirtualBook }).virtual;
  if (!book) return [];
  const now = ctx.sim.world.now();
  const leagues = new Map(virtualLeagues().map((l) => [l[0], l[2]]));
  const rows: MatchResultRow[] = [];
  for (const sport of Object.values(VirtualSports)) {
    for (let i = nextEventIndex(sport, now); kickoffOf(sport, i) <= now + VirtualRoomTiming.maxLeadMs; i++) {
      const event = book.events.get(sport.id, i);
      if (!event || kickoffRefusal(event.kickoff, now, VirtualRoomTiming) !== null) continue;
      rows.push({
        matchId: event.matchId,
        sportId: event.sportId,
        leagueId: event.leagueId,
        leagueName: leagues.get(event.leagueId) ?? '',
        home: event.home,
        away: event.away,
        kickoff: event.kickoff,
        status: 0,
        outright: false,
        score: null,
      });
    }
  }
  return rows.sort((a, b) => a.kickoff - b.kickoff || a.matchId - b.matchId);
}

/** Matches a new room may take: real ones, or virtual events when the body says `virtual`. */
function roomMatches(ctx: ContextWith<{ virtual?: boolean }>): MatchResultRow[] {
  return ctx.body.virtual === true
    ? virtualRoomMatches(ctx)
    : ctx.sim.tournament.eligibleMatches(ctx.sim.world.now());
}

/** The member of a tournament call: a session, tournament enabled. */
function member(ctx: CallContext): Account {
  const { account } = auth(ctx);
  ctx.sim.tournament.assertEnabled(account);
  return account;
}

/** A session when the body has one (member view), else the feed's read (gateway). */
function viewerOf(ctx: CallContext): Account | undefined {
  return typeof fieldOf(ctx.body, 'account_id') === 'string' ? member(ctx) : undefined;
}

/** A private room's ranking and bets: members only (and the feed). */
function visibleRoom(ctx: ContextWith<{ room_id: number }>, viewer: Account | undefined): RoomRecord {
  const t = ctx.sim.tournament;
  const room = t.advanceRoom(t.room(ctx.body.room_id), ctx.sim.world.now());
  if (viewer && room.type === RoomType.private && t.memberOf(room, viewer.id) === undefined)
    reject('roomNotJoined');
  return room;
}

/** Runs a charging call once per (account, request_id) when the body has a key. */
function keyed<N extends CallName, R extends Reply>(
  run: (ctx: CallContext<N>, account: Account) => R,
): (ctx: CallContext<N>) => Promise<R | Failed> {
  return async (ctx) => {
    const account = member(ctx);
    const requestId = fieldOf(ctx.body, 'request_id');
    if (typeof requestId !== 'string') return run(ctx, account);
    return ctx.sim.idempotent(account.id, requestId, requestFingerprint(ctx.call, ctx.body), () =>
      run(ctx, account),
    );
  };
}

function ledgerLines(ctx: ContextWith<DateRangeBody>, kinds: readonly LedgerType[]) {
  const { account } = auth(ctx);
  const body = ctx.body;
  const c = account.currency;
  const entries = entriesInRange(ctx.sim.store, account.id, kinds, body);
  const sum = entries.reduce((acc, e) => acc + e.dAvailable + e.dFrozen, 0);
  const lines = entries.map((e) => ({
    room_id: Number(e.ref.replace(/^room:/, '')),
    kind: e.type,
    amount: toMajor(e.dAvailable + e.dFrozen, c),
    balance: toMajor(e.available + e.frozen, c),
    currency: c,
    time: iso(e.time),
    date: dateOf(e.time),
  }));
  return ok({ data: { ...page(lines, body.page_number, body.page_size), sum: toMajor(sum, c) } });
}

export const tournamentHandlers: Handlers = {
  membervalidatetournament: (ctx) => {
    member(ctx);
    return ok({ enabled: true });
  },
  gameresulttournament: (ctx) => ledgerLines(ctx, ['roomFee', 'roomPrize']),
  gameresulttournamentrefund: (ctx) => ledgerLines(ctx, ['roomRefund']),

  'tournament/roomlist': (ctx) => {
    const viewer = viewerOf(ctx);
    const t = ctx.sim.tournament;
    const body = ctx.body;
    const now = ctx.sim.world.now();
    let rooms = viewer && body.mine === true ? [...t.rooms.values()] : t.lobby(now);
    if (viewer && body.mine === true) rooms = rooms.filter((r) => t.memberOf(r, viewer.id) !== undefined);
    if (body.room_type !== undefined) rooms = rooms.filter((r) => r.type === body.room_type);
    if (body.status !== undefined) rooms = rooms.filter((r) => r.status === body.status);
    return ok({ rooms: rooms.slice(-1000).map((r) => roomView(t, r, viewer)) });
  },
  'tournament/roominfo': (ctx) => {
    const viewer = viewerOf(ctx);
    const t = ctx.sim.tournament;
    const room = t.advanceRoom(t.room(ctx.body.room_id), ctx.sim.world.now());
    return ok({ room: roomView(t, room, viewer) });
  },
  'tournament/roomrank': (ctx) => {
    const viewer = viewerOf(ctx);
    const room = visibleRoom(ctx, viewer);
    const t = ctx.sim.tournament;
    return ok({ ranking: rankingView(t, room), me: viewer ? myRow(t, room, viewer) : null });
  },
  'tournament/roomleaguelist': (ctx) => {
    member(ctx);
    const sportId = ctx.body.sport_id as number | undefined;
    const leagues = new Map<
      number,
      { league_id: number; league_name: string; sport_id: number; matches: number }
    >();
    for (const row of roomMatches(ctx)) {
      if (sportId !== undefined && row.sportId !== sportId) continue;
      const known = leagues.get(row.leagueId);
      if (known) known.matches += 1;
      else
        leagues.set(row.leagueId, {
          league_id: row.leagueId,
          league_name: row.leagueName,
          sport_id: row.sportId,
          matches: 1,
        });
    }
    return ok({ leagues: [...leagues.values()].slice(0, 1000) });
  },
  'tournament/roommatchlist': (ctx) => {
    member(ctx);
    const body = ctx.body;
    const wanted = body.league_ids && body.league_ids.length > 0 ? new Set(body.league_ids) : null;
    const rows = roomMatches(ctx).filter((r) => wanted === null || wanted.has(r.leagueId));
    const paged = page(rows, body.page_number, body.page_size ?? 30);
    return ok({ matches: paged.items.map((r) => matchView(r, false)), total: paged.total });
  },
  'tournament/matchlookup': (ctx) => {
    member(ctx);
    const body = ctx.body;
    const world = ctx.sim.world;
    const now = world.now();
    const keyword = body.keyword?.trim().toLowerCase() ?? '';
    let rows: MatchResultRow[];
    if (body.match_ids && body.match_ids.length > 0) {
      const ids = new Set(body.match_ids);
      rows = world
        .results({ from: now - 86_400_000, to: now + 7 * 86_400_000 })
        .filter((r) => ids.has(r.matchId));
    } else {
      rows = ctx.sim.tournament.eligibleMatches(now);
    }
    if (keyword !== '')
      rows = rows.filter((r) => `${r.home} ${r.away} ${r.leagueName}`.toLowerCase().includes(keyword));
    return ok({
      matches: rows.slice(0, 100).map((r) => matchView(r, world.matchRow(r.matchId)?.[7] === 1)),
    });
  },
  'tournament/roomcreate': keyed((ctx, account) => {
    const t = ctx.sim.tournament;
    const room = t.create(account, ctx.body, ctx.ip, ctx.sim.world.now());
    return ok({ room: roomView(t, room, account) });
  }),
  'tournament/roomjoin': keyed((ctx, account) => {
    const t = ctx.sim.tournament;
    const room = t.join(account, ctx.body, ctx.ip, ctx.sim.world.now());
    return ok({ room: roomView(t, room, account) });
  }),
  'tournament/roomleave': keyed((ctx, account) => {
    const t = ctx.sim.tournament;
    const room = t.leave(account, ctx.body.room_id, ctx.sim.world.now());
    return ok({ room: roomView(t, room, account) });
  }),
  // Rooms over virtual events (RULES.md "Virtual rooms"): the same engine, virtual timing.
  'tournament/vroomcreate': keyed((ctx, account) => {
    const t = ctx.sim.tournament;
    const room = t.create(account, ctx.body, ctx.ip, ctx.sim.world.now(), true);
    return ok({ room: roomView(t, room, account) });
  }),
  'tournament/vroomjoin': keyed((ctx, account) => {
    const t = ctx.sim.tournament;
    const room = t.join(account, ctx.body, ctx.ip, ctx.sim.world.now(), true);
    return ok({ room: roomView(t, room, account) });
  }),
  'tournament/bet': keyed((ctx, account) => {
    const t = ctx.sim.tournament;
    const { bet, room } = t.bet(account, ctx.body, ctx.sim.world.now());
    const me = t.memberOf(room, account.id);
    return ok({ bet: betView(bet), points: centiToPoints(me?.points ?? 0) });
  }),
  'tournament/betplus': keyed((ctx, account) => {
    const t = ctx.sim.tournament;
    const { bet, room } = t.betPlus(account, ctx.body, ctx.sim.world.now());
    const me = t.memberOf(room, account.id);
    return ok({ bet: betView(bet), points: centiToPoints(me?.points ?? 0) });
  }),
  'tournament/memberbetlist': (ctx) => {
    const account = member(ctx);
    const t = ctx.sim.tournament;
    const room = visibleRoom(ctx, account);
    const me = t.memberOf(room, account.id);
    if (!me) reject('roomNotJoined');
    const bets = t
      .roomBets(room.roomId)
      .filter((b) => b.accountId === account.id)
      .slice(-1000)
      .reverse()
      .map(betView);
    return ok({ bets, points: centiToPoints(me.points), me: myRow(t, room, account) });
  },
  'tournament/betresultlist': (ctx) => {
    const account = member(ctx);
    const t = ctx.sim.tournament;
    const body = ctx.body;
    const rows = [...t.rooms.values()]
      .filter((r) => r.endedAt !== null && t.memberOf(r, account.id) !== undefined)
      .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0))
      .map((r) => {
        const m = t.memberOf(r, account.id);
        return {
          room_id: r.roomId,
          room_type: r.type,
          status: r.status,
          rank: r.status === RoomStatus.ended ? (m?.rank ?? null) : null,
          points: centiToPoints(m?.points ?? 0),
          prize: toMajor(m?.prizeMinor ?? 0, r.currency),
          rate: toMajor(r.rateMinor, r.currency),
          currency: r.currency,
          end_time: r.endedAt === null ? null : iso(r.endedAt),
        };
      });
    const paged = page(rows, body.page_number, body.page_size);
    return ok({ results: paged.items, total: paged.total });
  },
  'tournament/betresultfinal': (ctx) => {
    const account = member(ctx);
    const t = ctx.sim.tournament;
    const room = visibleRoom(ctx, account);
    return ok({
      room: roomView(t, room, account),
      ranking: rankingView(t, room),
      me: myRow(t, room, account),
      final: room.status === RoomStatus.ended,
    });
  },
};
