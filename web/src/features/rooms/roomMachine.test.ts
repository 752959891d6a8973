/**
 * roomMachine with its call actors and feeds swapped (`provide`): the lobby, the join form's checks,
 * joining, following the room's status from its topic, the points slip, leaving, and the codes.
 * The same machine against the real gateway and simulator is in room.real.test.ts.
 */
import { RoomStatus } from '@sportsbook/protocol';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Outcome } from '../../shared/result.ts';
import type { Selection } from '../betslip/types.ts';
import type { LobbyUpdate, RoomUpdate } from './feeds.ts';
import { type RoomEmitted, roomActors, roomMachine } from './roomMachine.ts';
import type { RoomCalls } from './roomsApi.ts';
import type { RankRow, Room, RoomBet } from './types.ts';

const auth = { account_id: 'demo01', session_token: 't' };

function room(patch: Partial<Room> = {}): Room {
  return {
    room_id: 7,
    room_type: 1,
    rate: 10,
    currency: 'MYR',
    limit: 30,
    status: RoomStatus.open,
    owner: 'House',
    operator: true,
    matches: [1, 2, 3],
    last_join_time: '2026-11-23T12:00:00.000Z',
    last_betting_time: '2026-11-23T12:10:00.000Z',
    players: 3,
    prize_pool: 27,
    prizes: [27],
    fees: 30,
    commission: 3,
    commission_pct: 10,
    bankroll: 1000,
    created_time: '2026-11-23T10:00:00.000Z',
    end_time: null,
    ...patch,
  };
}

const row = (rank: number, nickname: string, points: number): RankRow => ({
  rank,
  nickname,
  points,
  bets: 0,
  last_bet_time: null,
  prize: 0,
});

const pick = (matchId: number, live = false): Selection => ({
  topic: `match/${matchId}`,
  oddsId: `o${matchId}`,
  matchId,
  sportId: 1,
  leagueName: 'L',
  home: 'H',
  away: 'A',
  betType: 'HDP',
  selection: 0,
  line: 0.5,
  price: 1.9,
  label: 'H',
  live,
  parlay: true,
});

const bet = (id: string): RoomBet => ({
  bet_id: id,
  room_id: 7,
  kind: 'single',
  status: 'running',
  stake: 100,
  odds: 1.9,
  to_win: 90,
  returned: 0,
  placed_time: '2026-11-23T11:00:00.000Z',
  settled_time: null,
  legs: [],
});

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const no = (code: string): Outcome<never> => ({ ok: false, error: { code } });

function harness(overrides: Partial<RoomCalls> = {}, roomId: number | null = null) {
  const lobby$ = new Subject<LobbyUpdate>();
  const room$ = new Subject<RoomUpdate>();
  const calls: Record<string, unknown[]> = {};
  const note = <T>(name: string, args: unknown, value: T): T => {
    calls[name] = [...(calls[name] ?? []), args];
    return value;
  };
  const base: RoomCalls = {
    validate: async () => ok(true),
    list: async () => ok([]),
    info: async (_a, id) => note('info', id, ok(room({ room_id: id, joined: true }))),
    join: async (_a, r) => note('join', r, ok(room({ players: 4 }))),
    leave: async (_a, id, key) => note('leave', { id, key }, ok(room())),
    create: async () => ok(room()),
    leagues: async () => ok([]),
    matches: async () => ok([]),
    lookup: async () => ok([]),
    myBets: async (_a, id) => note('myBets', id, ok({ bets: [], points: 1000, me: null })),
    place: async (_a, r) => note('place', r, ok({ bet: bet('b1'), points: 900 })),
    ...overrides,
  };
  const machine = roomMachine.provide({
    actors: roomActors({ calls: base, lobby: () => lobby$, room: () => room$ }),
  });
  const actor = createActor(machine, { input: { auth, roomId } });
  const emitted: RoomEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, lobby$, room$, calls, emitted };
}

const update = (r: Room, ranking: RankRow[] = []): RoomUpdate => ({
  room: r,
  ranking,
  stale: false,
  error: null,
});

describe('roomMachine', () => {
  it('lists the lobby topic, checks the join form, joins and follows the room to its end', async () => {
    const { actor, lobby$, room$, calls, emitted } = harness();
    expect(actor.getSnapshot().matches('list')).toBe(true);
    lobby$.next({ rooms: [room(), room({ room_id: 8, room_type: 2 })], stale: false });
    expect(actor.getSnapshot().context.rooms.map((r) => r.room_id)).toEqual([7, 8]);

    actor.send({ type: 'room.select', roomId: 7 });
    expect(actor.getSnapshot().matches({ joining: 'form' })).toBe(true);
    actor.send({ type: 'room.join', requestId: 'join-0001' });
    // Terms first: nothing is sent.
    expect(actor.getSnapshot().context.error).toBe('termsRequired');
    expect(calls.join).toBeUndefined();
    actor.send({ type: 'room.terms.change', accepted: true });
    actor.send({ type: 'room.join', requestId: 'join-0001' });
    await waitFor(actor, (s) => s.matches({ member: { phase: 'joined' } }));
    expect(calls.join).toMatchObject([{ roomId: 7, pin: '', terms: true, requestId: 'join-0001' }]);
    expect(emitted.map((e) => e.type)).toEqual(['balance.refresh', 'room.joined']);
    await waitFor(actor, (s) => s.matches({ member: { bets: 'idle' } }));
    expect(actor.getSnapshot().context.points).toBe(1000);

    room$.next(update(room({ status: RoomStatus.active }), [row(1, 'a', 1000)]));
    expect(actor.getSnapshot().matches({ member: { phase: { active: 'idle' } } })).toBe(true);
    room$.next(update(room({ status: RoomStatus.stopBetting })));
    expect(actor.getSnapshot().matches({ member: { phase: 'stopBetting' } })).toBe(true);
    room$.next(update(room({ status: RoomStatus.ended }), [row(1, 'a', 1200)]));
    expect(actor.getSnapshot().matches({ member: { phase: 'ended' } })).toBe(true);
    expect(emitted.filter((e) => e.type === 'balance.refresh')).toHaveLength(2);
    // The shared topic never says `joined`: ours is kept.
    expect(actor.getSnapshot().context.room?.joined).toBe(true);
  });

  it('asks a private room for its 6-digit PIN and shows a wrong one once, on the form (no dialog too)', async () => {
    const { actor, lobby$, emitted } = harness({ join: async () => no('invalid_password') });
    lobby$.next({ rooms: [room({ room_id: 8, room_type: 2 })], stale: false });
    actor.send({ type: 'room.select', roomId: 8 });
    actor.send({ type: 'room.terms.change', accepted: true });
    actor.send({ type: 'room.pin.change', pin: '12345' });
    actor.send({ type: 'room.join', requestId: 'join-0002' });
    expect(actor.getSnapshot().context.error).toBe('invalidPin');
    actor.send({ type: 'room.pin.change', pin: '123456' });
    actor.send({ type: 'room.join', requestId: 'join-0002' });
    await waitFor(actor, (s) => s.matches({ joining: 'form' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('invalid_password');
    // The form shows it; a dialog saying it again would say it twice.
    expect(emitted.filter((e) => e.type === 'room.notify')).toEqual([]);
    actor.send({ type: 'room.cancel' });
    expect(actor.getSnapshot().matches('list')).toBe(true);
  });

  it('a full room is said once, on the form; an expired session still reaches the session', async () => {
    const full = harness({ join: async () => no('roomFull') });
    full.lobby$.next({ rooms: [room()], stale: false });
    full.actor.send({ type: 'room.select', roomId: 7 });
    full.actor.send({ type: 'room.terms.change', accepted: true });
    full.actor.send({ type: 'room.join', requestId: 'join-0005' });
    await waitFor(full.actor, (s) => s.matches({ joining: 'form' }) && s.context.error !== null);
    expect(full.actor.getSnapshot().context.error).toBe('roomFull');
    expect(full.emitted.filter((e) => e.type === 'room.notify')).toEqual([]);
    const expired = harness({ join: async () => no('session_not_exists') });
    expired.lobby$.next({ rooms: [room()], stale: false });
    expired.actor.send({ type: 'room.select', roomId: 7 });
    expired.actor.send({ type: 'room.terms.change', accepted: true });
    expired.actor.send({ type: 'room.join', requestId: 'join-0006' });
    await waitFor(expired.actor, (s) => s.matches({ joining: 'form' }) && s.context.error !== null);
    expect(
      expired.emitted.filter((e) => e.type === 'room.notify').map((e) => e.type === 'room.notify' && e.code),
    ).toEqual(['session_not_exists']);
  });

  it('goes in when the join says the member is in already (memberJoinedBefore)', async () => {
    const { actor, lobby$, calls } = harness({ join: async () => no('memberJoinedBefore') });
    lobby$.next({ rooms: [room()], stale: false });
    actor.send({ type: 'room.select', roomId: 7 });
    actor.send({ type: 'room.terms.change', accepted: true });
    actor.send({ type: 'room.join', requestId: 'join-0003' });
    await waitFor(actor, (s) => s.matches({ member: { phase: 'joined' } }));
    expect(calls.info).toEqual([7]);
  });

  it('opens a room page by id: a non-member gets the join form, a missing room its code', async () => {
    const outside = harness({ info: async () => ok(room({ joined: false })) }, 7);
    await waitFor(outside.actor, (s) => s.matches({ joining: 'form' }));
    const missing = harness({ info: async () => no('roomNotExists') }, 99);
    await waitFor(missing.actor, (s) => s.matches('missing'));
    expect(missing.actor.getSnapshot().context.error).toBe('roomNotExists');
    expect(missing.emitted.map((e) => e.type)).toEqual(['room.notify']);
  });

  it('places a points single and a parlay; refuses what the rules refuse before calling', async () => {
    const { actor, room$, calls, emitted } = harness({}, 7);
    await waitFor(actor, (s) => s.matches({ member: { bets: 'idle' } }));
    room$.next(update(room({ status: RoomStatus.active })));
    actor.send({ type: 'slip.pick', selection: pick(1) });
    actor.send({ type: 'slip.stake.change', stake: '100.123' });
    actor.send({ type: 'slip.place', requestId: 'bet-00001' });
    expect(actor.getSnapshot().context.error).toBe('betLowerMin');
    actor.send({ type: 'slip.stake.change', stake: '1001' });
    actor.send({ type: 'slip.place', requestId: 'bet-00001' });
    expect(actor.getSnapshot().context.error).toBe('insufficient_balance');
    actor.send({ type: 'slip.stake.change', stake: '100' });
    // The feed moved the price: the pick follows it before it is sent.
    actor.send({ type: 'slip.reprice', oddsId: 'o1', selection: 0, price: 1.95, line: 0.5 });
    actor.send({ type: 'slip.place', requestId: 'bet-00001' });
    await waitFor(actor, (s) => s.context.points === 900);
    expect(calls.place).toMatchObject([
      { roomId: 7, mode: 'single', picks: [{ ...pick(1), price: 1.95 }], stake: 100, requestId: 'bet-00001' },
    ]);
    expect(actor.getSnapshot().context.bets.map((b) => b.bet_id)).toEqual(['b1']);
    expect(actor.getSnapshot().context.picks).toEqual([]);
    expect(emitted.at(-1)?.type).toBe('bet.placed');

    actor.send({ type: 'slip.mode.change', mode: 'parlay' });
    actor.send({ type: 'slip.pick', selection: pick(1, true) });
    actor.send({ type: 'slip.pick', selection: pick(2) });
    actor.send({ type: 'slip.stake.change', stake: '50' });
    actor.send({ type: 'slip.place', requestId: 'bet-00002' });
    // A live pick: a parlay needs 3 matches.
    expect(actor.getSnapshot().context.error).toBe('atLeastThreeMatchToBetParlay');
    actor.send({ type: 'slip.pick', selection: pick(3) });
    actor.send({ type: 'slip.place', requestId: 'bet-00002' });
    await waitFor(
      actor,
      (s) => (calls.place?.length ?? 0) === 2 && s.matches({ member: { phase: { active: 'idle' } } }),
    );
    expect(calls.place?.[1]).toMatchObject({ mode: 'parlay' });
  });

  it('shows a refused bet (betting stopped: 314) and keeps the slip', async () => {
    const { actor, room$, emitted } = harness({ place: async () => no('roomStopBetting') }, 7);
    await waitFor(actor, (s) => s.matches({ member: { bets: 'idle' } }));
    room$.next(update(room({ status: RoomStatus.active })));
    actor.send({ type: 'slip.pick', selection: pick(1) });
    actor.send({ type: 'slip.stake.change', stake: '10' });
    actor.send({ type: 'slip.place', requestId: 'bet-00003' });
    await waitFor(actor, (s) => s.context.error === 'roomStopBetting');
    expect(actor.getSnapshot().context.picks).toHaveLength(1);
    expect(emitted.some((e) => e.type === 'room.notify' && e.code === 'roomStopBetting')).toBe(true);
  });

  it('leaves an open room (fee refunded: balance refreshed); a started room answers roomStarted', async () => {
    const left = harness({}, 7);
    await waitFor(left.actor, (s) => s.matches({ member: { phase: 'joined' } }));
    left.actor.send({ type: 'room.leave', requestId: 'leave-0001' });
    await waitFor(left.actor, (s) => s.matches('left'));
    expect(left.calls.leave).toEqual([{ id: 7, key: 'leave-0001' }]);
    expect(left.emitted.map((e) => e.type)).toEqual(['balance.refresh', 'room.left']);

    const late = harness({ leave: async () => no('roomStarted') }, 7);
    await waitFor(late.actor, (s) => s.matches({ member: { phase: 'joined' } }));
    late.actor.send({ type: 'room.leave', requestId: 'leave-0002' });
    await waitFor(late.actor, (s) => s.context.error === 'roomStarted');
    expect(late.actor.getSnapshot().matches({ member: { phase: 'joined' } })).toBe(true);
  });

  it('a ranking move while a points bet is in flight reloads my bets and keeps the bet call and its reply', async () => {
    // The placed bet moves the ranking on the room's topic before its own reply is in: reloading
    // my bets then must not leave the member's page (its slip, its call, its feed).
    let answer: (value: Outcome<{ bet: RoomBet; points: number }>) => void = () => {};
    let aborted = false;
    const { actor, room$, calls, emitted } = harness(
      {
        place: (_a, _r, signal) => {
          signal?.addEventListener('abort', () => {
            aborted = true;
          });
          return new Promise((resolve) => {
            answer = resolve;
          });
        },
      },
      7,
    );
    await waitFor(actor, (s) => s.matches({ member: { bets: 'idle' } }));
    room$.next(update(room({ status: RoomStatus.active })));
    const routed = emitted.length;
    actor.send({ type: 'slip.pick', selection: pick(1) });
    actor.send({ type: 'slip.stake.change', stake: '100' });
    actor.send({ type: 'slip.place', requestId: 'bet-00003' });
    expect(actor.getSnapshot().matches({ member: { phase: { active: 'placing' } } })).toBe(true);
    room$.next(update(room({ status: RoomStatus.active }), [row(1, 'a', 900)]));
    await waitFor(actor, (s) => s.matches({ member: { bets: 'idle' } }) && (calls.myBets?.length ?? 0) === 2);
    expect(actor.getSnapshot().matches({ member: { phase: { active: 'placing' } } })).toBe(true);
    expect(aborted).toBe(false);
    answer(ok({ bet: bet('b9'), points: 900 }));
    await waitFor(actor, (s) => s.matches({ member: { phase: { active: 'idle' } } }));
    expect(actor.getSnapshot().context.bets.map((b) => b.bet_id)).toEqual(['b9']);
    expect(emitted.slice(routed).map((e) => e.type)).toEqual(['bet.placed']);
  });

  it('reloads my bets when the ranking moves, and refreshes the balance when the room is cancelled', async () => {
    const { actor, room$, calls, emitted } = harness({}, 7);
    await waitFor(actor, (s) => s.matches({ member: { bets: 'idle' } }));
    expect(calls.myBets).toHaveLength(1);
    room$.next(update(room(), [row(1, 'a', 1000), row(2, 'b', 1000)]));
    await waitFor(actor, (s) => s.matches({ member: { bets: 'idle' } }) && (calls.myBets?.length ?? 0) === 2);
    room$.next(update(room(), [row(1, 'a', 1000), row(2, 'b', 1000)]));
    expect(calls.myBets).toHaveLength(2);
    room$.next(update(room({ status: RoomStatus.cancelled })));
    expect(actor.getSnapshot().matches({ member: { phase: 'cancelled' } })).toBe(true);
    expect(emitted.map((e) => e.type)).toContain('balance.refresh');
  });
});
