// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * Tournament rooms over HTTP: every /tournament call and room code, fees/refunds/prizes
 * through the ledger and the statement, the lifecycle as the clock runs, the operator schedule,
 * the free room's once-per-member / once-per-IP rule (X-Forwarded-For from the trusted gateway),
 * idempotent charges, feed reads without a session, and persistence with SIM_DATA_DIR.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toMinorUnits, validateReply } from '@sportsbook/protocol';
import { AdminToken, requestId, startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const minor = (major: number) => toMinorUnits(major, 2) as number;
type Sim = Awaited<ReturnType<typeof startTestSim>>;
type Session = { account_id: string; session_token: string };

async function cash(t: Sim, s: Session): Promise<number> {
  const { json } = await t.call('/userbalance', { ...s, parent_id: 'ag01' });
  return minor(json.account_balance);
}

async function admin(t: Sim, body: object): Promise<any> {
  return (await t.call('/admin/tournament', body, { 'x-admin-token': AdminToken })).json;
}

async function advance(t: Sim, ms: number): Promise<void> {
  await t.call('/admin/clock', { action: 'advance', ms }, { 'x-admin-token': AdminToken });
}

async function simNow(t: Sim): Promise<number> {
  return (await t.call('/admin/clock', { action: 'state' }, { 'x-admin-token': AdminToken })).json.clock.now;
}

/** The first three upcoming matches that take parlays (a room over them takes points parlays). */
async function parlayMatches(t: Sim, s: Session): Promise<number[]> {
  const listed = (await t.call('/tournament/roommatchlist', { ...s, page_size: 50 })).json.matches;
  const out: number[] = [];
  for (const m of listed) {
    const { json } = await t.call('/odds/uxmatch', { match_id: m.match_id });
    const row = json.data?.matches?.find((r: any) => r[0] === m.match_id);
    if (row?.[8] === 1) out.push(m.match_id);
    if (out.length === 3) return out;
  }
  throw new Error('no three parlay matches');
}

/** A priced odds row (oddsId, selection 0, decimal price) of a match, from the odds host. */
async function oddsOf(
  t: Sim,
  matchId: number,
): Promise<{ odds_id: string; selection: number; price: number }> {
  const { json } = await t.call('/odds/uxmatch', { match_id: matchId });
  const row = (json.data?.odds ?? []).find(
    (r: any) =>
      r[1] === matchId &&
      r[4] === 0 &&
      typeof r[5][0] === 'number' &&
      r[5][0] > 1 &&
      r[2] !== 'MHDP' &&
      r[2] !== 'MOU',
  );
  if (!row) throw new Error(`no odds for ${matchId}`);
  return { odds_id: row[0], selection: 0, price: row[5][0] };
}

describe('tournament rooms over HTTP', () => {
  let t: Sim;
  let a: Session;
  let b: Session;
  let c: Session;

  beforeAll(async () => {
    t = await startTestSim();
    a = await t.login('demo01');
    b = await t.login('demo16');
    c = await t.login('demo17');
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps operator rooms to join, lists them, and answers every reply with its schema', async () => {
    const list = await t.call('/tournament/roomlist', a);
    expect(validateReply('tournament/roomlist', list.json).ok).toBe(true);
    const operator = list.json.rooms.filter((r: any) => r.operator);
    expect(operator.map((r: any) => [r.room_type, r.rate]).sort()).toEqual([
      [1, 10],
      [1, 50],
      [3, 0],
    ]);
    for (const room of operator) {
      expect(room.status).toBe('A');
      expect(room.matches.length).toBeGreaterThanOrEqual(3);
      expect(Date.parse(room.last_join_time)).toBeLessThan(Date.parse(room.last_betting_time));
      expect(room.joined).toBe(false);
      expect(room.password).toBeUndefined();
    }
    const leagues = await t.call('/tournament/roomleaguelist', a);
    expect(validateReply('tournament/roomleaguelist', leagues.json).ok).toBe(true);
    expect(leagues.json.leagues.length).toBeGreaterThan(0);
    const matches = await t.call('/tournament/roommatchlist', {
      ...a,
      league_ids: [leagues.json.leagues[0].league_id],
    });
    expect(validateReply('tournament/roommatchlist', matches.json).ok).toBe(true);
    expect(matches.json.matches.every((m: any) => m.league_id === leagues.json.leagues[0].league_id)).toBe(
      true,
    );
    const first = matches.json.matches[0];
    const lookup = await t.call('/tournament/matchlookup', { ...a, keyword: first.home.slice(0, 5) });
    expect(lookup.json.matches.map((m: any) => m.match_id)).toContain(first.match_id);
    const byId = await t.call('/tournament/matchlookup', { ...a, match_ids: [first.match_id] });
    expect(byId.json.matches).toHaveLength(1);
    expect((await t.call('/membervalidatetournament', a)).json).toMatchObject({ status: 1, enabled: true });
  });

  it('a disabled account gets tournamentDisabled from every member call', async () => {
    const off = await t.login('demo15');
    const validate = await t.call('/membervalidatetournament', off);
    expect(validate.json.statusdesc).toBe('tournamentDisabled');
    expect(validate.http).toBe(403);
    expect((await t.call('/tournament/roomlist', off)).json.statusdesc).toBe('tournamentDisabled');
    expect(
      (await t.call('/tournament/roomjoin', { ...off, room_id: 1001, terms: true })).json.statusdesc,
    ).toBe('tournamentDisabled');
  });

  it('roomcreate: every code, then a private room with its PIN shown only to the owner', async () => {
    const matches = (await t.call('/tournament/roommatchlist', { ...a, page_size: 10 })).json.matches.map(
      (m: any) => m.match_id,
    );
    const base = {
      ...b,
      room_type: 2,
      rate: 20,
      limit: 5,
      password: '123456',
      match_ids: matches.slice(0, 3),
      terms: true,
    };
    const create = async (body: object) =>
      (await t.call('/tournament/roomcreate', { ...base, ...body })).json.statusdesc;
    expect(await create({ rate: 5 })).toBe('invalidRate');
    expect(await create({ rate: 10.5 })).toBe('invalidRate');
    expect(await create({ limit: 31 })).toBe('invalidLimit');
    expect(await create({ password: '12345' })).toBe('invalidPin');
    expect(await create({ match_ids: matches.slice(0, 2) })).toBe('createRoomFailed-1');
    expect(await create({ terms: false })).toBe('createRoomFailed-1');
    expect(await create({ room_type: 3 })).toBe('createRoomFailed-1');
    expect(await create({ match_ids: [...matches.slice(0, 2), 999_999] })).toBe('createRoomFailed-3');
    const live = (
      await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'live' })
    ).json.data.matches.find((m: any) => m[4] === 1 && m[7] === 1)[0];
    expect(await create({ match_ids: [...matches.slice(0, 2), live] })).toBe('liveMatchNotAllowed');
    const poor = await t.login('demo10');
    expect((await t.call('/tournament/roomcreate', { ...base, ...poor })).json.statusdesc).toBe(
      'createRoomFailed-2',
    );

    const before = await cash(t, b);
    const created = await t.call('/tournament/roomcreate', { ...base, request_id: requestId() });
    expect(created.json.status).toBe(1);
    expect(validateReply('tournament/roomcreate', created.json).ok).toBe(true);
    expect(created.json.room).toMatchObject({
      room_type: 2,
      rate: 20,
      limit: 5,
      players: 1,
      joined: true,
      password: '123456',
    });
    expect(await cash(t, b)).toBe(before - minor(20));
    expect(await create({})).toBe('roomExists');
    const id = created.json.room.room_id;
    const seen = await t.call('/tournament/roominfo', { ...a, room_id: id });
    expect(seen.json.room.password).toBeUndefined();
    expect((await t.call('/tournament/roominfo', { room_id: id })).json.room.password).toBeUndefined();
    // Private: the ranking and bets are for members only.
    expect((await t.call('/tournament/roomrank', { ...a, room_id: id })).json.statusdesc).toBe(
      'roomNotJoined',
    );
    // Join with a wrong, a malformed and the right PIN.
    const join = (s: Session, body: object) =>
      t.call('/tournament/roomjoin', { ...s, room_id: id, terms: true, ...body });
    expect((await join(a, { password: '654321' })).json.statusdesc).toBe('invalid_password');
    expect((await join(a, {})).json.statusdesc).toBe('invalidPin');
    expect((await join(a, { password: '123456', terms: false })).json.statusdesc).toBe('joinFailed-1');
    const ok = await join(a, { password: '123456' });
    expect(ok.json.room).toMatchObject({ players: 2, joined: true });
    expect(ok.json.room.password).toBeUndefined();
    expect((await join(a, { password: '123456' })).json.statusdesc).toBe('memberJoinedBefore');
    expect((await t.call('/tournament/roomrank', { ...a, room_id: id })).json.ranking).toHaveLength(2);
  });

  it('roomjoin codes: unknown room, other currency, no balance, full, closed, ended', async () => {
    const join = (s: Session, roomId: number) =>
      t.call('/tournament/roomjoin', { ...s, room_id: roomId, terms: true });
    expect((await join(a, 999_999)).json.statusdesc).toBe('roomNotExists');
    const cny = await t.login('demo02');
    const room = (await admin(t, { action: 'create', room_type: 1, rate: 10, limit: 3 })).room;
    expect((await join(cny, room.room_id)).json.statusdesc).toBe('joinFailed-1');
    const poor = await t.login('demo10');
    expect((await join(poor, room.room_id)).json.statusdesc).toBe('joinFailed-2');
    const before = await Promise.all([a, b, c].map((s) => cash(t, s)));
    for (const s of [a, b, c]) expect((await join(s, room.room_id)).json.status).toBe(1);
    const d = await t.login('demo18');
    expect((await join(d, room.room_id)).json.statusdesc).toBe('roomFull');
    // The operator closes it: status 1, every fee refunded, no pool left.
    const closed = await admin(t, { action: 'close', room_id: room.room_id });
    expect(closed.room).toMatchObject({ status: '1', fees: 0, prize_pool: 0 });
    expect(await Promise.all([a, b, c].map((s) => cash(t, s)))).toEqual(before);
    expect((await join(d, room.room_id)).json.statusdesc).toBe('roomClosed');
  });

  it('a free room: once per member, once per IP (the gateway names the client in X-Forwarded-For)', async () => {
    const free = (await admin(t, { action: 'create', room_type: 3, limit: 30, prize_pool: 60 })).room;
    const join = (s: Session, ip: string) =>
      t.call('/tournament/roomjoin', { ...s, room_id: free.room_id, terms: true }, { 'x-forwarded-for': ip });
    expect((await join(a, '203.0.113.1')).json.status).toBe(1);
    expect((await join(b, '203.0.113.1')).json.statusdesc).toBe('IPJoinedBefore');
    expect((await join(b, '203.0.113.2')).json.status).toBe(1);
    expect((await t.call('/tournament/roomleave', { ...a, room_id: free.room_id })).json.status).toBe(1);
    expect((await join(a, '203.0.113.9')).json.statusdesc).toBe('memberJoinedBefore');
  });

  it('a retried join with the same request_id charges once; leaving before the start refunds', async () => {
    const room = (await admin(t, { action: 'create', room_type: 1, rate: 30, limit: 10 })).room;
    const before = await cash(t, c);
    const body = { ...c, room_id: room.room_id, terms: true, request_id: requestId() };
    const [one, two] = await Promise.all([
      t.call('/tournament/roomjoin', body),
      t.call('/tournament/roomjoin', body),
    ]);
    expect(one.json).toEqual(two.json);
    expect((await t.call('/tournament/roomjoin', body)).json).toEqual(one.json);
    expect(await cash(t, c)).toBe(before - minor(30));
    const left = await t.call('/tournament/roomleave', { ...c, room_id: room.room_id });
    expect(left.json.room).toMatchObject({ players: 0, joined: false });
    expect(await cash(t, c)).toBe(before);
    expect((await t.call('/tournament/roomleave', { ...c, room_id: room.room_id })).json.statusdesc).toBe(
      'roomNotJoined',
    );
    const refunds = await t.call('/gameresulttournamentrefund', {
      ...c,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    expect(validateReply('gameresulttournamentrefund', refunds.json).ok).toBe(true);
    expect(refunds.json.data.items[0]).toMatchObject({
      room_id: room.room_id,
      kind: 'roomRefund',
      amount: 30,
    });
  });

  it('rolls the operator schedule on: new rooms to join once the first ones close', async () => {
    const first = (await t.call('/tournament/roomlist', { ...a, status: 'A' })).json.rooms.filter(
      (r: any) => r.operator && r.room_id <= 1003,
    );
    expect(first.length).toBeGreaterThan(0);
    const lastJoin = Math.max(...first.map((r: any) => Date.parse(r.last_join_time)));
    await advance(t, lastJoin - (await simNow(t)) + 2 * 60_000);
    const open = (await t.call('/tournament/roomlist', { ...a, status: 'A' })).json.rooms.filter(
      (r: any) => r.operator && r.status === 'A',
    );
    const now = await simNow(t);
    for (const [type, rate] of [
      [1, 10],
      [1, 50],
      [3, 0],
    ]) {
      const room = open.find(
        (r: any) =>
          r.room_type === type && r.rate === rate && !first.some((f: any) => f.room_id === r.room_id),
      );
      expect(room, `a new ${type}/${rate} room`).toBeDefined();
      expect(Date.parse(room.last_join_time)).toBeGreaterThan(now);
    }
  });

  it('vroomcreate / vroomjoin take virtual events and rooms only (virtual/vroom.test.ts plays one)', async () => {
    expect(
      (await t.call('/tournament/vroomjoin', { ...a, room_id: 1001, terms: true })).json.statusdesc,
    ).toBe('roomNotExists');
    expect(
      (
        await t.call('/tournament/vroomcreate', {
          ...a,
          room_type: 1,
          rate: 10,
          limit: 3,
          match_ids: [1, 2, 3],
          terms: true,
        })
      ).json.statusdesc,
    ).toBe('createRoomFailed-3');
  });
});

describe('a room from open to ended', () => {
  let t: Sim;
  const players: Session[] = [];

  beforeAll(async () => {
    t = await startTestSim({ tournament: { schedule: false } });
    for (const id of ['demo01', 'demo16', 'demo17']) players.push(await t.login(id));
  });
  afterAll(async () => {
    await t.close();
  });

  it('plays: joins, points bets and their codes, stop betting, settlement, ranking, prizes in the wallet and statement', async () => {
    const match_ids = await parlayMatches(t, players[0] as Session);
    const room = (await admin(t, { action: 'create', room_type: 1, rate: 100, limit: 10, match_ids })).room;
    const id = room.room_id;
    const before = await Promise.all(players.map((s) => cash(t, s)));
    for (const s of players)
      expect((await t.call('/tournament/roomjoin', { ...s, room_id: id, terms: true })).json.status).toBe(1);
    const [p1, p2, p3] = players as [Session, Session, Session];
    const odds = await oddsOf(t, room.matches[0]);
    const bet = (s: Session, body: object) =>
      t.call('/tournament/bet', { ...s, room_id: id, ...odds, stake: 100, ...body });
    // Codes before a bet is taken.
    const outsider = await t.login('demo18');
    expect((await bet(outsider, {})).json.statusdesc).toBe('roomNotJoined');
    expect((await bet(p1, { stake: 0.5 })).json.statusdesc).toBe('betLowerMin');
    expect((await bet(p1, { stake: 1000.01 })).json.statusdesc).toBe('insufficient_balance');
    expect((await bet(p1, { price: 1.01 })).json.statusdesc).toBe('oddsChanged');
    const other = (await t.call('/tournament/roommatchlist', { ...p1, page_size: 50 })).json.matches.find(
      (m: any) => !room.matches.includes(m.match_id),
    );
    expect((await bet(p1, await oddsOf(t, other.match_id))).json.statusdesc).toBe('matchNotAllowBet');
    // Singles by two players (p3 keeps its bankroll), and a parlay's size code.
    const placed = await bet(p1, { stake: 200, request_id: requestId() });
    expect(validateReply('tournament/bet', placed.json).ok).toBe(true);
    expect(placed.json).toMatchObject({
      status: 1,
      points: 800,
      bet: { stake: 200, kind: 'single', status: 'running' },
    });
    expect((await bet(p2, { stake: 50 })).json.status).toBe(1);
    expect(
      (await t.call('/tournament/betplus', { ...p3, room_id: id, stake: 10, selections: [odds] })).json
        .statusdesc,
    ).toBe('atLeastTwoMatchToBetParlay');
    const legs = await Promise.all(room.matches.slice(0, 2).map((m: number) => oddsOf(t, m)));
    const parlay = await t.call('/tournament/betplus', { ...p3, room_id: id, stake: 10, selections: legs });
    expect(parlay.json).toMatchObject({ status: 1, points: 990, bet: { kind: 'parlay' } });
    const mine = await t.call('/tournament/memberbetlist', { ...p1, room_id: id });
    expect(validateReply('tournament/memberbetlist', mine.json).ok).toBe(true);
    expect(mine.json).toMatchObject({ points: 800, bets: [{ stake: 200 }] });
    const rank = await t.call('/tournament/roomrank', { ...p1, room_id: id });
    expect(rank.json.ranking.map((r: any) => r.points)).toEqual([990, 950, 800]);
    expect(rank.json.me).toMatchObject({ rank: 3, points: 800 });

    // Joins close, the room goes active, then betting stops at the first kick-off.
    await advance(t, Date.parse(room.last_join_time) - (await simNow(t)) + 1000);
    const active = (await t.call('/tournament/roominfo', { ...p1, room_id: id })).json.room;
    expect(['0', '4']).toContain(active.status);
    expect((await t.call('/tournament/roomleave', { ...p1, room_id: id })).json.statusdesc).toBe(
      'roomStarted',
    );
    expect(
      (await t.call('/tournament/roomjoin', { ...outsider, room_id: id, terms: true })).json.statusdesc,
    ).toBe('roomClosed');
    await advance(t, Math.max(0, Date.parse(room.last_betting_time) - (await simNow(t))) + 1000);
    expect((await t.call('/tournament/roominfo', { ...p1, room_id: id })).json.room.status).toBe('4');
    expect((await bet(p1, {})).json.statusdesc).toBe('roomStopBetting');

    // Run the matches out: the room ends, prizes are paid, fees = prizes + commission.
    let ended: any;
    for (let i = 0; i < 40 && ended?.status !== '3'; i++) {
      await advance(t, 30 * 60_000);
      ended = (await t.call('/tournament/roominfo', { ...p1, room_id: id })).json.room;
    }
    expect(ended.status).toBe('3');
    expect(ended.end_time).not.toBeNull();
    const fees = minor(ended.fees);
    expect(fees).toBe(minor(300));
    const prizes = ended.prizes.map(minor);
    expect(prizes.reduce((x: number, y: number) => x + y, 0) + minor(ended.commission)).toBe(fees);
    expect(minor(ended.prize_pool)).toBe(minor(270));
    const final = await t.call('/tournament/betresultfinal', { ...p1, room_id: id });
    expect(validateReply('tournament/betresultfinal', final.json).ok).toBe(true);
    expect(final.json.final).toBe(true);
    const winner = final.json.ranking[0];
    expect(winner.prize).toBe(270);
    const after = await Promise.all(players.map((s) => cash(t, s)));
    const paid = after.map((x, i) => x - (before[i] as number) + minor(100));
    expect(paid.reduce((x, y) => x + y, 0)).toBe(minor(270));
    expect((await bet(p1, {})).json.statusdesc).toBe('roomEnded');
    expect(
      (await t.call('/tournament/roomjoin', { ...outsider, room_id: id, terms: true })).json.statusdesc,
    ).toBe('roomEnded');
    const results = await t.call('/tournament/betresultlist', p1);
    expect(results.json.results[0]).toMatchObject({ room_id: id, status: '3' });
    const statement = await t.call('/gameresulttournament', {
      ...p1,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    expect(statement.json.data.items.some((l: any) => l.kind === 'roomFee' && l.amount === -100)).toBe(true);
  });

  it('a room below 3 players at its last join time is cancelled and every fee refunded', async () => {
    const room = (
      await admin(t, { action: 'create', room_type: 1, rate: 40, limit: 10, last_join_in_ms: 60_000 })
    ).room;
    const [p1, p2] = players as [Session, Session];
    const before = await Promise.all([cash(t, p1), cash(t, p2)]);
    for (const s of [p1, p2])
      await t.call('/tournament/roomjoin', { ...s, room_id: room.room_id, terms: true });
    expect(await cash(t, p1)).toBe((before[0] as number) - minor(40));
    await advance(t, 120_000);
    const info = (await t.call('/tournament/roominfo', { ...p1, room_id: room.room_id })).json.room;
    expect(info).toMatchObject({ status: '2', fees: 0, prize_pool: 0, commission: 0 });
    expect([await cash(t, p1), await cash(t, p2)]).toEqual(before);
  });
});

describe('tournament persistence', () => {
  it('rooms, members and points bets survive a restart with SIM_DATA_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rooms-'));
    try {
      const first = await startTestSim({ dataDir: dir });
      const s = await first.login('demo01');
      const room = (await admin(first, { action: 'create', room_type: 1, rate: 10, limit: 5 })).room;
      await first.call('/tournament/roomjoin', { ...s, room_id: room.room_id, terms: true });
      const odds = await oddsOf(first, room.matches[0]);
      await first.call('/tournament/bet', { ...s, room_id: room.room_id, ...odds, stake: 25 });
      await first.close();
      const second = await startTestSim({ dataDir: dir });
      const s2 = await second.login('demo01');
      const info = (await second.call('/tournament/roominfo', { ...s2, room_id: room.room_id })).json.room;
      expect(info).toMatchObject({ players: 1, joined: true });
      const bets = (await second.call('/tournament/memberbetlist', { ...s2, room_id: room.room_id })).json;
      expect(bets).toMatchObject({ points: 975, bets: [{ stake: 25 }] });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
