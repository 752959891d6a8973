import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoginFailures } from './loginFailures.ts';

describe('LoginFailures', () => {
  it('blocks an (account, address) after max failures until its window ends; other addresses stay open', () => {
    let now = 1_000;
    const failures = new LoginFailures({ max: 3, windowMs: 60_000 }, () => now);
    const attacker = LoginFailures.key('demo01', '203.0.113.9');
    const owner = LoginFailures.key('demo01', '198.51.100.7');
    for (let i = 0; i < 3; i++) {
      expect(failures.blockedFor(attacker)).toBe(0);
      failures.fail(attacker);
    }
    expect(failures.blockedFor(attacker)).toBe(60);
    expect(failures.blockedFor(owner)).toBe(0);
    now += 59_500;
    expect(failures.blockedFor(attacker)).toBe(1);
    now += 500;
    expect(failures.blockedFor(attacker)).toBe(0);
    failures.fail(attacker);
    expect(failures.blockedFor(attacker)).toBe(0);
  });

  it('blocks exactly when the failures inside one window reach max (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 30_000 }), { maxLength: 20 }),
        (max, gaps) => {
          let now = 0;
          const failures = new LoginFailures({ max, windowMs: 60_000 }, () => now);
          const key = LoginFailures.key('a', 'ip');
          let windowStart = -Infinity;
          let count = 0;
          for (const gap of gaps) {
            now += gap;
            if (now >= windowStart + 60_000) {
              windowStart = now;
              count = 0;
            }
            if (count >= max) {
              expect(failures.blockedFor(key)).toBeGreaterThan(0);
              continue;
            }
            expect(failures.blockedFor(key)).toBe(0);
            failures.fail(key);
            count++;
          }
        },
      ),
    );
  });
});
