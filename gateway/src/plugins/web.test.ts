import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildTestGateway, type GatewayApp, type InjectedReply, inject } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('web plugin: the app, its deep links, and the backend-only paths', () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  let app: GatewayApp;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    app = await buildTestGateway({ upstreamUrl: 'http://127.0.0.1:1', webDist: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for a deep link', async () => {
    const res = await inject(app, { url: '/info/betlist', headers: { accept: 'text/html' } });
    expect(res.http).toBe(200);
    expect(res.text).toContain('<title>app</title>');
  });

  it('/prg and /apitv answer a clean 404 envelope, not the app (SPEC section 2)', async () => {
    for (const path of ['/prg', '/apitv', '/prg/x?y=1', '/apitv/stream']) {
      const res = await inject(app, { url: path, headers: { accept: 'text/html' } });
      expect(res.http).toBe(404);
      expect(res.json).toEqual({ status: 0, statusdesc: 'unknownCall' });
    }
    const post = await inject(app, { method: 'POST', url: '/apitv' });
    expect(post.http).toBe(404);
    // A path that only starts with the same letters is still the app's.
    expect((await inject(app, { url: '/prgx', headers: { accept: 'text/html' } })).http).toBe(200);
  });
});

describe('web plugin: the app shell for deep links', () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  let app: GatewayApp;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>landing</title>');
    writeFileSync(join(dist, 'app.html'), '<!doctype html><title>shell</title>');
    app = await buildTestGateway({ upstreamUrl: 'http://127.0.0.1:1', webDist: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the landing page on / and the app shell on a deep link', async () => {
    const page = async (path: string) =>
      (await inject(app, { url: path, headers: { accept: 'text/html' } })).text;
    expect(await page('/')).toContain('<title>landing</title>');
    expect(await page('/desktop')).toContain('<title>shell</title>');
    expect(await page('/info/betlist')).toContain('<title>shell</title>');
  });
});

describe('web plugin: compressed copies and cache headers (a phone over 4G)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  const asset = 'assets/index-Dw0VctbF.js';
  let app: GatewayApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    // Each copy says which it is, so the test sees which file was sent.
    for (const [file, text] of [
      ['index.html', '<!doctype html><title>plain</title>'],
      [asset, 'plain'],
    ] as const) {
      writeFileSync(join(dist, file), text);
      writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text.replace('plain', 'brotli')));
      writeFileSync(join(dist, `${file}.gz`), gzipSync(text.replace('plain', 'gzip')));
    }
    app = await buildTestGateway({ upstreamUrl: 'http://127.0.0.1:1', webDist: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, encoding: string) =>
    inject(app, { url: path, headers: { accept: 'text/html,*/*', 'accept-encoding': encoding } });
  /** The body as a browser reads it: decoded by its content-encoding (inject hands back the bytes sent). */
  const decoded = (res: InjectedReply): string => {
    const encoding = res.headers.get('content-encoding');
    if (encoding === 'br') return brotliDecompressSync(res.body).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(res.body).toString('utf8');
    return res.text;
  };

  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, else the plain file', async () => {
    const br = await get(`/${asset}`, 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(decoded(br)).toBe('brotli');
    const gz = await get(`/${asset}`, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(decoded(gz)).toBe('gzip');
    const plain = await get(`/${asset}`, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(decoded(plain)).toBe('plain');
  });

  it('caches hashed assets for a year and revalidates index.html, also on a deep link', async () => {
    const res = await get(`/${asset}`, 'br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/desktop']) {
      const page = await get(path, 'gzip, deflate, br');
      expect(page.http).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(decoded(page)).toContain('<title>brotli</title>');
    }
  });
});
