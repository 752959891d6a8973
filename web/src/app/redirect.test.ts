import { describe, expect, it } from 'vitest';
import { afterLoginTarget, loginRedirect } from './redirect.ts';

describe('guard redirect (SPEC section 2)', () => {
  it('carries the wanted path, and no query for the root', () => {
    expect(loginRedirect('/desktop')).toBe('/?redirect=%2Fdesktop');
    expect(loginRedirect('/info/betlist?x=1')).toBe('/?redirect=%2Finfo%2Fbetlist%3Fx%3D1');
    expect(loginRedirect('/')).toBe('/');
  });

  it('after login goes to the redirect target only when it is a path of this app', () => {
    expect(afterLoginTarget('?redirect=%2Fw4d')).toBe('/w4d');
    expect(afterLoginTarget('')).toBe('/desktop');
    expect(afterLoginTarget('?redirect=%2F%2Fevil.example')).toBe('/desktop');
    expect(afterLoginTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/desktop');
  });
});
