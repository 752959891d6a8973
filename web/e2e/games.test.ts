/**
 * The game lobbies in a real browser, against the simulator's game providers: a new
 * member opens every lobby route (each shows tiles), finds a game by search, launches a slot, a
 * table game and a mini game in the 1280x720 pop-up, plays a round in each launched page, closes
 * the window, and the header balance and the statement lines move by exactly each round's result.
 * A member with live casino disabled sees no live casino entry, no lobby and no message; a provider
 * put into maintenance with the simulator's admin switch shows its notice on its tab.
 */

import { simAdmin, simCalls } from '@sportsbook/testkit';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RoutedLobbies } from '../src/features/games/lobbies.ts';
import { available, logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack({ tmpPrefix: 'web-games-e2e-', sim: { loadAccounts: 3 } });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});
/**
 * A fresh browser context and page for the test (closed after it), with the test's own viewport:
 * opened by the test itself rather than a `beforeEach`, so a phone test does not start a desktop
 * context (and its renderer) only to close it.
 */
async function open(options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } }) {
  context = await stack.browser.newContext(options);
  page = await context.newPage();
}
afterEach(async () => {
  await context?.close();
});

/** The header's available balance in minor units ("MYR 10,000.00" -> 1000000). */
/**
 * Client-side navigation (the catalogue cache and the session stay) to a lobby; returns once that
 * lobby shows its tiles, so no read sees the previous lobby's tiles.
 */
async function go(path: string) {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
  await page
    .locator(`.game-lobby[data-lobby="${path.slice(1)}"] .game-tile`)
    .first()
    .waitFor();
}

const tiles = () => page.locator('.game-lobby .game-tile');

interface Round {
  roundId: string;
  stake: number;
  win: number;
}

/**
 * Launches the tile's game in the pop-up, plays one round there, closes the window; the header
 * balance then shows exactly the round's result.
 */
async function playOne(tile: ReturnType<Page['locator']>): Promise<Round> {
  const before = await available(page);
  const [popup] = await Promise.all([page.waitForEvent('popup'), tile.locator('.game-open').click()]);
  await popup.waitForURL((u) => u.pathname.endsWith('/launch'));
  // The launched page's hooks (upstream-sim games/pageScript.ts): body[data-state], [data-spot],
  // [data-action=play], [data-testid=result] with data-round, data-stake and data-win (minor units).
  await popup.locator('body[data-state="ready"]').waitFor();
  // A slot bets on its one line; a table or mini game takes the first open spot at the first chip.
  const spot = popup.locator('[data-spot]:not([disabled])').first();
  if (await spot.count()) await spot.click();
  await popup.locator('[data-action="play"]').click();
  const result = popup.locator('[data-testid="result"][data-round]');
  await result.waitFor();
  const round = {
    roundId: (await result.getAttribute('data-round')) ?? '',
    stake: Number(await result.getAttribute('data-stake')),
    win: Number(await result.getAttribute('data-win')),
  };
  expect(round.roundId).not.toBe('');
  expect(round.stake).toBeGreaterThan(0);
  await popup.close();
  await page.waitForFunction(
    (expected) => {
      const text = document.querySelector('[data-testid="balance-available"]')?.textContent ?? '';
      return Number(text.replace(/\D/g, '')) === expected;
    },
    before - round.stake + round.win,
    { polling: 100 },
  );
  return round;
}

// A minute a test: each opens its own browser context inside its time (no `beforeEach` for it).
describe('game lobbies', { timeout: 60_000 }, () => {
  it('a new member finds, launches and plays a slot, a table and a mini game; balance and statement follow', async () => {
    await open();
    // The simulator's count of GameList calls so far (a retry of this test finds its first try's).
    const listsBefore = await simCalls(stack.sim, 'GameList');
    // Logged in straight to a lobby (no odds board on the way); the menu takes it to the next.
    await logIn(page, stack.gateway.url, 'load01', { to: '/slots' });
    await page.locator('nav.app-nav a[href="/casino"]').click();
    await page.waitForURL((u) => u.pathname === '/casino');
    await tiles().first().waitFor();
    // Every lobby route is a lobby with tiles (thumbnails lazy-loaded).
    for (const path of RoutedLobbies) await go(`/${path}`);
    expect(await tiles().first().locator('img').getAttribute('loading')).toBe('lazy');
    // One GameList per provider for the whole tour: the catalogue is cached for the session.
    expect((await simCalls(stack.sim, 'GameList')) - listsBefore).toBe(4);

    // A favourite is kept in the layout storage key: still there after a reload.
    await go('/slots');
    const favorite = (await tiles().nth(1).getAttribute('data-game')) ?? '';
    await tiles().nth(1).locator('.game-fav').click();
    await page.reload();
    await page.locator('.game-lobby [data-view="favorites"]').click();
    await page.locator(`.game-lobby .game-tile[data-game="${favorite}"]`).waitFor();
    expect(await tiles().count()).toBe(1);
    await page.locator('.game-lobby [data-view="all"]').click();

    // Find a slot by search.
    await go('/slots');
    const all = await tiles().count();
    const name = (await tiles().nth(3).locator('.game-name').textContent()) ?? '';
    await page.getByLabel('Search games').fill(name.toLowerCase());
    await page.waitForFunction((n) => document.querySelectorAll('.game-lobby .game-tile').length < n, all, {
      polling: 100,
    });
    const slot = tiles().filter({ hasText: name }).first();
    const rounds = [await playOne(slot)];

    // A table game (live casino lobby) and a mini game (every game, mini category).
    await go('/casino100');
    await page.locator('[data-lobby-link="casino"]').click();
    await page.waitForURL((u) => u.pathname === '/casino');
    await page.locator('.game-lobby [data-category="table"]').click();
    rounds.push(await playOne(tiles().first()));
    await go('/others1');
    await page.locator('.game-lobby [data-category="mini"]').click();
    rounds.push(await playOne(tiles().first()));

    // The launched games are in recently played, most recent first.
    await page.locator('.game-lobby [data-view="recent"]').click();
    await page.locator('.game-lobby [data-category="all"]').click();
    expect(await tiles().count()).toBe(3);

    // Each round is in the statement's lines: its stake and win, to the minor unit.
    const [statement] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Statement' }).click(),
    ]);
    await statement.locator('.statement-lines [data-lines-date]').first().waitFor();
    const lines = await statement.locator('tr[data-line]').evaluateAll((rows) =>
      rows.map((r) => ({
        ref: r.children[2]?.textContent ?? '',
        amount: Number(r.getAttribute('data-amount')),
      })),
    );
    for (const r of rounds) {
      const sum = lines.filter((l) => l.ref === r.roundId).reduce((s, l) => s + l.amount, 0);
      expect(sum, r.roundId).toBe(r.win - r.stake);
    }
    await statement.close();

    // Logout closes the game window with every other pop-up.
    const [game] = await Promise.all([
      page.waitForEvent('popup'),
      tiles().first().locator('.game-open').click(),
    ]);
    await game.locator('body[data-state="ready"]').waitFor();
    const closed = game.waitForEvent('close');
    await page.getByRole('button', { name: 'Log out' }).click();
    await closed;
  }, 90_000);

  it('shows a member with live casino disabled no live casino entry, no lobby and no message', async () => {
    await open();
    // Logged in straight to every game's lobby (no odds board on the way).
    await logIn(page, stack.gateway.url, 'demo21', { to: '/others1' });
    await page.locator('nav.app-nav a[href="/slots"]').waitFor();
    expect(await page.locator('nav.app-nav a[href="/casino"]').count()).toBe(0);
    await tiles().first().waitFor();
    expect(await page.locator('.game-lobby [data-provider="evo"]').count()).toBe(0);
    expect(await page.locator('.game-lobby [data-category="live"]').count()).toBe(0);
    expect(await page.locator('[role="alertdialog"], [role="status"].toast').count()).toBe(0);
    // The live casino's address through the app's router (as a link would take it there): the page
    // stays mounted from lobby to lobby and marks the lobby it hides.
    await page.evaluate(() => {
      history.pushState({}, '', '/casino');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((u) => u.pathname === '/casino');
    await page.locator('[data-lobby-hidden]').waitFor({ state: 'attached' });
    expect(await page.locator('[role="alertdialog"], [role="status"].toast').count()).toBe(0);
  });

  it('shows a notice on the tab of a provider in maintenance', async () => {
    await open();
    await simAdmin(stack.sim, 'games', { provider: 'pgs', maintenance: true });
    try {
      await logIn(page, stack.gateway.url, 'load02', { to: '/slots' });
      await page.locator('.game-lobby [data-provider="pgs"][role="tab"]').click();
      await page.locator('[data-maintenance="pgs"]').waitFor();
      expect(await page.locator('[data-maintenance="pgs"]').textContent()).toContain('PGS Slots');
      // The other provider still plays.
      await page.locator('.game-lobby [data-provider="jili"][role="tab"]').click();
      await tiles().first().waitFor();
      expect(await page.locator('[data-maintenance="pgs"]').count()).toBe(0);
    } finally {
      await simAdmin(stack.sim, 'games', { provider: 'pgs', maintenance: false });
    }
  });

  it('fits a 360 px phone: no horizontal overflow, 44 px touch targets, tiles in columns', async () => {
    await open({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await logIn(page, stack.gateway.url, 'load03', { to: '/slots' });
    await tiles().nth(3).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const small = await page.evaluate(
      () =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '.game-lobby button, .game-lobby input, .game-lobby-links a',
          ),
        ]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.height < 44 || r.width < 44)).length,
    );
    expect(small).toBe(0);
    const columns = await page.evaluate(
      () =>
        getComputedStyle(document.querySelector('.game-grid') as Element).gridTemplateColumns.split(' ')
          .length,
    );
    expect(columns).toBeGreaterThanOrEqual(2);
  });
});
