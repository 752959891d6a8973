/**
 * The feed's guards against one client flooding the upstream or holding dead sockets:
 * socket caps per session, account and address; the node's topic cap; `match/<id>` only for ids
 * that exist; unwatched topics stop polling; pings and dead peers; recovery after an outage.
 * Real simulator (manual clock); a real gateway on port 0 where sockets are the subject (the caps,
 * pings), a gateway app on fake timers where the subject is what happens in a window of time.
 */
import { CloseCode, type MarketModel } from '@sportsbook/protocol';
import { FeedTestClient, type GatewayApp, injectedMetric, login } from '@sportsbook/testkit';
import {
  AdminToken,
  fakeClockGateway,
  GatewayFakeTimers,
  gatewayMetric,
  setFaults,
  simCalls,
  startPair,
} from '@sportsbook/testkit/feed';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedTuning } from './tuning.ts';

type Pair = Awaited<ReturnType<typeof startPair>>;
type Session = { accountId: string; token: string };

const LIVE = 'odds/1/hdpou/live';
const LIVE_1X2 = 'odds/1/1x2/live';
const TODAY = 'odds/1/hdpou/today';
function harness() {
  const clients: FeedTestClient[] = [];
  return {
    clients,
    async connect(pair: Pair): Promise<FeedTestClient> {
      const c = await FeedTestClient.connect(pair.gateway.wsUrl);
      clients.push(c);
      return c;
    },
    async closeAll(): Promise<void> {
      await Promise.all(clients.splice(0).map((c) => c.close()));
    },
  };
}

describe('socket caps per session, account and address', () => {
  let pair: Pair;
  let a: Session;
  let b: Session;
  const h = harness();

  beforeAll(async () => {
    pair = await startPair(
      {},
      { feed: { maxSocketsPerSession: 2, maxSocketsPerAccount: 3, maxSocketsPerIp: 5 } },
    );
    // Two sessions of one account (authlogin leaves the other sessions alive).
    a = await login(pair.sim.url);
    b = await login(pair.sim.url);
  });
  afterEach(async () => {
    await h.closeAll();
    // Metrics are read over HTTP, not pushed: polled.
    await vi.waitFor(
      async () => expect(await gatewayMetric(pair.gateway, 'gateway_ws_connections')).toBe(0),
      {
        timeout: 3000,
        interval: 20,
      },
    );
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('refuses a socket over the session cap, then over the account cap, with 4429 and a metric', async () => {
    const a1 = await h.connect(pair);
    await a1.hello(a.accountId, a.token);
    const a2 = await h.connect(pair);
    await a2.hello(a.accountId, a.token);
    const a3 = await h.connect(pair);
    a3.send({ op: 'hello', v: 1, account_id: a.accountId, session_token: a.token });
    expect(await a3.closedWith()).toBe(CloseCode.tooManyRequests);
    expect(a3.closed?.reason).toMatch(/session/);
    expect(a3.welcome).toBeUndefined();
    expect(
      await gatewayMetric(pair.gateway, 'gateway_ws_refusals_total', 'reason="sockets_per_session"'),
    ).toBe(1);

    // The account's other session: one more fits (3 for the account), the next does not.
    const b1 = await h.connect(pair);
    await b1.hello(b.accountId.toUpperCase(), b.token);
    const b2 = await h.connect(pair);
    b2.send({ op: 'hello', v: 1, account_id: b.accountId, session_token: b.token });
    expect(await b2.closedWith()).toBe(CloseCode.tooManyRequests);
    expect(b2.closed?.reason).toMatch(/account/);
    expect(
      await gatewayMetric(pair.gateway, 'gateway_ws_refusals_total', 'reason="sockets_per_account"'),
    ).toBe(1);

    // A socket that leaves frees its place.
    await a1.close();
    await vi.waitFor(
      async () => expect(await gatewayMetric(pair.gateway, 'gateway_ws_connections')).toBe(2),
      {
        timeout: 3000,
        interval: 20,
      },
    );
    const b3 = await h.connect(pair);
    await b3.hello(b.accountId, b.token);
    expect(b3.closed).toBeUndefined();
    expect([a2, b1].every((c) => c.closed === undefined)).toBe(true);
  });

  it('refuses a socket over the address cap right after the upgrade, before any hello', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => h.connect(pair)));
    const extra = await h.connect(pair);
    expect(await extra.closedWith()).toBe(CloseCode.tooManyRequests);
    expect(extra.closed?.reason).toMatch(/address/);
    expect(await gatewayMetric(pair.gateway, 'gateway_ws_refusals_total', 'reason="sockets_per_ip"')).toBe(1);
    expect(held.every((c) => c.closed === undefined)).toBe(true);
    // A place freed is a place again.
    await held[0]?.close();
    // The address's place is released when the server side of the socket closes: the ws server
    // drops it from its clients in the same turn (unauthenticated sockets are not in the gauge).
    await vi.waitFor(() => expect(pair.gateway.app.websocketServer.clients.size).toBe(4), {
      timeout: 3000,
      interval: 10,
    });
    const again = await h.connect(pair);
    await again.hello(a.accountId, a.token);
    expect(again.closed).toBeUndefined();
  });
});

describe('topics: the node cap, ids that exist, unwatched topics', () => {
  let pair: Pair;
  let session: Session;
  const h = harness();

  beforeAll(async () => {
    pair = await startPair(
      {},
      { feed: { maxTopicsPerNode: 3, topicIdleMs: 200, maxSocketsPerSession: 50, maxSocketsPerAccount: 50 } },
    );
    session = await login(pair.sim.url);
  });
  afterEach(async () => {
    await h.closeAll();
    // Idle histories are dropped after topicIdleMs: every test starts with an empty node.
    await vi.waitFor(async () => expect(await gatewayMetric(pair.gateway, 'gateway_topics')).toBe(0), {
      timeout: 3000,
      interval: 20,
    });
  });
  afterAll(async () => {
    await pair?.close();
  });

  async function ready(): Promise<FeedTestClient> {
    const c = await h.connect(pair);
    await c.hello(session.accountId, session.token);
    return c;
  }

  /** A match of the simulator's world, asked of the simulator directly (not through the gateway). */
  async function simMatchId(group: 'live' | 'early'): Promise<number> {
    const res = await fetch(`${pair.sim.url}/odds/uxmarket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sport_id: 1, market_type: 'hdpou', group }),
    });
    const rows = ((await res.json()) as { data: { matches: unknown[][] } }).data.matches;
    const id = rows[0]?.[0];
    if (typeof id !== 'number') throw new Error(`no ${group} match`);
    return id;
  }

  it('refuses a new topic over the node cap with err tooManyTopics; held topics stay open to all', async () => {
    const c = await ready();
    await c.sub(LIVE);
    await c.sub(LIVE_1X2);
    await c.sub('menu');
    const id = await c.sub(TODAY);
    const err = c.framesOf('err').find((e) => e.id === id);
    expect(err?.code).toBe('tooManyTopics');
    expect(await gatewayMetric(pair.gateway, 'gateway_ws_refusals_total', 'reason="topics_per_node"')).toBe(
      1,
    );
    expect(await gatewayMetric(pair.gateway, 'gateway_topics')).toBe(3);
    // Another socket still gets a topic the node holds.
    const d = await ready();
    await d.sub(LIVE);
    await d.until(() => d.topics.has(LIVE), 5000, 'snapshot');
  });

  it('refuses an odds topic of a sport the held menu does not list with unknownTopic', async () => {
    const c = await ready();
    await c.sub('menu');
    await c.until(() => c.topics.has('menu'), 5000, 'menu');
    const menu = c.topics.get('menu')?.model as { sports: Record<string, unknown> } | undefined;
    const sports = menu?.sports ?? {};
    expect(Object.hasOwn(sports, '1')).toBe(true);
    expect(Object.hasOwn(sports, '6')).toBe(false); // the simulator has no volleyball
    const refused = () => gatewayMetric(pair.gateway, 'gateway_ws_refusals_total', 'reason="unknown_topic"');
    const before = await refused();
    const id = await c.sub('odds/6/hdpou/live');
    expect(c.framesOf('err').find((e) => e.id === id)?.code).toBe('unknownTopic');
    expect(await refused()).toBe(before + 1);
    await c.sub(LIVE);
    await c.until(() => c.topics.has(LIVE), 5000, 'a listed sport');
    // The node holds (and polls) the menu and the listed sport's topic, never sport 6's.
    expect(await gatewayMetric(pair.gateway, 'gateway_topics')).toBe(2);
  });

  it('takes a match id from a held snapshot without a check, and a real one not held after one check', async () => {
    const c = await ready();
    await c.sub(LIVE);
    await c.until(() => c.topics.has(LIVE), 5000, 'snapshot');
    const model = c.topics.get(LIVE)?.model as MarketModel;
    const liveId = model.live[0];
    expect(liveId).toBeDefined();
    const checks = () => gatewayMetric(pair.gateway, 'gateway_topic_checks_total');
    const checksBefore = await checks();
    await c.sub(`match/${liveId}`);
    await c.until(() => c.topics.has(`match/${liveId}`), 5000, 'match snapshot');
    expect(await checks()).toBe(checksBefore);

    const earlyId = await simMatchId('early');
    expect(Object.hasOwn(model.match, String(earlyId))).toBe(false);
    await c.sub(`match/${earlyId}`);
    await c.until(() => c.topics.has(`match/${earlyId}`), 5000, 'early match snapshot');
    expect(await gatewayMetric(pair.gateway, 'gateway_topic_checks_total', 'outcome="known"')).toBe(1);
    expect(c.framesOf('err')).toEqual([]);
  });
});

describe("topic checks: each account's own bucket in front of the node's", () => {
  let pair: Pair;
  const h = harness();

  beforeAll(async () => {
    // A node budget of 8 checks (refilling at one every 20 s) and each account's own 5.
    pair = await startPair(
      {},
      {
        feed: {
          matchChecksPerSecond: 0.05,
          matchCheckBurst: 8,
          accountChecksPerSecond: 0.05,
          accountCheckBurst: 5,
        },
      },
    );
  });
  afterAll(async () => {
    await h.closeAll();
    await pair?.close();
  });

  it("one account churning made-up match ids spends its own checks, not the other players' first look at a match", async () => {
    const churner = await login(pair.sim.url, 'demo01');
    const player = await login(pair.sim.url, 'demo02');
    const before = await simCalls(pair.sim, 'uxmatch');
    const a = await h.connect(pair);
    await a.hello(churner.accountId, churner.token);
    const made = Array.from({ length: 12 }, (_, i) => `match/${900_000_000 + i}`);
    const ids = await Promise.all(made.map((topic) => a.sub(topic)));
    const codes = ids.map((id) => a.framesOf('err').find((e) => e.id === id)?.code);
    expect(codes.filter((c) => c === 'unknownTopic')).toHaveLength(5);
    expect(codes.filter((c) => c === 'topicUnavailable')).toHaveLength(7);
    expect((await simCalls(pair.sim, 'uxmatch')) - before).toBe(5);
    // The node's bucket still has checks for someone else: a real match no snapshot holds.
    const res = await fetch(`${pair.sim.url}/odds/uxmarket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sport_id: 1, market_type: 'hdpou', group: 'early' }),
    });
    const early = ((await res.json()) as { data: { matches: unknown[][] } }).data.matches[0]?.[0];
    expect(typeof early).toBe('number');
    const b = await h.connect(pair);
    await b.hello(player.accountId, player.token);
    const id = await b.sub(`match/${early}`);
    expect(b.framesOf('err').find((e) => e.id === id)).toBeUndefined();
    await b.until(() => b.topics.has(`match/${early}`), 5000, 'the match snapshot');
    expect(await gatewayMetric(pair.gateway, 'gateway_topic_checks_total', 'outcome="known"')).toBe(1);
    expect(await gatewayMetric(pair.gateway, 'gateway_ws_refusals_total', 'reason="topic_checks"')).toBe(7);
  });
});

describe('on fake timers: unwatched topics, unknown ids, dead sockets, recovery after an outage', () => {
  // Each test builds a gateway app on fake timers in front of the real simulator: the polls are
  // real HTTP calls, counted as the gateway makes them (trackUpstream), and the clock moves only
  // when the test moves it, each step's polls answered first. "No poll in six intervals" is then
  // six intervals of the gateway's time, whatever the machine's load.
  let sim: RunningSim;
  let session: Session;
  let app: GatewayApp | undefined;
  const clients: FeedTestClient[] = [];

  beforeAll(async () => {
    sim = await startSim({ clock: 'manual', adminToken: AdminToken, faultTimeoutMs: 1000 });
    session = await login(sim.url);
  });
  afterEach(async () => {
    // No close handshakes: their timers would be fake ones.
    for (const c of clients.splice(0)) c.ws.terminate();
    vi.useRealTimers();
    await setFaults(sim, {});
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await sim?.close();
  });

  async function start(feed: Partial<FeedTuning> = {}) {
    vi.useFakeTimers({ toFake: [...GatewayFakeTimers] });
    const gateway = await fakeClockGateway(sim, (ms) => vi.advanceTimersByTimeAsync(ms), {
      feed: { maxSocketsPerSession: 50, maxSocketsPerAccount: 50, ...feed },
    });
    app = gateway.app;
    return gateway;
  }

  async function ready(gateway: GatewayApp): Promise<FeedTestClient> {
    const c = await FeedTestClient.inject(gateway);
    clients.push(c);
    await c.hello(session.accountId, session.token);
    return c;
  }

  it('stops polling a topic as soon as its last watcher leaves (unsub or close)', async () => {
    const { app, upstream, run } = await start();
    const c = await ready(app);
    await c.sub(LIVE);
    await c.sub('menu');
    await run(1000, () => c.topics.has(LIVE) && c.topics.has('menu'));
    await c.unsub(LIVE);
    const market = upstream.count('/odds/uxmarket');
    const menu = upstream.count('/odds/uxmenu');
    await run(300); // six intervals of the topic
    expect(upstream.count('/odds/uxmarket')).toBe(market);
    // The menu (interval 250 ms) is still watched, so still polled.
    expect(upstream.count('/odds/uxmenu')).toBeGreaterThan(menu);
    // The socket goes: its server side closes in a later turn, then the menu is not polled.
    c.ws.terminate();
    await vi.waitFor(async () => expect(await injectedMetric(app, 'gateway_ws_connections')).toBe(0), {
      timeout: 3000,
      interval: 5,
    });
    await upstream.settle();
    const menuAfter = upstream.count('/odds/uxmenu');
    await run(600); // more than two intervals of the menu
    expect(upstream.count('/odds/uxmenu')).toBe(menuAfter);
  });

  it('polls an unknown match id once for every socket asking, refuses it with unknownTopic and never polls it', async () => {
    const { app, upstream, run } = await start();
    const unknown = 'match/987654321';
    const sockets = await Promise.all([ready(app), ready(app), ready(app), ready(app), ready(app)]);
    const ids = await Promise.all(sockets.map((c) => c.sub(unknown)));
    sockets.forEach((c, i) => {
      expect(c.framesOf('err').find((e) => e.id === ids[i])?.code).toBe('unknownTopic');
      expect(c.framesOf('ack').some((f) => f.id === ids[i])).toBe(false);
    });
    await run(300); // six poll intervals: a polled topic would show here
    expect(upstream.count('/odds/uxmatch')).toBe(1);
    // Asked again later: refused from memory, no call.
    const late = await ready(app);
    const lateId = await late.sub(unknown);
    expect(late.framesOf('err').find((e) => e.id === lateId)?.code).toBe('unknownTopic');
    expect(upstream.count('/odds/uxmatch')).toBe(1);
    expect(await injectedMetric(app, 'gateway_ws_refusals_total', 'reason="unknown_topic"')).toBe(6);
    expect(await injectedMetric(app, 'gateway_topic_checks_total', 'outcome="unknown"')).toBe(1);
    expect(await injectedMetric(app, 'gateway_topics')).toBe(0);
  });

  it('serves fresh data within two poll intervals of the upstream coming back, though backed off for seconds', async () => {
    // A long backoff cap: without a probe, a topic that failed 7 times waits 2.4-4 s.
    const { app, upstream, run } = await start({ maxBackoffMs: 10_000 });
    const stale = () => injectedMetric(app, 'gateway_topic_stale');
    const c = await ready(app);
    await c.sub(LIVE);
    await c.sub(LIVE_1X2);
    await run(1000, () => c.topics.has(LIVE) && c.topics.has(LIVE_1X2));
    const before = upstream.count('/odds/uxmarket');
    await setFaults(sim, { call: 'uxmarket', errorRate: 1 });
    await run(1000, async () => (await stale()) === 2);
    expect(await stale()).toBe(2);
    // Long enough for backoff to grow: 14 failed polls (about 7 per topic without a probe).
    await run(10_000, () => upstream.count('/odds/uxmarket') - before >= 14);
    expect(upstream.count('/odds/uxmarket') - before).toBeGreaterThanOrEqual(14);
    await setFaults(sim, {});
    const cleared = Date.now();
    await run(5000, async () => (await stale()) === 0);
    expect(await stale()).toBe(0);
    // Two intervals of the gateway's clock, not the seconds a backed-off topic would wait.
    expect(Date.now() - cleared).toBeLessThanOrEqual(100);
    await c.until(
      () => c.topics.get(LIVE)?.stale === false && c.topics.get(LIVE_1X2)?.stale === false,
      1000,
      'fresh frames',
    );
    expect(c.problems).toEqual([]);
  });

  it('terminates a socket that stops answering pings, counts it, and keeps one that answers', async () => {
    const { app, upstream, run } = await start({ pingIntervalMs: 100, pingMissesBeforeClose: 2 });
    const alive = await ready(app);
    await alive.sub('menu');
    const dead = await ready(app);
    // Only this socket watches the topic: while it counts as open, the topic is polled.
    await dead.sub(TODAY);
    await run(1000, () => alive.topics.has('menu') && dead.topics.has(TODAY));
    expect(await injectedMetric(app, 'gateway_ws_connections')).toBe(2);
    const timeouts = () => injectedMetric(app, 'gateway_ws_ping_timeouts_total');
    // A peer gone half-open: the socket is there, nothing is read from it, so no pong comes back.
    dead.ws.pause();
    const paused = Date.now();
    await run(1000, async () => (await timeouts()) === 1);
    expect(await timeouts()).toBe(1);
    // Two pings unanswered, one interval apart, then terminated at the next sweep: about three
    // intervals of the gateway's clock after it was last heard.
    expect(Date.now() - paused).toBeLessThanOrEqual(350);
    expect(await injectedMetric(app, 'gateway_ws_connections')).toBe(1);
    // The client that answers pings (ws's automatic pong) outlives many more intervals.
    await run(400);
    expect(alive.closed).toBeUndefined();
    expect(await timeouts()).toBe(1);
    // Its topic is no longer polled.
    const today = { sport_id: 1, market_type: 'hdpou', group: 'today' };
    const after = upstream.count('/odds/uxmarket', today);
    expect(after).toBeGreaterThan(0);
    await run(600); // more than two intervals of the topic (250 ms)
    expect(upstream.count('/odds/uxmarket', today)).toBe(after);
  });
});
