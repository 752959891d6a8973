/**
 * The 4D lottery in a real browser: a new member types a straight, a box on a number with
 * one repeated digit (12 permutations) and an iBox in the keyboard-first grid, sees each row's
 * permutations and cost and the total before confirming, places the ticket, the simulator's clock is
 * run to the draw, and the results board, the ticket and the header balance show the payout exactly
 * as protocol's table computes it from the 23 numbers the page shows. The draw is the seeded one (a
 * run is reproducible), so the test picks winning rows from the simulator's own generator: no
 * special path. A member with the lottery disabled sees nothing of it; a phone fits the page.
 */
import {
  digitPermutations,
  type LotteryBetTypeCode,
  type LotteryDrawNumbers,
  lotteryRowPayout,
  permutationCount,
  rankedNumbers,
} from '@sportsbook/protocol';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { available, logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack({ tmpPrefix: 'web-lottery-e2e-', sim: { loadAccounts: 4 } });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});
/**
 * A fresh browser context and page for the test (closed after it), with the test's own options:
 * opened by the test itself rather than a `beforeEach`, so a phone test does not start a desktop
 * context (and its renderer) only to close it.
 */
async function open(options?: BrowserContextOptions) {
  context = await stack.browser.newContext(options);
  page = await context.newPage();
}
afterEach(async () => {
  await context?.close();
});

/** Logs in through the landing form, to /desktop or straight to `to` (no board loaded and left). */
function login(accountId: string, to?: string) {
  return logIn(page, stack.gateway.url, accountId, to ? { to } : {});
}

/** The header's available balance in minor units ("MYR 100,000.00" -> 10000000). */
/** Types one row with the keyboard only: number, Enter, Big, Enter, Small, Enter, bet type, Enter. */
async function typeRow(row: number, number: string, big: string, small: string, betType: LotteryBetTypeCode) {
  await page.locator(`[data-cell="${row}-0"]`).focus();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await page.keyboard.type(big);
  await page.keyboard.press('Enter');
  await page.keyboard.type(small);
  await page.keyboard.press('Enter');
  await page.locator(`[data-cell="${row}-3"]`).selectOption(betType);
  await page.keyboard.press('Enter');
}

const rowCell = (row: number, attr: 'perms' | 'cost') =>
  page.locator(`[data-row="${row}"] [data-${attr}]`).getAttribute(`data-${attr}`);

/** A number of the draw with exactly one repeated digit (12 orderings), else the first number. */
function onePair(numbers: LotteryDrawNumbers): string {
  return rankedNumbers(numbers).find((n) => permutationCount(n.number) === 12)?.number ?? numbers.first;
}

// A minute a test: each opens its own browser context inside its time (no `beforeEach` for it).
describe('4D lottery', { timeout: 60_000 }, () => {
  it('places a straight, a box and an iBox, runs to the draw, and pays exactly as the table says', async () => {
    await open();
    // A light page of the logged-in layout (no odds board on the way); the menu's link to the lottery.
    await login('load01', '/ngresult');
    await page.getByRole('link', { name: '4D lottery' }).click();
    await page.waitForURL((u) => u.pathname === '/w4d');
    const countdown = page.locator('.lottery-countdown');
    await countdown.waitFor();
    const drawId = (await countdown.getAttribute('data-draw')) as string;
    const startBalance = await available(page);

    // The seeded draw, known in advance: rows that win, built from its numbers.
    const seeded = stack.sim.sim.lottery.numbersOf(drawId);
    const pair = onePair(seeded);
    const boxNumber = digitPermutations(pair).find((n) => n !== pair) ?? pair;
    const iboxNumber = [...seeded.first].reverse().join('');
    const rows = [
      { number: seeded.second, big: '1', small: '1', betType: 'D_1' },
      { number: boxNumber, big: '1', small: '', betType: 'D_3' },
      { number: iboxNumber, big: '1', small: '', betType: 'D_4' },
    ] as const;
    for (const [i, r] of rows.entries()) await typeRow(i, r.number, r.big, r.small, r.betType);

    // Instant permutations and cost per row, and the total, before anything is sent.
    expect(await rowCell(0, 'perms')).toBe('1');
    expect(await rowCell(0, 'cost')).toBe('200');
    expect(await rowCell(1, 'perms')).toBe(String(permutationCount(boxNumber)));
    expect(await rowCell(1, 'cost')).toBe(String(permutationCount(boxNumber) * 100));
    expect(await rowCell(2, 'perms')).toBe(String(permutationCount(iboxNumber)));
    expect(await rowCell(2, 'cost')).toBe('100');
    const cost = 200 + permutationCount(boxNumber) * 100 + 100;
    expect(await page.locator('[data-total]').getAttribute('data-total')).toBe(String(cost));
    expect(permutationCount(pair)).toBe(12);

    // The server's quote to confirm, then the accepted ticket.
    await page.getByRole('button', { name: 'Review ticket' }).click();
    const confirmTotal = page.locator('[data-confirm-total]');
    await confirmTotal.waitFor();
    expect(await confirmTotal.getAttribute('data-confirm-total')).toBe(String(cost));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: /Ticket L\d+ accepted/ }).waitFor();
    const ticketId = await page.locator('.lottery-accepted [data-ticket]').getAttribute('data-ticket');
    await page.locator(`.lottery-tickets [data-ticket="${ticketId}"][data-status="open"]`).waitFor();
    await page.waitForFunction(
      (expected) => {
        const text = document.querySelector('[data-testid="balance-available"]')?.textContent ?? '';
        return Number(text.replace(/\D/g, '')) === expected;
      },
      startBalance - cost,
      { polling: 100 },
    );

    // Run the simulator's clock to the draw.
    const drawTime = (Number(await countdown.getAttribute('data-close')) as number) + 60_000;
    stack.sim.advance(drawTime - stack.sim.sim.world.now() + 1_000);

    // The results board shows the draw's 23 numbers; the payout follows from them by the table.
    const board = page.locator(`.lottery-board[data-draw="${drawId}"]`);
    await board.locator('[data-rank="first"] li').waitFor();
    const shown = async (rank: string) => board.locator(`[data-rank="${rank}"] li`).allTextContents();
    const [first = '', second = '', third = ''] = [
      ...(await shown('first')),
      ...(await shown('second')),
      ...(await shown('third')),
    ];
    const numbers: LotteryDrawNumbers = {
      first,
      second,
      third,
      starter: await shown('starter'),
      consolation: await shown('consolation'),
    };
    expect(rankedNumbers(numbers)).toHaveLength(23);
    expect(numbers).toEqual(seeded);
    const payout = rows
      .map(
        (r) =>
          lotteryRowPayout(
            {
              number: r.number,
              betType: r.betType,
              big: Number(r.big) * 100,
              small: Number(r.small || 0) * 100,
            },
            numbers,
          ).payout,
      )
      .reduce((a, b) => a + b, 0);
    expect(payout).toBeGreaterThan(0);

    const settled = page.locator(`.lottery-results [data-ticket="${ticketId}"]`);
    await settled.waitFor();
    expect(await settled.getAttribute('data-status')).toBe('won');
    expect(Math.round(Number(await settled.getAttribute('data-payout')) * 100)).toBe(payout);
    await page.waitForFunction(
      (expected) => {
        const text = document.querySelector('[data-testid="balance-available"]')?.textContent ?? '';
        return Number(text.replace(/\D/g, '')) === expected;
      },
      startBalance - cost + payout,
      { polling: 100 },
    );
  }, 60_000);

  it.each([
    ['a desktop', 'load03', null],
    ['a 390x844 phone', 'load04', { width: 390, height: 844 }],
  ] as const)(
    'on %s, a review whose draw closes stays on that draw, says it closed, and moves to the next draw in one action',
    async (_, accountId, viewport) => {
      await open(viewport ? { viewport, hasTouch: true } : undefined);
      await login(accountId, '/w4d');
      const countdown = page.locator('.lottery-countdown');
      await countdown.waitFor();
      const closedId = (await countdown.getAttribute('data-draw')) as string;
      const close = Number(await countdown.getAttribute('data-close'));
      // A draw id is its GMT+8 time, yyyyMMddHHmm; the page names a draw "dd/MM HH:mm".
      const closedLabel = `${closedId.slice(6, 8)}/${closedId.slice(4, 6)} ${closedId.slice(8, 10)}:${closedId.slice(10, 12)}`;
      await typeRow(0, '1234', '1', '', 'D_1');
      await page.getByRole('button', { name: 'Review ticket' }).click();
      const review = page.locator(`.lottery-confirm[data-review-draw="${closedId}"]`);
      await review.waitFor();
      await page.getByRole('button', { name: 'Confirm' }).waitFor();

      // Betting on the reviewed draw closes (the upstream's clock passes its close time).
      stack.sim.advance(close - stack.sim.sim.world.now() + 1_000);
      await page.locator(`.lottery-confirm[data-review-draw="${closedId}"][data-closed]`).waitFor();
      const alert = review.locator(`[role="alert"][data-draw-closed="${closedId}"]`);
      expect(await alert.textContent()).toContain(`Betting on draw ${closedLabel} has closed`);
      // Still the closed draw, never relabelled with the next one; no Confirm for it.
      expect(await review.locator('p').first().textContent()).toBe(`Draw ${closedLabel}`);
      expect(await page.getByRole('button', { name: 'Confirm' }).count()).toBe(0);

      // One action moves the ticket to the next draw; a confirm then places it there.
      const move = page.locator('[data-action="move"]');
      // It fits the screen: no sideways scroll, the action a full touch target.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      expect((await move.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(viewport ? 44 : 0);
      expect(await move.textContent()).toMatch(/^Move to draw \d\d\/\d\d \d\d:\d\d$/);
      await move.click();
      const moved = page.locator('.lottery-confirm:not([data-closed])');
      await moved.waitFor();
      const nextId = (await moved.getAttribute('data-review-draw')) as string;
      expect(nextId).not.toBe(closedId);
      expect(Number(nextId)).toBeGreaterThan(Number(closedId));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: /Ticket L\d+ accepted/ }).waitFor();
      expect(await page.locator('.lottery-accepted [data-ticket]').getAttribute('data-draw')).toBe(nextId);
    },
    60_000,
  );

  it('hides the lottery, without a message, from a member who has it disabled', async () => {
    await open();
    // Straight to /w4d from the landing form (the address asked for, as a typed one is), no odds board.
    await login('demo20', '/w4d');
    await page.locator('nav.app-nav a[href="/desktop"]').waitFor();
    expect(await page.locator('nav.app-nav a[href="/w4d"]').count()).toBe(0);
    await page.locator('section.lottery[data-lottery="hidden"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: '4D lottery' }).count()).toBe(0);
    expect(await page.locator('[role="alertdialog"], [role="status"].toast').count()).toBe(0);
  });

  it('fits a 375 px phone: no horizontal overflow, 44 px touch targets', async () => {
    await open({ viewport: { width: 375, height: 740 }, hasTouch: true });
    await login('load02', '/w4d');
    await page.locator('.lottery-countdown').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const small = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('.lottery input, .lottery select, .lottery button')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.height > 0 && r.height < 44).length,
    );
    expect(small).toBe(0);
  });
});
