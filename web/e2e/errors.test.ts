/**
 * Every code of the error catalogue (protocol/src/errors.ts, SPEC section 8) as the browser shows it.
 * The simulator's fault switch ("answer call X with code Y once", `viaProxy` so only the
 * page's own call takes it, never the gateway's polls) makes a call the page makes on a player's
 * action answer the code, and the page must show exactly what the catalogue says for that situation
 * (`uiActionFor`): the toast's text, the dialog's text (error or notice), nothing, the network banner,
 * or a logout back to the login page. Three situations:
 * - the header's "Refresh balance" (`userbalance`, logged in, the caller asks for nothing): every
 *   catalogue code, an unknown code and an upstream text with spaces;
 * - the bet slip's check (`betcheck`, the caller asks for a dialog): the codes the caller's wish
 *   changes (soft, network, dialog or warning), `marketTypeChanged` (the slip goes) and a session code;
 * - the login form (`authlogin`, logged out, the player asked): the session, soft and network codes,
 *   and the real login limit ("You have login too frequent...") after failed logins.
 * One stack, one browser context per test, one login reused until a code logs out. Waits are on page
 * conditions, never sleeps.
 */
import { ErrorCatalogue, type UiAction, type UiContext, uiActionFor } from '@sportsbook/protocol';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { everyKickoff, logIn, type Stack, startStack, submitLogin } from './support.ts';

let stack: Stack;
let page: Page;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-errors-e2e-',
    // Hundreds of calls and dozens of logins from one address within a minute: the gateway's rate
    // limits are not what this file tests (the simulator's own login limit stays as it is).
    gateway: {
      rateLimitIpPerMinute: 100_000,
      rateLimitAccountPerMinute: 100_000,
      loginLimitPerIpPerMinute: 100_000,
    },
    sim: { sessions: { requestsPerSecond: 0 } },
  });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});
// One browser context per test (a retry starts clean); each test logs in once.
let context: BrowserContext;
beforeEach(async () => {
  // No answer left queued by a test that failed half-way.
  await stack.admin('faults', {});
  context = await stack.browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const url = (path: string) => `${stack.gateway.url}${path}`;
async function answer(call: string, code: string): Promise<void> {
  const set = await stack.admin('faults', { call, code, viaProxy: true });
  expect(set.status, `fault switch: ${call} answers ${code}`).toBe(1);
}

const toasts = () => page.locator('.toasts .toast');
const dialogs = () => page.locator('.backdrop .dialog');
const banner = () => page.locator('.network-banner');
const refreshButton = () => page.getByRole('button', { name: 'Refresh balance' });

/**
 * Runs `trigger` and waits until the reply of `/api/<call>` is read in full (what it caused is
 * waited for by the look that follows: `expectShown`, a page or an element). When none comes, the
 * error names `what` (the situation and the code), whether the trigger had been done (a click
 * still waiting for its element is not the same failure as a click that sent nothing), and the
 * requests of that path the browser gave up on meanwhile (aborted, timed out).
 */
async function answered(call: string, what: string, trigger: () => Promise<void>): Promise<void> {
  const path = `/api/${call}`;
  const ours = (r: Request) => new URL(r.url()).pathname === path;
  let done = false;
  const failures: string[] = [];
  const onFailed = (r: Request) => {
    if (ours(r)) failures.push(r.failure()?.errorText ?? 'failed');
  };
  page.on('requestfailed', onFailed);
  const reply = page.waitForEvent('requestfinished', ours).catch((error: unknown) => {
    const state = done ? 'the trigger was done' : 'the trigger was still waiting for its element';
    const failed = failures.length > 0 ? `, failed in the browser: ${failures.join(', ')}` : '';
    throw new Error(`${what}: no reply of ${path} (${state}${failed}): ${(error as Error).message}`, {
      cause: error,
    });
  });
  const triggered = trigger().then(() => {
    done = true;
  });
  try {
    await Promise.all([reply, triggered]);
  } finally {
    page.off('requestfailed', onFailed);
  }
}

/** The text the catalogue shows for an action in English (the page's language). */
const textOf = (action: UiAction) => action.message;

/** What the notifier shows now: toasts (severity, text), dialogs (role, title, text), the banner. */
interface Shown {
  toasts: { severity: string | undefined; text: string }[];
  dialogs: { role: string | null; title: string; text: string }[];
  banner: string | null;
}

/**
 * What the page shows once React committed the reply (two animation frames after it) and what
 * `action` shows is there (its toast or its dialog, and the banner when it marks the network
 * failed): one look, taken in the page, one round trip (the walk makes a hundred of them; a wait
 * for each element and a read after it were three). After 20 s it gives what is there, for the
 * assertion to name.
 */
const shownFor = (action: UiAction): Promise<Shown> =>
  page.evaluate(
    ({ show, banner }) =>
      new Promise<Shown>((resolve) => {
        const read = (): Shown => ({
          toasts: [...document.querySelectorAll('.toasts .toast')].map((t) => ({
            severity: [...t.classList].find((c) => c.startsWith('toast-'))?.slice('toast-'.length),
            text: t.querySelector('span')?.textContent ?? '',
          })),
          dialogs: [...document.querySelectorAll('.backdrop .dialog')].map((d) => ({
            role: d.getAttribute('role'),
            title: d.querySelector('h2')?.textContent ?? '',
            text: d.querySelector('p')?.textContent ?? '',
          })),
          banner: document.querySelector('.network-banner')?.textContent ?? null,
        });
        const there = () =>
          (show === 'toast'
            ? document.querySelector('.toasts .toast') !== null
            : show === 'dialog' || show === 'notice'
              ? document.querySelector('.backdrop .dialog') !== null
              : true) &&
          (!banner || document.querySelector('.network-banner') !== null);
        const until = performance.now() + 20_000;
        let frames = 0;
        const look = () => {
          frames += 1;
          if ((frames >= 2 && there()) || performance.now() > until) resolve(read());
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    { show: action.show, banner: action.markNetworkFailed === true },
  );

const NetworkText = 'Your connection unstable. Please check your connection and try again.';

/** Asserts that exactly `action` is on the page, then clears it (closes the toast or the dialog). */
async function expectShown(code: string, action: UiAction, what: string): Promise<void> {
  const label = `${what}: ${code} (${action.kind})`;
  const expected: Shown = {
    toasts: action.show === 'toast' ? [{ severity: action.severity, text: textOf(action) }] : [],
    dialogs:
      action.show === 'dialog' || action.show === 'notice'
        ? [
            {
              role: action.show === 'notice' ? 'dialog' : 'alertdialog',
              title: action.show === 'notice' ? 'Notice' : 'Error',
              text: textOf(action),
            },
          ]
        : [],
    banner: action.markNetworkFailed ? NetworkText : null,
  };
  expect(await shownFor(action), label).toEqual(expected);
  if (action.show === 'toast') {
    await toasts().first().getByRole('button', { name: 'Close' }).click();
    await toasts().first().waitFor({ state: 'detached' });
  } else if (action.show === 'dialog' || action.show === 'notice') {
    // Enter on its OK button, as a keyboard player closes it (no pointer's wait for a still box).
    await dialogs().first().getByRole('button', { name: 'OK' }).press('Enter');
    await dialogs().first().waitFor({ state: 'detached' });
  }
}

/** After a logout code: the login page, no balance left. */
async function expectLoggedOut(label: string): Promise<void> {
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  expect(new URL(page.url()).pathname, label).toBe('/');
  expect(await page.locator('[data-testid="balance-available"]').count(), label).toBe(0);
}

const LightPage = '/ngresult';

/**
 * Logs demo01 in through the landing form, to `/ngresult` (the number game's results): a light page
 * of the logged-in layout (the header with its balance refresh, no odds board), so a walk that logs
 * out often stays fast.
 */
async function logInToLightPage(): Promise<void> {
  await logIn(page, stack.gateway.url, 'demo01', { to: LightPage });
}

/**
 * Logs demo01 in again on the login page a logout left (no second load of it): the page's address
 * gets `?redirect=` to the light page first (a client-side navigation), as the guard would give it.
 * Should the login still find the bare root, the light page is opened after /desktop.
 */
async function logInAgainToLightPage(): Promise<void> {
  await page.evaluate((to) => {
    history.replaceState(null, '', `/?redirect=${encodeURIComponent(to)}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, LightPage);
  await page.waitForURL((u) => u.search.includes('redirect='));
  await submitLogin(page, 'demo01');
  await page.waitForURL((u) => u.pathname === LightPage || u.pathname === '/desktop');
  if (new URL(page.url()).pathname !== LightPage) await page.goto(url(LightPage));
  await refreshButton().waitFor();
}

/** A successful balance refresh: clears the network banner a requestFailed left. */
async function refreshBalance(): Promise<void> {
  await answered('userbalance', 'balance after a network code', () => refreshButton().click());
  await banner().waitFor({ state: 'detached' });
}

const loggedIn: UiContext = { loggedIn: true };

describe('every catalogue code, as the page shows it', { timeout: 180_000 }, () => {
  it('on a balance refresh (logged in, the caller asks for nothing): every code of the catalogue', async () => {
    await logInToLightPage();
    const all = [
      ...ErrorCatalogue.map((entry) => entry.code),
      // Any other code: an error dialog; a text with a space is the upstream's, shown as is.
      'brandNewCode',
      'Your wallet provider is offline',
    ];
    // The codes that log out last: the last of them needs no login after it.
    const logsOut = (code: string) => uiActionFor(code, loggedIn).logout === true;
    const codes = [...all.filter((c) => !logsOut(c)), ...all.filter(logsOut)];
    let walked = 0;
    for (const [i, code] of codes.entries()) {
      const action = uiActionFor(code, loggedIn);
      await answer('userbalance', code);
      await answered('userbalance', `balance: ${code}`, () => refreshButton().click());
      await expectShown(code, action, 'balance');
      if (action.logout) {
        await expectLoggedOut(`balance: ${code}`);
        if (i < codes.length - 1) await logInAgainToLightPage();
      } else if (code === 'maintenance') {
        // The site in maintenance: nothing shown, the page goes to /maintenance;
        // "Try again" brings it back (web/README.md "Maintenance").
        await page.waitForURL((u) => u.pathname === '/maintenance');
        await page.getByRole('button', { name: 'Try again' }).click();
        await page.waitForURL((u) => u.pathname === LightPage);
        await expect.poll(() => refreshButton().isEnabled()).toBe(true);
      } else if (action.markNetworkFailed) {
        await refreshBalance();
      } else {
        await expect.poll(() => refreshButton().isEnabled()).toBe(true);
      }
      walked++;
    }
    expect(walked).toBeGreaterThanOrEqual(90);
    expect(codes.filter(logsOut).length).toBeGreaterThanOrEqual(11);
  });

  it('on a bet check (the slip asks for a dialog): soft, network and dialog-or-warning codes, the slip removed, a logout', async () => {
    await logIn(page, stack.gateway.url, 'demo01');
    await page.locator('[data-tab="today"]').click();
    await everyKickoff(page);
    const price: Locator = page
      .locator('.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])')
      .first();
    await price.waitFor();
    const slip = page.locator('.bet-slip');
    const picks = slip.getByRole('button', { name: 'Remove' });
    const asked = ErrorCatalogue.filter((e) => ['soft', 'network', 'dialogOrWarning'].includes(e.group)).map(
      (e) => e.code,
    );
    const codes = [...asked, 'betOverMax', 'marketTypeChanged', 'session_expired'];
    for (const code of codes) {
      const action = uiActionFor(code, { loggedIn: true, callerWantsDialog: true });
      await answer('betcheck', code);
      await answered('bet/betcheck', `betcheck: ${code}`, () => price.click());
      await expectShown(code, action, 'betcheck');
      if (action.logout) {
        await expectLoggedOut(`betcheck: ${code}`);
        continue;
      }
      if (action.removeBetSlip) expect(await picks.count(), code).toBe(0);
      else {
        expect(await picks.count(), code).toBe(1);
        await picks.first().click();
        await picks.first().waitFor({ state: 'detached' });
      }
      if (action.markNetworkFailed) await refreshBalance();
    }
  });

  it('on the login form (logged out, the player asked): session, soft and network codes are shown', async () => {
    await page.goto(url('/'));
    const codes = ErrorCatalogue.filter((e) => ['session', 'soft', 'network'].includes(e.group)).map(
      (e) => e.code,
    );
    let n = 0;
    for (const code of [...codes, 'loginFailed', 'invalid_password']) {
      const action = uiActionFor(code, { loggedIn: false, callerWantsDialog: true });
      await answer('authlogin', code);
      // A login id of its own per code: the gateway counts failed logins per login id and address.
      await page.getByLabel('Login ID').fill(`walk${String(++n).padStart(3, '0')}`);
      await page.getByLabel('Password').fill('demo1234');
      await answered('authlogin', `login: ${code}`, () =>
        page.getByRole('button', { name: 'Log in' }).click(),
      );
      await expectShown(code, action, 'login');
      expect(new URL(page.url()).pathname, code).toBe('/');
      if (action.markNetworkFailed) {
        // The banner goes with the next reply that works: a real login.
        await page.getByLabel('Login ID').fill('demo01');
        await answered('authlogin', `login after ${code}`, () =>
          page.getByRole('button', { name: 'Log in' }).click(),
        );
        await page.waitForURL((u) => u.pathname === '/desktop');
        await expect(banner().count()).resolves.toBe(0);
        await page.getByRole('button', { name: 'Log out' }).click();
        await page.getByRole('button', { name: 'Log in' }).waitFor();
      }
    }
  });

  it('failed logins reach the login limit, shown as SPEC section 8 words it', async () => {
    await page.goto(url('/'));
    const attempt = async () => {
      await page.getByLabel('Login ID').fill('demo03');
      await page.getByLabel('Password').fill('wrong99');
      await answered('authlogin', 'login with a wrong password', () =>
        page.getByRole('button', { name: 'Log in' }).click(),
      );
    };
    // The simulator locks a login id for the client's address after 5 failures in a row.
    for (let i = 0; i < 5; i++) {
      await attempt();
      await expectShown('invalid_password', uiActionFor('invalid_password', { loggedIn: false }), 'login');
    }
    await attempt();
    const dialog = dialogs().first();
    await dialog.waitFor();
    expect(await dialog.locator('p').textContent()).toBe(
      'You have login too frequent, please try again after 1 minute...',
    );
  });
});
