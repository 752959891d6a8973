import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Recoverable, Recovery } from './recovery.ts';

function member(key: string, intervalMs = 100): Recoverable & { wakes: number[] } {
  const wakes: number[] = [];
  return { recoveryKey: key, intervalMs, wakes, wake: (ms) => wakes.push(ms) };
}

describe('Recovery: one prober per call, everyone woken on recovery', () => {
  it('keeps the first failing topic of a call on schedule and backs the others off', () => {
    const r = new Recovery(() => 0.5);
    const a = member('uxmarket');
    const b = member('uxmarket');
    const m = member('uxmenu');
    expect(r.failed(a, 3200, 80)).toBe(80);
    expect(r.failed(b, 3200, 80)).toBe(3200);
    // Another call has its own prober.
    expect(r.failed(m, 1600, 90)).toBe(90);
    // The prober never waits longer than its backoff would have.
    expect(r.failed(a, 40, 80)).toBe(40);
  });

  it('wakes the call’s other failing topics within one interval when one recovers', () => {
    const r = new Recovery(() => 0.5);
    const a = member('uxmarket');
    const b = member('uxmarket', 200);
    const m = member('uxmenu');
    r.failed(a, 3200, 80);
    r.failed(b, 3200, 80);
    r.failed(m, 3200, 80);
    r.succeeded(a, true);
    expect(b.wakes).toEqual([100]);
    expect(m.wakes).toEqual([]);
    expect(r.failingCount('uxmarket')).toBe(1);
    // A success without failures before it says nothing about an outage.
    const c = member('uxmenu');
    r.succeeded(c, false);
    expect(m.wakes).toEqual([]);
  });

  it('hands probing to another failing topic when the prober stops', () => {
    const r = new Recovery(() => 0.5);
    const a = member('uxmatch');
    const b = member('uxmatch', 150);
    r.failed(a, 3200, 80);
    r.failed(b, 3200, 80);
    r.left(a);
    expect(b.wakes).toEqual([150]);
    expect(r.failed(b, 6400, 70)).toBe(70);
  });

  it('always has a prober among the failing topics of a call, and forgets calls with none (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('fail', 'ok', 'leave'), fc.integer({ min: 0, max: 4 })), {
          maxLength: 60,
        }),
        (ops) => {
          const r = new Recovery(() => 0);
          const members = Array.from({ length: 5 }, () => member('uxmarket'));
          const failing = new Set<Recoverable>();
          for (const [op, i] of ops) {
            const m = members[i] as Recoverable;
            if (op === 'fail') {
              r.failed(m, 1000, 10);
              failing.add(m);
            } else if (op === 'ok') {
              r.succeeded(m, failing.has(m));
              failing.delete(m);
            } else {
              r.left(m);
              failing.delete(m);
            }
            expect(r.failingCount('uxmarket')).toBe(failing.size);
          }
          // Every member failing once more: exactly one of them is on schedule (delay 10).
          const delays = members.map((m) => r.failed(m, 1000, 10));
          expect(delays.filter((d) => d === 10)).toHaveLength(1);
        },
      ),
    );
  });
});
