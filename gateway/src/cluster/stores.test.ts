import { type RunningRedis, startRedis } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis, RedisHealth } from './redis.ts';
import { RedisIdempotencyStore, RedisLockStore, RedisSessionCache } from './stores.ts';

let server: RunningRedis;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await server.stop();
});

/** One "node": its own connection, as two gateway processes have. */
async function node(name: string) {
  const redis = connectRedis(server.url, { name });
  await new RedisHealth(redis).ready(5000);
  const idempotency = new RedisIdempotencyStore(redis, server.url, { windowMs: 60_000, nodeId: name });
  closers.push(async () => {
    await idempotency.close();
    await closeRedis(redis);
  });
  return { redis, locks: new RedisLockStore(redis), idempotency, sessions: new RedisSessionCache(redis) };
}

describe('RedisLockStore', () => {
  it('holds the one-at-a-time rule across nodes and frees only its own lease', async () => {
    const a = await node('lock-a');
    const b = await node('lock-b');
    const lease = await a.locks.acquire('demo01:login', 5000);
    expect(lease).not.toBeNull();
    expect(await b.locks.acquire('demo01:login', 5000)).toBeNull();
    await lease?.release();
    const second = await b.locks.acquire('demo01:login', 5000);
    expect(second).not.toBeNull();
    // A stale release (the first holder, again) must not free the second holder's lock.
    await lease?.release();
    expect(await a.locks.acquire('demo01:login', 5000)).toBeNull();
    await second?.release();
  });

  it('expires a crashed holder after its TTL', async () => {
    const a = await node('lock-ttl');
    expect(await a.locks.acquire('demo02:balance', 50)).not.toBeNull();
    await expect
      .poll(() => a.locks.acquire('demo02:balance', 50), { timeout: 2000, interval: 20 })
      .not.toBeNull();
  });
});

describe('RedisIdempotencyStore', () => {
  it('gives a retry on another node the first reply, and wakes a waiter there', async () => {
    const a = await node('idem-a');
    const b = await node('idem-b');
    expect(await a.idempotency.begin('demo01\u0000req-1', 'fp1')).toEqual({ kind: 'claimed' });
    expect(await b.idempotency.begin('demo01\u0000req-1', 'fp1')).toEqual({
      kind: 'running',
      fingerprint: 'fp1',
    });
    const waiting = b.idempotency.wait('demo01\u0000req-1', 5000);
    const reply = { httpStatus: 200, body: { status: 1, statusdesc: 'success', data: { ticket: 7 } } };
    await a.idempotency.complete('demo01\u0000req-1', reply);
    expect(await waiting).toEqual(reply);
    expect(await b.idempotency.begin('demo01\u0000req-1', 'fp1')).toEqual({
      kind: 'done',
      fingerprint: 'fp1',
      reply,
    });
    // A late waiter reads the stored reply without a message.
    expect(await b.idempotency.wait('demo01\u0000req-1', 1000)).toEqual(reply);
  });

  it('release lets the next retry claim again and hands waiters the failure', async () => {
    const a = await node('idem-rel-a');
    const b = await node('idem-rel-b');
    expect((await a.idempotency.begin('demo03\u0000req-2', 'fp')).kind).toBe('claimed');
    const waiting = b.idempotency.wait('demo03\u0000req-2', 5000);
    // The waiter is subscribed (a release before that is seen as "gone", like a late waiter's).
    const channel = `sb:idem-done:${encodeURIComponent('demo03\u0000req-2')}`;
    await expect.poll(async () => (await a.redis.pubsub('NUMSUB', channel))[1], { interval: 10 }).toBe(1);
    const failure = { httpStatus: 504, body: { status: 0, statusdesc: 'requestTimeout' } };
    await a.idempotency.release('demo03\u0000req-2', failure);
    expect(await waiting).toEqual(failure);
    expect((await b.idempotency.begin('demo03\u0000req-2', 'fp')).kind).toBe('claimed');
  });

  it('wait times out with null while the first attempt runs', async () => {
    const a = await node('idem-to');
    await a.idempotency.begin('demo04\u0000req-3', 'fp');
    expect(await a.idempotency.wait('demo04\u0000req-3', 100)).toBeNull();
  });

  it('only one of many concurrent claims on many nodes wins', async () => {
    const nodes = await Promise.all([node('race-1'), node('race-2'), node('race-3')]);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (nodes[i % 3] as Awaited<ReturnType<typeof node>>).idempotency.begin('demo05\u0000req-4', 'fp'),
      ),
    );
    expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
  });
});

describe('RedisSessionCache', () => {
  it('shares verdicts across nodes, never stores the token in clear, and expires them', async () => {
    const a = await node('sess-a');
    const b = await node('sess-b');
    await a.sessions.set('Demo01', 'secret-token', 'valid', 200);
    expect(await b.sessions.get('demo01', 'secret-token')).toBe('valid');
    expect(await b.sessions.get('demo01', 'other')).toBeUndefined();
    const keys = await a.redis.keys('*');
    expect(keys.join(' ')).not.toContain('secret-token');
    await expect
      .poll(() => b.sessions.get('demo01', 'secret-token'), { timeout: 2000, interval: 20 })
      .toBeUndefined();
  });
});
