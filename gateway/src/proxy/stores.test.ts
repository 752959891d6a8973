import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore, MemoryLockStore, type StoredReply } from './stores.ts';

const reply = (n: number): StoredReply => ({
  httpStatus: 200,
  body: { status: 1, statusdesc: 'success', n },
});

describe('MemoryLockStore', () => {
  it('never hands out two live leases on one key (model-based property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            key: fc.constantFrom('a:login', 'a:balance', 'b:login'),
            op: fc.constantFrom('acquire', 'release'),
          }),
          {
            maxLength: 60,
          },
        ),
        async (ops) => {
          const store = new MemoryLockStore(() => 0);
          const leases = new Map<string, { release(): Promise<void> }>();
          for (const { key, op } of ops) {
            if (op === 'acquire') {
              const lease = await store.acquire(key, 1000);
              expect(lease === null).toBe(leases.has(key));
              if (lease) leases.set(key, lease);
            } else {
              await leases.get(key)?.release();
              leases.delete(key);
            }
          }
          expect(store.size()).toBe(leases.size);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('expires a lease after its ttl, and the old holder cannot release the new one', async () => {
    let now = 0;
    const store = new MemoryLockStore(() => now);
    const first = await store.acquire('a:balance', 100);
    expect(await store.acquire('a:balance', 100)).toBeNull();
    now = 100;
    const second = await store.acquire('a:balance', 100);
    expect(second).not.toBeNull();
    await first?.release();
    expect(await store.acquire('a:balance', 100)).toBeNull();
    await second?.release();
    await second?.release();
    expect(await store.acquire('a:balance', 100)).not.toBeNull();
  });
});

describe('MemoryIdempotencyStore', () => {
  it('claims once, reports running, then replays the stored reply', async () => {
    const store = new MemoryIdempotencyStore({ windowMs: 60_000, maxEntries: 10 });
    expect(await store.begin('k', 'f1')).toEqual({ kind: 'claimed' });
    expect(await store.begin('k', 'f2')).toEqual({ kind: 'running', fingerprint: 'f1' });
    const waiting = store.wait('k', 5_000);
    await store.complete('k', reply(1));
    expect(await waiting).toEqual(reply(1));
    expect(await store.begin('k', 'f1')).toEqual({ kind: 'done', fingerprint: 'f1', reply: reply(1) });
    expect(await store.wait('k', 10)).toEqual(reply(1));
  });

  it('a released key wakes its waiters with the given reply and can be claimed again', async () => {
    const store = new MemoryIdempotencyStore({ windowMs: 60_000, maxEntries: 10 });
    await store.begin('k', 'f');
    const waiting = store.wait('k', 5_000);
    await store.release('k', reply(2));
    expect(await waiting).toEqual(reply(2));
    expect(await store.begin('k', 'f')).toEqual({ kind: 'claimed' });
  });

  it('a wait gives up with null after its timeout', async () => {
    const store = new MemoryIdempotencyStore({ windowMs: 60_000, maxEntries: 10 });
    await store.begin('k', 'f');
    expect(await store.wait('k', 5)).toBeNull();
    expect(await store.wait('unknown', 5)).toBeNull();
  });

  it('holds at most maxEntries keys however many arrive (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 50 }),
        async (keys, max) => {
          const store = new MemoryIdempotencyStore({ windowMs: 60_000, maxEntries: max });
          for (const key of keys) {
            await store.begin(key, 'f');
            await store.complete(key, reply(0));
          }
          expect(store.size()).toBe(Math.min(keys.length, max));
        },
      ),
      { numRuns: 300 },
    );
  });
});
