/**
 * A player's history and account in a real browser, on one stack: an outright bet and a
 * parlay settled by the simulator's clock and shown in the settled history with their result and
 * payout; the statement's lines adding up to the balance change and the win/loss report agreeing;
 * the server's settings winning at login (demo07's Myanmar odds) and shared between browsers;
 * switch account from the header; last login and password expiry on the account page.
 */
import { gmt8DayStart } from '@sportsbook/protocol';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parlayPicks, placeFromSlip as placeSlip } from './bookSupport.ts';
import { everyKickoff, logIn, openInfo, type Stack, startStack } from './support.ts';

const HourMs = 3_600_000;
let stack: Stack;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-history-e2e-',
    sim: {
      world: {
        seed: 11,
        liveMatches: 2,
        todayMatches: 10,
        earlyMatches: 4,
        outrights: 3,
        startTime: gmt8DayStart(Date.now()) + HourMs,
        // Five sim minutes a tick: the clock runs hour by hour (up to 120) until the bets are
        // decided, and the engine's work is per tick (at one minute a tick, most of this file's time).
        tickMs: 300_000,
      },
      stepMs: 300_000,
      bets: { liveDelayMs: { default: 1000 } },
    },
    gateway: { pollIntervalMs: 200, heartbeatMs: 1000 },
  });
}, 180_000);
// A test's browsers close with it: pages left open keep their streams and renders running on the
// machine's two cores while the next tests run.
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
});
afterAll(async () => {
  await stack?.close();
});

async function browser(): Promise<Page> {
  const context = await stack.browser.newContext();
  contexts.push(context);
  return context.newPage();
}

/**
 * Logs in through the landing form: to /desktop (the board), or with `light` to the logged-in
 * layout's light page (the number game's results: the header, its settings and the menu, no odds
 * board), for the tests about the header and the account, not the board.
 */
function login(page: Page, accountId: string, options: { light?: boolean } = {}) {
  return logIn(page, stack.gateway.url, accountId, options.light ? { to: '/ngresult' } : {});
}

async function placeFromSlip(page: Page, stake: string) {
  await placeSlip(page, stake);
  await page.locator('.bet-slip [data-outcome="accepted"]').waitFor();
}

/** On a 360 px phone: no horizontal overflow of the page, and the controls are 44 px touch targets. */
async function phoneFits(page: Page, controls: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  const heights = await page
    .locator(controls)
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
}

const headerOddsType = (page: Page) => page.locator('header.app-header').getByLabel('Odds type');
const minor = (major: number) => Math.round(major * 100);

describe('history and account end to end', { timeout: 120_000 }, () => {
  it('an outright and a parlay settle; history, statement lines and win/loss agree', async () => {
    const page = await browser();
    await login(page, 'demo05');
    const store = stack.sim.sim.store;

    // The outright that is decided first, from the board's outright market (decimal odds: demo05).
    let outrightId: string | undefined;
    for (const tab of ['today', 'early'] as const) {
      await page.locator(`[data-tab="${tab}"]`).click();
      await page.locator('[data-market="outright"]').click();
      const board = page.locator(`.board[data-topic*="/outright/${tab}"][data-status="ok"]`);
      await board.waitFor();
      const ids = await board.evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>('button.odds-cell:not([disabled])')].map(
          (b) => b.dataset.odds as string,
        ),
      );
      const first = ids
        .map((id) => ({ id, kickoff: stack.sim.world.quote(id)?.kickoff ?? Number.POSITIVE_INFINITY }))
        .sort((a, b) => a.kickoff - b.kickoff)[0];
      if (!first) continue;
      await page.locator(`button.odds-cell[data-odds="${first.id}"][data-index="0"]`).click();
      await placeFromSlip(page, '10');
      outrightId = store.accountBets('demo05').at(-1)?.betId;
      break;
    }
    expect(outrightId).toBeDefined();
    await page.locator('.bet-slip').getByRole('button', { name: 'Clear' }).click();

    // A three-leg parlay; the slip's result shows the parlay totals.
    await page.locator('[data-tab="parlay"]').click();
    await page.locator('[data-market="hdpou"]').click();
    await page.locator('.board[data-topic$="/today"][data-status="ok"]').waitFor();
    await everyKickoff(page);
    const picks = await parlayPicks(page, stack);
    for (const id of picks.slice(0, 3))
      await page.locator(`button.odds-cell[data-odds="${id}"][data-index="0"]`).click();
    await page.locator('.bet-slip [data-pick]').nth(2).waitFor();
    await placeFromSlip(page, '10');
    const totals = page.locator('.bet-slip [data-parlay-totals]');
    await totals.waitFor();
    expect(await totals.locator('[data-total="stake"] dd').textContent()).toBe('10.00');
    expect(await totals.locator('[data-total="accepted"] dd').textContent()).toBe('1');
    const parlayId = store.accountBets('demo05').at(-1)?.betId as string;
    expect(store.bets.get(parlayId)?.kind).toBe('parlay');
    // The same three as a system parlay (Trixie: four combinations).
    await page.locator('.bet-slip').getByRole('button', { name: 'Keep selections' }).click();
    await page.locator('.bet-slip [data-mode="system"]').click();
    await placeFromSlip(page, '5');
    await expect.poll(() => totals.locator('[data-total="combination"] dd').textContent()).toBe('4');
    const systemId = store.accountBets('demo05').at(-1)?.betId as string;
    expect(store.bets.get(systemId)?.kind).toBe('system');

    // The clock settles both.
    for (
      let h = 0;
      h < 120 &&
      [outrightId, parlayId, systemId].some((id) => store.bets.get(id as string)?.settledAt === null);
      h++
    )
      stack.sim.advance(HourMs);
    const outright = store.bets.get(outrightId as string);
    const parlay = store.bets.get(parlayId);
    expect(['won', 'lost']).toContain(outright?.status);
    expect(parlay?.settledAt).not.toBeNull();
    // The browser's clock follows the simulator's, so "the last seven days" hold the settlement.
    await page.context().clock.setFixedTime(stack.sim.world.now());

    const list = await openInfo(page, 'Bet list');
    await list.locator('[data-tab="settled"]').click();
    for (const bet of [outright, parlay]) {
      const row = list.locator(`tr[data-bet="${bet?.betId}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe(bet?.status);
      expect(minor(Number(await row.locator('[data-payout]').getAttribute('data-payout')))).toBe(
        bet?.returned,
      );
    }
    await list.locator(`tr[data-bet="${parlayId}"] [data-action="legs"]`).click();
    const legs = list.locator(`tr[data-bet="${parlayId}"] [data-leg]`);
    await legs.nth(2).waitFor();
    expect(await legs.evaluateAll((els) => els.map((e) => e.getAttribute('data-leg-result')))).toEqual(
      parlay?.legs.map((l) => l.outcome),
    );
    await phoneFits(list, '[data-list="settled"] [data-action="legs"]');
    await list.close();

    // Own system parlays with each combination's result; the combinations pay what the bet paid.
    const system = store.bets.get(systemId);
    const sys = await openInfo(page, 'System parlay');
    await sys.locator(`[data-sysparlay="${systemId}"] [data-action="combinations"]`).click();
    const tickets = sys.locator(`[data-tickets="${systemId}"] tr[data-ticket]`);
    await tickets.nth(3).waitFor();
    const results = await tickets.evaluateAll((rows) =>
      rows.map((r) => ({
        result: r.getAttribute('data-result'),
        payout: Number(r.querySelector<HTMLElement>('[data-ticket-payout]')?.dataset.ticketPayout ?? 'NaN'),
      })),
    );
    expect(results.every((r) => r.result !== 'running')).toBe(true);
    expect(
      await sys
        .locator(`[data-sysparlay="${systemId}"] [data-leg-result]`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-leg-result'))),
    ).toEqual(system?.legs.map((l) => l.outcome));
    expect(minor(results.reduce((sum, r) => sum + r.payout, 0))).toBe(system?.returned);
    await sys.close();

    const statement = await openInfo(page, 'Statement');
    await statement.locator('.statement-lines [data-lines-date]').first().waitFor();
    const days = await statement.locator('[data-lines-date]').evaluateAll((els) =>
      els.map((e) => ({
        ok: e.getAttribute('data-lines-ok'),
        sum: [...e.querySelectorAll<HTMLElement>('[data-amount]')].reduce(
          (s, l) => s + Number(l.dataset.amount),
          0,
        ),
        sportsbook: Number(
          e.querySelector<HTMLElement>('[data-product="sportsbook"] [data-product-total]')?.dataset
            .productTotal ?? 0,
        ),
      })),
    );
    expect(days.every((d) => d.ok === 'true')).toBe(true);
    // Every line of the range adds up to the balance change: from 0 before the opening deposit to now.
    expect(days.reduce((s, d) => s + d.sum, 0)).toBe(stack.sim.sim.wallet.balance('demo05').cash);
    // The win/loss report agrees: win/loss + commission = the sportsbook lines.
    await statement.locator('[data-period="last30"]').click();
    const total = statement.locator('[data-report="last30"] tr[data-platform="total"]');
    await total.waitFor();
    const cell = async (col: string) =>
      Number(await total.locator(`[data-col="${col}"]`).getAttribute('data-minor'));
    expect((await cell('win_lose')) + (await cell('commission'))).toBe(
      days.reduce((s, d) => s + d.sportsbook, 0),
    );
    const settled = store
      .accountBets('demo05')
      .filter(
        (b) => b.settledAt !== null && ['won', 'lost', 'wonHalf', 'loseHalf', 'draw'].includes(b.status),
      );
    expect(await cell('win_lose')).toBe(settled.reduce((s, b) => s + b.returned - b.risk, 0));
    await phoneFits(statement, '.win-loss [data-period]');
    await statement.close();
  });

  it('demo07 in a fresh browser sees Myanmar odds; a setting changed in one browser shows in another after reload', async () => {
    const fresh = await browser();
    await login(fresh, 'demo07', { light: true });
    await expect.poll(() => headerOddsType(fresh).inputValue()).toBe('5');

    const a = await browser();
    const b = await browser();
    await login(a, 'demo06', { light: true });
    await login(b, 'demo06', { light: true });
    await headerOddsType(a).selectOption('4');
    await expect.poll(() => stack.sim.sim.store.accounts.get('demo06')?.settings.oddsType).toBe(4);
    await b.reload();
    await expect.poll(() => headerOddsType(b).inputValue()).toBe('4');
  });

  it('switch account from the header; last login and password expiry on the account page', async () => {
    const page = await browser();
    await login(page, 'demo02', { light: true });
    await page.locator('[data-action="switch-account"]').click();
    await page.locator('input[name="switch_account_id"]').fill('demo03');
    await page.locator('input[name="switch_password"]').fill('demo1234');
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    await page.locator('header.app-header .player').getByText('demo03').waitFor();

    // demo03 logged in before (the switch above); log in again to have a previous login.
    const again = await browser();
    await login(again, 'demo03', { light: true });
    const account = await openInfo(again, 'My account');
    const last = account.locator('[data-last-login]');
    await last.waitFor();
    expect(Number(await last.getAttribute('data-last-login'))).toBeGreaterThan(0);
    const expiry = account.locator('[data-password-expiry]');
    expect(Number(await expiry.getAttribute('data-password-expiry'))).toBeGreaterThan(stack.sim.world.now());
    expect(await last.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(GMT\+8\)/);
  });
});
