import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { err, mapResult, ok, type Result } from './result.ts';

describe('Result', () => {
  it('ok carries the value and err the failure, told apart by ok', () => {
    fc.assert(
      fc.property(fc.anything(), fc.string(), (value, error) => {
        const good: Result<unknown> = ok(value);
        const bad: Result<unknown> = err(error);
        expect(good.ok && good.value).toBe(good.ok ? value : false);
        expect(good).toEqual({ ok: true, value });
        expect(bad).toEqual({ ok: false, error });
      }),
    );
  });

  it('mapResult maps a value and passes a failure through unchanged', () => {
    fc.assert(
      fc.property(fc.integer(), fc.string(), (n, e) => {
        expect(mapResult(ok(n), (v) => v * 2)).toEqual(ok(n * 2));
        const failed: Result<number> = err(e);
        expect(mapResult(failed, (v) => v * 2)).toBe(failed);
      }),
    );
  });
});
