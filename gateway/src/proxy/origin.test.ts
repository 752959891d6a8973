import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOriginAllowed, normalizeOrigin } from './origin.ts';

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
});
