/**
 * The connection sweep in slices (sweep.ts): every item visited once, in order, the loop given
 * back between slices of the time budget, a live Set's removals skipped.
 */
import { describe, expect, it } from 'vitest';
import { sweep } from './sweep.ts';

/** A clock that each visit moves by `costMs`, and a queue of deferred slices run by hand. */
function harness(costMs: number) {
  let now = 0;
  const queue: (() => void)[] = [];
  return {
    tick: () => {
      now += costMs;
    },
    options: { sliceMs: 5, clock: () => now, defer: (next: () => void) => queue.push(next) },
    /** Runs deferred slices until none is left; returns how many ran. */
    drain: () => {
      let slices = 0;
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        slices++;
        next();
      }
      return slices;
    },
  };
}

describe('sweep', () => {
  it('visits every item once, in order, in slices of the time budget', async () => {
    const h = harness(0.01); // 10 µs a visit: 500 visits a 5 ms slice, read every 32
    const items = Array.from({ length: 2000 }, (_, i) => i);
    const seen: number[] = [];
    const done = sweep(
      items,
      (i) => {
        seen.push(i);
        h.tick();
      },
      h.options,
    );
    // The first slice ran at once and gave the loop back before the end.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(items.length);
    const later = h.drain();
    await done;
    expect(seen).toEqual(items);
    // 2,000 visits of 10 µs in 5 ms slices: 20 ms of work in about 4 slices, not one.
    expect(later + 1).toBeGreaterThanOrEqual(4);
    expect(later + 1).toBeLessThanOrEqual(5);
  });

  it('a quick sweep is one slice: nothing deferred', async () => {
    const h = harness(0);
    const seen: number[] = [];
    await sweep([1, 2, 3], (i) => seen.push(i), h.options);
    expect(seen).toEqual([1, 2, 3]);
    expect(h.drain()).toBe(0);
  });

  it('over a live Set: an item removed before its turn is not visited', async () => {
    const h = harness(1);
    const set = new Set(Array.from({ length: 100 }, (_, i) => i));
    const seen: number[] = [];
    const done = sweep(
      set,
      (i) => {
        seen.push(i);
        h.tick();
      },
      h.options,
    );
    // The first slice stopped at 32 (the clock is read every 32 visits): 90 leaves meanwhile.
    expect(seen.length).toBe(32);
    set.delete(90);
    h.drain();
    await done;
    expect(seen).toEqual([...Array.from({ length: 100 }, (_, i) => i)].filter((i) => i !== 90));
  });

  it('a visit that throws rejects the sweep and stops it', async () => {
    const h = harness(0);
    const seen: number[] = [];
    const done = sweep(
      [1, 2, 3],
      (i) => {
        if (i === 2) throw new Error('boom');
        seen.push(i);
      },
      h.options,
    );
    await expect(done).rejects.toThrow('boom');
    expect(seen).toEqual([1]);
  });
});
