import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logFormat, logTransport, PrettyLogTransport, redactUrl, redactUrlsIn } from './logging.ts';

describe('redactUrl', () => {
  it('keeps the path and drops the query string and fragment', () => {
    expect(redactUrl('/api/authlogin')).toBe('/api/authlogin');
    expect(redactUrl('/?token=abc123')).toBe('/?[redacted]');
    expect(redactUrl('/ws?session_token=s&x=1')).toBe('/ws?[redacted]');
    expect(redactUrl('/page#token=abc')).toBe('/page?[redacted]');
  });

  it('never keeps anything after a "?" (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (path, secret) => {
        const logged = redactUrl(`/${path.replace(/[?#]/g, '')}?t=${secret}`);
        expect(logged.endsWith('?[redacted]')).toBe(true);
      }),
    );
  });
});

describe('redactUrlsIn', () => {
  it('redacts query strings of paths and URLs inside text', () => {
    expect(redactUrlsIn("'/api/%zz?token=SECRET' is not a valid url component")).toBe(
      "'/api/%zz?[redacted]' is not a valid url component",
    );
    expect(redactUrlsIn('Route GET:/x?session_token=SECRET not found')).toBe(
      'Route GET:/x?[redacted] not found',
    );
    expect(redactUrlsIn('fetch http://h:1/a/b?token=SECRET failed')).toBe(
      'fetch http://h:1/a/b?[redacted] failed',
    );
    expect(redactUrlsIn('no url here?')).toBe('no url here?');
  });
});

describe('logFormat / logTransport', () => {
  it('is pretty only at a terminal outside production, and only when pino-pretty is installed', () => {
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat('development', true)).toBe('pretty');
    expect(logFormat('production', true)).toBe('json');
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat(undefined, undefined)).toBe('json');
    expect(logTransport(undefined, true, true)).toBe(PrettyLogTransport);
    expect(logTransport(undefined, true, false)).toBeUndefined();
    expect(logTransport('production', true, true)).toBeUndefined();
  });
});
