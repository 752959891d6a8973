/**
 * The private account stream in real Chromium: two windows of one account
 * and one window of another. A bet placed from the first window's slip is in the second window's
 * bet list and header balance within 1 s of the upstream accepting it (the proxy nudges the
 * account's topic; the slow poll here is 3 s apart, so no poll can do it), and never in the other
 * account's window; the simulator's counter shows one account poll per interval for the two
 * windows together.
 */
import { simCalls } from '@sportsbook/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyKickoff, logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
const contexts: BrowserContext[] = [];
/** The account topic's slow interval in this test (30 s in production). */
const SlowMs = 3000;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-account-e2e-',
    gateway: {
      pollIntervalMs: 200,
      heartbeatMs: 1000,
      feed: { accountSlowMs: SlowMs, accountQuickMs: 500, accountQuickForMs: 1000 },
    },
  });
}, 180_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await stack?.close();
});

async function context(): Promise<BrowserContext> {
  const c = await stack.browser.newContext();
  contexts.push(c);
  return c;
}

const url = (path: string) => `${stack.gateway.url}${path}`;

/**
 * The logged-in layout's light page (the number game's results: the header with the balance, no
 * odds board), for the windows that only watch the balance and the bet list.
 */
const LightPage = '/ngresult';

/**
 * A window of the app (header with the balance; a new window opens the light page) and its bet
 * list, which opens as the info pop-up of that window (as the menu opens it), with the account
 * stream's first model on screen.
 */
async function windowWithBetList(page: Page, accountId: string): Promise<Page> {
  if (page.url() === 'about:blank') await page.goto(url(LightPage));
  await page.getByText(accountId, { exact: true }).first().waitFor();
  await page.getByTestId('balance-available').first().waitFor();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => {
      window.open('/info/betlist', `bets-${Math.random()}`, 'width=1000,height=970');
    }),
  ]);
  await popup.waitForURL((u) => u.pathname === '/info/betlist');
  await popup.locator('table[data-list="running"], p[data-empty]').first().waitFor();
  return popup;
}

const available = (page: Page) => page.getByTestId('balance-available').first().textContent();

describe('the account stream in the browser', { timeout: 120_000 }, () => {
  it("a bet in one window is in the account's other window within 1 s, never in another account's; one account poll per interval", async () => {
    const mine = await context();
    const first = await mine.newPage();
    await logIn(first, url(''), 'demo01');
    // The second window of the same browser session (the stored session logs it in), with its bet list.
    const second = await mine.newPage();
    const secondBets = await windowWithBetList(second, 'demo01');

    // Two windows, one account: one account poll per slow interval for both (betacceptlist and
    // userbalance are made by the gateway's account poll only; no page timer asks them).
    const windowMs = 2 * SlowMs + 500;
    const before = {
      list: await simCalls(stack.sim, 'betacceptlist'),
      bal: await simCalls(stack.sim, 'userbalance'),
    };
    await new Promise((r) => setTimeout(r, windowMs)); // a window of wall time is what is measured
    const polls = (await simCalls(stack.sim, 'betacceptlist')) - before.list;
    const balances = (await simCalls(stack.sim, 'userbalance')) - before.bal;
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(polls).toBeLessThanOrEqual(Math.ceil(windowMs / SlowMs));
    expect(balances).toBeLessThanOrEqual(Math.ceil(windowMs / SlowMs));

    // Another account in its own browser, on its bet list.
    const theirs = await context();
    const other = await theirs.newPage();
    await logIn(other, url(''), 'demo16', { to: LightPage });
    const otherBets = await windowWithBetList(other, 'demo16');
    const otherBalance = await available(other);
    const secondBalance = await available(second);

    // The first window places a single from its slip.
    await first.locator('[data-tab="today"]').click();
    await everyKickoff(first);
    await first
      .locator('.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])')
      .first()
      .click();
    const slip = first.locator('.bet-slip');
    await slip.locator('input[name="stake"]').fill('10');
    await slip.locator('[data-action="submit"]:not([disabled])').click();
    const [response] = await Promise.all([
      first.waitForResponse((r) => /\/api\/bet\/bet(single|singlespecial)$/.test(new URL(r.url()).pathname)),
      slip.locator('[data-action="confirm"]:not([disabled])').click(),
    ]);
    const reply = (await response.json()) as { status: number; data: { bet_id: string; status: string } };
    const accepted = Date.now();
    expect(reply.status).toBe(1);
    expect(reply.data.status).toBe('running');
    const betId = reply.data.bet_id;

    // In the account's other window within 1 s of the upstream's acceptance: the bet list's row
    // and the header's balance.
    await expect
      .poll(() => secondBets.locator(`tr[data-bet="${betId}"]`).count(), { timeout: 1000, interval: 50 })
      .toBe(1);
    await expect.poll(() => available(second), { timeout: 1000, interval: 50 }).not.toBe(secondBalance);
    expect(Date.now() - accepted).toBeLessThan(1000);

    // Never in the other account's window (given a slow interval to prove it).
    await new Promise((r) => setTimeout(r, SlowMs));
    expect(await otherBets.locator(`tr[data-bet="${betId}"]`).count()).toBe(0);
    expect(await otherBets.locator('tr[data-bet]').count()).toBe(0);
    expect(await available(other)).toBe(otherBalance);
  });
});
