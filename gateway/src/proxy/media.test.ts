import { buildTestGateway, type InjectStack, inject, startInjectStack } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('media relay (/media/<file> through the gateway)', () => {
  let stack: InjectStack;
  beforeAll(async () => {
    stack = await startInjectStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('streams a clip whole, with the CSP allowing media from the gateway itself', async () => {
    const res = await stack.get('/media/live-1.webm');
    expect(res.http).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-security-policy')).toContain("media-src 'self'");
    const body = new Uint8Array(res.body);
    const direct = new Uint8Array(await (await fetch(`${stack.sim.url}/media/live-1.webm`)).arrayBuffer());
    expect(body.length).toBe(direct.length);
    expect(Number(res.headers.get('content-length'))).toBe(direct.length);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const direct = new Uint8Array(await (await fetch(`${stack.sim.url}/media/live-2.webm`)).arrayBuffer());
    const res = await stack.get('/media/live-2.webm', { range: 'bytes=100-1099' });
    expect(res.http).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${direct.length}`);
    expect([...new Uint8Array(res.body)]).toEqual([...direct.slice(100, 1100)]);
    const past = await stack.get('/media/live-2.webm', { range: `bytes=${direct.length + 5}-` });
    expect(past.http).toBe(416);
  });

  it('relays the logo SVG, and answers a 404 envelope for a missing or unsafe name', async () => {
    const logo = await stack.get('/media/logo-crimson.svg');
    expect(logo.http).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    const missing = await stack.get('/media/missing-1.webm');
    expect(missing.http).toBe(404);
    expect(missing.json).toEqual({ status: 0, statusdesc: 'empty' });
    for (const bad of ['.hidden', '..%2F..%2Fetc%2Fpasswd', 'a%20b.webm']) {
      const res = await stack.get(`/media/${bad}`);
      expect(res.http, bad).toBe(404);
    }
  });

  it('answers 502 when the upstream is unreachable', async () => {
    const gw = await buildTestGateway({ upstreamUrl: 'http://127.0.0.1:9' });
    try {
      const res = await inject(gw, { url: '/media/live-1.webm' });
      expect(res.http).toBe(502);
      expect(res.json.statusdesc).toBe('requestFailed');
    } finally {
      await gw.close();
    }
  });
});
