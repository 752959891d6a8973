import { startStack } from '@sportsbook/testkit';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from './index.ts';

describe('gateway app', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  beforeAll(async () => {
    ({ sim, gateway } = await startStack());
  });
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  it('answers health and readiness against a live upstream', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('reports not ready when the upstream is unreachable', async () => {
    const orphan = await startGateway({ upstreamUrl: 'http://127.0.0.1:1', webDist: undefined });
    try {
      const res = await fetch(`${orphan.url}/readyz`);
      expect(res.status).toBe(503);
    } finally {
      await orphan.close();
    }
  });

  it('exposes Prometheus metrics including upstream call counts', async () => {
    const text = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(text).toContain('gateway_upstream_calls_total');
  });

  it('answers unknown paths with the catalogue code, not an HTML error', async () => {
    const res = await fetch(`${gateway.url}/nope`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 0, statusdesc: 'unknownCall' });
  });
});
