/**
 * The operator dashboard (/ops) in real Chromium against a real gateway (OPS_TOKEN set) and
 * simulator: a wrong token is refused; with the right one the page shows clients and the share of
 * upstream polls saved changing, live, while feed clients connect. Also on a 360 px phone.
 */
import { FeedTestClient, login } from '@sportsbook/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './support.ts';

const Token = 'e2e-operator-token-0123';
const LIVE = 'odds/1/hdpou/live';

let stack: Stack;
const clients: FeedTestClient[] = [];

beforeAll(async () => {
  stack = await startStack({ tmpPrefix: 'web-e2e-ops-', gateway: { opsToken: Token } });
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await stack?.close();
});

async function open(page: Page, token: string): Promise<void> {
  await page.goto(`${stack.gateway.url}/ops`);
  await page.getByLabel('Operator token').fill(token);
  await page.getByRole('button', { name: 'Connect' }).click();
}

const text = (page: Page, id: string) => page.getByTestId(`ops-${id}`).textContent();

async function until(page: Page, id: string, predicate: (value: string) => boolean): Promise<string> {
  const deadline = Date.now() + 10_000;
  let value = '';
  while (Date.now() < deadline) {
    value = (await text(page, id)) ?? '';
    if (predicate(value)) return value;
    await page.waitForTimeout(100);
  }
  throw new Error(`ops-${id} stayed at ${value}`);
}

const percentOf = (value: string) => Number(value.replace('%', ''));

describe('ops dashboard', { timeout: 60_000 }, () => {
  it('refuses a wrong operator token', async () => {
    const page = await stack.browser.newPage();
    await open(page, 'wrong-token-wrong-token');
    await page.getByRole('alert').filter({ hasText: 'Wrong operator token.' }).waitFor();
    expect(await page.getByTestId('ops-clients').count()).toBe(0);
    await page.close();
  });

  it('shows clients and the saved share changing live while feed clients connect', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
    const page = await context.newPage();
    await open(page, Token);
    await until(page, 'clients', (v) => v === '0');
    expect(await page.getByTestId('ops-node-row').count()).toBe(1);
    expect(await text(page, 'saved')).toBe('—');
    // Two charts drawn by uPlot.
    await page.locator('.ops-chart canvas').nth(1).waitFor();

    const session = await login(stack.sim.url);
    const connect = async () => {
      const c = await FeedTestClient.connect(stack.gateway.wsUrl);
      clients.push(c);
      await c.hello(session.accountId, session.token);
      await c.sub(LIVE);
    };
    await connect();
    await connect();
    await until(page, 'clients', (v) => v === '2');
    const two = percentOf(await until(page, 'saved', (v) => v.endsWith('%')));
    await connect();
    await connect();
    await until(page, 'clients', (v) => v === '4');
    const four = percentOf(await until(page, 'saved', (v) => percentOf(v) > two));
    expect(four).toBeGreaterThan(two);
    // The page stays within a phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
