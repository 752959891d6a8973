// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * The private account topic `account/<id>` against the real simulator: one poll per
 * interval for the account however many of its sockets watch, the stream refused to any other
 * account, a bet through the proxy published at once (the proxy's nudge), a refused session closed
 * with 4401, and, over a real Redis with two gateways, no account's data on another's socket.
 */
import { type AccountModel, accountBets, CloseCode } from '@sportsbook/protocol';
import {
  FeedTestClient,
  type GatewayApp,
  injectedMetric,
  login,
  postJson,
  type RunningRedis,
  requestId,
  startRedis,
} from '@sportsbook/testkit';
import {
  AdminToken,
  fakeClockGateway,
  GatewayFakeTimers,
  gatewayMetric,
  simCalls,
  startPair,
} from '@sportsbook/testkit/feed';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../index.ts';
import { endedMatches } from './hub.ts';
import type { TopicHistory } from './topic.ts';

type Row = [string, number, string, number | string | null, number, number[]];
type Session = { accountId: string; token: string };

/** A single on a today match through a gateway's proxy; the reply's bet. */
async function placeSingle(sim: RunningSim, gatewayUrl: string, s: Session, stake = 10): Promise<any> {
  const market = await postJson(`${sim.url}/odds/uxmarket`, {
    sport_id: 1,
    market_type: 'hdpou',
    group: 'today',
  });
  const row = (market.json.data.odds as Row[]).find((r) => r[4] === 0 && r[5].length > 0) as Row;
  const placed = await postJson(`${gatewayUrl}/api/bet/betsingle`, {
    account_id: s.accountId,
    session_token: s.token,
    request_id: requestId(),
    odds_id: row[0],
    selection: 0,
    price: row[5][0],
    stake,
    odds_type: 4,
  });
  expect(placed.json, JSON.stringify(placed.json)).toMatchObject({ status: 1 });
  return { ...placed.json.data, match_id: row[1] };
}

const model = (c: FeedTestClient, topic: string) =>
  c.topics.get(topic)?.model as unknown as AccountModel | undefined;

describe('the account topic on fake timers', () => {
  // A gateway app on fake timers in front of the real simulator (testkit fakeClockGateway): the
  // account polls are real calls, counted as the gateway makes them, in windows of its own clock.
  let sim: RunningSim;
  let s: Session;
  let app: GatewayApp | undefined;
  beforeAll(async () => {
    sim = await startSim({ clock: 'manual', adminToken: AdminToken, sessions: { requestsPerSecond: 0 } });
    s = await login(sim.url, 'demo03');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app?.close();
    await sim?.close();
  });

  it('streams the wallet, open bets and messages; two sockets of the account cost one poll per interval', async () => {
    vi.useFakeTimers({ toFake: [...GatewayFakeTimers] });
    const gateway = await fakeClockGateway(sim, (ms) => vi.advanceTimersByTimeAsync(ms), {
      // Slow polls every 250 ms here (30 s in production), quick ones every 50 ms for 300 ms.
      feed: { accountSlowMs: 250, accountQuickMs: 50, accountQuickForMs: 300 },
    });
    app = gateway.app;
    const { upstream, run } = gateway;
    const topic = 'account/demo03';
    const socket = async () => {
      const c = await FeedTestClient.inject(gateway.app);
      await c.hello(s.accountId, s.token);
      await c.sub(topic);
      await run(1000, () => model(c, topic)?.wallet.main !== undefined);
      expect(model(c, topic)?.wallet.main).toBeDefined();
      return c;
    };
    // Each account poll is one betacceptlist call among its others.
    const polls = () => upstream.count('/bet/betacceptlist');
    /** Polls in one second of the gateway's clock, after the quick polls of a new watcher. */
    const window = async () => {
      await run(500);
      const before = polls();
      await run(1000);
      return polls() - before;
    };
    const first = await socket();
    expect(model(first, topic)?.messages.unread?.count).toBeGreaterThanOrEqual(0);
    const one = await window();
    const second = await socket();
    const two = await window();
    // Four slow polls a second, with one socket or two: not eight.
    expect(one).toBe(4);
    expect(two).toBe(4);
    expect(first.problems).toEqual([]);
    expect(second.problems).toEqual([]);
    // No socket left: no more polls.
    first.ws.terminate();
    second.ws.terminate();
    await vi.waitFor(
      async () => expect(await injectedMetric(gateway.app, 'gateway_ws_connections')).toBe(0),
      { timeout: 3000, interval: 5 },
    );
    await upstream.settle();
    const after = polls();
    await run(600);
    expect(polls()).toBe(after);
  });
});

describe('the account topic', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let close: () => Promise<void>;
  const clients: FeedTestClient[] = [];
  const sessions = new Map<string, Promise<Session>>();
  /** One login per account (a login ends the account's other sessions). */
  const session = (id: string) => {
    let s = sessions.get(id);
    if (!s) {
      s = login(sim.url, id);
      sessions.set(id, s);
    }
    return s;
  };
  async function socket(s: Session): Promise<FeedTestClient> {
    const c = await FeedTestClient.connect(gateway.wsUrl);
    clients.push(c);
    await c.hello(s.accountId, s.token);
    return c;
  }

  beforeAll(async () => {
    const stack = await startPair(
      { sessions: { requestsPerSecond: 0 } },
      // Slow polls every 250 ms here (30 s in production), quick ones every 50 ms.
      { feed: { accountSlowMs: 250, accountQuickMs: 50, accountQuickForMs: 300 } },
    );
    ({ sim, gateway } = stack);
    close = stack.close;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await close();
  });

  it("refuses another account's stream, held or not", async () => {
    const owner = await socket(await session('demo04'));
    await owner.sub('account/demo04');
    await owner.until(() => model(owner, 'account/demo04') !== undefined, 5000, 'owner snapshot');
    const other = await socket(await session('demo05'));
    await other.sub('account/demo04');
    await other.sub('account/demo09');
    expect(other.framesOf('err').map((f) => f.code)).toEqual(['forbiddenTopic', 'forbiddenTopic']);
    expect(other.topics.size).toBe(0);
    // Its own, in any case of the id, under the canonical lower-case name.
    await other.sub('account/DEMO05').catch(() => undefined);
    expect(other.framesOf('err').map((f) => f.code)).toContain('badTopic');
    expect(await gatewayMetric(gateway, 'gateway_ws_refusals_total', 'reason="forbidden_topic"')).toBe(2);
  });

  it('a bet placed through the proxy is on every socket of the account at once, balance included', async () => {
    // Slow polls are 250 ms apart: the nudge must beat them. Measured from the proxy's answer.
    const s = await session('demo06');
    const topic = 'account/demo06';
    const a = await socket(s);
    const b = await socket(s);
    for (const c of [a, b]) {
      await c.sub(topic);
      await c.until(() => model(c, topic)?.wallet.main !== undefined, 5000, 'snapshot');
    }
    const balance = model(a, topic)?.wallet.main?.balance as number;
    const bet = await placeSingle(sim, gateway.url, s);
    const accepted = Date.now();
    for (const c of [a, b]) {
      await c.until(() => model(c, topic)?.bet[bet.bet_id] !== undefined, 1000, 'the new bet');
      expect(model(c, topic)?.bet[bet.bet_id]?.list).toBe('running');
      expect(model(c, topic)?.wallet.main?.balance).toBeCloseTo(balance - 10, 6);
      expect(accountBets(model(c, topic) ?? {}, 'running').map((x) => x.bet_id)).toContain(bet.bet_id);
    }
    expect(Date.now() - accepted).toBeLessThan(1000);
    // A running single has a cash-out offer once its market is open.
    await a.until(() => model(a, topic)?.cashout[bet.bet_id] !== undefined, 3000, 'cash-out offer');
    expect(model(a, topic)?.cashout[bet.bet_id]?.value).toBeGreaterThan(0);
    // Four polls a second, but the offers are asked again only every 5 s (accountCashOutRefreshMs).
    const quotes0 = await simCalls(sim, 'cashoutcheck');
    await new Promise((r) => setTimeout(r, 1000)); // a window of wall time is the thing measured
    expect((await simCalls(sim, 'cashoutcheck')) - quotes0).toBeLessThanOrEqual(1);
    expect(a.problems).toEqual([]);
  });

  it('a poll whose replies are all byte-identical costs the compares only: no normalize, no diff, no publish', async () => {
    const s = await session('demo18');
    const topic = 'account/demo18';
    const c = await socket(s);
    await c.sub(topic);
    await c.until(() => model(c, topic)?.wallet.main !== undefined, 5000, 'snapshot');
    const entry = gateway.app.feed.hub.topics.get(topic);
    const stream = entry?.poller as unknown as { unchangedPolls: number };
    const history = entry?.history as TopicHistory;
    const publish = vi.spyOn(history, 'publish');
    try {
      // The simulator's clock stands still: every later slow poll (250 ms apart) answers the same bytes.
      const unchanged0 = stream.unchangedPolls;
      await c.until(() => stream.unchangedPolls - unchanged0 >= 3, 5000, 'three unchanged polls');
      expect(publish).not.toHaveBeenCalled();
      // A change in one reply (a bet: balance, running list) is normalized and published again.
      const bet = await placeSingle(sim, gateway.url, s);
      await c.until(() => model(c, topic)?.bet[bet.bet_id] !== undefined, 2000, 'the new bet');
      expect(publish).toHaveBeenCalled();
      expect(c.problems).toEqual([]);
    } finally {
      publish.mockRestore();
    }
  });

  it('a session the upstream refuses is closed with 4401 (operator_type 2: vuserbalance)', async () => {
    const s = await session('demo08');
    const c = await socket(s);
    await c.sub('account/demo08');
    await c.until(() => model(c, 'account/demo08')?.wallet.main !== undefined, 5000, 'snapshot');
    expect(await simCalls(sim, 'vuserbalance')).toBeGreaterThan(0);
    // The upstream expires the account's sessions; the next slow poll (250 ms) finds it out.
    await postJson(
      `${sim.url}/admin/account`,
      { account_id: 'demo08', expire_sessions: true },
      {
        'x-admin-token': AdminToken,
      },
    );
    expect(await c.closedWith(3000)).toBe(CloseCode.badSession);
  });

  it('reads a match end off market deltas (removed, or completed or cancelled)', () => {
    expect([
      ...endedMatches({
        ops: [
          ['match', '11'],
          ['match', '12', { status: 1 }],
          ['odds', 'x'],
        ],
      }),
    ]).toEqual([11, 12]);
    expect(
      endedMatches({
        ops: [
          ['match', '13', { status: 0 }],
          ['match', '14', { home: 'A' }],
        ],
      }).size,
    ).toBe(0);
  });
});

describe('account topics and the node topic cap', () => {
  it('are not counted under maxTopicsPerNode: players online never crowd out the shared topics', async () => {
    const stack = await startPair({ sessions: { requestsPerSecond: 0 } }, { feed: { maxTopicsPerNode: 1 } });
    const clients: FeedTestClient[] = [];
    try {
      for (const id of ['demo01', 'demo02']) {
        const s = await login(stack.sim.url, id);
        const c = await FeedTestClient.connect(stack.gateway.wsUrl);
        clients.push(c);
        await c.hello(s.accountId, s.token);
        await c.sub(`account/${id}`);
        await c.until(() => c.topics.has(`account/${id}`), 5000, `${id} snapshot`);
      }
      const [first] = clients as [FeedTestClient];
      await first.sub('menu');
      await first.until(() => first.topics.has('menu'), 5000, 'menu snapshot');
      // The one shared topic the node may hold is taken: the next is refused, accounts or not.
      await first.sub('rooms');
      expect(first.framesOf('err').map((f) => f.code)).toEqual(['tooManyTopics']);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await stack.close();
    }
  });
});

describe('a settlement on the account topic', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let close: () => Promise<void>;
  const clients: FeedTestClient[] = [];

  beforeAll(async () => {
    // Slow polls a minute apart: only the match end seen on the odds feed can bring the settlement.
    const stack = await startPair(
      { sessions: { requestsPerSecond: 0 } },
      { feed: { accountSlowMs: 60_000, accountQuickMs: 50, accountQuickForMs: 500 } },
    );
    ({ sim, gateway } = stack);
    close = stack.close;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await close();
  });

  it('shows within 2 s of the upstream settling it, nudged by the match end on the odds feed', async () => {
    const s = await login(sim.url, 'demo01');
    const c = await FeedTestClient.connect(gateway.wsUrl);
    clients.push(c);
    await c.hello(s.accountId, s.token);
    await c.sub('account/demo01');
    await c.until(() => model(c, 'account/demo01')?.wallet.main !== undefined, 5000, 'snapshot');
    const bet = await placeSingle(sim, gateway.url, s);
    await c.until(() => model(c, 'account/demo01')?.bet[bet.bet_id] !== undefined, 1000, 'the bet');
    // The board's view of the match (any market topic listing it would do).
    await c.sub(`match/${bet.match_id}`);
    await c.until(() => c.topics.has(`match/${bet.match_id}`), 5000, 'match snapshot');
    const running = async () => {
      const r = await postJson(`${sim.url}/bet/betacceptlist`, {
        account_id: s.accountId,
        session_token: s.token,
        page_size: 100,
      });
      return (r.json.data.items as any[]).some((b) => b.bet_id === bet.bet_id);
    };
    // The simulator's clock moves the match through kick-off to its end, ten minutes a step.
    let settledAt = 0;
    for (let step = 0; step < 60 && settledAt === 0; step++) {
      sim.advance(10 * 60_000);
      if (!(await running())) settledAt = Date.now();
    }
    expect(settledAt).toBeGreaterThan(0);
    await c.until(() => model(c, 'account/demo01')?.bet[bet.bet_id] === undefined, 2000, 'the settlement');
    expect(Date.now() - settledAt).toBeLessThan(2000);
    expect(c.problems).toEqual([]);
  });
});

describe('account topics over Redis (two gateways)', () => {
  let redis: RunningRedis;
  let sim: RunningSim;
  let close: () => Promise<void>;
  const gateways: RunningGateway[] = [];
  const clients: FeedTestClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const stack = await startPair({ sessions: { requestsPerSecond: 0 } });
    sim = stack.sim;
    close = stack.close;
    for (let i = 0; i < 2; i++) {
      gateways.push(
        await startGateway({
          upstreamUrl: sim.url,
          webDist: undefined,
          pollIntervalMs: 50,
          heartbeatMs: 250,
          warmTopics: [],
          redisUrl: redis.url,
          feed: { accountSlowMs: 60_000, accountQuickMs: 50, accountQuickForMs: 300 },
        }),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    for (const g of gateways) await g.close();
    await close();
    await redis.stop();
  });

  it('never shows one account the data of another, on a node or across nodes; a bet on one node nudges the other', async () => {
    const [n1, n2] = gateways as [RunningGateway, RunningGateway];
    const a = await login(sim.url, 'demo16');
    const b = await login(sim.url, 'demo17');
    const watch = async (node: RunningGateway, s: Session) => {
      const c = await FeedTestClient.connect(node.wsUrl);
      clients.push(c);
      await c.hello(s.accountId, s.token);
      await c.sub(`account/${s.accountId}`);
      await c.until(() => model(c, `account/${s.accountId}`)?.wallet.main !== undefined, 5000, 'snapshot');
      return c;
    };
    const a1 = await watch(n1, a);
    const a2 = await watch(n2, a);
    const b1 = await watch(n1, b);
    const b2 = await watch(n2, b);
    // Slow polls are a minute apart: only the nudge (direct on n1, through Redis on n2) shows it.
    const betA = await placeSingle(sim, n1.url, a);
    const betB = await placeSingle(sim, n2.url, b, 12);
    for (const c of [a1, a2]) {
      await c.until(
        () => model(c, 'account/demo16')?.bet[betA.bet_id] !== undefined,
        1500,
        'A on its sockets',
      );
    }
    for (const c of [b1, b2]) {
      await c.until(
        () => model(c, 'account/demo17')?.bet[betB.bet_id] !== undefined,
        1500,
        'B on its sockets',
      );
    }
    for (const c of [a1, a2]) {
      expect([...c.topics.keys()]).toEqual(['account/demo16']);
      expect(JSON.stringify(c.topics.get('account/demo16')?.model)).not.toContain(betB.bet_id);
    }
    for (const c of [b1, b2]) {
      expect([...c.topics.keys()]).toEqual(['account/demo17']);
      expect(JSON.stringify(c.topics.get('account/demo17')?.model)).not.toContain(betA.bet_id);
    }
    // Through Redis, across nodes: B's socket on n2 may not read A's stream that n1 and n2 hold.
    await b2.sub('account/demo16');
    expect(b2.framesOf('err').map((f) => f.code)).toEqual(['forbiddenTopic']);
    // Nothing of an account topic is written to Redis: no stream, snapshot or lease keys for it.
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('*account*');
      expect(keys).toEqual([]);
    } finally {
      client.disconnect();
    }
    for (const c of [a1, a2, b1, b2]) expect(c.problems).toEqual([]);
  });
});
