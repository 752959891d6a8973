/**
 * Promotions, message pages, live TV and site maintenance in a real browser, on one stack (one context per test):
 * - /event lists the world's promotions in the member's language and opens one's detail;
 * - /info/message reaches page 2 of the personal messages and page 3 of the announcements, and the
 *   main window's unread count follows the reading without a reload (account stream);
 * - /livetv plays the first live stream, muted, on arrival;
 * - the operator's maintenance switch sends an open page to /maintenance and back when it ends; a
 *   logged-out visitor whose login answers `maintenance` is sent there too.
 */
import { loginAt, postJson, simAdmin } from '@sportsbook/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-depth-e2e-',
    sim: {
      world: {
        seed: 7,
        liveMatches: 6,
        todayMatches: 12,
        earlyMatches: 4,
        startTime: Date.UTC(2026, 0, 10, 4, 0, 0),
      },
    },
    gateway: {
      pollIntervalMs: 250,
      heartbeatMs: 1000,
      groupFactors: { live: 1, today: 5, early: 10, menu: 5, match: 1, lists: 2, textLists: 2 },
    },
  });
}, 180_000);
afterEach(async () => {
  await context?.close().catch(() => undefined);
});
afterAll(async () => {
  await stack?.close();
});

/** A new browser logged in through the landing form, on /desktop or straight on `to`. */
async function loggedIn(accountId: string, to?: string): Promise<Page> {
  context = await stack.browser.newContext();
  const page = await context.newPage();
  await logIn(page, stack.gateway.url, accountId, to ? { to } : {});
  return page;
}

/** No horizontal overflow at 390 px. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
      timeout: 20_000,
    })
    .toBe(true);
}

describe('promotions, messages, live TV, maintenance', { timeout: 90_000 }, () => {
  it("/event shows the world's events in the member's language, with a detail", async () => {
    // Straight to /event (no odds board on the way); the language switch there asks for the list again.
    const page = await loggedIn('demo01', '/event');
    await page.locator('.app-header').getByLabel('Language').selectOption('ko');
    const titles = page.locator('.events .event-title');
    const session = await loginAt(`${stack.sim.url}/authlogin`, 'demo02');
    const { json } = await postJson(`${stack.sim.url}/eventlist`, { ...session, language: 'ko' });
    const expected = (json.data as { title: string; content: string }[]).map((e) => e.title);
    expect(expected.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await titles.allTextContents()).sort(), { timeout: 20_000 })
      .toEqual([...expected].sort());
    // Korean texts, the page in Korean, times in GMT+8.
    expect(expected.some((title) => /[\uac00-\ud7a3]/.test(title))).toBe(true);
    expect(await page.locator('h1').textContent()).toBe('이벤트 및 프로모션');
    expect(await page.getByTestId('event-period').first().textContent()).toContain('GMT+8');
    // The detail: the terms of the first event.
    const first = (json.data as { title: string; content: string }[]).find(
      (e) => e.title === expected.slice().sort()[0],
    );
    await page
      .locator('.events .event-link', { hasText: first?.title ?? '' })
      .first()
      .click();
    await expect
      .poll(() => page.getByTestId('event-content').textContent(), { timeout: 20_000 })
      .toBe(first?.content);
    await fitsPhone(page);
  });

  it('messages: page 2 of the personal messages and page 3 of the announcements; the unread count follows', async () => {
    await simAdmin(stack.sim, 'message', {
      kind: 'personal',
      account_id: 'demo04',
      title: 'Letter',
      body: 'For you',
      count: 14,
    });
    await simAdmin(stack.sim, 'message', {
      kind: 'announcement',
      title: 'Notice',
      body: 'Read me',
      count: 25,
    });
    // A light page of the logged-in layout (its header has the messages button), no odds board.
    const main = await loggedIn('demo04', '/ngresult');
    const badge = main.locator('.app-header .badge').first();
    await expect.poll(async () => Number(await badge.textContent()), { timeout: 20_000 }).toBeGreaterThan(10);

    // The header's messages button opens /info/message in its pop-up window (same session).
    const [info] = await Promise.all([
      main.waitForEvent('popup'),
      main
        .locator('.app-header')
        .getByRole('button', { name: /^Messages:/ })
        .click(),
    ]);
    const personal = info.getByTestId('personal').locator('h3');
    await expect.poll(() => personal.count(), { timeout: 20_000 }).toBe(10);
    await info
      .getByRole('navigation', { name: 'Personal messages' })
      .getByRole('button', { name: 'Next page' })
      .click();
    await expect.poll(() => personal.allTextContents(), { timeout: 20_000 }).toContain('Letter 1');
    expect(await info.getByRole('navigation', { name: 'Personal messages' }).textContent()).toContain(
      'Page 2 of 2',
    );
    // Both pages read: the main window's unread count follows without a reload.
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toBe('0');

    const notices = info.getByTestId('announcements').locator('h3');
    await expect.poll(() => notices.allTextContents(), { timeout: 20_000 }).toContain('Notice 25');
    const pager = info.getByRole('navigation', { name: 'Announcements' });
    await pager.getByRole('button', { name: 'Next page' }).click();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => notices.allTextContents(), { timeout: 20_000 }).toContain('Notice 5');
    await fitsPhone(info);
  });

  it('/livetv plays the first live stream, muted, on arrival', async () => {
    const page = await loggedIn('demo03', '/livetv');
    const live = page.locator('.live-list button.live-item:has([data-testid="live-score"])').first();
    await live.waitFor();
    const teams = (await live.locator('.live-teams').textContent())?.trim() ?? '';
    // Nothing clicked: the first live match is named and its video plays, muted.
    await expect.poll(() => page.getByTestId('live-title').textContent(), { timeout: 20_000 }).toBe(teams);
    expect(await live.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="live-video"]');
        return v !== null && !v.paused && v.currentTime > 0.3;
      },
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    expect(await page.getByTestId('live-video').evaluate((v) => (v as HTMLVideoElement).muted)).toBe(true);
  });

  it('maintenance switched on sends an open page to /maintenance, switched off brings it back', async () => {
    // A light page of the logged-in layout (the layout watches the site's status on every page): no
    // live video playing through the test.
    const page = await loggedIn('demo05', '/ngresult');
    await page.locator('.ng-results').waitFor();
    try {
      await simAdmin(stack.sim, 'site', { maintenance: true });
      await page.waitForURL((u) => u.pathname === '/maintenance', { timeout: 20_000 });
      await page.getByRole('heading', { name: 'Under maintenance' }).waitFor();

      // A logged-out visitor: the login's answer sends the landing page there too.
      const visitor = await context.browser()?.newContext();
      if (!visitor) throw new Error('no browser');
      try {
        const landing = await visitor.newPage();
        await landing.goto(`${stack.gateway.url}/`);
        await landing.getByLabel('Login ID').fill('demo06');
        await landing.getByLabel('Password').fill('demo1234');
        await landing.getByRole('button', { name: 'Log in' }).click();
        await landing.waitForURL((u) => u.pathname === '/maintenance', { timeout: 20_000 });
      } finally {
        await visitor.close();
      }
    } finally {
      await simAdmin(stack.sim, 'site', { maintenance: false });
    }
    // Over: the player is back on the page they were on, without touching anything.
    await page.waitForURL((u) => u.pathname === '/ngresult', { timeout: 20_000 });
    await page.locator('.ng-results').waitFor();
  });
});
