import { type RunningRedis, startRedis } from '@sportsbook/testkit';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicKeys } from './keys.ts';
import { LeaderLease, type LeaseLossReason } from './lease.ts';
import { closeRedis, connectRedis, reconnectDelay } from './redis.ts';

let server: RunningRedis;
const clients: Redis[] = [];

beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  for (const c of clients) await closeRedis(c);
  await server.stop();
});

function connect(name: string): Redis {
  const c = connectRedis(server.url, { name });
  clients.push(c);
  return c;
}

interface Probe {
  lease: LeaderLease;
  elected: Promise<{ fence: number; at: number }>;
  lost: Promise<{ reason: LeaseLossReason; at: number }>;
}

function candidate(redis: Redis, nodeId: string, topic: string, leaseMs: number): Probe {
  const keys = topicKeys(topic);
  let onElected!: (v: { fence: number; at: number }) => void;
  let onLost!: (v: { reason: LeaseLossReason; at: number }) => void;
  const elected = new Promise<{ fence: number; at: number }>((r) => {
    onElected = r;
  });
  const lost = new Promise<{ reason: LeaseLossReason; at: number }>((r) => {
    onLost = r;
  });
  const lease = new LeaderLease({
    redis,
    leaseKey: keys.lease,
    fenceKey: keys.fence,
    nodeId,
    leaseMs,
    events: {
      onElected: (fence) => onElected({ fence, at: Date.now() }),
      onLost: (reason) => onLost({ reason, at: Date.now() }),
    },
  });
  return { lease, elected, lost };
}

describe('reconnectDelay', () => {
  it('grows exponentially, stays under the cap, and jitters', () => {
    expect(reconnectDelay(1, 2000, () => 1)).toBe(50);
    expect(reconnectDelay(3, 2000, () => 1)).toBe(200);
    expect(reconnectDelay(30, 2000, () => 1)).toBe(2000);
    expect(reconnectDelay(30, 2000, () => 0)).toBe(1000);
  });
});

describe('LeaderLease', () => {
  it('elects exactly one of several candidates and hands over within a lease on release', async () => {
    const a = candidate(connect('a'), 'node-a', 'lease/one', 1000);
    const b = candidate(connect('b'), 'node-b', 'lease/one', 1000);
    a.lease.start();
    const first = await a.elected;
    b.lease.start();
    // b must not win while a renews: wait past two leases.
    const winner = await Promise.race([
      b.elected.then(() => 'b'),
      new Promise((r) => setTimeout(() => r('none'), 2500)),
    ]);
    expect(winner).toBe('none');
    expect(a.lease.isLeader()).toBe(true);
    const released = Date.now();
    await a.lease.stop();
    const second = await b.elected;
    expect(second.fence).toBe(first.fence + 1);
    expect(second.at - released).toBeLessThan(1000 + 300);
    expect((await a.lost).reason).toBe('released');
    await b.lease.stop();
  });

  it('moves the topic within one lease when the leader dies, and the dead leader stops first', async () => {
    const leaseMs = 1000;
    const redisA = connect('a2');
    const a = candidate(redisA, 'node-a', 'lease/two', leaseMs);
    const b = candidate(connect('b2'), 'node-b', 'lease/two', leaseMs);
    a.lease.start();
    await a.elected;
    b.lease.start();
    // A partition: a can no longer reach Redis, so it cannot renew (nor release).
    redisA.disconnect();
    const died = Date.now();
    const [lostA, electedB] = await Promise.all([a.lost, b.elected]);
    expect(lostA.reason).toBe('expired');
    // a stopped believing it leads before b started: never two leaders.
    expect(lostA.at).toBeLessThanOrEqual(electedB.at);
    expect(electedB.at - died).toBeLessThanOrEqual(leaseMs + 300);
    await a.lease.stop();
    await b.lease.stop();
  });

  it('refuses writes of a leader whose value is no longer in the key (fencing)', async () => {
    const redis = connect('c');
    const a = candidate(redis, 'node-a', 'lease/three', 5000);
    a.lease.start();
    const { fence } = await a.elected;
    expect(a.lease.value).toBe(`node-a:${fence}`);
    // Someone deleted the key and took it (as after an expiry).
    await redis.set(topicKeys('lease/three').lease, 'node-z:999', 'PX', 5000);
    a.lease.relinquish();
    expect((await a.lost).reason).toBe('taken');
    expect(a.lease.isLeader()).toBe(false);
    await a.lease.stop();
  });
});
