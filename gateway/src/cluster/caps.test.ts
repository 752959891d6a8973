/**
 * Socket caps across the cluster: two gateways over one real redis-server and
 * the real simulator. A session, an account and an address hold each cap once across both nodes
 * (per node they would hold it twice); a dead node's counts stop counting after `capsTtlMs`; while
 * Redis is down each node counts alone, and its counts are written when Redis is back.
 */
import { CloseCode } from '@sportsbook/protocol';
import { FeedTestClient, login, type RunningRedis, startRedis } from '@sportsbook/testkit';
import { gatewayMetric, startPair } from '@sportsbook/testkit/feed';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../index.ts';
import { capKey } from './caps.ts';

type Session = { accountId: string; token: string };

describe('socket caps across two gateways', () => {
  let redis: RunningRedis;
  let sim: RunningSim;
  let a: RunningGateway;
  let b: RunningGateway;
  const clients: FeedTestClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const pair = await startPair({}, { webDist: undefined, warmTopics: [] });
    await pair.gateway.close();
    sim = pair.sim;
    const options = () => ({
      upstreamUrl: sim.url,
      webDist: undefined,
      warmTopics: [],
      redisUrl: redis.url,
      cluster: { capsTtlMs: 1500, capsRefreshMs: 300 },
      feed: { maxSocketsPerSession: 2, maxSocketsPerAccount: 3, maxSocketsPerIp: 6 },
    });
    a = await startGateway(options());
    b = await startGateway(options());
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await a?.close().catch(() => {});
    await b?.close().catch(() => {});
    await sim?.close();
    await redis?.stop();
  });

  /** A socket on `node` after hello: 'open', or the close code it got instead. */
  async function open(node: RunningGateway, s: Session): Promise<FeedTestClient | number> {
    const c = await FeedTestClient.connect(node.wsUrl);
    clients.push(c);
    try {
      await c.hello(s.accountId, s.token);
      return c;
    } catch {
      return c.closedWith();
    }
  }

  const refusals = async (reason: string) =>
    (await gatewayMetric(a, 'gateway_ws_refusals_total', `reason="${reason}"`)) +
    (await gatewayMetric(b, 'gateway_ws_refusals_total', `reason="${reason}"`));

  it('an account holds its cap once across the nodes; a closed socket frees its place for the other node', async () => {
    const s1 = await login(sim.url, 'demo05');
    const s2 = await login(sim.url, 'demo05');
    const before = await refusals('sockets_per_account');
    const first = await open(a, s1);
    expect(first).toBeInstanceOf(FeedTestClient);
    expect(await open(a, s1)).toBeInstanceOf(FeedTestClient);
    expect(await open(b, s2)).toBeInstanceOf(FeedTestClient);
    // Node b holds one socket of the account, node a two: per node there is room, not across.
    expect(await open(b, s2)).toBe(CloseCode.tooManyRequests);
    expect(await refusals('sockets_per_account')).toBe(before + 1);
    await (first as FeedTestClient).close();
    await vi.waitFor(async () => expect(await open(b, s2)).toBeInstanceOf(FeedTestClient), {
      timeout: 3000,
      interval: 100,
    });
  });

  it('a session holds its cap once across the nodes', async () => {
    const s = await login(sim.url, 'demo06');
    expect(await open(a, s)).toBeInstanceOf(FeedTestClient);
    expect(await open(b, s)).toBeInstanceOf(FeedTestClient);
    const before = await refusals('sockets_per_session');
    expect(await open(b, s)).toBe(CloseCode.tooManyRequests);
    expect(await refusals('sockets_per_session')).toBe(before + 1);
  });

  it('an address holds its cap once across the nodes', async () => {
    const sessions = await Promise.all(
      ['demo07', 'demo08', 'demo09', 'demo10'].map((id) => login(sim.url, id)),
    );
    const [s7, s8, s9, s10] = sessions as [Session, Session, Session, Session];
    for (const [node, s] of [
      [a, s7],
      [a, s7],
      [b, s8],
      [b, s8],
      [a, s9],
      [b, s9],
    ] as const) {
      expect(await open(node, s)).toBeInstanceOf(FeedTestClient);
    }
    const before = await refusals('sockets_per_ip');
    // Three sockets from this address on each node: six in all, the cap.
    expect(await open(b, s10)).toBe(CloseCode.tooManyRequests);
    expect(await refusals('sockets_per_ip')).toBe(before + 1);
  });

  it("a dead node's counts stop counting after capsTtlMs", async () => {
    const s = await login(sim.url, 'demo16');
    // A node that died holding three sockets of the account, its field written just now.
    const key = capKey('a:demo16');
    const [sec, micro] = (await redisTime(redis)) as [number, number];
    await redisCall(redis, ['HSET', key, 'dead-node', `3|${sec * 1000 + Math.floor(micro / 1000) + 1500}`]);
    expect(await open(a, s)).toBe(CloseCode.tooManyRequests);
    await vi.waitFor(async () => expect(await open(a, s)).toBeInstanceOf(FeedTestClient), {
      timeout: 4000,
      interval: 200,
    });
    expect(await redisCall(redis, ['HEXISTS', key, 'dead-node'])).toBe(0);
  });

  it('while Redis is down each node counts alone; back up, the counts are shared again', async () => {
    const [s, s2, s3] = await Promise.all([1, 2, 3].map(() => login(sim.url, 'demo17')));
    await redis.stop();
    try {
      // Per node: two on each, four in all (over the account's 3 across nodes), none refused.
      for (const [node, session] of [
        [a, s],
        [a, s],
        [b, s2],
        [b, s2],
      ] as const) {
        expect(await open(node, session as Session)).toBeInstanceOf(FeedTestClient);
      }
    } finally {
      await redis.restart();
    }
    // Back up (an empty Redis): each node writes its counts again, and a new session's socket on b
    // (room for it on b alone: 1 of 2 sockets per session, 3 of 3 per account) is refused across the nodes.
    const before = await refusals('sockets_per_account');
    await vi.waitFor(async () => expect(await open(b, s3 as Session)).toBe(CloseCode.tooManyRequests), {
      timeout: 8000,
      interval: 300,
    });
    expect(await refusals('sockets_per_account')).toBeGreaterThan(before);
  });
});

async function redisCall(redis: RunningRedis, args: string[]): Promise<unknown> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redis.url, { lazyConnect: false });
  try {
    return await client.call(args[0] as string, ...args.slice(1));
  } finally {
    client.disconnect();
  }
}

async function redisTime(redis: RunningRedis): Promise<[number, number]> {
  const t = (await redisCall(redis, ['TIME'])) as [string, string];
  return [Number(t[0]), Number(t[1])];
}
