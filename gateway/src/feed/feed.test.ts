import {
  CloseCode,
  type MarketModel,
  normalizeMarket,
  parseMarketData,
  stateHash,
} from '@sportsbook/protocol';
import {
  buildTestGateway,
  FeedTestClient,
  type GatewayApp,
  injectedMetric,
  login,
} from '@sportsbook/testkit';
import {
  AdminToken as ADMIN_TOKEN,
  advanceDeltas,
  fakeClockGateway,
  GatewayFakeTimers,
  setFaults,
  simCalls,
  startPair,
} from '@sportsbook/testkit/feed';
import { DemoPassword, type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../index.ts';

const LIVE = 'odds/1/hdpou/live';

describe('odds feed over /ws against the simulator', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let session: { accountId: string; token: string };
  const clients: FeedTestClient[] = [];

  async function client(url = gateway.wsUrl): Promise<FeedTestClient> {
    const c = await FeedTestClient.connect(url);
    clients.push(c);
    return c;
  }
  async function ready(topic = LIVE, from?: { epoch: string; seq: number }): Promise<FeedTestClient> {
    const c = await client();
    await c.hello(session.accountId, session.token);
    await c.sub(topic, from);
    await c.until(() => c.topics.has(topic), 5000, `snapshot of ${topic}`);
    return c;
  }

  beforeAll(async () => {
    ({ sim, gateway } = await startPair(
      {},
      {
        feed: {
          helloTimeoutMs: 300,
          ringMaxCount: 8,
          framesPerSecond: 20,
          frameBurst: 20,
          rateExcessBeforeClose: 10,
          sessionRecheckMs: 300,
          maxBackoffMs: 400,
          minPollTimeoutMs: 200,
          // These tests hold many sockets of one session (feed.guard.test.ts tests the caps).
          maxSocketsPerSession: 100,
          maxSocketsPerAccount: 100,
          maxSocketsPerIp: 200,
        },
      },
    ));
    session = await login(sim.url);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await gateway?.close();
    await sim?.close();
  });

  it('sends a snapshot, then deltas in order whose hash agrees after many deltas', async () => {
    const c = await ready();
    const snap = c.framesOf('snap')[0];
    expect(snap?.topic).toBe(LIVE);
    expect(snap?.seq).toBe(0);
    expect(snap?.epoch).toMatch(/^[0-9a-f-]{36}$/);
    await advanceDeltas(sim, c, LIVE, 25);
    const state = c.topics.get(LIVE);
    expect(c.problems).toEqual([]);
    expect(state?.seqs).toEqual(Array.from({ length: state?.seqs.length ?? 0 }, (_, i) => i + 1));
    // The model built from deltas is exactly what the upstream serves now, normalized.
    const res = await fetch(`${sim.url}/odds/uxmarket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sport_id: 1, market_type: 'hdpou', group: 'live' }),
    });
    const parsed = parseMarketData(((await res.json()) as { data: unknown }).data);
    expect(parsed.ok).toBe(true);
    const upstreamModel: MarketModel = normalizeMarket(
      (parsed as { value: Parameters<typeof normalizeMarket>[0] }).value,
    );
    expect(state?.model).toEqual(upstreamModel);
    expect(stateHash(state?.model ?? {})).toBe(state?.hash);
    expect(state?.hash).toBe(stateHash(upstreamModel));
  });

  it('carries a heartbeat with each subscribed topic seq', async () => {
    const c = await ready();
    await c.until(() => c.framesOf('hb').length > 0, 2000, 'hb');
    const hb = c.framesOf('hb').at(-1);
    expect(c.welcome?.hb).toBe(250);
    expect(hb?.seqs[LIVE]).toBe(c.topics.get(LIVE)?.seq);
  });

  it('resumes inside the buffer with the missed deltas and outside it with a snapshot', async () => {
    const watcher = await ready();
    const leaving = await ready();
    const held = leaving.topics.get(LIVE);
    if (!held) throw new Error('no state');
    await leaving.close();
    await advanceDeltas(sim, watcher, LIVE, 3);

    const inside = await client();
    await inside.hello(session.accountId, session.token);
    const from = inside.adopt(LIVE, held);
    await inside.sub(LIVE, from);
    await inside.until(() => inside.topics.get(LIVE)?.seq === watcher.topics.get(LIVE)?.seq, 3000, 'replay');
    expect(inside.framesOf('snap')).toHaveLength(0);
    expect(inside.topics.get(LIVE)?.seqs).toEqual([from.seq + 1, from.seq + 2, from.seq + 3]);
    expect(inside.problems).toEqual([]);

    await advanceDeltas(sim, watcher, LIVE, 10);
    const outside = await client();
    await outside.hello(session.accountId, session.token);
    outside.adopt(LIVE, held);
    await outside.sub(LIVE, from);
    await outside.until(() => outside.framesOf('snap').length === 1, 3000, 'snapshot');
    expect(outside.framesOf('delta')).toHaveLength(0);
    expect(outside.topics.get(LIVE)?.seq).toBe(watcher.topics.get(LIVE)?.seq);
    expect(outside.problems).toEqual([]);
  });

  it('answers a resume from another epoch (a restarted gateway) with a fresh snapshot', async () => {
    const c = await ready();
    const from = { epoch: c.topics.get(LIVE)?.epoch ?? '', seq: c.topics.get(LIVE)?.seq ?? 0 };
    const other = await startGateway({
      upstreamUrl: sim.url,
      webDist: undefined,
      pollIntervalMs: 50,
      warmTopics: [],
    });
    try {
      const r = await client(other.wsUrl);
      await r.hello(session.accountId, session.token);
      await r.sub(LIVE, from);
      await r.until(() => r.topics.has(LIVE), 5000, 'snapshot');
      expect(r.framesOf('snap')).toHaveLength(1);
      expect(r.topics.get(LIVE)?.epoch).not.toBe(from.epoch);
      expect(r.problems).toEqual([]);
      await r.close();
    } finally {
      await other.close();
    }
  });

  it('closes with 4401 on a bad session and 4408 without a hello', async () => {
    const bad = await client();
    bad.send({ op: 'hello', v: 1, account_id: 'demo01', session_token: 'not-a-session' });
    expect(await bad.closedWith()).toBe(CloseCode.badSession);
    const silent = await client();
    expect(await silent.closedWith()).toBe(CloseCode.helloTimeout);
  });

  it('closes a session that expires later with 4401 (periodic re-check)', async () => {
    const other = await login(sim.url, 'demo02', DemoPassword);
    const c = await client();
    await c.hello(other.accountId, other.token);
    await c.sub(LIVE);
    const res = await fetch(`${sim.url}/admin/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify({ account_id: 'demo02', expire_sessions: true }),
    });
    expect(res.status).toBe(200);
    expect(await c.closedWith(3000)).toBe(CloseCode.badSession);
  });

  it('rate-limits frames: err tooManyRequests, then 4429', async () => {
    const c = await client();
    await c.hello(session.accountId, session.token);
    for (let i = 0; i < 60; i++) c.send({ op: 'ping', id: 1000 + i });
    expect(await c.closedWith()).toBe(CloseCode.tooManyRequests);
    expect(c.framesOf('err').some((e) => e.code === 'tooManyRequests')).toBe(true);
  });

  it('closes with 1009 on an oversized frame and answers bad frames and topics with err', async () => {
    const c = await client();
    await c.hello(session.accountId, session.token);
    c.sendRaw('{"op":"ping"');
    c.send({ op: 'sub', id: 5, topic: 'odds/22/hdpou/live' });
    c.send({ op: 'unsub', id: 6, topic: LIVE });
    await c.until(() => c.framesOf('err').length >= 3, 2000, 'three errs');
    expect(c.framesOf('err').map((e) => e.code)).toEqual(['badFrame', 'badTopic', 'notSubscribed']);
    c.sendRaw(JSON.stringify({ op: 'ping', id: 1, pad: 'x'.repeat(5000) }));
    expect(await c.closedWith()).toBe(CloseCode.frameTooLarge);
  });

  it('encodes each broadcast once: subscribers of a topic receive the same bytes', async () => {
    const a = await ready();
    const b = await ready();
    const seen: Record<string, string[]> = { a: [], b: [] };
    a.ws.on('message', (d) => seen.a?.push(d.toString()));
    b.ws.on('message', (d) => seen.b?.push(d.toString()));
    await advanceDeltas(sim, a, LIVE, 2);
    await b.until(() => b.topics.get(LIVE)?.seq === a.topics.get(LIVE)?.seq, 3000, 'b in step');
    const deltasOf = (xs: string[]) => xs.filter((x) => x.startsWith('{"t":"delta"'));
    expect(deltasOf(seen.a ?? [])).toEqual(deltasOf(seen.b ?? []));
    expect(deltasOf(seen.a ?? []).length).toBeGreaterThanOrEqual(2);
  });
});

describe('graceful shutdown', () => {
  it('stops polling and closes every socket with 1012', async () => {
    const { sim, gateway } = await startPair();
    try {
      const session = await login(sim.url);
      const c = await FeedTestClient.connect(gateway.wsUrl);
      await c.hello(session.accountId, session.token);
      await c.sub(LIVE);
      await c.until(() => c.topics.has(LIVE), 5000, 'snapshot');
      const closing = gateway.close();
      expect(await c.closedWith()).toBe(CloseCode.serviceRestart);
      await closing;
      const after = await simCalls(sim, 'uxmarket');
      await new Promise((r) => setTimeout(r, 200)); // polls would happen every 50 ms if any were left
      expect(await simCalls(sim, 'uxmarket')).toBe(after);
    } finally {
      await sim.close();
    }
  });
});

describe('heartbeats, on fake timers through injected sockets', () => {
  let sim: RunningSim;
  let app: GatewayApp | undefined;
  let session: { accountId: string; token: string };
  beforeAll(async () => {
    sim = await startSim({ clock: 'manual', adminToken: ADMIN_TOKEN, faultTimeoutMs: 1000 });
    session = await login(sim.url);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app?.close();
    await sim?.close();
  });

  it('sends heartbeats only to connections that were sent nothing for the heartbeat interval', async () => {
    // The gateway is built on fake timers (its heartbeat sweep and Date.now); the simulator behind
    // it runs on real ones, its replies are real I/O. setImmediate and nextTick stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const gateway = await buildTestGateway({
      upstreamUrl: sim.url,
      pollIntervalMs: 50,
      heartbeatMs: 250,
      warmTopics: [],
    });
    app = gateway;
    const ready = async () => {
      const c = await FeedTestClient.inject(gateway);
      await c.hello(session.accountId, session.token);
      await c.sub(LIVE);
      // vi.waitFor moves the fake clock by its interval on each check: the first poll comes due.
      await vi.waitFor(() => expect(c.topics.has(LIVE)).toBe(true), { timeout: 5000, interval: 10 });
      return c;
    };
    const busy = await ready();
    const idle = await ready();
    const hbs = (c: FeedTestClient) => c.framesOf('hb').length;
    const busyBefore = hbs(busy);
    const idleBefore = hbs(idle);
    // One second of gateway time in 50 ms steps: `busy` gets a frame (the ping's ack) every step,
    // well inside the 250 ms heartbeat; `idle` gets nothing but heartbeats (the manual clock does
    // not move, so no deltas). The sweep (every 50 ms) sends one to a socket silent for 200 ms, so
    // the gaps are 200-250 ms: four or five in the second, never fewer, never more.
    let id = 10_000;
    for (let step = 0; step < 20; step++) {
      const pingId = id++;
      busy.send({ op: 'ping', id: pingId });
      await busy.until(() => busy.frames.some((f) => f.t === 'ack' && f.id === pingId), 2000, 'ack');
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(hbs(busy)).toBe(busyBefore);
    expect(hbs(idle) - idleBefore).toBeGreaterThanOrEqual(4);
    expect(hbs(idle) - idleBefore).toBeLessThanOrEqual(5);
    // The heartbeat an idle client gets still carries the seq it holds.
    expect(idle.framesOf('hb').at(-1)?.seqs[LIVE]).toBe(idle.topics.get(LIVE)?.seq);
    expect([...busy.problems, ...idle.problems]).toEqual([]);
    // No close handshake: its timer would be a fake one.
    busy.ws.terminate();
    idle.ws.terminate();
  });
});

describe('stale, backoff and recovery on fake timers', () => {
  // The gateway app is built on fake timers (its one scheduler's timer and Date.now): its polls,
  // stale deadlines and backoff run on a clock the test moves. The polls are still real HTTP calls
  // to the simulator; each step's are answered before the clock moves on (trackUpstream), so the
  // counts and times below are the gateway's own, not the machine's speed.
  const INTERVAL = 50;
  const MARKET = '/odds/uxmarket';
  const TOPICS = [LIVE, 'odds/1/1x2/live', 'odds/1/oe/live', 'odds/1/cs/live'];
  let sim: RunningSim;
  let app: GatewayApp | undefined;
  let session: { accountId: string; token: string };
  beforeAll(async () => {
    sim = await startSim({ clock: 'manual', adminToken: ADMIN_TOKEN, faultTimeoutMs: 100 });
    session = await login(sim.url);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await setFaults(sim, {});
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('marks a topic stale after two and a half intervals without a good reply, keeps one prober on schedule, and recovers within two intervals', async () => {
    vi.useFakeTimers({ toFake: [...GatewayFakeTimers] });
    const {
      app: gateway,
      upstream,
      run,
    } = await fakeClockGateway(sim, (ms) => vi.advanceTimersByTimeAsync(ms), {
      pollIntervalMs: INTERVAL,
      feed: { maxBackoffMs: 400 },
    });
    app = gateway;
    const stale = () => injectedMetric(gateway, 'gateway_topic_stale');
    const c = await FeedTestClient.inject(gateway);
    await c.hello(session.accountId, session.token);
    for (const t of TOPICS) await c.sub(t);
    await run(500, () => TOPICS.every((t) => c.topics.has(t)));
    expect(TOPICS.filter((t) => !c.topics.has(t))).toEqual([]);

    // Every poll from now on fails. Each topic's last good reply ended at most one interval ago.
    await setFaults(sim, { call: 'uxmarket', errorRate: 1 });
    await run(70);
    expect(await stale()).toBe(0);
    await run(60);
    expect(await stale()).toBe(4);
    await c.until(() => TOPICS.every((t) => c.topics.get(t)?.stale === true), 1000, 'stale frames');

    // Backoff over one second: one prober per call keeps the interval (recovery.ts), the other
    // three topics back off towards the 400 ms cap (jittered 0.75x-1.25x).
    const perTopic = () => {
      const counts = new Map<string, number>();
      for (const call of upstream.calls) {
        if (call.path !== MARKET) continue;
        const key = JSON.stringify(call.body);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    };
    const before = perTopic();
    await run(1000);
    const during = [...perTopic()].map(([key, n]) => n - (before.get(key) ?? 0)).sort((a, b) => b - a);
    expect(during).toHaveLength(4);
    const [prober, ...others] = during as [number, ...number[]];
    expect(prober).toBeGreaterThanOrEqual(19);
    expect(prober).toBeLessThanOrEqual(21);
    for (const n of others) expect(n).toBeLessThanOrEqual(5);

    // The upstream comes back: the prober's next poll (within one interval) succeeds and wakes the
    // backed-off topics within one more, instead of the seconds their backoff would wait.
    await setFaults(sim, {});
    const cleared = Date.now();
    await run(1000, async () => (await stale()) === 0);
    expect(await stale()).toBe(0);
    expect(Date.now() - cleared).toBeLessThanOrEqual(2 * INTERVAL);
    await c.until(() => TOPICS.every((t) => c.topics.get(t)?.stale === false), 1000, 'fresh frames');
    expect(c.problems).toEqual([]);
    // No close handshake: its timer would be a fake one.
    c.ws.terminate();
  });

  it('counts timeouts and malformed replies as failures too: the topics stay stale, the client connected', async () => {
    vi.useFakeTimers({ toFake: [...GatewayFakeTimers] });
    // A short call timeout (real time: AbortSignal.timeout); the simulator holds a timed-out call
    // on its own timer (fake here), so the gateway gives up first.
    const { app: gateway, run } = await fakeClockGateway(sim, (ms) => vi.advanceTimersByTimeAsync(ms), {
      pollIntervalMs: INTERVAL,
      feed: { maxBackoffMs: 400, minPollTimeoutMs: 200 },
    });
    app = gateway;
    const stale = () => injectedMetric(gateway, 'gateway_topic_stale');
    const c = await FeedTestClient.inject(gateway);
    await c.hello(session.accountId, session.token);
    await c.sub(LIVE);
    await run(500, () => c.topics.has(LIVE));
    await setFaults(sim, { call: 'uxmarket', timeoutRate: 0.5, malformedRate: 1 });
    await run(300, async () => (await stale()) === 1);
    expect(await stale()).toBe(1);
    await run(300);
    expect(await stale()).toBe(1);
    expect(c.closed).toBeUndefined();
    await setFaults(sim, {});
    await run(2000, async () => (await stale()) === 0);
    expect(await stale()).toBe(0);
    expect(c.problems).toEqual([]);
    c.ws.terminate();
  });
});
