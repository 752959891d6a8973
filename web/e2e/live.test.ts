/**
 * The live centre in a real browser, on one stack: /livetv lists the streams, a clip
 * plays (the video's time advances) with the match named around it and the tracker beside it; a
 * broken stream (the simulator's admin switch) shows the notice and falls back to the tracker; a
 * highlight plays; a league's standings and bracket open from live TV; the header shows the
 * operator's logo from getlogo; every page fits a 360 px phone.
 */
import { hasStandings } from '@sportsbook/protocol';
import { simAdmin } from '@sportsbook/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-live-e2e-',
    sim: {
      world: {
        seed: 7,
        liveMatches: 12,
        todayMatches: 20,
        earlyMatches: 4,
        startTime: Date.UTC(2026, 0, 10, 4, 0, 0),
        speed: 10,
      },
    },
    gateway: { pollIntervalMs: 250, heartbeatMs: 1000 },
  });
  // Some matches finish (highlights, standings), their replacements are live.
  await stack.admin('clock', { action: 'advance', ms: 30 * 60_000 });
  context = await stack.browser.newContext();
  page = await context.newPage();
  await logIn(page, stack.gateway.url, 'demo03');
}, 180_000);
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await stack?.close();
});

/** Waits until the page's video has played past `seconds` (it really decodes and advances). */
function playsPast(p: Page, seconds: number) {
  return p.waitForFunction(
    (s) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="live-video"]');
      return v !== null && !v.hidden && v.currentTime > s;
    },
    seconds,
    { timeout: 15_000, polling: 100 },
  );
}

/** No horizontal overflow at 360 px and the live page's buttons and links are 44 px touch targets. */
async function fitsPhone(p: Page) {
  await p.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  const small = await p
    .locator('.live-page button, .live-links a')
    .evaluateAll(
      (els) =>
        els.filter((e) => (e as HTMLElement).offsetParent !== null && e.getBoundingClientRect().height < 43.5)
          .length,
    );
  expect(small).toBe(0);
  await p.setViewportSize({ width: 1280, height: 800 });
}

describe('live TV, highlights and standings', { timeout: 60_000 }, () => {
  it('plays a live stream with the match named and the tracker beside it; a broken stream falls back', async () => {
    await page.goto(`${stack.gateway.url}/livetv`);
    const items = page.locator('.live-list button.live-item');
    await items.first().waitFor();
    const live = page.locator('.live-list button.live-item:has([data-testid="live-score"])');
    expect(await live.count()).toBeGreaterThan(0);
    expect(await items.count()).toBeGreaterThan(1);
    const first = live.first();
    const firstId = Number(await first.getAttribute('data-match-id'));
    const teams = (await first.locator('.live-teams').textContent())?.trim() ?? '';
    await first.click();
    await expect.poll(() => page.getByTestId('live-title').textContent()).toBe(teams);
    await playsPast(page, 0.5);
    await page.locator(`[data-testid="tracker"][data-match-id="${firstId}"]`).waitFor();
    await fitsPhone(page);

    // The header shows the operator's logo (an SVG relayed by the gateway) for the theme.
    const logo = page.getByTestId('operator-logo');
    await logo.waitFor();
    expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Another streamed match (live or next), its stream broken by the simulator's admin switch.
    const second = page.locator(`.live-list button.live-item:not([data-match-id="${firstId}"])`).first();
    const secondId = Number(await second.getAttribute('data-match-id'));
    await simAdmin(stack.sim, 'livetv', { broken: [secondId] });
    await second.click();
    await page.getByTestId('player-failed').waitFor();
    expect(await page.getByTestId('player-failed').textContent()).toContain('tracker');
    await page.locator(`[data-testid="tracker"][data-match-id="${secondId}"]`).waitFor();
    await simAdmin(stack.sim, 'livetv', { broken: [] });
  });

  it('opens the standings and bracket of the watched match league from live TV', async () => {
    await page.goto(`${stack.gateway.url}/livetv`);
    // A match of a league with settled results: the standings list names them. Only sports with a
    // league table link to standings (not tennis or e-sports).
    const items = page.locator('.live-list button.live-item');
    await items.first().waitFor();
    const itemSports = await items.evaluateAll((bs) =>
      bs.map((b) => Number(b.getAttribute('data-sport-id'))),
    );
    const withTable = itemSports.findIndex((sport) => hasStandings(sport));
    expect(withTable).toBeGreaterThanOrEqual(0);
    await items.nth(withTable).click();
    await page.getByRole('link', { name: /^Standings of / }).click();
    await page.waitForURL((u) => u.pathname === '/standings');
    const select = page.locator('.live-page select');
    await select.waitFor();
    const leagues = await select
      .locator('option[value]:not([value=""])')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(leagues.length).toBeGreaterThan(0);
    await select.selectOption(leagues[0] ?? '');
    const rows = page.locator('[data-testid="standings-table"] tbody tr');
    await rows.first().waitFor();
    const points = await page
      .locator('[data-testid="standings-table"] td[data-points]')
      .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-points'))));
    expect(points).toEqual([...points].sort((a, b) => b - a));
    await page.getByRole('heading', { name: 'Bracket', exact: true }).waitFor();
    await fitsPhone(page);

    // Virtual leagues (whose events have settled by now) keep no table; basketball's says points.
    const sports = await select
      .locator('option[value]:not([value=""])')
      .evaluateAll((os) => os.map((o) => Number(o.getAttribute('data-sport-id'))));
    expect(sports.filter((sport) => !hasStandings(sport))).toEqual([]);
    const basketball = await select.locator('option[data-sport-id="2"]').first().getAttribute('value');
    await select.selectOption(basketball ?? '');
    const head = page.locator('[data-testid="standings-table"][data-sport-id="2"] thead');
    await head.locator('th[data-col="for"]', { hasText: 'Points for' }).waitFor();
    expect(await head.textContent()).not.toMatch(/Goal|Drawn/);

    // The results page links to the same standings.
    await page.goto(`${stack.gateway.url}/info/result`);
    await page.getByRole('link', { name: 'Standings and brackets' }).click();
    await page.waitForURL((u) => u.pathname === '/standings');
    await page.locator('.live-page select').waitFor();
  });

  it('on a phone, a tap on a stream, a league or a clip brings what it opens into view', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      // Scrolled up to the top half of the screen (or as far as the page goes). Scrolling is in whole
      // pixels, so an element whose page offset is fractional lands up to 1 px above the top.
      const inView = (selector: string) =>
        page.waitForFunction(
          (sel) => {
            const r = document.querySelector(sel)?.getBoundingClientRect();
            const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
            return r !== undefined && r.top > -1 && (r.top < window.innerHeight / 2 || end);
          },
          selector,
          { polling: 100 },
        );
      await page.goto(`${stack.gateway.url}/livetv`);
      await page.locator('.live-list button.live-item').first().click();
      await inView('[data-testid="live-title"]');
      await page.goto(`${stack.gateway.url}/highlight/home`);
      await page.locator('button[data-league-id]').first().click();
      await page.locator('button.live-item[data-match-id]').first().waitFor();
      await inView('button.live-item[data-match-id]');
      await page.locator('button.live-item[data-match-id]').first().click();
      await inView('[data-testid="live-title"]');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('plays a highlight of a finished match with its score and date', async () => {
    await page.goto(`${stack.gateway.url}/highlight/home`);
    await page.locator('button[data-league-id]').first().click();
    const clip = page.locator('button.live-item[data-match-id]').first();
    await clip.waitFor();
    expect(await clip.textContent()).toMatch(/\d+ - \d+.*Played \d\d\/\d\d \d\d:\d\d \(GMT\+8\)/);
    await clip.click();
    await page.getByTestId('live-title').waitFor();
    await playsPast(page, 0.3);
    await fitsPhone(page);
  });
});
