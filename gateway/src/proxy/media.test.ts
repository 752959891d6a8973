import { type Stack, startStack } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../index.ts';

describe('media relay (/media/<file> through the gateway)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('streams a clip whole, with the CSP allowing media from the gateway itself', async () => {
    const res = await fetch(`${stack.gateway.url}/media/live-1.webm`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-security-policy')).toContain("media-src 'self'");
    const body = new Uint8Array(await res.arrayBuffer());
    const direct = new Uint8Array(await (await fetch(`${stack.sim.url}/media/live-1.webm`)).arrayBuffer());
    expect(body.length).toBe(direct.length);
    expect(Number(res.headers.get('content-length'))).toBe(direct.length);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const direct = new Uint8Array(await (await fetch(`${stack.sim.url}/media/live-2.webm`)).arrayBuffer());
    const res = await fetch(`${stack.gateway.url}/media/live-2.webm`, {
      headers: { range: 'bytes=100-1099' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${direct.length}`);
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([...direct.slice(100, 1100)]);
    const past = await fetch(`${stack.gateway.url}/media/live-2.webm`, {
      headers: { range: `bytes=${direct.length + 5}-` },
    });
    expect(past.status).toBe(416);
  });

  it('relays the logo SVG, and answers a 404 envelope for a missing or unsafe name', async () => {
    const logo = await fetch(`${stack.gateway.url}/media/logo-crimson.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    const missing = await fetch(`${stack.gateway.url}/media/missing-1.webm`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ status: 0, statusdesc: 'empty' });
    for (const bad of ['.hidden', '..%2F..%2Fetc%2Fpasswd', 'a%20b.webm']) {
      const res = await fetch(`${stack.gateway.url}/media/${bad}`);
      expect(res.status, bad).toBe(404);
    }
  });

  it('answers 502 when the upstream is unreachable', async () => {
    const gw = await startGateway({ upstreamUrl: 'http://127.0.0.1:9' });
    try {
      const res = await fetch(`${gw.url}/media/live-1.webm`);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { statusdesc: string }).statusdesc).toBe('requestFailed');
    } finally {
      await gw.close();
    }
  });
});
