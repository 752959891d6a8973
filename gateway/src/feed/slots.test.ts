/**
 * Slow polls spread over their interval (slots.ts): a topic's slow polls fall on its own phase of
 * the interval, and topics created together get phases spread over it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phaseOf, slotAfter } from './slots.ts';

const T0 = 1_763_798_400_000;

describe('slow-poll slots', () => {
  it('a slot is at least the minimum gap after the poll, within one interval of it, on the phase', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 120_000 }),
        fc.integer({ min: 0, max: 5000 }),
        (dt, phase, interval, minGap) => {
          const after = T0 + dt;
          const slot = slotAfter(after, phase, interval, minGap);
          const gap = Math.min(minGap, interval);
          expect(slot - after).toBeGreaterThanOrEqual(gap - 1e-6);
          expect(slot - after).toBeLessThan(gap + interval + 1e-6);
          const offset = (((slot - phase * interval) % interval) + interval) % interval;
          expect(Math.min(offset, interval - offset)).toBeLessThan(1e-3);
        },
      ),
    );
  });

  it('once on its slot, a topic polls exactly one interval apart (timer lateness does not drift it)', () => {
    const interval = 30_000;
    const phase = phaseOf(7);
    let start = slotAfter(T0, phase, interval, 1000);
    for (let i = 0; i < 20; i++) {
      // The poll starts a little after its slot (a busy loop): the next is still on the slot.
      const next = slotAfter(start + (i % 5) * 37, phase, interval, 1000);
      expect(next - start).toBeCloseTo(interval, 6);
      start = next;
    }
  });

  it('200 topics subscribed in the same millisecond poll spread over the interval, not together', () => {
    const interval = 30_000;
    const buckets = new Array<number>(30).fill(0);
    for (let k = 0; k < 200; k++) {
      const second = slotAfter(T0, phaseOf(k), interval, 1000);
      const bucket = Math.floor(((second - T0) % interval) / 1000);
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    }
    // Evenly: 200 / 30 = 6.7 a second; a low-discrepancy sequence stays within a couple of that.
    expect(Math.max(...buckets)).toBeLessThanOrEqual(9);
    expect(Math.min(...buckets)).toBeGreaterThanOrEqual(5);
  });
});
