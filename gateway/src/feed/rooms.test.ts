// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * Tournament rooms through the gateway against a real simulator: the `rooms` and
 * `room/<id>` topics (snapshot, deltas with hash checks, one poll per interval however many watch,
 * private rooms for members only) and the /api tournament calls (session required, idempotent
 * joins, the client IP for the free room's once-per-IP rule).
 */
import type { RoomModel, RoomsModel } from '@sportsbook/protocol';
import { FeedTestClient, login, postJson, requestId, type Stack, startStack } from '@sportsbook/testkit';
import { AdminToken, gatewayMetric, simCalls, startPair } from '@sportsbook/testkit/feed';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../index.ts';

describe('tournament rooms through the gateway', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let close: () => Promise<void>;
  const clients: FeedTestClient[] = [];

  const api = (call: string, body: object, headers: Record<string, string> = {}) =>
    postJson(`${gateway.url}/api/${call}`, body, headers);
  const admin = async (body: object) =>
    (await postJson(`${sim.url}/admin/tournament`, body, { 'x-admin-token': AdminToken })).json;
  const auth = (s: { accountId: string; token: string }) => ({
    account_id: s.accountId,
    session_token: s.token,
  });

  const sessions = new Map<string, Promise<{ accountId: string; token: string }>>();
  /** One login per account for the whole file (a login ends the account's other sessions). */
  function session(accountId: string) {
    let s = sessions.get(accountId);
    if (!s) {
      s = login(sim.url, accountId);
      sessions.set(accountId, s);
    }
    return s;
  }

  async function watcher(accountId: string, topic: string): Promise<FeedTestClient> {
    const s = await session(accountId);
    const c = await FeedTestClient.connect(gateway.wsUrl);
    clients.push(c);
    await c.hello(s.accountId, s.token);
    await c.sub(topic);
    return c;
  }

  beforeAll(async () => {
    const stack = await startPair(
      // Many requests of one account within a second (100 watchers, retries): no per-account limit.
      { sessions: { requestsPerSecond: 0 } },
      {
        feed: {
          maxSocketsPerSession: 200,
          maxSocketsPerAccount: 200,
          maxSocketsPerIp: 400,
          matchCheckBurst: 50,
          accountCheckBurst: 50,
        },
      },
    );
    ({ sim, gateway } = stack);
    close = stack.close;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await close();
  });

  it('streams the lobby: operator rooms, and a join through /api moves the player count live', async () => {
    const c = await watcher('demo01', 'rooms');
    await c.until(() => c.topics.has('rooms'), 5000, 'rooms snapshot');
    const lobby = () => c.topics.get('rooms')?.model as unknown as RoomsModel;
    const public10 = Object.values(lobby().room).find(
      (r) => r.operator && r.room_type === 1 && r.rate === 10,
    );
    expect(public10).toBeDefined();
    expect(public10).not.toHaveProperty('joined');
    const s = await session('demo16');
    const joined = await api('tournament/roomjoin', {
      ...auth(s),
      room_id: public10?.room_id,
      terms: true,
      request_id: requestId(),
    });
    expect(joined.json.status).toBe(1);
    const id = String(public10?.room_id);
    await c.until(() => lobby().room[id]?.players === 1, 5000, 'players 1 in the lobby');
    expect(c.problems).toEqual([]);
  });

  it('a room topic: room and ranking, a points bet moves the ranking without a reload', async () => {
    const room = (await admin({ action: 'create', room_type: 1, rate: 10, limit: 10 })).room;
    const topic = `room/${room.room_id}`;
    const players = await Promise.all(['demo01', 'demo17'].map((id) => session(id)));
    for (const p of players) {
      const j = await api('tournament/roomjoin', { ...auth(p), room_id: room.room_id, terms: true });
      expect(j.json.status).toBe(1);
    }
    const c = await watcher('demo18', topic);
    await c.until(
      () => Object.keys((c.topics.get(topic)?.model as any)?.rank ?? {}).length === 2,
      5000,
      'rank',
    );
    const model = () => c.topics.get(topic)?.model as unknown as RoomModel;
    expect(model().room[String(room.room_id)]).toMatchObject({ players: 2, status: 'A' });
    const uxmatch = await postJson(`${sim.url}/odds/uxmatch`, { match_id: room.matches[0] });
    const row = uxmatch.json.data.odds.find((r: any) => r[4] === 0 && r[5][0] > 1 && !r[2].startsWith('M'));
    const bet = await api('tournament/bet', {
      ...auth(players[1] as { accountId: string; token: string }),
      room_id: room.room_id,
      odds_id: row[0],
      selection: 0,
      price: row[5][0],
      stake: 100,
      request_id: requestId(),
    });
    expect(bet.json).toMatchObject({ status: 1, points: 900 });
    await c.until(() => model().rank['2']?.points === 900, 5000, 'the bettor ranked second with 900 points');
    expect(model().rank['1']).toMatchObject({ rank: 1, points: 1000 });
    expect(c.problems).toEqual([]);
  });

  it('a private room is served to its members only', async () => {
    const owner = await session('demo16');
    const matches = (await api('tournament/roommatchlist', auth(owner))).json.matches.map(
      (m: any) => m.match_id,
    );
    const created = await api('tournament/roomcreate', {
      ...auth(owner),
      room_type: 2,
      rate: 10,
      limit: 3,
      password: '246810',
      match_ids: matches.slice(0, 3),
      terms: true,
      request_id: requestId(),
    });
    expect(created.json.room.password).toBe('246810');
    const topic = `room/${created.json.room.room_id}`;
    const member = await watcher('demo16', topic);
    await member.until(() => member.topics.has(topic), 5000, 'member snapshot');
    expect(JSON.stringify(member.topics.get(topic)?.model)).not.toContain('246810');
    // Another account, even while the topic is held and polled: refused as unknown.
    const outsider = await watcher('demo01', topic);
    expect(outsider.framesOf('err').map((f) => f.code)).toEqual(['unknownTopic']);
    expect(outsider.topics.has(topic)).toBe(false);
    // A room that does not exist: unknownTopic too.
    const nobody = await watcher('demo01', 'room/987654');
    expect(nobody.framesOf('err').map((f) => f.code)).toEqual(['unknownTopic']);
  });

  it('one roominfo + roomrank poll per interval for the room, with 1 or 100 watchers', async () => {
    const room = (await admin({ action: 'create', room_type: 1, rate: 10, limit: 10 })).room;
    const topic = `room/${room.room_id}`;
    const first = await watcher('demo01', topic);
    await first.until(() => first.topics.has(topic), 5000, 'snapshot');
    const window = async () => {
      const polls0 = await gatewayMetric(gateway, 'gateway_topic_polls_total', 'topic_kind="room"');
      const rank0 = await simCalls(sim, 'roomrank');
      await new Promise((r) => setTimeout(r, 600)); // a window of wall time is the thing measured
      const polls = (await gatewayMetric(gateway, 'gateway_topic_polls_total', 'topic_kind="room"')) - polls0;
      const rank = (await simCalls(sim, 'roomrank')) - rank0;
      return { polls, rank };
    };
    // Other room topics of earlier tests may still be polled: count this node's room polls.
    const one = await window();
    const more = await Promise.all(Array.from({ length: 99 }, () => watcher('demo17', topic)));
    await Promise.all(more.map((c) => c.until(() => c.topics.has(topic), 10_000, 'snapshot')));
    const hundred = await window();
    // Every room poll is exactly one roomrank call, whoever watches.
    expect(Math.abs(one.rank - one.polls)).toBeLessThanOrEqual(1);
    expect(Math.abs(hundred.rank - hundred.polls)).toBeLessThanOrEqual(1);
    // And 100 watchers poll no more than one: not 100 times as often.
    expect(hundred.rank).toBeLessThanOrEqual(one.rank + 4);
    expect(hundred.rank).toBeGreaterThan(0);
    await Promise.all(more.map((c) => c.close()));
  });

  it('/api: a session is required; a retried join charges once; the free room sees the client IP', async () => {
    expect((await api('tournament/roominfo', { room_id: 1001 })).json.statusdesc).toBe('badRequest');
    expect((await api('tournament/roomlist', {})).json.statusdesc).toBe('badRequest');
    const s = await session('demo18');
    const balance = async () =>
      (await api('userbalance', { ...auth(s), parent_id: 'ag01' })).json.account_balance as number;
    const room = (await admin({ action: 'create', room_type: 1, rate: 25, limit: 10 })).room;
    const before = await balance();
    const body = { ...auth(s), room_id: room.room_id, terms: true, request_id: requestId() };
    const first = await api('tournament/roomjoin', body);
    const again = await api('tournament/roomjoin', body);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance()).toBe(before - 25);
    // Without a key, a second join is refused by the rule (no second charge either).
    const bare = await api('tournament/roomjoin', { ...auth(s), room_id: room.room_id, terms: true });
    expect(bare.json.statusdesc).toBe('memberJoinedBefore');
    expect(await balance()).toBe(before - 25);
    // Both players come from this test's address: the free room admits the first only.
    const free = (await admin({ action: 'create', room_type: 3, limit: 30 })).room;
    const other = await session('demo17');
    expect(
      (await api('tournament/roomjoin', { ...auth(s), room_id: free.room_id, terms: true })).json.status,
    ).toBe(1);
    expect(
      (await api('tournament/roomjoin', { ...auth(other), room_id: free.room_id, terms: true })).json
        .statusdesc,
    ).toBe('IPJoinedBefore');
  });
});

describe('room topics over Redis (REDIS_URL)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ redis: true, gateway: { pollIntervalMs: 50, warmTopics: [] } });
  });
  afterAll(() => stack.close());

  it('serves the lobby and a room through the cluster stream', async () => {
    const s = await login(stack.sim.url, 'demo01');
    const c = await FeedTestClient.connect(stack.gateway.wsUrl);
    await c.hello(s.accountId, s.token);
    await c.sub('rooms');
    await c.until(() => c.topics.has('rooms'), 5000, 'rooms snapshot');
    const lobby = c.topics.get('rooms')?.model as unknown as RoomsModel;
    const id = Object.keys(lobby.room)[0];
    await c.sub(`room/${id}`);
    await c.until(() => c.topics.has(`room/${id}`), 5000, 'room snapshot');
    const room = c.topics.get(`room/${id}`)?.model as unknown as RoomModel;
    expect(room.room[String(id)]).toBeDefined();
    expect(c.problems).toEqual([]);
    await c.close();
  });
});
