import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOriginAllowed, normalizeOrigin, servedHosts } from './origin.ts';

const config = { allowedOrigins: ['https://app.example', 'http://localhost:5173'] };

describe('isOriginAllowed', () => {
  it('lets clients without an Origin header through (non-browser clients)', () => {
    expect(isOriginAllowed(undefined, { allowedOrigins: [] })).toBe(true);
  });

  it('allows listed origins, also with the default port spelled out or another case', () => {
    expect(isOriginAllowed('https://app.example', config)).toBe(true);
    expect(isOriginAllowed('https://APP.example:443', config)).toBe(true);
    expect(isOriginAllowed('http://localhost:5173', config)).toBe(true);
  });

  it('refuses other origins, other schemes, other ports, lookalikes and null', () => {
    for (const origin of [
      'https://evil.example',
      'http://app.example',
      'https://app.example:8443',
      'https://app.example.evil.example',
      'https://app.example/',
      'https://user@app.example',
      'null',
      '',
      'javascript:alert(1)',
    ]) {
      expect(isOriginAllowed(origin, config), origin).toBe(false);
    }
  });

  it('allows the same origin as the Host header when the list does not name it', () => {
    expect(isOriginAllowed('http://127.0.0.1:8080', { allowedOrigins: [] }, '127.0.0.1:8080')).toBe(true);
    expect(isOriginAllowed('https://play.example', { allowedOrigins: [] }, 'play.example')).toBe(true);
    expect(isOriginAllowed('http://127.0.0.1:9999', { allowedOrigins: [] }, '127.0.0.1:8080')).toBe(false);
    expect(isOriginAllowed('http://a.example', { allowedOrigins: [] }, 'a.example, b.example')).toBe(false);
  });

  it('`*` allows every origin; `null` only when listed', () => {
    expect(isOriginAllowed('https://anything.example', { allowedOrigins: ['*'] })).toBe(true);
    expect(isOriginAllowed('null', { allowedOrigins: ['null'] })).toBe(true);
  });

  it('never allows an origin outside a non-wildcard list without a matching host (property)', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.string(), (url, noise) => {
        const origin = new URL(url).origin;
        const allowed = isOriginAllowed(origin + noise, config);
        if (allowed)
          expect(config.allowedOrigins.map(normalizeOrigin)).toContain(normalizeOrigin(origin + noise));
      }),
      { numRuns: 500 },
    );
  });

  it('accepts a same-origin request only from a served host (DNS rebinding)', () => {
    const policy = { allowedOrigins: [], servedHosts: servedHosts({ allowedHosts: [], host: '0.0.0.0' }) };
    expect(isOriginAllowed('http://127.0.0.1:8080', policy, '127.0.0.1:8080')).toBe(true);
    expect(isOriginAllowed('http://localhost:5173', policy, 'localhost:5173')).toBe(true);
    expect(isOriginAllowed('http://[::1]:8080', policy, '[::1]:8080')).toBe(true);
    expect(isOriginAllowed('http://rebind.example:8080', policy, 'rebind.example:8080')).toBe(false);
    expect(isOriginAllowed('https://play.example', policy, 'play.example')).toBe(false);
    const named = {
      allowedOrigins: [],
      servedHosts: servedHosts({ allowedHosts: ['Play.example', 'b.example:8443'], host: '0.0.0.0' }),
    };
    expect(isOriginAllowed('https://play.example', named, 'play.example')).toBe(true);
    expect(isOriginAllowed('http://play.example:8080', named, 'play.example:8080')).toBe(true);
    expect(isOriginAllowed('https://b.example:8443', named, 'b.example:8443')).toBe(true);
    expect(isOriginAllowed('https://b.example:9443', named, 'b.example:9443')).toBe(false);
    expect(isOriginAllowed('http://127.0.0.1:8080', named, '127.0.0.1:8080')).toBe(false);
  });

  it('serves the loopback names and a non-wildcard listen host by default', () => {
    expect(servedHosts({ allowedHosts: [], host: '0.0.0.0' })).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(servedHosts({ allowedHosts: [], host: '::' })).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(servedHosts({ allowedHosts: [], host: 'gw.internal' })).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'gw.internal',
    ]);
    expect(servedHosts({ allowedHosts: [], host: 'fd00::1' })).toContain('[fd00::1]');
    expect(servedHosts({ allowedHosts: ['A.example'], host: 'gw.internal' })).toEqual(['a.example']);
  });
});
