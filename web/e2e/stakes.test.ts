/**
 * Stake and limit messages a new player meets, in a real browser: a slip stake
 * that is not a number says so (never "less than the min stake"), the min and max stake show
 * before typing and a stake under the minimum names it in the member's currency (MMK); the 4D
 * entry shows the per-unit limits (THB 8 to 8,000) and names the one a Big breaks; a room fee of
 * 10.5 asks for a whole number; a 5,000-character login id gets its own message, not "The request
 * is invalid".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BookStack, startBookStack } from './bookSupport.ts';
import { everyKickoff, logIn, stackPerFile } from './support.ts';

let stack: BookStack;
let page: Page;

const tests = stackPerFile(startBookStack, {
  stack: (s) => {
    stack = s;
  },
  page: (p) => {
    page = p;
  },
});

const url = (path: string) => `${stack.gateway.url}${path}`;

describe('stake messages say what is wrong', { timeout: 90_000 }, () => {
  it('the slip: limits before typing, "not a number" for abc/1e3/0x10/" 1 0 0 ", the MMK minimum when under it', async () => {
    await logIn(page, stack.gateway.url, 'demo07');
    await page.locator('[data-tab="today"]').click();
    // A Myanmar-odds member starts on the Myanmar market; the normal handicap market has HDP prices.
    await page.locator('[data-market="hdpou"]').click();
    await page.locator('.board[data-topic*="/hdpou/"][data-status="ok"]').waitFor();
    await everyKickoff(page);
    const cell = page
      .locator('.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])')
      .first();
    await cell.click();
    const slip = page.locator('.bet-slip');
    const stake = slip.locator('input[name="stake"]');
    await stake.waitFor();
    // The limits show before the player types: MMK 2,500 minimum for this member.
    const limits = slip.locator('[data-limits]');
    await limits.waitFor();
    expect(await stake.inputValue()).toBe('');
    expect(await limits.textContent()).toMatch(/^Min MMK 2,500\.00 · Max MMK [\d,]+\.00$/);

    const note = slip.locator('#slip-stake-note');
    for (const text of ['abc', '1e3', '0x10', ' 1 0 0 ']) {
      await stake.fill(text);
      await note.and(page.locator('[data-code="notANumber"]')).waitFor();
      expect(await note.textContent()).toBe('Enter the stake in digits, like 100 or 25.50.');
      await slip.locator('[data-action="submit"]').click();
      expect(await slip.locator('[data-action="confirm"]').count()).toBe(0);
      expect(await slip.textContent()).not.toContain('less than the min');
    }
    // Under the minimum: the minimum in the member's currency.
    await stake.fill('100');
    await slip.locator('[data-action="submit"]:not([disabled])').click();
    await note.and(page.locator('[data-code="betLowerMin"]')).waitFor();
    expect(await note.textContent()).toBe('The minimum stake is MMK 2,500.00.');
    expect(await slip.locator('[data-action="confirm"]').count()).toBe(0);
    // A well-formed grouping is an amount: "10,000" reaches the confirm step.
    await stake.fill('10,000');
    await slip.locator('[data-action="submit"]:not([disabled])').click();
    await slip.locator('[data-action="confirm"]').waitFor();
  });

  it('on a 390x844 phone the sheet says the same: limits, not a number, the minimum in MYR', async () => {
    await tests.reopen({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await logIn(page, stack.gateway.url, 'demo01');
    await page.locator('[data-tab="today"]').tap();
    await page.locator('.board[data-topic$="/today"][data-status="ok"]').waitFor();
    await everyKickoff(page);
    await page
      .locator(
        '.board[data-status="ok"] .odds-col[data-bettype="HDP"]:not(.alt) button.odds-cell:not([disabled])',
      )
      .first()
      .tap();
    const sheet = page.locator('.bet-slip[data-sheet="open"]');
    const limits = sheet.locator('[data-limits]');
    await limits.waitFor();
    const [min = 0] = ((await limits.getAttribute('data-limits')) ?? '').split('-').map(Number);
    const minText = (min / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(await limits.textContent()).toMatch(
      new RegExp(`^Min MYR ${minText.replace('.', '\\.')} · Max MYR `),
    );
    const stake = sheet.locator('input[name="stake"]');
    const note = sheet.locator('#slip-stake-note');
    await stake.fill('abc');
    expect(await note.getAttribute('data-code')).toBe('notANumber');
    await stake.fill(String(min / 100 / 10));
    await sheet.locator('[data-action="submit"]:not([disabled])').tap();
    await note.and(page.locator('[data-code="betLowerMin"]')).waitFor();
    expect(await note.textContent()).toBe(`The minimum stake is MYR ${minText}.`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  it('4D: the per-unit limits show before typing; a Big under or over them names the limit (THB)', async () => {
    await logIn(page, stack.gateway.url, 'demo04', { to: '/w4d' });
    const limits = page.locator('.lottery-limits');
    // Polled: the line can render before the account's currency and its limits are both in.
    await expect
      .poll(() => limits.textContent())
      .toBe('Big and Small per unit: min THB 8.00, max THB 8,000.00');
    const row = page.locator('[data-row="0"]');
    await page.locator('[data-cell="0-0"]').fill('1234');
    await page.locator('[data-cell="0-1"]').fill('5');
    await page.locator('[data-row="0"][data-problem="belowMin"]').waitFor();
    expect(await row.locator('[data-cost]').textContent()).toBe('Min THB 8.00 per unit');
    expect(await page.locator('[data-cell="0-1"]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Review ticket' }).isDisabled()).toBe(true);
    await page.locator('[data-cell="0-1"]').fill('99999999');
    await page.locator('[data-row="0"][data-problem="aboveMax"]').waitFor();
    expect(await row.locator('[data-cost]').textContent()).toBe('Max THB 8,000.00 per unit');
    expect(await page.getByRole('button', { name: 'Review ticket' }).isDisabled()).toBe(true);
    await page.locator('[data-cell="0-1"]').fill('8');
    await page.locator('[data-row="0"] [data-cost="800"]').waitFor();
    expect(await page.getByRole('button', { name: 'Review ticket' }).isDisabled()).toBe(false);
  });

  it('a room fee of 10.5 asks for a whole number between 10 and 1000', async () => {
    await logIn(page, stack.gateway.url, 'demo01', { to: '/tournament2/home' });
    const skip = page.getByRole('button', { name: 'Skip the tour' });
    await skip
      .or(page.getByRole('button', { name: 'Create a room' }))
      .first()
      .waitFor();
    if (await skip.count()) await skip.click();
    await page.getByRole('button', { name: 'Create a room' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create a room' });
    await wizard.locator('input[name="rate"]').fill('10.5');
    await wizard.locator('input[name="limit"]').fill('3');
    await wizard.getByRole('button', { name: 'Next' }).click();
    const error = wizard.locator('[data-code="invalidRate"]');
    await error.waitFor();
    expect(await error.textContent()).toBe('The entry fee must be a whole number between 10 and 1000.');
  });

  it('a 5,000-character login id gets its own message, not "The request is invalid"', async () => {
    await page.goto(url('/'));
    await page.getByLabel('Login ID').fill('a'.repeat(5000));
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    const error = page.locator('#account-id-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('A login ID has at most 64 characters.');
    expect(await page.locator('body').textContent()).not.toContain('The request is invalid');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
