import { describe, expect, it } from 'vitest';
import { msToNextUnit } from './clock.ts';

describe('msToNextUnit', () => {
  it('waits until the anchored clock next crosses a whole unit', () => {
    const zero = 1_000_000;
    // 90.5 s into the period: the minute changes at 120 s.
    expect(msToNextUnit(zero, zero + 90_500, 60_000)).toBe(29_500);
    // On a boundary: a whole unit.
    expect(msToNextUnit(zero, zero + 120_000, 60_000)).toBe(60_000);
    // Before the anchor (a clock set ahead of this machine's clock): from 0.
    expect(msToNextUnit(zero, zero - 5_000, 1_000)).toBe(1_000);
  });
});
