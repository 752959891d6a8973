/**
 * The stored layout on the board, in a real browser on one stack: the
 * sports menu follows the simulator's configured order (and BDT's alternate); a member changes the
 * tab, market type, days, leagues, favourites only, sorting, lines, periods, quick odds, the sports
 * order and folds the sports menu and the slip, then finds all of it after a reload and after a new
 * login in a fresh browser (the layout is saved upstream through usersettings); on a 390 px phone
 * the options fit and a folded option bar survives a reload.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
const contexts: BrowserContext[] = [];
const Configured = { default: [4, 43, 1], BDT: [5, 2] };
/** expect.poll with time for the stack (topics, saves) to answer. */
const poll = <T>(fn: () => T | Promise<T>, options = { timeout: 20_000 }) => expect.poll(fn, options);

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-layout-e2e-',
    sim: {
      world: { seed: 5, liveMatches: 4, todayMatches: 16, earlyMatches: 40 },
      sportsOrder: Configured,
    },
    gateway: { pollIntervalMs: 200, heartbeatMs: 1000 },
  });
}, 180_000);
// A test's browsers close with it: left open, their boards would go on rendering the stream's
// updates through the tests after it.
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
});
afterAll(async () => {
  await stack?.close();
});

async function browser(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await stack.browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('pageerror', err.message));
  page.on('console', (m) => {
    if (m.type() === 'error') console.error('console', m.text());
  });
  return page;
}

const sportIds = (page: Page) =>
  page
    .locator('.sports-menu [data-sport]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-sport'))));
const boardReady = (page: Page, part: string) =>
  page.locator(`.board[data-topic*="${part}"][data-status="ok"]`).first().waitFor();
const shownLeagues = (page: Page) =>
  page
    .locator('.board .league')
    .evaluateAll((els) => [...new Set(els.map((e) => Number(e.getAttribute('data-league'))))]);

describe('the stored layout on the board', { timeout: 150_000 }, () => {
  it('the sports menu is in the configured order; a BDT member gets the alternate order', async () => {
    const myr = await browser();
    await logIn(myr, stack.gateway.url, 'demo01');
    await poll(async () => (await sportIds(myr)).slice(0, 3)).toEqual(Configured.default);
    const bdt = await browser();
    await logIn(bdt, stack.gateway.url, 'demo23');
    await poll(async () => (await sportIds(bdt)).slice(0, 2)).toEqual(Configured.BDT);
  });

  it('a member changes the board, reloads and logs in again in a fresh browser: every choice is applied', async () => {
    const page = await browser();
    await logIn(page, stack.gateway.url, 'demo04');
    await page.locator('[data-sport="1"]').click();
    await page.locator('[data-tab="early"]').click();
    await boardReady(page, '/hdpou/early');
    // Sorting, lines, periods and quick odds (HDP & O/U). Alternative lines show until "main line only".
    const altCells = page.locator('.board .odds-col.alt');
    await poll(() => altCells.count()).toBeGreaterThan(0);
    await page.locator('select[name="eventSorting"]').selectOption('1');
    await page.locator('select[name="pageType"]').selectOption('2');
    await poll(() => altCells.count()).toBe(0);
    await page.locator('select[name="periods"]').selectOption('1');
    await page.locator('input[name="showQuickOdds"]').uncheck();
    // Full time only and no quick odds: FT. HDP and FT. O/U are the only column groups.
    await poll(() =>
      page
        .locator('.board [data-board-head] [data-bettype]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-bettype'))),
    ).toEqual(['HDP', 'OU']);

    // The last early day, then one league of that day, starred, and favourites only.
    const dayButtons = page.locator('.day-picker [data-day]:not([data-day="all"])');
    await dayButtons.first().waitFor();
    const day = (await dayButtons.last().getAttribute('data-day')) ?? '';
    await dayButtons.last().click();
    await poll(() => page.locator(`.day-picker [data-day="${day}"]`).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.locator('[data-action="select-leagues"]').click();
    const option = page.locator('[data-league-option]').first();
    const league = Number(await option.getAttribute('data-league-option'));
    await option.check();
    await page.locator('[data-action="select-leagues"]').click();
    await poll(() => shownLeagues(page)).toEqual([league]);
    await page.locator(`.league[data-league="${league}"] .fav`).first().click();
    await page.locator('[data-action="favourites-only"]').click();

    // The sports order: basketball (2) above soccer (1) in the menu; then fold the menu and the slip.
    await page.locator('[data-action="reorder-sports"]').click();
    const before = await sportIds(page);
    await page.getByRole('button', { name: 'Move Basketball up' }).click();
    const order = await sportIds(page);
    expect(order).not.toEqual(before);
    await page.locator('[data-action="reorder-sports"]').click();
    await page.locator('[data-action="sports-menu"]').click();
    await page.locator('[data-action="slip-column"]').click();

    // Last, the market type: 1X2 (its periods follow the same option).
    await page.locator('[data-market="1x2"]').click();
    await boardReady(page, '/1x2/early');

    // Saved upstream (usersettings), so another browser gets it too.
    await poll(() => stack.sim.sim.store.accounts.get('demo04')?.settings, { timeout: 15_000 }).toMatchObject(
      {
        menu0: 'favorites',
        menu1: 'early',
        menu2: 1,
        menu3: '1x2',
        selectedDays: [Number(day)],
        selectedLeagues: [league],
        favorites: [league],
        sportsOrder: order,
        minimizer: { header: false, sidebar: true, asidebar: true },
        eventSorting: 1,
        pageType: 2,
        marketType: 1,
        showQuickOdds: false,
      },
    );

    const check = async (p: Page) => {
      await poll(() => p.locator('[data-tab="early"]').getAttribute('aria-selected')).toBe('true');
      await poll(() => p.locator('[data-market="1x2"]').getAttribute('aria-pressed')).toBe('true');
      await boardReady(p, 'odds/1/1x2/early');
      await poll(() => p.locator('select[name="eventSorting"]').inputValue()).toBe('1');
      await poll(() => p.locator('select[name="pageType"]').inputValue()).toBe('2');
      expect(await p.locator('.board .odds-col.alt').count()).toBe(0);
      await poll(() => p.locator('select[name="periods"]').inputValue()).toBe('1');
      await poll(() => p.locator(`.day-picker [data-day="${day}"]`).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await poll(() => p.locator('[data-action="favourites-only"]').getAttribute('aria-pressed')).toBe(
        'true',
      );
      await poll(
        async () => (await p.locator('[data-action="select-leagues"]').textContent()) ?? '',
      ).toContain('1 selected');
      await poll(() => shownLeagues(p)).toEqual([league]);
      // 1X2 full time only: no first-half group (double chance shows when the shown rows carry it).
      await poll(async () => {
        const groups = await p
          .locator('.board [data-board-head] [data-bettype]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-bettype')));
        return groups[0] === '1X2' && !groups.includes('1X2H');
      }).toBe(true);
      await poll(() => p.locator('.sports-menu').getAttribute('data-minimized')).toBe('true');
      await poll(() => p.locator('.slip-column').getAttribute('data-minimized')).toBe('true');
      expect(await p.locator('.bet-slip').isVisible()).toBe(false);
      await p.locator('[data-action="sports-menu"]').click();
      await poll(() => sportIds(p)).toEqual(order);
      // Quick odds stay off on the HDP & O/U board.
      await p.locator('[data-market="hdpou"]').click();
      await poll(() => p.locator('input[name="showQuickOdds"]').isChecked()).toBe(false);
    };

    await page.reload();
    await check(page);

    const fresh = await browser();
    await logIn(fresh, stack.gateway.url, 'demo04');
    // The fresh browser opened on what demo04 left before this check's own changes (hdpou, menu open).
    await poll(() => fresh.locator('[data-market="hdpou"]').getAttribute('aria-pressed')).toBe('true');
    await poll(() => fresh.locator('.sports-menu').getAttribute('data-minimized')).toBe('false');
    await fresh.locator('[data-market="1x2"]').click();
    await fresh.locator('[data-action="sports-menu"]').click();
    await check(fresh);
  });

  it('on a 390 px phone the options fit, and a folded option bar and the sort order survive a reload', async () => {
    const page = await browser({ width: 390, height: 844 });
    await logIn(page, stack.gateway.url, 'demo02');
    await boardReady(page, '/hdpou/');
    await page.locator('.filters-button').click();
    await page.locator('select[name="eventSorting"]').selectOption('1');
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    const heights = await page
      .locator('.board-filters .layout-toggle, .board-filters select')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
    await page.locator('[data-action="board-options"]').click();
    expect(await page.locator('.market-types').count()).toBe(0);
    await poll(() => stack.sim.sim.store.accounts.get('demo02')?.settings, { timeout: 15_000 }).toMatchObject(
      { eventSorting: 1, minimizer: { header: true } },
    );

    await page.reload();
    await poll(() => page.locator('[data-action="board-options"]').getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(await page.locator('.market-types').count()).toBe(0);
    await page.locator('[data-action="board-options"]').click();
    await page.locator('.filters-button').click();
    await poll(() => page.locator('select[name="eventSorting"]').inputValue()).toBe('1');
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
  });
});
