// The gateway's signer against the simulator's verifier (exported from @sportsbook/upstream-sim).

import { loginSignatureValid } from '@sportsbook/upstream-sim';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalLoginBody, signLoginBody, withLoginSignature } from './signing.ts';

const loginBody = fc.record({
  account_id: fc.string({ maxLength: 64 }),
  password: fc.string({ maxLength: 64 }),
});

describe('login signing', () => {
  it('the simulator accepts what the gateway signs, for any login body (property)', () => {
    fc.assert(
      fc.property(loginBody, fc.string({ minLength: 1, maxLength: 40 }), (body, key) => {
        expect(loginSignatureValid(withLoginSignature(body, key), key)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a changed field, another key or a client signature does not verify', () => {
    fc.assert(
      fc.property(loginBody, fc.string({ minLength: 1, maxLength: 8 }), (body, suffix) => {
        const signed = withLoginSignature(body, 'key-a');
        expect(loginSignatureValid({ ...signed, password: body.password + suffix }, 'key-a')).toBe(false);
        expect(loginSignatureValid(signed, 'key-b')).toBe(false);
      }),
      { numRuns: 300 },
    );
    expect(loginSignatureValid({ account_id: 'a', password: 'b' }, 'key-a')).toBe(false);
  });

  it('is independent of key order and replaces any signature the client sent', () => {
    const a = { account_id: 'demo01', password: 'demo1234' };
    const b = { password: 'demo1234', account_id: 'demo01' };
    expect(canonicalLoginBody(a)).toBe('{"account_id":"demo01","password":"demo1234"}');
    expect(signLoginBody(a, 'k')).toBe(signLoginBody(b, 'k'));
    expect(withLoginSignature({ ...a, signature: 'forged' }, 'k').signature).toBe(signLoginBody(a, 'k'));
  });
});
