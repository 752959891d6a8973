// @vitest-environment node
/**
 * roomMachine with its real actors against the real gateway (`/api` proxy and the `rooms` /
 * `room/<id>` topics over the websocket) and simulator: a member finds a new room in the lobby
 * topic, joins it (PIN-less public room, terms), follows it to active as the sim clock passes the
 * last join time, places a points bet, and sees it end with the balance refreshed; a room with one
 * player is cancelled at its last join time and the fee comes back.
 */

import { gmt8DayStart, RoomStatus } from '@sportsbook/protocol';
import { loginAt, type Stack, simAdmin, startStack, type TestSession } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createActor, waitFor } from 'xstate';
import { createApiClient } from '../../shared/api.ts';
import {
  createOddsStream,
  type OddsStream,
  type WebSocketConstructor,
} from '../../shared/stream/oddsStream.ts';
import type { Selection } from '../betslip/types.ts';
import { lobbyFeed, roomFeed } from './feeds.ts';
import { type RoomEmitted, roomActors, roomMachine } from './roomMachine.ts';
import { roomCalls } from './roomsApi.ts';
import type { Room } from './types.ts';

const MinuteMs = 60_000;
const HourMs = 60 * MinuteMs;

describe('roomMachine against the real gateway and simulator', () => {
  let stack: Stack;
  const streams: OddsStream[] = [];
  const api = () => createApiClient({ baseUrl: `${stack.gateway.url}/api` });

  beforeAll(async () => {
    stack = await startStack({
      // 01:00 GMT+8: a day's list of matches ahead whatever the hour the test runs (rooms take
      // matches 40+ minutes ahead; late in the GMT+8 evening "today" has none left).
      sim: {
        world: {
          seed: 7,
          liveMatches: 2,
          todayMatches: 8,
          earlyMatches: 2,
          speed: 5,
          startTime: gmt8DayStart(Date.now()) + HourMs,
        },
      },
      gateway: { pollIntervalMs: 100, heartbeatMs: 1000, warmTopics: [] },
    });
  }, 60_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await stack?.close();
  });

  const login = (accountId: string) => loginAt(`${stack.gateway.url}/api/authlogin`, accountId);

  function member(auth: TestSession, roomId: number | null = null) {
    const stream = createOddsStream({
      url: stack.gateway.wsUrl,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      credentials: () => auth,
    });
    streams.push(stream);
    const machine = roomMachine.provide({
      actors: roomActors({
        calls: roomCalls(api()),
        lobby: () => lobbyFeed(stream),
        room: (id) => roomFeed(stream, id),
      }),
    });
    const actor = createActor(machine, { input: { auth, roomId } });
    const emitted: RoomEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    return { actor, emitted };
  }

  async function createRoom(lastJoinInMs: number): Promise<Room> {
    const reply = await simAdmin(stack.sim, 'tournament', {
      action: 'create',
      room_type: 1,
      rate: 10,
      limit: 30,
      last_join_in_ms: lastJoinInMs,
    });
    if (reply.status !== 1) throw new Error(`room create failed: ${JSON.stringify(reply)}`);
    return reply.room as Room;
  }

  const available = async (auth: TestSession) => {
    const r = await api().call('userbalance', { ...auth, parent_id: 'ag01' });
    if (!r.ok || r.value.balance === undefined) throw new Error(r.ok ? 'no balance' : r.error.code);
    return r.value.balance;
  };

  async function firstPick(matchIds: number[]): Promise<Selection> {
    for (const matchId of matchIds) {
      const res = await fetch(`${stack.sim.url}/odds/uxmatch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ match_id: matchId }),
      });
      const data = (
        (await res.json()) as { data?: { odds?: [string, number, string, number, number, number[]][] } }
      ).data;
      const row = data?.odds?.find((o) => o[2] === 'HDP' && o[4] === 0 && o[1] === matchId);
      if (row)
        return {
          topic: `match/${matchId}`,
          oddsId: row[0],
          matchId,
          sportId: 1,
          leagueName: '',
          home: 'H',
          away: 'A',
          betType: 'HDP',
          selection: 0,
          line: row[3],
          price: row[5][0] as number,
          label: 'H',
          live: false,
          parlay: true,
        };
    }
    throw new Error('no open HDP row in the room matches');
  }

  // First: the other test runs the clock past every match.
  it('is cancelled at the last join time with fewer than 3 players, and the fee comes back', async () => {
    const room = await createRoom(5 * MinuteMs);
    const a = await login('demo18');
    const before = await available(a);
    const { actor } = member(a, room.room_id);
    await waitFor(actor, (s) => s.matches({ joining: 'form' }), { timeout: 10_000 });
    actor.send({ type: 'room.terms.change', accepted: true });
    actor.send({ type: 'room.join', requestId: `real-join-c-${Date.now()}` });
    await waitFor(actor, (s) => s.matches({ member: { phase: 'joined' } }), { timeout: 10_000 });
    expect(await available(a)).toBeCloseTo(before - 10, 2);
    stack.sim.advance(6 * MinuteMs);
    await waitFor(actor, (s) => s.matches({ member: { phase: 'cancelled' } }), { timeout: 10_000 });
    expect(await available(a)).toBeCloseTo(before, 2);
    actor.stop();
  }, 30_000);

  it('joins from the lobby topic, bets points when active, follows the room to its end', async () => {
    const room = await createRoom(5 * MinuteMs);
    const [a, b, c] = await Promise.all([login('demo01'), login('demo16'), login('demo17')]);
    const before = await available(a);
    const { actor, emitted } = member(a);
    await waitFor(actor, (s) => s.context.rooms.some((r) => r.room_id === room.room_id), { timeout: 10_000 });
    actor.send({ type: 'room.select', roomId: room.room_id });
    actor.send({ type: 'room.terms.change', accepted: true });
    actor.send({ type: 'room.join', requestId: `real-join-${Date.now()}` });
    await waitFor(actor, (s) => s.matches({ member: { phase: 'joined' } }), { timeout: 10_000 });
    expect(emitted.map((e) => e.type)).toContain('room.joined');
    expect(await available(a)).toBeCloseTo(before - 10, 2);

    // Two more players through their own machines (a room needs 3 at its last join time).
    for (const other of [b, c]) {
      const m = member(other, room.room_id);
      await waitFor(m.actor, (s) => s.matches({ joining: 'form' }), { timeout: 10_000 });
      m.actor.send({ type: 'room.terms.change', accepted: true });
      m.actor.send({ type: 'room.join', requestId: `real-join-${other.account_id}-${Date.now()}` });
      await waitFor(m.actor, (s) => s.matches({ member: { phase: 'joined' } }), { timeout: 10_000 });
    }
    await waitFor(actor, (s) => s.context.room?.players === 3, { timeout: 10_000 });

    stack.sim.advance(6 * MinuteMs);
    await waitFor(actor, (s) => s.matches({ member: { phase: 'active' } }), { timeout: 10_000 });
    actor.send({ type: 'slip.pick', selection: await firstPick(room.matches) });
    actor.send({ type: 'slip.stake.change', stake: '100' });
    actor.send({ type: 'slip.place', requestId: `real-bet-${Date.now()}` });
    await waitFor(actor, (s) => s.context.bets.length === 1 || s.context.error !== null, { timeout: 10_000 });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.points).toBe(900);

    // Half an hour a step (the room's last match may kick off hours after its first: a day's list)
    // until the simulator has ended the room, then the machine follows the room topic to its end.
    // The simulator is asked in-process after each step, not through a wait on the machine per step.
    const simRoom = () => stack.sim.sim.tournament.room(room.room_id);
    for (let i = 0; i < 60 && simRoom().status !== RoomStatus.ended; i++) stack.sim.advance(30 * MinuteMs);
    expect(simRoom().status).toBe(RoomStatus.ended);
    await waitFor(actor, (s) => s.matches({ member: { phase: 'ended' } }), { timeout: 10_000 });
    const ended = actor.getSnapshot();
    expect(ended.matches({ member: { phase: 'ended' } })).toBe(true);
    expect(ended.context.ranking.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(emitted.filter((e) => e.type === 'balance.refresh').length).toBeGreaterThanOrEqual(2);
    actor.stop();
  }, 60_000);
});
