import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecord } from './guards.ts';

describe('isRecord', () => {
  it('accepts plain objects and refuses null, arrays and primitives', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    for (const no of [null, undefined, [], [1], 'x', 1, true, 1n]) expect(isRecord(no)).toBe(false);
  });

  it('property: agrees with typeof object, non-null, non-array', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(isRecord(v)).toBe(typeof v === 'object' && v !== null && !Array.isArray(v));
      }),
    );
  });
});
