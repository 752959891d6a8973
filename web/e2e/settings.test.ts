/**
 * The betting settings do what they say, in real Chromium against the real
 * gateway and simulator (manual clock: prices move only when the test advances it):
 * - auto-refresh off: the board keeps the prices it shows while the simulator moves them (the feed
 *   keeps the topic), says newer prices wait, and "Refresh odds" applies the current ones;
 * - quick bet: turned on with an amount in the settings, one click on a price places exactly that
 *   stake (the simulator's own store of bets), with no confirm step;
 * - a change in a second window of the session (the settings pop-up's page) reaches the first at
 *   once, without a reload: the odds format on the board, and the quick bet on its slip.
 * Waits are on page conditions.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BookStack, startBookStack } from './bookSupport.ts';
import { everyKickoff, logIn, stackPerFile } from './support.ts';

let stack: BookStack;
let context: BrowserContext;
let page: Page;

stackPerFile(startBookStack, {
  stack: (s) => {
    stack = s;
  },
  page: (p, c) => {
    page = p;
    context = c;
  },
});

const bets = (accountId: string) => stack.sim.sim.store.accountBets(accountId);

/** Every price the page's board shows: `oddsId/index` -> the price (DEC, data-price). */
function shownPrices(p: Page): Promise<Record<string, string>> {
  return p.evaluate(() => {
    const out: Record<string, string> = {};
    for (const b of document.querySelectorAll<HTMLElement>('.board button.odds-cell[data-odds]'))
      if (b.dataset.price !== undefined) out[`${b.dataset.odds}/${b.dataset.index}`] = b.dataset.price;
    return out;
  });
}

const isUsersettings = (url: string) => url.endsWith('/api/usersettings');

/**
 * `path` in `p`, once the member's saved settings are read (a page load reads them with
 * usersettings and they win over the browser's: a change made before that would be overwritten).
 */
async function openLoaded(p: Page, path: string) {
  const loaded = p.waitForResponse((r) => isUsersettings(r.url()));
  await p.goto(`${stack.gateway.url}${path}`);
  await loaded;
}

/** The settings page of the info pop-up, in `p`, with its preferences loaded. */
async function openSettings(p: Page) {
  await openLoaded(p, '/info/settings');
  await p.getByLabel('Refresh odds automatically').waitFor();
}

/** Waits for the preferences' usersettings save that `change` starts (so a reload keeps it). */
async function saved(p: Page, change: () => Promise<void>) {
  const reply = p.waitForResponse(
    (r) => isUsersettings(r.url()) && (r.request().postData() ?? '').includes('oddsType'),
  );
  await change();
  await reply;
}

async function liveBoard(p: Page) {
  const tab = p.locator('[data-tab="live"]');
  await tab.waitFor({ timeout: 20_000 }).catch(async () => {
    throw new Error(
      `no live tab at ${p.url()}: ${((await p.locator('body').textContent()) ?? '').slice(0, 400)}`,
    );
  });
  await tab.click();
  await p
    .locator('.board[data-topic$="/live"][data-status="ok"] button.odds-cell[data-price]')
    .first()
    .waitFor();
}

describe('betting settings', { timeout: 120_000 }, () => {
  it('quickBetOneClick: quick bet on with an amount in the settings; one click on a price places exactly that stake, no confirm step', async () => {
    await logIn(page, stack.gateway.url, 'demo01');
    await openSettings(page);
    // A wrong amount is said like a stake, and nothing is saved.
    await page.locator('input[name="quickBetAmount"]').fill('12.345');
    await page.locator('[data-action="save-amounts"]').click();
    await page.locator('[data-field-error="quickBetAmount"]').waitFor();
    expect(await page.locator('[data-field-error="quickBetAmount"]').textContent()).toBe(
      'A MYR stake can have at most 2 decimal places.',
    );
    await page.locator('input[name="quickBetAmount"]').fill('12.50');
    await page.locator('input[name="defaultStakeAmount"]').fill('30');
    await saved(page, () => page.locator('[data-action="save-amounts"]').click());
    await saved(page, () => page.getByLabel('Quick bet', { exact: true }).check());
    await openLoaded(page, '/desktop');
    await everyKickoff(page);
    const slip = page.locator('.bet-slip');
    await slip.locator('[data-quick-bet]').waitFor();
    const before = bets('demo01').length;
    const cell = page.locator(
      '.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])',
    );
    await cell.first().click();
    await slip.locator('[data-outcome="accepted"], [data-outcome="waiting"]').first().waitFor();
    const placed = bets('demo01').slice(before);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.stake).toBe(1250);
    expect(await slip.locator('[data-action="confirm"]').count()).toBe(0);
  });

  it('otherWindow: a change in a second window reaches the first at once, without a reload (odds format, quick bet)', async () => {
    await logIn(page, stack.gateway.url, 'demo04');
    await everyKickoff(page);
    await page.locator('.board[data-status="ok"] button.odds-cell[data-price]').first().waitFor();
    const cell = page.locator(
      '.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])',
    );
    const id = await cell.first().getAttribute('data-odds');
    const index = await cell.first().getAttribute('data-index');
    const target = page.locator(`button.odds-cell[data-odds="${id}"][data-index="${index}"]`);
    const textBefore = await target.textContent();
    // A marker that a reload would lose.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    const popup = await context.newPage();
    await openSettings(popup);
    const odds = popup.getByLabel('Odds type');
    // A retry finds decimal odds already (the server kept them): it goes back to Malay odds.
    const toDecimal = (await odds.inputValue()) !== '4';
    await odds.selectOption({ label: toDecimal ? 'Decimal odds' : 'Malay odds' });
    const price = Number(await target.getAttribute('data-price'));
    const stored = (p: Page) =>
      p.evaluate(() => localStorage.getItem('sportsbook.layout')?.match(/"oddsType":\d/)?.[0]);
    const shown = async () =>
      `${await target.textContent()} ${await stored(page)} ${await stored(popup)} ${await popup.getByLabel('Odds type').inputValue()}`;
    if (toDecimal) {
      await expect.poll(shown).toMatch(new RegExp(`^${price.toFixed(2).replace('.', '\\.')} `));
    } else {
      await expect.poll(shown).toMatch(/^-?0\.\d\d /);
    }
    expect(await target.textContent()).not.toBe(textBefore);
    // Quick bet turned on in the pop-up: the first window's next click places it (THB: at least 40).
    await popup.locator('input[name="quickBetAmount"]').fill('50');
    await popup.locator('[data-action="save-amounts"]').click();
    await popup.getByLabel('Quick bet', { exact: true }).check();
    await page.locator('.bet-slip [data-quick-bet="50"]').waitFor();
    const before = bets('demo04').length;
    await cell.first().click();
    await page
      .locator('.bet-slip')
      .locator('[data-outcome="accepted"], [data-outcome="waiting"]')
      .first()
      .waitFor();
    const placed = bets('demo04').slice(before);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.stake).toBe(5000);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  // It moves the simulator's clock far: after the tests that bet on today's matches.
  it('autoRefreshOff: the board holds its prices while the simulator moves them; Refresh odds applies the current ones', async () => {
    await logIn(page, stack.gateway.url, 'demo02');
    await openSettings(page);
    // (A retry finds it off already: the server kept it.)
    const auto = page.getByLabel('Refresh odds automatically');
    if (await auto.isChecked()) await saved(page, () => auto.uncheck());
    await openLoaded(page, '/desktop');
    await liveBoard(page);
    const refresh = page.locator('[data-odds-refresh]');
    await refresh.waitFor();
    const before = await shownPrices(page);
    expect(Object.keys(before).length).toBeGreaterThan(0);
    // Move the world until the live topic has prices the board does not show.
    const behind = page.locator('[data-odds-refresh][data-behind]');
    for (let i = 0; i < 40 && (await behind.count()) === 0; i++) {
      stack.sim.advance(15_000);
      await behind.waitFor({ timeout: 1_000 }).catch(() => {});
    }
    await behind.waitFor();
    await expect.poll(() => page.locator('.odds-waiting').textContent()).toBe('New prices waiting');
    // Every price still shown is the one shown before, although the simulator moved some.
    const held = await shownPrices(page);
    const moved = Object.keys(before).filter((key) => {
      const [oddsId, index] = key.split('/') as [string, string];
      const now = stack.sim.world.quote(oddsId)?.prices[Number(index)];
      return now !== undefined && String(now) !== before[key];
    });
    expect(moved.length).toBeGreaterThan(0);
    for (const key of Object.keys(held)) if (key in before) expect(held[key], key).toBe(before[key]);
    // Refresh: the board shows the current prices (the simulator's, once the gateway has polled
    // them: the clock no longer moves, so a refresh after that shows exactly them).
    const refreshButton = page.getByRole('button', { name: 'Refresh odds' });
    const current = (key: string) => {
      const [oddsId, index] = key.split('/') as [string, string];
      return String(stack.sim.world.quote(oddsId)?.prices[Number(index)]);
    };
    await expect
      .poll(async () => {
        await refreshButton.click();
        const shown = await shownPrices(page);
        return moved.filter((key) => key in shown).every((key) => shown[key] === current(key));
      })
      .toBe(true);
    const after = await shownPrices(page);
    expect(moved.filter((key) => key in after && after[key] !== before[key]).length).toBeGreaterThan(0);
    expect(await behind.count()).toBe(0);
  });

  it('phone390: the settings and the refresh control fit a 390 px phone', async () => {
    const phone = await stack.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const p = await phone.newPage();
      await logIn(p, stack.gateway.url, 'demo02');
      await openSettings(p);
      await p.locator('input[name="quickBetAmount"]').waitFor();
      const auto = p.getByLabel('Refresh odds automatically');
      if (await auto.isChecked()) await saved(p, () => auto.uncheck());
      const overflow = () =>
        p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      // Auto-refresh off: the phone's board shows the control.
      await openLoaded(p, '/desktop');
      const button = p.getByRole('button', { name: 'Refresh odds' });
      await button.waitFor();
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(await overflow()).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});
