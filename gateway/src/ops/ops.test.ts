/**
 * The ops dashboard's feed: its arithmetic (property tests), and /ops/ws against a real gateway
 * and simulator: the operator token, and the figures following real feed clients.
 */
import { OpsCloseCode, type OpsFrame, parseOpsFrame } from '@sportsbook/protocol';
import { FeedTestClient, login, type Stack, startStack } from '@sportsbook/testkit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type RunningGateway, startGateway } from '../index.ts';
import { bucketDelta, leaseHolder, quantile, rates, saving } from './stats.ts';

const Token = 'operator-token-0123456789';
const LIVE = 'odds/1/hdpou/live';

describe('ops arithmetic', () => {
  it('saves 1 - shared/naive of the polls, within [0, 1], and nothing when nobody watches', () => {
    expect(saving([]).savedShare).toBeNull();
    expect(saving([{ subscribers: 4, intervalMs: 1000, polled: true }])).toEqual({
      naivePerSecond: 4,
      sharedPerSecond: 1,
      savedShare: 0.75,
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            subscribers: fc.nat(1000),
            intervalMs: fc.integer({ min: 1, max: 60_000 }),
            polled: fc.boolean(),
          }),
        ),
        (topics) => {
          const s = saving(topics);
          if (s.savedShare !== null) expect(s.savedShare).toBeGreaterThanOrEqual(0);
          if (s.savedShare !== null) expect(s.savedShare).toBeLessThanOrEqual(1);
          expect(s.naivePerSecond >= 0 && s.sharedPerSecond >= 0).toBe(true);
        },
      ),
    );
  });

  it('reads percentiles from cumulative buckets as histogram_quantile does', () => {
    const buckets = new Map([
      [0.01, 50],
      [0.1, 90],
      [1, 100],
      [Number.POSITIVE_INFINITY, 100],
    ]);
    expect(quantile(buckets, 0.5)).toBeCloseTo(0.01);
    expect(quantile(buckets, 0.9)).toBeCloseTo(0.1);
    expect(quantile(buckets, 0.95)).toBeCloseTo(0.55);
    expect(quantile(new Map([[1, 0]]), 0.5)).toBeNull();
    expect(quantile(new Map([[Number.POSITIVE_INFINITY, 3]]), 0.5)).toBe(0);
    fc.assert(
      fc.property(
        fc.array(fc.nat(100), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0.01, max: 1 }),
        (adds, q) => {
          const cumulative = new Map<number, number>();
          let total = 0;
          for (const [i, n] of adds.entries()) {
            total += n;
            cumulative.set(2 ** i, total);
          }
          const lower = quantile(cumulative, q / 2);
          const upper = quantile(cumulative, q);
          if (lower !== null && upper !== null) expect(lower).toBeLessThanOrEqual(upper + 1e-9);
        },
      ),
    );
    expect(
      bucketDelta(
        new Map([
          [1, 2],
          [2, 5],
        ]),
        new Map([
          [1, 3],
          [2, 9],
        ]),
      ),
    ).toEqual(
      new Map([
        [1, 1],
        [2, 4],
      ]),
    );
  });

  it('turns counter readings into rates, a reset counter counting from zero', () => {
    expect(
      rates(
        new Map([['a', 10]]),
        new Map([
          ['a', 14],
          ['b', 2],
        ]),
        2,
      ),
    ).toEqual({ a: 2, b: 1 });
    expect(rates(new Map([['a', 10]]), new Map([['a', 3]]), 1)).toEqual({ a: 3 });
    expect(leaseHolder('node-a:17')).toBe('node-a');
    expect(leaseHolder('host:1234:9')).toBe('host:1234');
    expect(leaseHolder(null)).toBeNull();
  });
});

describe('/ops/ws', () => {
  let stack: Stack;
  let bare: Stack;
  const clients: FeedTestClient[] = [];

  beforeAll(async () => {
    stack = await startStack({ gateway: { logLevel: 'silent', opsToken: Token } });
    bare = await startStack({ gateway: { logLevel: 'silent' } });
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await stack?.close();
    await bare?.close();
  });

  const opsUrl = (s: Stack) => s.gateway.wsUrl.replace(/\/ws$/, '/ops/ws');

  /** Opens /ops/ws, sends the token, collects frames; resolves with the close code if closed. */
  function dashboard(url: string, token: string) {
    const frames: OpsFrame[] = [];
    const socket = new WebSocket(url);
    const closed = new Promise<number>((resolve) => {
      socket.on('close', (code) => resolve(code));
      socket.on('error', () => resolve(-1));
    });
    socket.on('open', () => socket.send(JSON.stringify({ op: 'auth', token })));
    socket.on('message', (data) => {
      const parsed = parseOpsFrame(String(data));
      if (parsed.ok) frames.push(parsed.value);
    });
    const until = (predicate: (f: OpsFrame) => boolean, timeout = 8000) =>
      vi.waitFor(
        () => {
          const hit = frames.findLast(predicate);
          if (!hit) throw new Error(`no such ops frame; last: ${JSON.stringify(frames.at(-1))}`);
          return hit;
        },
        { timeout, interval: 50 },
      );
    return { socket, frames, closed, until };
  }

  it('closes a dashboard with the wrong token, and has no dashboard without OPS_TOKEN', async () => {
    const wrong = dashboard(opsUrl(stack), 'not-the-operator-token');
    expect(await wrong.closed).toBe(OpsCloseCode.badToken);
    expect(wrong.frames).toEqual([]);
    const none = dashboard(opsUrl(bare), Token);
    expect(await none.closed).not.toBe(1000);
    expect(none.frames).toEqual([]);
  });

  it('follows clients connecting: clients, subscribers, the saved share and upstream calls', async () => {
    const ops = dashboard(opsUrl(stack), Token);
    const first = await ops.until(() => true);
    expect(first.clients).toBe(0);
    expect(first.node.length).toBeGreaterThan(0);
    const session = await login(stack.sim.url);
    for (let i = 0; i < 3; i++) {
      const c = await FeedTestClient.connect(stack.gateway.wsUrl);
      clients.push(c);
      await c.hello(session.accountId, session.token);
      await c.sub(LIVE);
      await c.until(() => c.topics.has(LIVE), 5000, 'snapshot');
    }
    const three = await ops.until((f) => f.clients === 3);
    const live = three.topics.find((t) => t.topic === LIVE);
    expect(live?.subscribers).toBe(3);
    expect(live?.leader).toBe(three.node);
    // Three players on a 1 s topic: 3 polls a second naively, 1 shared (+ the warm menu's).
    expect(three.naivePerSecond).toBeCloseTo(3);
    expect(three.savedShare).toBeGreaterThan(0.5);
    const withUpstream = await ops.until((f) => (f.upstreamPerSecond['/odds/uxmarket'] ?? 0) > 0);
    expect(Object.keys(withUpstream.upstreamPerSecond)).toContain('/odds/uxmarket');
    const more = await FeedTestClient.connect(stack.gateway.wsUrl);
    clients.push(more);
    await more.hello(session.accountId, session.token);
    await more.sub(LIVE);
    const four = await ops.until((f) => f.clients === 4);
    expect(four.savedShare ?? 0).toBeGreaterThan(three.savedShare ?? 1);
    ops.socket.close();
  });
});

describe('/ops/ws in cluster mode', () => {
  it('shows every node: a client on the other gateway counts on this dashboard', async () => {
    const stack = await startStack({ redis: true, gateway: { logLevel: 'silent', opsToken: Token } });
    let other: RunningGateway | undefined;
    let client: FeedTestClient | undefined;
    const socket = new WebSocket(stack.gateway.wsUrl.replace(/\/ws$/, '/ops/ws'));
    const frames: OpsFrame[] = [];
    socket.on('open', () => socket.send(JSON.stringify({ op: 'auth', token: Token })));
    socket.on('message', (data) => {
      const parsed = parseOpsFrame(String(data));
      if (parsed.ok) frames.push(parsed.value);
    });
    try {
      other = await startGateway({
        upstreamUrl: stack.sim.url,
        redisUrl: stack.redis.url,
        opsToken: Token,
        logLevel: 'silent',
      });
      const session = await login(stack.sim.url);
      client = await FeedTestClient.connect(other.wsUrl);
      await client.hello(session.accountId, session.token);
      await client.sub(LIVE);
      const seen = await vi.waitFor(
        () => {
          const hit = frames.find(
            (f) => f.nodes.length === 2 && f.nodes.some((n) => n.node !== f.node && n.clients === 1),
          );
          expect(hit, JSON.stringify(frames.at(-1)?.nodes)).toBeDefined();
          return hit;
        },
        { timeout: 8000, interval: 50 },
      );
      expect(seen?.clients).toBe(0);
      expect(seen?.nodes.find((n) => n.node === seen?.node)?.clients).toBe(0);
    } finally {
      socket.close();
      await client?.close();
      await other?.close();
      await stack.close();
    }
  });
});
