// @vitest-environment node
/**
 * The odds stream against the real gateway and simulator (port 0): hello, snapshots and deltas with
 * the hash checked on every frame, stale status, a bad session, unsubscribe, and a gateway restart
 * resumed without losing the topic. Gaps and hash mismatches cannot be provoked on a correct
 * gateway, so those run against a scripted websocket server that speaks the same frames.
 */
import { type BuildGatewayOptions, type RunningGateway, startGateway } from '@sportsbook/gateway';
import {
  ClockToleranceMs,
  clockSecondsAt,
  diffModel,
  encodeServerFrame,
  type MarketModel,
  type MatchClock,
  type Model,
  normalizeMarket,
  type ServerFrame,
  type SnapFrame,
  stateHash,
} from '@sportsbook/protocol';
import { loginAt, startStack } from '@sportsbook/testkit';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { filter, firstValueFrom, type Observable, type Subscription, timeout } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { backoffDelay } from './backoff.ts';
import { createOddsStream, type OddsStream, type WebSocketConstructor } from './oddsStream.ts';
import type { TopicView } from './topicState.ts';

const WS = WebSocket as unknown as WebSocketConstructor;
const ADMIN = 'stream-test-admin';
const TOPIC = 'odds/1/hdpou/live';

function until<T>(source: Observable<T>, predicate: (value: T) => boolean, ms = 10_000): Promise<T> {
  return firstValueFrom(source.pipe(filter(predicate), timeout(ms)));
}

const login = (sim: RunningSim, accountId = 'demo01') => loginAt(`${sim.url}/authlogin`, accountId);

async function faults(sim: RunningSim, body: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

describe('odds stream against the real gateway and simulator', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let stream: OddsStream | undefined;
  const subs: Subscription[] = [];
  const gatewayOptions: Partial<BuildGatewayOptions> = {
    pollIntervalMs: 50,
    heartbeatMs: 250,
    warmTopics: [],
  };

  beforeEach(async () => {
    ({ sim, gateway } = await startStack({
      sim: {
        adminToken: ADMIN,
        faultTimeoutMs: 500,
        world: { seed: 3, liveMatches: 4, todayMatches: 4, earlyMatches: 2 },
      },
      gateway: gatewayOptions,
    }));
  });

  afterEach(async () => {
    for (const s of subs.splice(0)) s.unsubscribe();
    stream?.close();
    stream = undefined;
    await gateway.close();
    await sim.close();
  });

  const open = async (accountId = 'demo01') => {
    const credentials = await login(sim, accountId);
    stream = createOddsStream({
      url: gateway.wsUrl,
      WebSocket: WS,
      credentials: () => credentials,
      backoff: { baseMs: 50, maxMs: 400 },
    });
    return stream;
  };

  it('applies the snapshot and the deltas of a live topic, each frame matching the server hash', async () => {
    const s = await open();
    const views = s.topic<MarketModel>(TOPIC);
    subs.push(views.subscribe());
    const first = await until(views, (v) => v.model !== null);
    expect(first.model?.live.length).toBeGreaterThan(0);
    expect(stateHash(first.model as MarketModel)).toBe(first.hash);
    // Move the in-play world until the gateway has published a few deltas.
    const target = (first.seq ?? 0) + 3;
    const moved = new Promise<TopicView<MarketModel>>((resolve, reject) => {
      const sub = views.pipe(filter((v) => (v.seq ?? 0) >= target)).subscribe((v) => {
        sub.unsubscribe();
        clearInterval(step);
        resolve(v);
      });
      // Each step is answered by the gateway's next poll; the loop ends with the event above.
      const step = setInterval(() => sim.advance(5000), 60);
      setTimeout(() => {
        clearInterval(step);
        reject(new Error('no deltas'));
      }, 15_000);
    });
    const later = await moved;
    expect(s.stats.deltas).toBeGreaterThanOrEqual(3);
    expect(s.stats.hashMismatches).toBe(0);
    expect(s.stats.gaps).toBe(0);
    expect(stateHash(later.model as MarketModel)).toBe(later.hash);
    expect(later.model).not.toBe(first.model);
    expect(s.connection.status).toBe('live');
  });

  it('speaks wire v2: holds clock anchors that tick to the upstream clock, and the hash agrees', async () => {
    const s = await open();
    const views = s.topic<MarketModel & { clock: Record<string, MatchClock> }>(TOPIC);
    subs.push(views.subscribe());
    const view = await until(views, (v) => v.model !== null);
    const model = view.model as MarketModel & { clock: Record<string, MatchClock> };
    expect(stateHash(model)).toBe(view.hash);
    // The upstream's own clock seconds, read now.
    const res = await fetch(`${sim.url}/odds/uxmarket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sport_id: 1, market_type: 'hdpou', group: 'live' }),
    });
    const upstream = normalizeMarket(((await res.json()) as { data: never }).data);
    const running = Object.keys(model.clock);
    expect(running.length).toBeGreaterThan(0);
    for (const id of running) {
      const m = model.match[id];
      const live = upstream.match[id]?.liveState;
      if (!m?.liveState || !live) throw new Error(`match ${id} not in play`);
      // v2 sends no ticking seconds; the client ticks the anchor.
      expect(m.liveState[3]).toBe(0);
      const ticked = clockSecondsAt(m.liveState, model.clock[id], Date.now()) as number;
      expect(Math.abs(ticked - live[3])).toBeLessThanOrEqual(ClockToleranceMs / 1000 + 1);
    }
  });

  it('shows a topic stale while its upstream fails and live again after it recovers', async () => {
    const s = await open();
    const views = s.topic<MarketModel>(TOPIC);
    subs.push(views.subscribe());
    await until(views, (v) => v.model !== null);
    await until(s.indicator$, (i) => i === 'live');
    await faults(sim, { call: 'uxmarket', errorRate: 1 });
    const stale = await until(views, (v) => v.stale);
    expect(stale.staleSince).not.toBeNull();
    expect(await until(s.indicator$, (i) => i === 'stale')).toBe('stale');
    await faults(sim, {});
    await until(views, (v) => !v.stale);
    expect(await until(s.indicator$, (i) => i === 'live')).toBe('live');
  });

  it('stops retrying after the gateway refuses the session (4401)', async () => {
    stream = createOddsStream({
      url: gateway.wsUrl,
      WebSocket: WS,
      credentials: () => ({ account_id: 'demo01', session_token: 'not-a-session' }),
      backoff: { baseMs: 20, maxMs: 40 },
    });
    const info = await until(stream.connection$, (c) => c.status === 'unauthorized');
    expect(info.lastClose).toBe(4401);
    expect(stream.stats.connects).toBe(0);
  });

  it('resumes every watched topic after the gateway restarts, without a new stream', async () => {
    const s = await open();
    const views = s.topic<MarketModel>(TOPIC);
    const menu = s.topic(`menu`);
    subs.push(views.subscribe(), menu.subscribe());
    const before = await until(views, (v) => v.model !== null);
    await until(menu, (v) => v.model !== null);
    const port = gateway.port;
    await gateway.close();
    await until(s.connection$, (c) => c.status === 'reconnecting');
    gateway = await startGateway({ upstreamUrl: sim.url, webDist: undefined, ...gatewayOptions, port });
    await until(s.connection$, (c) => c.status === 'live');
    // A new gateway has a new epoch: the resume point is refused and a fresh snapshot arrives.
    const after = await until(views, (v) => v.model !== null && v.epoch !== before.epoch);
    expect(stateHash(after.model as MarketModel)).toBe(after.hash);
    expect(s.stats.connects).toBe(2);
    expect((await until(menu, (v) => v.epoch !== null)).model).not.toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// A scripted server: the same frames as the gateway, with the faults a test asks for.

interface Scripted {
  url: string;
  received: Record<string, unknown>[];
  sockets: Set<WebSocket>;
  send(frame: ServerFrame): void;
  /** Resolves once the frames received so far satisfy `predicate` (checked on each arrival). */
  waitFor(predicate: (received: Record<string, unknown>[]) => boolean): Promise<void>;
  close(): Promise<void>;
}

async function scriptedServer(
  onFrame: (frame: Record<string, unknown>, server: Scripted) => void,
): Promise<Scripted> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const address = wss.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const waiters = new Set<() => void>();
  const server: Scripted = {
    waitFor: (predicate) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!predicate(server.received)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    url: `ws://127.0.0.1:${port}`,
    received: [],
    sockets: new Set(),
    send(frame) {
      for (const ws of server.sockets) ws.send(encodeServerFrame(frame));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of server.sockets) ws.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (ws) => {
    server.sockets.add(ws);
    ws.on('close', () => server.sockets.delete(ws));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      server.received.push(frame);
      onFrame(frame, server);
      for (const waiter of [...waiters]) waiter();
    });
  });
  return server;
}

function market(price: number): MarketModel {
  return normalizeMarket({
    leagues: [[101, 1, 'League', 1, 0, 1, 'Country']],
    matches: [[5001, 101, 'Home', 'Away', 1, 0, 1, 1, 1, 1763798400000, 0, 0, [0, 0, 1, 60, 0, 0], '']],
    links: [],
    heads: [[5001, 1, 3, 101, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    odds: [['5001-HDP-0', 5001, 'HDP', -0.25, 0, [price, 1.9], null]],
  });
}

function snap(model: Model, seq: number, epoch = 'e1'): ServerFrame {
  return { t: 'snap', topic: TOPIC, epoch, seq, hash: stateHash(model), pt: 1, data: model as never };
}

function delta(prev: Model, next: Model, seq: number, hash = stateHash(next)): ServerFrame {
  return { t: 'delta', topic: TOPIC, seq, hash, pt: 2, ops: diffModel(prev, next) };
}

describe('odds stream against a scripted server', () => {
  let server: Scripted | undefined;
  let stream: OddsStream | undefined;
  const subs: Subscription[] = [];
  afterEach(async () => {
    for (const s of subs.splice(0)) s.unsubscribe();
    stream?.close();
    await server?.close();
  });

  const openStream = (
    url: string,
    extra: { heartbeatGapFactor?: number; later?: (run: () => void) => void } = {},
  ) => {
    stream = createOddsStream({
      url,
      WebSocket: WS,
      credentials: () => ({ account_id: 'demo01', session_token: 't' }),
      backoff: { baseMs: 20, maxMs: 80 },
      ...extra,
    });
    return stream;
  };

  /** Answers hello and sub like the gateway: welcome, ack and a snapshot at the model's seq. */
  const gatewayLike =
    (state: { model: MarketModel; seq: number; hb?: number }) =>
    (frame: Record<string, unknown>, s: Scripted) => {
      if (frame.op === 'hello') s.send({ t: 'welcome', node: 'scripted', hb: state.hb ?? 5000 });
      if (frame.op === 'sub') {
        s.send({ t: 'ack', id: frame.id as number });
        s.send(snap(state.model, state.seq));
      }
    };

  it('resubscribes from its seq when a delta skips one (gap) and applies the replay', async () => {
    const m0 = market(1.8);
    const m1 = market(1.85);
    const m2 = market(1.9);
    const state = { model: m0, seq: 10 };
    server = await scriptedServer(gatewayLike(state));
    const s = openStream(server.url);
    const views = s.topic<MarketModel>(TOPIC);
    subs.push(views.subscribe());
    await until(views, (v) => v.seq === 10);
    // seq 11 is lost on the way: 12 arrives on top of 10.
    server.send(delta(m1, m2, 12));
    const resent = await until(views, (v) => v.resyncing);
    expect(resent.seq).toBe(10);
    await server.waitFor((r) => r.filter((f) => f.op === 'sub').length === 2);
    const resume = server.received.filter((f) => f.op === 'sub').at(-1);
    expect(resume?.from).toEqual({ epoch: 'e1', seq: 10 });
    expect(server.received.filter((f) => f.op === 'unsub')).toHaveLength(1);
    expect(s.stats.gaps).toBe(1);
  });

  it('drops the model and asks for a fresh snapshot when the hash does not match', async () => {
    const m0 = market(1.8);
    const state = { model: m0, seq: 1 };
    server = await scriptedServer(gatewayLike(state));
    const s = openStream(server.url);
    const views = s.topic<MarketModel>(TOPIC);
    subs.push(views.subscribe());
    await until(views, (v) => v.seq === 1);
    state.model = market(1.95);
    state.seq = 7;
    server.send(delta(m0, market(1.85), 2, '0000000000000000'));
    await server.waitFor((r) => r.filter((f) => f.op === 'sub').length === 2);
    const fresh = await until(views, (v) => v.seq === 7);
    expect(fresh.model?.odds['5001-HDP-0']?.prices[0]).toBe(1.95);
    expect(s.stats.hashMismatches).toBe(1);
    const resub = server.received.filter((f) => f.op === 'sub').at(-1);
    expect(resub?.from).toBeUndefined();
  });

  it('shows a snapshot before hashing it, then drops it for a fresh one when its hash is wrong', async () => {
    const wrong = market(1.8);
    const right = market(1.95);
    let subscriptions = 0;
    server = await scriptedServer((frame, s) => {
      if (frame.op === 'hello') s.send({ t: 'welcome', node: 'scripted', hb: 5000 });
      if (frame.op === 'sub') {
        subscriptions++;
        s.send({ t: 'ack', id: frame.id as number });
        // The first snapshot's hash is not its model's.
        s.send(
          subscriptions === 1 ? { ...(snap(wrong, 1) as SnapFrame), hash: stateHash(right) } : snap(right, 7),
        );
      }
    });
    const checks: (() => void)[] = [];
    const s = openStream(server.url, { later: (run) => checks.push(run) });
    const views = s.topic<MarketModel>(TOPIC);
    subs.push(views.subscribe());
    const shown = await until(views, (v) => v.seq === 1);
    expect(shown.model?.odds['5001-HDP-0']?.prices[0]).toBe(1.8);
    expect(checks).toHaveLength(1);
    expect(s.stats.hashMismatches).toBe(0);
    checks.shift()?.();
    expect(s.stats.hashMismatches).toBe(1);
    await server.waitFor((r) => r.filter((f) => f.op === 'sub').length === 2);
    expect(server.received.filter((f) => f.op === 'sub').at(-1)?.from).toBeUndefined();
    const fresh = await until(views, (v) => v.seq === 7);
    expect(fresh.model?.odds['5001-HDP-0']?.prices[0]).toBe(1.95);
    // The fresh snapshot's own check passes.
    expect(checks).toHaveLength(1);
    checks.shift()?.();
    expect(s.stats.hashMismatches).toBe(1);
    expect(s.peek(TOPIC)?.resyncing).toBe(false);
  });

  it('keeps unchanged entities by identity so only changed cells re-render', async () => {
    const m0 = market(1.8);
    const m1: MarketModel = {
      ...m0,
      odds: {
        ...m0.odds,
        '5001-OU-0': {
          id: '5001-OU-0',
          matchId: 5001,
          betType: 'OU',
          line: 2.5,
          status: 0,
          prices: [1.9, 1.9],
          labels: null,
        },
      },
    };
    const m2: MarketModel = {
      ...m1,
      odds: {
        ...m1.odds,
        '5001-OU-0': { ...(m1.odds['5001-OU-0'] as MarketModel['odds'][string]), prices: [1.95, 1.85] },
      },
    };
    server = await scriptedServer(gatewayLike({ model: m1, seq: 1 }));
    const s = openStream(server.url);
    const views = s.topic<MarketModel>(TOPIC);
    subs.push(views.subscribe());
    const a = await until(views, (v) => v.seq === 1);
    server.send(delta(m1, m2, 2));
    const b = await until(views, (v) => v.seq === 2);
    expect(b.model?.odds['5001-HDP-0']).toBe(a.model?.odds['5001-HDP-0']);
    expect(b.model?.match).toBe(a.model?.match);
    expect(b.model?.odds['5001-OU-0']).not.toBe(a.model?.odds['5001-OU-0']);
  });

  it('detects a silent gap from the heartbeat seqs and resumes', async () => {
    const m0 = market(1.8);
    server = await scriptedServer(gatewayLike({ model: m0, seq: 4 }));
    const s = openStream(server.url);
    const views = s.topic<MarketModel>(TOPIC);
    subs.push(views.subscribe());
    await until(views, (v) => v.seq === 4);
    server.send({ t: 'hb', ts: 3, seqs: { [TOPIC]: 6 } });
    await until(views, (v) => v.resyncing);
    await server.waitFor((r) => r.filter((f) => f.op === 'sub').length === 2);
    expect(s.stats.heartbeatGaps).toBe(1);
    expect(server.received.filter((f) => f.op === 'sub').at(-1)?.from).toEqual({ epoch: 'e1', seq: 4 });
  });

  it('drops a socket that goes silent past the heartbeat and reconnects with a resume point', async () => {
    const m0 = market(1.8);
    server = await scriptedServer(gatewayLike({ model: m0, seq: 9, hb: 40 }));
    const s = openStream(server.url, { heartbeatGapFactor: 2 });
    const views = s.topic<MarketModel>(TOPIC);
    subs.push(views.subscribe());
    await until(views, (v) => v.seq === 9);
    // The server never sends a heartbeat: after 80 ms the client gives up on this socket.
    const info = await until(s.connection$, (c) => c.status === 'reconnecting');
    expect(info.lastClose).toBe(4000);
    await until(s.connection$, (c) => c.status === 'live');
    await server.waitFor((r) => r.some((f) => f.op === 'sub' && f.from !== undefined));
    const hellos = server.received.filter((f) => f.op === 'hello');
    expect(hellos.length).toBeGreaterThanOrEqual(2);
    const resume = server.received.filter((f) => f.op === 'sub' && f.from !== undefined);
    expect(resume[0]?.from).toEqual({ epoch: 'e1', seq: 9 });
  });

  it('unsubscribes when the last observer of a topic leaves', async () => {
    server = await scriptedServer(gatewayLike({ model: market(1.8), seq: 1 }));
    const s = openStream(server.url);
    const views = s.topic<MarketModel>(TOPIC);
    const one = views.subscribe();
    const two = views.subscribe();
    await until(views, (v) => v.seq === 1);
    one.unsubscribe();
    expect(s.peek(TOPIC)).toBeDefined();
    two.unsubscribe();
    expect(s.peek(TOPIC)).toBeUndefined();
    await server.waitFor((r) => r.some((f) => f.op === 'unsub'));
    expect(server.received.filter((f) => f.op === 'sub')).toHaveLength(1);
    expect(server.received.find((f) => f.op === 'unsub')?.topic).toBe(TOPIC);
  });
});

describe('backoff', () => {
  it('doubles its ceiling, stays within [ceiling/2, ceiling] and never exceeds the maximum', () => {
    const options = { baseMs: 100, maxMs: 1000 };
    expect(backoffDelay(1, options, () => 0)).toBe(50);
    expect(backoffDelay(1, options, () => 0.999999)).toBe(100);
    expect(backoffDelay(3, options, () => 0)).toBe(200);
    expect(backoffDelay(50, options, () => 0.5)).toBe(750);
  });
});
