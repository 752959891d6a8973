import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../index.ts';

describe('web plugin: the app, its deep links, and the backend-only paths', () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    gateway = await startGateway({ upstreamUrl: 'http://127.0.0.1:1', webDist: dist });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for a deep link', async () => {
    const res = await fetch(`${gateway.url}/info/betlist`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>app</title>');
  });

  it('/prg and /apitv answer a clean 404 envelope, not the app (SPEC section 2)', async () => {
    for (const path of ['/prg', '/apitv', '/prg/x?y=1', '/apitv/stream']) {
      const res = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ status: 0, statusdesc: 'unknownCall' });
    }
    const post = await fetch(`${gateway.url}/apitv`, { method: 'POST' });
    expect(post.status).toBe(404);
    // A path that only starts with the same letters is still the app's.
    expect((await fetch(`${gateway.url}/prgx`, { headers: { accept: 'text/html' } })).status).toBe(200);
  });
});
