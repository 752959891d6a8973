/**
 * The web app's shell in a real browser: guard and redirect, login failures, token launch,
 * language, session expiry, pop-ups and preferences. Waits are on page conditions, never sleeps.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { everyKickoff, logIn, type Stack, stackPerFile, startStack, submitLogin } from './support.ts';

let stack: Stack;
let page: Page;

stackPerFile(startStack, {
  stack: (s) => {
    stack = s;
  },
  page: (p) => {
    page = p;
  },
});

const url = (path: string) => `${stack.gateway.url}${path}`;
/**
 * Logs in through the landing form to the logged-in layout's light page (the number game's results:
 * the header, the menu and the marquee, no odds board), for the tests about the layout, not the board.
 */
const logInLight = (accountId: string) => logIn(page, stack.gateway.url, accountId, { to: '/ngresult' });
const pathOf = (p: Page) => {
  const u = new URL(p.url());
  return `${u.pathname}${u.search}`;
};

describe('web shell end to end', { timeout: 60_000 }, () => {
  it('guards a page with ?redirect=, logs in to it, and logs out to the bare root', async () => {
    await page.goto(url('/desktop'));
    await page.waitForURL((u) => u.pathname === '/' && u.search === '?redirect=%2Fdesktop');
    await submitLogin(page, 'demo01');
    await page.waitForURL((u) => u.pathname === '/desktop');
    await page.getByText('demo01', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(pathOf(page)).toBe('/');
  });

  it('shows the validation messages of SPEC section 5 for empty fields', async () => {
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter your login ID.').waitFor();
    await page.getByText('Please enter your password.').waitFor();
  });

  it('a bad password shows the catalogue dialog and stays logged out', async () => {
    await page.goto(url('/'));
    await submitLogin(page, 'demo03', { password: 'wrong-pass' });
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Invalid password.').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(pathOf(page)).toBe('/');
  });

  it('a blocked account gets the session-group dialog; the suspended demo09 may log in to view', async () => {
    await page.goto(url('/'));
    await submitLogin(page, 'demo12');
    await page
      .getByRole('alertdialog')
      .getByText('Your account is blocked. Please contact your upline.')
      .waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await submitLogin(page, 'demo09');
    await page.waitForURL((u) => u.pathname === '/desktop');
    await page.getByText('demo09', { exact: true }).waitFor();
    await page.locator('.app-header').getByRole('status').filter({ hasText: 'View only' }).waitFor();
    await page.locator('.bet-slip').getByText('View-only account: placing bets is disabled.').waitFor();
    // The slip still quotes a pick, but its place button stays disabled.
    await page.locator('[data-tab="today"]').click();
    await everyKickoff(page);
    await page
      .locator('.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])')
      .first()
      .click();
    await page.locator('.bet-slip[data-state="open.ready"]').waitFor();
    expect(await page.locator('.bet-slip [data-action="submit"]').isDisabled()).toBe(true);
  });

  it('an active account shows no view-only notice', async () => {
    await page.goto(url('/'));
    await submitLogin(page, 'demo01');
    await page.waitForURL((u) => u.pathname === '/desktop');
    await page.getByText('demo01', { exact: true }).waitFor();
    expect(await page.locator('[data-view-only]').count()).toBe(0);
  });

  it('launches with ?token= and removes the token from the address', async () => {
    const reply = await stack.admin('account', { account_id: 'demo02', launch_token: true });
    expect(typeof reply.token).toBe('string');
    await page.goto(url(`/?token=${encodeURIComponent(String(reply.token))}`));
    await page.waitForURL((u) => u.pathname === '/desktop');
    await page.getByText('demo02', { exact: true }).waitFor();
    expect(page.url()).not.toContain('token=');
  });

  it('switching language shows translated text', async () => {
    await page.goto(url('/'));
    await page.getByLabel('Language').selectOption('ja');
    await page.getByRole('button', { name: 'ログイン' }).waitFor();
    await page.getByLabel('パスワード').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  });

  it('the marquee (upstream text) follows a language switch after login', async () => {
    await logInLight('demo06');
    const marquee = page.getByRole('marquee');
    await marquee.getByText('In-play betting is open on every live match.', { exact: false }).waitFor();
    await page.locator('.app-header').getByLabel('Language').selectOption('ja');
    await page.getByRole('marquee', { name: 'ニュース' }).getByText('ライブベッティングを受付中').waitFor();
    // And back: the language is the account's setting, and later tests log in as demo06 in English.
    await page.locator('.app-header').getByLabel('言語').selectOption('en');
    await marquee.getByText('In-play betting is open on every live match.', { exact: false }).waitFor();
  });

  it('a session expired by the simulator logs the player out with the warning toast', async () => {
    await logInLight('demo04');
    await stack.admin('account', { account_id: 'demo04', expire_sessions: true });
    const toast = page
      .getByRole('status')
      .filter({ hasText: 'Session expired! Please login again to continue...' });
    // The balance refresh finds the expired session; the odds stream may find it first, which ends
    // the same way (and removes the button), so the click is allowed to miss.
    await Promise.all([
      toast.waitFor(),
      page
        .getByRole('button', { name: 'Refresh balance' })
        .click({ timeout: 5_000 })
        .catch(() => undefined),
    ]);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(pathOf(page)).toBe('/');
  });

  it('logout closes an opened info pop-up', async () => {
    await logInLight('demo05');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'My account' }).click(),
    ]);
    await popup.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    expect(await popup.evaluate(() => [window.outerWidth > 0, window.location.pathname])).toEqual([
      true,
      '/info/settings',
    ]);
    const closed = popup.waitForEvent('close');
    await page.getByRole('button', { name: 'Log out' }).click();
    await closed;
    expect(popup.isClosed()).toBe(true);
  });

  it('preferences survive a reload', async () => {
    await logInLight('demo06');
    await page.getByLabel('Odds type').selectOption({ label: 'Decimal odds' });
    await page.getByLabel('Theme').selectOption('midnight');
    await page.reload();
    await page.getByText('demo06', { exact: true }).waitFor();
    expect(await page.getByLabel('Odds type').inputValue()).toBe('4');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('midnight');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sportsbook.layout') ?? '{}'));
    expect(stored.pageDisplay.oddsType).toBe(4);
  });
});
