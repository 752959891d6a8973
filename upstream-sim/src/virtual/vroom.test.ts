// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * Tournament rooms over virtual events (vroomcreate / vroomjoin; RULES.md "Virtual rooms"): a
 * member creates a room of virtual events, two more join, they bet points on each event once it is
 * listed, the clock runs the events out, the room ends and the prize is paid through the ledger and
 * the statement. The codes: real matches and too near events are refused, vroomjoin takes virtual
 * rooms only, roomcreate refuses virtual events.
 */
import {
  kickoffOf,
  nextEventIndex,
  toMinorUnits,
  VirtualRoomTiming,
  VirtualSportIds,
  VirtualSports,
  validateReply,
  virtualMatchId,
  virtualPhase,
} from '@sportsbook/protocol';
import { AdminToken, requestId, startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const minor = (major: number) => toMinorUnits(major, 2) as number;
type Sim = Awaited<ReturnType<typeof startTestSim>>;
type Session = { account_id: string; session_token: string };

const football = VirtualSports[VirtualSportIds.football] as NonNullable<(typeof VirtualSports)[number]>;
const basketball = VirtualSports[VirtualSportIds.basketball] as NonNullable<(typeof VirtualSports)[number]>;

describe('tournament rooms over virtual events', () => {
  let t: Sim;
  let players: Session[];

  beforeAll(async () => {
    t = await startTestSim();
    players = [await t.login('demo01'), await t.login('demo16'), await t.login('demo17')];
  });
  afterAll(async () => {
    await t.close();
  });

  const cash = async (s: Session) =>
    minor((await t.call('/userbalance', { ...s, parent_id: 'ag01' })).json.account_balance);
  const advance = (ms: number) =>
    t.call('/admin/clock', { action: 'advance', ms }, { 'x-admin-token': AdminToken });
  /** The first event of `sport` kicking off at least the virtual minimum lead from now. */
  const firstEligible = (sport: typeof football, now: number) => {
    let i = nextEventIndex(sport, now);
    while (kickoffOf(sport, i) < now + VirtualRoomTiming.minLeadMs) i++;
    return i;
  };
  const create = (s: Session, match_ids: number[], call = 'vroomcreate') =>
    t.call(`/tournament/${call}`, {
      ...s,
      request_id: requestId(),
      room_type: 1,
      rate: 10,
      limit: 3,
      match_ids,
      terms: true,
    });

  it('roomleaguelist / roommatchlist with virtual: true list the events a virtual room may take', async () => {
    const [a] = players as [Session];
    const now = t.world.now();
    const leagues = await t.call('/tournament/roomleaguelist', { ...a, virtual: true });
    expect(validateReply('tournament/roomleaguelist', leagues.json).ok).toBe(true);
    expect(leagues.json.leagues.map((l: any) => l.sport_id).sort()).toEqual([180, 181]);
    const listed = await t.call('/tournament/roommatchlist', { ...a, virtual: true, page_size: 100 });
    expect(validateReply('tournament/roommatchlist', listed.json).ok).toBe(true);
    const matches = listed.json.matches as any[];
    expect(matches.length).toBeGreaterThanOrEqual(6);
    for (const m of matches) {
      const lead = Date.parse(m.kickoff) - now;
      expect(lead).toBeGreaterThanOrEqual(VirtualRoomTiming.minLeadMs);
      expect(lead).toBeLessThanOrEqual(VirtualRoomTiming.maxLeadMs);
    }
    const ids = matches.map((m) => m.match_id);
    for (const sport of [football, basketball])
      expect(ids).toContain(virtualMatchId(sport.id, firstEligible(sport, now)));
    const kickoffs = matches.map((m) => Date.parse(m.kickoff));
    expect(kickoffs).toEqual([...kickoffs].sort((x, y) => x - y));
    const real = (await t.call('/tournament/roommatchlist', { ...a, page_size: 100 })).json.matches as any[];
    expect(real.some((m) => m.sport_id === 180 || m.sport_id === 181)).toBe(false);
  });

  it('refuses real matches, too near events, roomcreate over virtual events, vroomjoin of a real room', async () => {
    const [a] = players as [Session];
    const now = t.world.now();
    const real = (await t.call('/tournament/roommatchlist', { ...a, page_size: 3 })).json.matches.map(
      (m: any) => m.match_id,
    );
    expect(real).toHaveLength(3);
    expect((await create(a, real)).json.statusdesc).toBe('createRoomFailed-3');
    const next = nextEventIndex(football, now);
    const near = [0, 1, 2].map((k) => virtualMatchId(football.id, next + k));
    expect((await create(a, near)).json.statusdesc).toBe('createRoomFailed-3');
    const i = firstEligible(football, now);
    const ok = [0, 1, 2].map((k) => virtualMatchId(football.id, i + k));
    expect((await create(a, ok, 'roomcreate')).json.statusdesc).toBe('createRoomFailed-3');
    const far = [0, 1, 2].map((k) => virtualMatchId(football.id, i + 30 + k));
    expect((await create(a, far)).json.statusdesc).toBe('createRoomFailed-3');
    const realRoom = (await t.call('/tournament/roomlist', a)).json.rooms.find((r: any) => !r.virtual);
    expect(realRoom).toBeDefined();
    const join = await t.call('/tournament/vroomjoin', { ...a, room_id: realRoom.room_id, terms: true });
    expect(join.json.statusdesc).toBe('roomNotExists');
  });

  it('create, join, points bets on each event, the events play out, the room ends and pays through the ledger', async () => {
    const [a, b, c] = players as [Session, Session, Session];
    const before = await Promise.all(players.map(cash));
    const now = t.world.now();
    const fi = firstEligible(football, now);
    const match_ids = [
      virtualMatchId(football.id, fi),
      virtualMatchId(basketball.id, firstEligible(basketball, now)),
      virtualMatchId(football.id, fi + 3),
    ];
    const kickoffs = match_ids.map((id) => {
      const sport = Math.floor(id / 1e9) === 1 ? football : basketball;
      return kickoffOf(sport, id % 1e9);
    });
    const created = await create(a, match_ids);
    expect(validateReply('tournament/vroomcreate', created.json).ok).toBe(true);
    const room = created.json.room;
    expect(room).toMatchObject({ status: 'A', virtual: true, players: 1, matches: match_ids });
    expect(Date.parse(room.last_join_time)).toBe(
      Math.min(...kickoffs) - VirtualRoomTiming.joinCloseBeforeKickoffMs,
    );
    expect(Date.parse(room.last_betting_time)).toBe(Math.max(...kickoffs));
    const id = room.room_id;
    for (const s of [b, c]) {
      const joined = await t.call('/tournament/vroomjoin', {
        ...s,
        request_id: requestId(),
        room_id: id,
        terms: true,
      });
      expect(validateReply('tournament/vroomjoin', joined.json).ok).toBe(true);
      expect(joined.json.room).toMatchObject({ joined: true, virtual: true });
    }
    const fees = await Promise.all(players.map(cash));
    expect(fees).toEqual(before.map((x) => x - minor(10)));

    // Each event is bet once it is listed: a on the first price, b on the second, c never.
    for (const [k, matchId] of match_ids.entries()) {
      const sport = Math.floor(matchId / 1e9) === 1 ? football : basketball;
      const phase = virtualPhase(sport, matchId % 1e9, t.world.now());
      if (phase === 'unlisted')
        await advance((kickoffs[k] as number) - sport.openAhead * sport.periodMs - t.world.now() + 1000);
      expect(virtualPhase(sport, matchId % 1e9, t.world.now())).toBe('open');
      const odds = (await t.call('/odds/uxmatch', { match_id: matchId })).json.data.odds as any[];
      const row = odds.find((r) => r[1] === matchId && r[4] === 0 && r[5].length >= 2);
      for (const [s, selection] of [
        [a, 0],
        [b, 1],
      ] as const) {
        const bet = await t.call('/tournament/bet', {
          ...s,
          request_id: requestId(),
          room_id: id,
          odds_id: row[0],
          selection,
          price: row[5][selection],
          stake: 100,
        });
        expect(bet.json.status).toBe(1);
        expect(bet.json.bet.status).toBe('running');
      }
    }
    const rank = await t.call('/tournament/roomrank', { ...a, room_id: id });
    expect(rank.json.ranking.map((r: any) => r.points)).toEqual([1000, 700, 700]);

    // Run the events out: every bet settles, the room ends, the prize is paid.
    const end = Math.max(...kickoffs) + football.playMs + 1000;
    await advance(end - t.world.now());
    const info = (await t.call('/tournament/roominfo', { ...a, room_id: id })).json.room;
    expect(info).toMatchObject({ status: '3', virtual: true, fees: 30, prize_pool: 27, prizes: [27] });
    const bets = await t.call('/tournament/memberbetlist', { ...a, room_id: id });
    expect(bets.json.bets).toHaveLength(3);
    expect(bets.json.bets.every((x: any) => x.status !== 'running')).toBe(true);
    const final = await t.call('/tournament/betresultfinal', { ...a, room_id: id });
    expect(final.json.final).toBe(true);
    const ranking = final.json.ranking as any[];
    expect(ranking.map((r) => r.prize)).toEqual([27, 0, 0]);
    const after = await Promise.all(players.map(cash));
    const paid = after.map((x, i) => x - (fees[i] as number));
    expect(paid.reduce((x, y) => x + y, 0)).toBe(minor(27));
    const winner = players[paid.indexOf(minor(27))] as Session;
    const date = new Date(t.world.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const results = await t.call('/gameresulttournament', { ...winner, start_date: date, end_date: date });
    const kinds = (results.json.data.items as any[]).filter((l) => l.room_id === id).map((l) => l.kind);
    expect(kinds.sort()).toEqual(['roomFee', 'roomPrize']);
    const statement = await t.call('/dailystatement', {
      ...winner,
      start_date: date,
      end_date: date,
      lines: true,
    });
    const lines = (statement.json.data as any[]).flatMap((d) => d.lines ?? []);
    expect(
      lines
        .filter((l) => l.ref === `room:${id}`)
        .map((l) => l.kind)
        .sort(),
    ).toEqual(['roomFee', 'roomPrize']);
  });
});
