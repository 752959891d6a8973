/**
 * Virtual sports and the number game in Chromium, on one stack: a new member opens
 * virtual football from the sports menu, bets on the next event through the bet slip (vbet*), the
 * simulator's clock (admin advance) plays the event out, and the bet settles with the balance and
 * the statement right; then plays the number game at /minigame and finds the draw and the ticket
 * at /ngresult. The virtual view, /minigame and /ngresult fit a 360 px phone.
 */
import { formatGmt8, VirtualSports } from '@sportsbook/protocol';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeFromSlip } from './bookSupport.ts';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-virtual-e2e-',
    sim: { loadAccounts: 3, world: { liveMatches: 4, todayMatches: 6, earlyMatches: 2 } },
    gateway: { pollIntervalMs: 200, heartbeatMs: 1000 },
  });
}, 180_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

const url = (path: string) => `${stack.gateway.url}${path}`;
const sim = () => stack.sim.sim;

/** Moves the simulator's clock with the admin call, as an operator would. */
async function advance(ms: number): Promise<void> {
  await stack.admin('clock', { action: 'advance', ms });
}

/** The header's available balance in minor units. */
async function waitBalance(expected: number): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const text = document.querySelector('[data-testid="balance-available"]')?.textContent ?? '';
      return Number(text.replace(/\D/g, '')) === want;
    },
    expected,
    { polling: 100 },
  );
}

describe('virtual sports and the number game', () => {
  it('bets on a virtual football event, which plays out and settles in the balance and statement', async () => {
    // A context of its own, so that a retry starts logged out again.
    await context?.close();
    context = await stack.browser.newContext();
    page = await context.newPage();
    await logIn(page, stack.gateway.url, 'load01');
    const start = sim().wallet.balance('load01');
    await page.locator('.sports-menu [data-sport="180"]').click();
    const event = page.locator('.virtual-board article.virtual-event:not(.playing)').first();
    await event.locator('.virtual-price:not([disabled])').first().waitFor();
    expect(await event.locator('[data-countdown]').textContent()).toMatch(/\d+:\d\d/);
    const matchId = Number(await event.getAttribute('data-match'));
    const home = event.locator('.virtual-price[data-selection="0"]:not([disabled])').first();
    // A long shot in Malay odds is negative: the stake is the win, and the risk (stake x |odds|)
    // must still reach the minimum bet (MYR 5), so the stake grows as the price falls.
    const shown = Number(await home.locator('strong').textContent());
    await home.click();
    await placeFromSlip(page, shown < 0 ? String(Math.ceil(10 / -shown)) : '50');

    // Placed through vbetsingle: a virtual bet, its risk frozen.
    await expect.poll(() => sim().store.accountBets('load01').length, { timeout: 10_000 }).toBe(1);
    const [placed] = sim().store.accountBets('load01');
    expect(placed?.call).toBe('vbetsingle');
    expect(placed?.virtual).toBe(true);
    expect(placed?.legs[0]?.matchId).toBe(matchId);
    await waitBalance(start.available - (placed?.risk ?? 0));

    // The event kicks off, plays (the live score on the page) and ends.
    const kickoff = placed?.legs[0]?.kickoff ?? 0;
    await advance(kickoff - sim().world.now() + 30_000);
    await page.locator(`.virtual-event.playing[data-match="${matchId}"] [data-score]`).waitFor();
    await advance((VirtualSports[180]?.playMs ?? 0) + 1_000);
    const score = sim().world.score(matchId);
    const bet = sim().store.bets.get(placed?.betId ?? '');
    expect(bet?.status).toBe((score?.home ?? 0) > (score?.away ?? 0) ? 'won' : 'lost');
    const end = sim().wallet.balance('load01');
    expect(end.frozen).toBe(0);
    expect(end.available).toBe(
      start.available - (bet?.risk ?? 0) + (bet?.returned ?? 0) + (bet?.commission ?? 0),
    );
    await waitBalance(end.available);

    // The finished event shows in the latest results, with its replay.
    const result = page.locator(`.virtual-results li[data-match="${matchId}"]`);
    await result.waitFor({ timeout: 15_000 });
    expect(await result.locator('[data-final]').textContent()).toBe(`${score?.home}-${score?.away}`);
    await result.getByRole('button').click();
    await result.locator('[data-final-line]').waitFor({ timeout: 15_000 });

    // The statement of the day reconciles and closes on the new cash.
    await page.goto(url('/info/statement'));
    const today = formatGmt8(sim().world.now(), 'yyyy-MM-dd');
    const row = page.locator(`tr[data-date="${today}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-reconciled')).toBe('true');
    expect(Number(await row.locator('[data-closing]').getAttribute('data-closing'))).toBe(end.cash);
  }, 60_000);

  it('plays the number game at /minigame and finds the draw and the ticket at /ngresult', async () => {
    await page.goto(url('/minigame'));
    const draw = page.locator('.ng-draw[data-draw]');
    await draw.waitFor();
    const drawId = (await draw.getAttribute('data-draw')) as string;
    for (const n of [4, 18, 33]) await page.locator(`.ng-grid [data-number="${n}"]`).click();
    await page.locator('input[name="stake"]').fill('5');
    const before = sim().wallet.balance('load01');
    await page.locator('.ng-actions button.primary').click();
    const accepted = page.locator('[role="status"][data-ticket]');
    await accepted.waitFor();
    const ticketId = (await accepted.getAttribute('data-ticket')) as string;
    await waitBalance(before.available - 500);

    const drawTime = sim().numberGame.draw(drawId, sim().world.now())?.drawTime ?? 0;
    await advance(drawTime - sim().world.now() + 1_000);
    await page.goto(url('/ngresult'));
    const shown = page.locator(`.ng-draws tr[data-draw="${drawId}"] .ng-numbers`);
    await shown.waitFor();
    expect(await shown.textContent()).toBe(sim().numberGame.numbersOf(drawId).join(' '));
    const mine = page.locator(`.ng-mine tr[data-ticket="${ticketId}"]`);
    await mine.waitFor();
    expect(['won', 'lost']).toContain(await mine.getAttribute('data-status'));
    await waitBalance(sim().wallet.balance('load01').available);
  }, 40_000);

  it('the virtual view and the number game pages fit a 360 px phone', async () => {
    const phone = await stack.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
    try {
      const p = await phone.newPage();
      await logIn(p, stack.gateway.url, 'load02');
      await p.locator('.sports-menu [data-sport="180"]').click();
      await p.locator('.virtual-board .virtual-price').first().waitFor();
      const overflow = await p.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const small = await p.evaluate(
        () =>
          [...document.querySelectorAll<HTMLElement>('.virtual-board button')]
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.height > 0 && r.height < 44).length,
      );
      expect(small).toBe(0);
      // The number game's pages too.
      for (const [path, ready] of [
        ['/minigame', '.ng-grid button'],
        ['/ngresult', '.ng-results h1'],
      ] as const) {
        await p.goto(url(path));
        await p.locator(ready).first().waitFor();
        const excess = await p.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(excess, path).toBeLessThanOrEqual(0);
      }
    } finally {
      await phone.close();
    }
  }, 40_000);
});
