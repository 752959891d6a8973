import { buildTestGateway, type InjectStack, inject, startInjectStack } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('gateway app', () => {
  let stack: InjectStack;
  beforeAll(async () => {
    stack = await startInjectStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers health and readiness against a live upstream', async () => {
    expect((await stack.get('/healthz')).http).toBe(200);
    const ready = await stack.get('/readyz');
    expect(ready.http).toBe(200);
  });

  it('reports not ready when the upstream is unreachable', async () => {
    const orphan = await buildTestGateway({ upstreamUrl: 'http://127.0.0.1:1' });
    try {
      const res = await inject(orphan, { url: '/readyz' });
      expect(res.http).toBe(503);
    } finally {
      await orphan.close();
    }
  });

  it('exposes Prometheus metrics including upstream call counts', async () => {
    const { text } = await stack.get('/metrics');
    expect(text).toContain('gateway_upstream_calls_total');
  });

  it('answers unknown paths with the catalogue code, not an HTML error', async () => {
    const res = await inject(stack.app, { method: 'POST', url: '/nope' });
    expect(res.http).toBe(404);
    expect(res.json).toEqual({ status: 0, statusdesc: 'unknownCall' });
  });
});
