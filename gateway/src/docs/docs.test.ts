/**
 * The API reference against a real gateway and simulator: every call of protocol's table is in
 * the OpenAPI document with its body and reply schemas, the browsable UI renders in Chromium under
 * the gateway's CSP, and the AsyncAPI document names every wire frame.
 */
import { CallGroup, Calls, ClientFrame, LanguageLists, ServerFrame, SharedLists } from '@sportsbook/protocol';
import { inject, injectJson, postJson, type Stack, sharedChromium, startStack } from '@sportsbook/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; responses?: Record<string, unknown>; tags?: string[] }>
  >;
}

/** Listening for Chromium's page; the documents and the proxied login go through app.inject. */
let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  stack = await startStack({ gateway: { logLevel: 'silent' } });
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** `/games/:provider/LaunchGame` -> `/api/games/{provider}/LaunchGame`, as OpenAPI writes it. */
const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

describe('API reference', () => {
  it('lists every /api call of the call table with its body and reply schemas', async () => {
    const res = await inject(stack.gateway.app, { url: '/api/docs/json' });
    expect(res.http).toBe(200);
    const doc = res.json as OpenApi;
    expect(doc.openapi).toMatch(/^3\./);
    const proxied = Calls.filter((c) => c.group !== CallGroup.odds);
    expect(proxied.length).toBeGreaterThan(50);
    const missing = proxied
      .filter((c) => doc.paths[openApiPath(c.path)]?.post === undefined)
      .map((c) => c.name);
    expect(missing).toEqual([]);
    for (const call of proxied) {
      const op = doc.paths[openApiPath(call.path)]?.post;
      expect(op?.requestBody, call.name).toBeDefined();
      expect(op?.responses?.['200'], call.name).toBeDefined();
      expect(op?.tags).toEqual([call.group]);
    }
    // Only the calls: no health checks, websocket or static routes, and no odds call (they are /ws).
    expect(Object.keys(doc.paths).length).toBe(proxied.length);
  });

  it('documents reply schemas without changing replies: a login answers every upstream field', async () => {
    const direct = await postJson(`${stack.sim.url}/authlogin`, {
      account_id: 'demo01',
      password: 'demo1234',
    });
    const proxied = await injectJson(stack.gateway.app, '/api/authlogin', {
      account_id: 'demo02',
      password: 'demo1234',
    });
    expect(proxied.json.status).toBe(1);
    // Every key path of the reply, nested objects and arrays included.
    const paths = (value: unknown, at = ''): string[] =>
      value !== null && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => [
            `${at}/${Array.isArray(value) ? '*' : k}`,
            ...paths(v, `${at}/${Array.isArray(value) ? '*' : k}`),
          ])
        : [];
    expect([...new Set(paths(proxied.json))].sort()).toEqual([...new Set(paths(direct.json))].sort());
  });

  it('serves a browsable UI at /api/docs that runs under the gateway CSP', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto(`${stack.gateway.url}/api/docs`);
    await page.locator('.opblock-summary-path', { hasText: '/api/bet/betsingle' }).first().waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/authlogin' }).first().waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('describes the websocket with an AsyncAPI document naming every wire frame', async () => {
    const res = await inject(stack.gateway.app, { url: '/api/docs/asyncapi.json' });
    expect(res.http).toBe(200);
    const doc = res.json as {
      asyncapi: string;
      channels: { feed: { address: string } };
      components: {
        messages: Record<string, { payload: { properties: Record<string, { const?: string }> } }>;
      };
    };
    expect(doc.asyncapi).toBe('3.0.0');
    expect(doc.channels.feed.address).toBe('/ws');
    const messages = Object.values(doc.components.messages);
    const ops = messages.map((m) => m.payload.properties.op?.const).filter((v) => v !== undefined);
    const types = messages.map((m) => m.payload.properties.t?.const).filter((v) => v !== undefined);
    // Every member of the wire unions, so a new frame without documentation fails here.
    const constOf = (schema: unknown, key: string) =>
      (schema as { properties: Record<string, { const: string }> }).properties[key]?.const;
    expect(ops.sort()).toEqual(ClientFrame.anyOf.map((s: unknown) => constOf(s, 'op')).sort());
    expect(types.sort()).toEqual(ServerFrame.anyOf.map((s: unknown) => constOf(s, 't')).sort());
    // Every shared list topic is named, with the call that polls it.
    const topics = (doc as unknown as { 'x-topics': Record<string, string> })['x-topics'];
    for (const name of [
      ...SharedLists.map((l) => `list/${l}`),
      ...LanguageLists.map((l) => `list/${l}/<language>`),
    ]) {
      expect(topics[name], name).toMatch(/`\/[a-z0-9/]+`/);
    }
    // The private account stream, with its refusal.
    expect(topics['account/<accountId>']).toContain('forbiddenTopic');
  });
});
