/**
 * More markets in a real browser: a new user opens a match's every market from the
 * board's "+N", sees the panel's prices move without a reload (the simulator's manual clock is
 * moved by the test), places a correct-score bet from the panel through the same bet slip and finds
 * it in the bet list; closing the panel stops the `match/<id>` polls (no leaked topic). On a 360 px
 * phone the panel is a sheet in the board's place: no horizontal overflow, 44 px targets.
 */

import { simCalls } from '@sportsbook/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookStack, placeFromSlip, startBookStack } from './bookSupport.ts';
import { everyKickoff, logIn } from './support.ts';

let stack: BookStack;

beforeAll(async () => {
  stack = await startBookStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const uxmatchCalls = () => simCalls(stack.sim, 'uxmatch');

async function openTab(page: Page, tab: 'live' | 'today') {
  await page.locator(`[data-tab="${tab}"]`).click();
  await page.locator(`.board[data-topic$="/${tab}"][data-status="ok"]`).waitFor();
  await everyKickoff(page);
}

/** Opens the panel of the first row whose "+N" is shown; returns the match id. */
async function openPanel(page: Page): Promise<number> {
  const more = page.locator('.board[data-status="ok"] button.markets-more').first();
  const matchId = Number(await more.getAttribute('data-more'));
  await more.click();
  await page.locator(`.markets-panel[data-topic="match/${matchId}"][data-status="ok"]`).waitFor();
  return matchId;
}

/** The panel's prices by odds id and index. */
const panelPrices = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('.markets-panel button.odds-cell[data-price]')].map((b) => [
        `${b.dataset.odds}/${b.dataset.index}`,
        b.dataset.price,
      ]),
    ),
  );

describe('more markets', { timeout: 60_000 }, () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // A new user: a fresh browser profile (nothing stored) logging in. demo05 reads decimal odds, so
    // the stake typed is the stake risked (in MY a long price is negative: the stake is the win).
    context = await stack.browser.newContext();
    page = await context.newPage();
    await logIn(page, stack.gateway.url, 'demo05');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('opens a live match from the board: every bet type grouped, prices moving without a reload, stale like the board', async () => {
    await openTab(page, 'live');
    const matchId = await openPanel(page);
    const panel = page.locator('.markets-panel');
    for (const betType of ['HDP', 'OU', '1X2', 'OE', 'DC', 'CS', 'HTFT', 'TG', 'HDPH', 'OUH', '1X2H', 'OEH'])
      expect(await panel.locator(`.markets-group[data-bettype="${betType}"]`).count(), betType).toBe(1);
    // The +N said how many lines are beyond the row; the panel holds at least those.
    const more = Number(
      (await page.locator(`button.markets-more[data-more="${matchId}"]`).textContent())?.slice(1),
    );
    expect(await panel.locator('.market-line').count()).toBeGreaterThanOrEqual(more);
    expect(await panel.getByRole('heading', { name: 'Correct score' }).count()).toBe(1);

    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    const before = await panelPrices(page);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    let moved = false;
    for (let i = 0; i < 20 && !moved; i++) {
      stack.sim.advance(15_000);
      moved = await page
        .waitForFunction(
          (old) =>
            [...document.querySelectorAll<HTMLElement>('.markets-panel button.odds-cell[data-price]')].some(
              (b) => {
                const was = old[`${b.dataset.odds}/${b.dataset.index}`];
                return was !== undefined && was !== b.dataset.price;
              },
            ),
          before,
          { timeout: 3_000, polling: 100 },
        )
        .then(() => true)
        .catch(() => false);
    }
    expect(moved).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // The match's upstream fails: the panel goes stale like the board, every price locked, then back.
    const open = panel.locator('button.odds-cell:not([disabled])');
    await stack.admin('faults', { call: 'uxmatch', errorRate: 1 });
    try {
      await page.locator('.markets-panel[data-status="stale"]').waitFor();
      await panel.getByRole('alert').filter({ hasText: 'Prices are delayed' }).waitFor();
      expect(await open.count()).toBe(0);
    } finally {
      await stack.admin('faults', {});
    }
    await page.locator('.markets-panel[data-status="ok"]').waitFor();
    await open.first().waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('places a correct-score bet from the panel through the slip; it shows in the bet list', async () => {
    // A pre-match match: the bet runs at once (an in-play one waits for the live delay).
    await openTab(page, 'today');
    const matchId = await openPanel(page);
    const cell = page
      .locator('.markets-panel .markets-group[data-bettype="CS"] button.odds-cell:not([disabled])')
      .first();
    const oddsId = await cell.getAttribute('data-odds');
    const index = Number(await cell.getAttribute('data-index'));
    await cell.click();
    await placeFromSlip(page, '10');
    await page.locator('[data-outcome="accepted"]').waitFor();

    const bet = stack.sim.sim.store.accountBets('demo05').at(-1);
    const leg = bet?.legs[0];
    expect(leg?.betType).toBe('CS');
    expect(leg?.oddsId).toBe(oddsId);
    expect(leg?.matchId).toBe(matchId);
    expect(leg?.label).toBe(stack.sim.world.quote(oddsId as string)?.labels?.[index]);
    expect(bet?.status).toBe('running');

    const [list] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Bet list' }).click(),
    ]);
    await list.locator(`tr[data-bet="${bet?.betId}"]`).waitFor();
    await list.close();

    // Closing the panel (and clearing the slip, which watched the pick) ends the match/<id> polls.
    await page.locator('.bet-slip').getByRole('button', { name: 'Clear' }).click();
    await page.locator('.markets-panel').getByRole('button', { name: 'Close' }).click();
    await page.locator('.markets-panel').waitFor({ state: 'detached' });
    await new Promise((r) => setTimeout(r, 1_000)); // a poll in flight finishes; the unsub reaches the gateway
    const calls = await uxmatchCalls();
    await new Promise((r) => setTimeout(r, 1_500)); // the measured quantity is polls over a window
    expect(await uxmatchCalls()).toBe(calls);
  });
});

describe('more markets on a 360 px phone', { timeout: 60_000 }, () => {
  it('is a sheet in the board place: no horizontal overflow, 44 px targets, back to the board', async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await logIn(page, stack.gateway.url, 'demo04');
      await openTab(page, 'live');
      const more = page.locator('.board[data-status="ok"] button.markets-more').first();
      const box = await more.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await more.tap();
      await page.locator('.markets-panel[data-status="ok"]').waitFor();
      expect(await page.locator('.desktop-main').isVisible()).toBe(false);
      const excess = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(excess).toBeLessThanOrEqual(0);
      const small = await page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLElement>('.markets-panel button')]
            .map((b) => b.getBoundingClientRect())
            .filter((r) => r.width > 0 && (r.height < 40 || r.width < 40)).length,
      );
      expect(small).toBe(0);
      // A CS price goes to the slip sheet below the panel.
      await page
        .locator('.markets-panel .markets-group[data-bettype="CS"] button.odds-cell:not([disabled])')
        .first()
        .tap();
      await page.locator('.bet-slip .slip-picks li').first().waitFor();
      await page.locator('.markets-panel').getByRole('button', { name: 'Close' }).tap();
      await page.locator('.desktop-main').waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });
});

describe('the time filter when it hides every match', { timeout: 60_000 }, () => {
  it('says so, and one click shows every kick-off time', async () => {
    const context = await stack.browser.newContext();
    try {
      const page = await context.newPage();
      await logIn(page, stack.gateway.url, 'demo03');
      await openTab(page, 'today');
      // Basketball: in the book stack's world (seed 11, from 01:00 GMT+8) its one match today kicks
      // off in the afternoon, so 00:00-04:00 holds none of its matches.
      await page.locator('.sports-menu [data-sport="2"]').click();
      await page.locator('.board[data-topic="odds/2/hdpou/today"][data-status="ok"]').waitFor();
      await page.locator('select[name="timeMode"]').selectOption('4');
      const note = page.locator('.board[data-status="ok"] [data-empty="time"]');
      await note.waitFor();
      expect(await note.textContent()).toBe('No match kicks off in the chosen time. Show all times');
      expect(await page.locator('.board [data-match]').count()).toBe(0);
      await note.getByRole('button', { name: 'Show all times' }).click();
      await page.locator('.board[data-status="ok"] [data-match]').first().waitFor();
      expect(await page.locator('select[name="timeMode"]').inputValue()).toBe('0');
      expect(await page.locator('[data-empty="time"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
