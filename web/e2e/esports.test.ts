/**
 * E-sports in a real browser: a new member opens /esports2, sees the games, the live and
 * upcoming series with their markets (match winner, map handicap, total maps), bets on the next
 * series' match winner through the bet slip; the simulator's clock is run until the series has been
 * played map by map, and /efresult shows its map score, the per-map detail (round or kill scores)
 * and the bet settled, agreeing with the simulator's own result. A 360 px phone fits both pages.
 */
import { gmt8DayStart } from '@sportsbook/protocol';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { available, logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-esports-e2e-',
    sim: {
      loadAccounts: 2,
      // Seed 1 has an e-sports series five sim minutes after the start; speed 5 plays a map in at
      // most a sim minute. The sim stays on the browser's GMT+8 day (the results' default range).
      world: {
        seed: 1,
        liveMatches: 10,
        todayMatches: 40,
        earlyMatches: 0,
        startTime: gmt8DayStart(Date.now()) + 3_600_000,
        speed: 5,
      },
    },
    gateway: { pollIntervalMs: 200, heartbeatMs: 1000 },
  });
  context = await stack.browser.newContext();
  page = await context.newPage();
}, 180_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

const url = (path: string) => `${stack.gateway.url}${path}`;

describe('e-sports', { timeout: 60_000 }, () => {
  it('a new member bets on a series at /esports2 and finds it settled map by map at /efresult', async () => {
    await logIn(page, stack.gateway.url, 'load01');
    await page.goto(url('/esports2'));
    await page.getByRole('heading', { name: 'E-sports', level: 1 }).waitFor();
    // Game tabs, and SPEC's duration 5 stated.
    for (const name of ['All games', 'Counter-Strike 2', 'League of Legends', 'Dota 2'])
      await page.getByRole('tab', { name }).waitFor();
    await page.getByText('Each map lasts at most 5 minutes.').waitFor();

    const card = page.locator('#esports-upcoming ~ ul .esports-card').first();
    await card.waitFor();
    const matchId = Number(await card.getAttribute('data-match'));
    for (const market of ['ML', 'HDP', 'OU']) await card.locator(`[data-market="${market}"]`).waitFor();
    const ml = card.locator('[data-market="ML"] button.odds-cell:not([disabled])').first();
    await ml.click();
    const before = await available(page);
    const slip = page.locator('.bet-slip');
    await slip.locator(`[data-pick="${matchId}-ML-0"]`).waitFor();
    await slip.locator('input[name="stake"]').fill('20');
    await slip.locator('[data-action="submit"]:not([disabled])').click();
    await slip.locator('[data-action="confirm"]:not([disabled])').click();
    await slip.locator('[data-outcome="accepted"]').waitFor();
    await page.waitForFunction(
      (b) => {
        const text = document.querySelector('[data-testid="balance-available"]')?.textContent ?? '';
        return Number(text.replace(/\D/g, '')) === b - 2000;
      },
      before,
      { polling: 100 },
    );

    // Kick-off, then the series map by map: the lobby shows it live with its map score.
    await stack.admin('clock', { action: 'advance', ms: 6 * 60_000 });
    await page.locator(`#esports-live ~ ul [data-match="${matchId}"]`).waitFor();
    for (let i = 0; i < 20; i++) {
      const row = stack.sim.world
        .results({ sportId: 43, from: 0, to: Number.MAX_SAFE_INTEGER })
        .find((r) => r.matchId === matchId);
      if (row?.status === 1) break;
      await stack.admin('clock', { action: 'advance', ms: 60_000 });
    }
    const result = stack.sim.world
      .results({ sportId: 43, from: 0, to: Number.MAX_SAFE_INTEGER })
      .find((r) => r.matchId === matchId);
    const series = result?.series;
    expect(result?.status).toBe(1);
    if (!series) throw new Error('no series');

    await page.goto(url('/efresult'));
    await page.getByRole('heading', { name: 'E-sports results', level: 1 }).waitFor();
    await page.getByLabel('Only matches I bet on').check();
    const item = page.locator(`.esports-card[data-match="${matchId}"]`);
    await item.waitFor();
    expect(await item.locator('[data-maps]').getAttribute('data-maps')).toBe(
      `${series.mapsHome}-${series.mapsAway}`,
    );
    expect(await item.locator('[data-bets]').getAttribute('data-bets')).toBe('1');
    await item.getByRole('button', { name: 'Map detail' }).click();
    const rows = item.locator('.efresult-maps tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(series.maps.length);
    for (const m of series.maps)
      expect(await item.locator(`tr[data-map="${m.map}"] [data-rounds]`).getAttribute('data-rounds')).toBe(
        `${m.home}-${m.away}`,
      );
    const won = series.mapsHome > series.mapsAway;
    await item.locator(`[data-bet-status="${won ? 'won' : 'lost'}"]`).waitFor();
    const winLose = Number(await item.locator('[data-winlose]').getAttribute('data-winlose'));
    if (won) expect(winLose).toBeGreaterThan(0);
    else expect(winLose).toBe(-20);
  });

  it('fits a 360 px phone: the lobby and the results, no horizontal overflow', async () => {
    const phone = await stack.browser.newContext({
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
    });
    const p = await phone.newPage();
    try {
      await logIn(p, stack.gateway.url, 'load02');
      for (const path of ['/esports2', '/efresult']) {
        await p.goto(url(path));
        await p.locator('.esports-card, .empty').first().waitFor();
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    } finally {
      await phone.close();
    }
  });
});
