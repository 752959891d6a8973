/**
 * What a new player hits in the first hour, in a real browser: a logout reaches every
 * window of the session at once (tabs, pop-ups, pop-ups opened before a reload, the odds stream's
 * 4401), and a slow language file never shows a raw translation key. Waits are on page conditions,
 * never sleeps.
 */
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { everyKickoff, logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-first-hour-e2e-',
    // The gateway rechecks its sockets' sessions every second (45 s in production), so that an
    // expired session meets the 4401 within the test.
    gateway: { feed: { sessionRecheckMs: 1000 } },
  });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  context = await stack.browser.newContext();
});
afterEach(async () => {
  await context.close();
});

const url = (path: string) => `${stack.gateway.url}${path}`;
const pathOf = (p: Page) => new URL(p.url()).pathname;

/** How long another window may take to follow a logout (the channel delivers at once). */
const FollowMs = 2_000;

/**
 * The logged-in layout's light page (the number game's results: the header, the menu and the
 * marquee, no odds board), for the tests that need a logged-in window but not the board.
 */
const LightPage = '/ngresult';

/** A second tab of the same browser session on `path` (the stored session logs it in). */
async function secondTab(accountId: string, path = '/desktop'): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(url(path));
  await tab.getByText(accountId, { exact: true }).waitFor();
  return tab;
}

/** Picks an open handicap price on the tab's board and takes the slip to its confirm step. */
async function toConfirmStep(tab: Page): Promise<void> {
  await tab.locator('[data-tab="today"]').click();
  await everyKickoff(tab);
  await tab
    .locator('.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])')
    .first()
    .click();
  const slip = tab.locator('.bet-slip');
  await slip.locator('input[name="stake"]').fill('500');
  await slip.locator('[data-action="submit"]:not([disabled])').click();
  await slip.locator('[data-action="confirm"]').waitFor();
}

/** The path of the page that made `request` ('' before its document commits, or for no frame). */
function pageOf(request: Request): string {
  try {
    return new URL(request.frame().url()).pathname;
  } catch {
    return '';
  }
}

/**
 * Resolves when `page` has closed, or rejects `ms` after `from()` is called: the wait for a
 * window to follow a logout starts when the logout has happened in the window that made it (the
 * listener is on before, so a close that comes first is not missed). Timed from before the
 * click, a loaded machine's slow click and logout in the other window used up the pop-ups' time
 * (both pop-up tests failed so, at times, under a heavily loaded machine).
 */
function closedWithin(page: Page): { from: (ms: number) => Promise<void> } {
  const closed = new Promise<void>((resolve) => {
    if (page.isClosed()) resolve();
    page.once('close', () => resolve());
  });
  return {
    from: (ms) =>
      Promise.race([
        closed,
        new Promise<void>((_, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${page.url()} still open ${ms} ms after the logout`)),
            ms,
          );
          void closed.then(() => clearTimeout(timer));
        }),
      ]),
  };
}

/** Waits until the tab shows the landing page, with no balance and no bet slip left. */
async function loggedOut(tab: Page, timeout = FollowMs): Promise<void> {
  await tab.getByRole('button', { name: 'Log in' }).waitFor({ timeout });
  expect(pathOf(tab)).toBe('/');
  expect(await tab.locator('[data-testid="balance-available"]').count()).toBe(0);
  expect(await tab.locator('.bet-slip').count()).toBe(0);
}

describe('a logout reaches every window of the session', { timeout: 90_000 }, () => {
  it('logs out the other tab at once; its confirm step is gone and it places nothing', async () => {
    const a = await context.newPage();
    await logIn(a, stack.gateway.url, 'demo04', { to: LightPage });
    const b = await secondTab('demo04');
    await toConfirmStep(b);
    const placements: string[] = [];
    b.on('request', (r) => {
      if (r.url().includes('/api/bet/')) placements.push(r.url());
    });
    await a.getByRole('button', { name: 'Log out' }).click();
    await a.getByRole('button', { name: 'Log in' }).waitFor();
    await loggedOut(b);
    await expect(b.locator('.bet-slip [data-action="confirm"]').click({ timeout: 500 })).rejects.toThrow();
    expect(placements).toEqual([]);
    // And it stays out: a reload finds no session.
    await b.reload();
    await b.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('closes a pop-up opened before the opener reloaded, and one opened by the other tab', async () => {
    // Both tabs on the light page: the pop-ups are the subject, not the board.
    const a = await context.newPage();
    await logIn(a, stack.gateway.url, 'demo08', { to: LightPage });
    const [infoPopup] = await Promise.all([
      a.waitForEvent('popup'),
      a.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'My account' }).click(),
    ]);
    await infoPopup.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    // The opener forgets its pop-ups on a reload: the pop-up must hear the logout itself.
    await a.reload();
    await a.getByText('demo08', { exact: true }).waitFor();
    const b = await secondTab('demo08', LightPage);
    const [betsPopup] = await Promise.all([
      b.waitForEvent('popup'),
      b.evaluate(() => {
        window.open('/info/betlist', 'sportsbook-info-b', 'width=1000,height=970');
      }),
    ]);
    await betsPopup.waitForURL((u) => u.pathname === '/info/betlist');
    // Running, as the other pop-up is: the app attached (the page's list shown), so its session
    // channel listens. (A pop-up still booting when the logout comes is a different case.)
    await betsPopup.locator('table[data-list="running"], p[data-empty]').first().waitFor();
    const closes = [infoPopup, betsPopup].map(closedWithin);
    await a.getByRole('button', { name: 'Log out' }).click();
    await a.getByRole('button', { name: 'Log in' }).waitFor();
    await Promise.all(closes.map((c) => c.from(FollowMs)));
    expect([infoPopup.isClosed(), betsPopup.isClosed()]).toEqual([true, true]);
    await loggedOut(b);
  });

  it('closes the pop-ups still booting at the logout: one before its app ran, one refreshing the session', async () => {
    const a = await context.newPage();
    await logIn(a, stack.gateway.url, 'demo06', { to: LightPage });
    // Each pop-up is held at one point of its boot, told apart by its page: /info/betlist before
    // its scripts run, /info/statement while its session refresh (userprofile) is in flight.
    const held: Route[] = [];
    const at = { scripts: false, profile: false };
    let reached: () => void = () => {};
    const bothHeld = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let released = false;
    await context.route('**/*', (route) => {
      const request = route.request();
      const page = pageOf(request);
      const scripts = page === '/info/betlist' && request.resourceType() === 'script';
      const profile = page === '/info/statement' && new URL(request.url()).pathname === '/api/userprofile';
      if (released || !(scripts || profile)) return route.continue();
      held.push(route);
      if (scripts) at.scripts = true;
      if (profile) at.profile = true;
      if (at.scripts && at.profile) reached();
    });
    // Opened with window.open, so the opener holds no reference: each pop-up must end itself.
    const popups: Page[] = [];
    for (const [path, name] of [
      ['/info/betlist', 'sportsbook-info-boot'],
      ['/info/statement', 'sportsbook-other-boot'],
    ] as const) {
      const [popup] = await Promise.all([
        a.waitForEvent('popup'),
        a.evaluate(([p, n]) => void window.open(p, n, 'width=1000,height=970'), [path, name] as const),
      ]);
      popups.push(popup);
    }
    await bothHeld;
    const closes = popups.map(closedWithin);
    await a.getByRole('button', { name: 'Log out' }).click();
    await a.getByRole('button', { name: 'Log in' }).waitFor();
    released = true;
    // The refreshing pop-up may have closed already (it heard the logout): its held call goes nowhere.
    await Promise.all(held.map((r) => r.continue().catch(() => undefined)));
    // From the release on: the held pop-up boots its app, then closes (the click and the logout
    // before it are not its time; under a loaded machine's CPU they took much of the 20 s).
    await Promise.all(closes.map((c) => c.from(20_000)));
    expect(popups.map((p) => p.isClosed())).toEqual([true, true]);
  });

  it("the odds stream's 4401 (a session ended upstream) logs every tab out with the warning", async () => {
    const a = await context.newPage();
    await logIn(a, stack.gateway.url, 'demo10');
    const b = await secondTab('demo10');
    await Promise.all([a, b].map((tab) => tab.locator('.board[data-status="ok"]').waitFor()));
    await stack.admin('account', { account_id: 'demo10', expire_sessions: true });
    // No balance poll comes within this time (every 30 s): the gateway's session recheck closes
    // the sockets with 4401, and that alone ends the session in both tabs.
    for (const tab of [a, b]) {
      await tab
        .getByRole('status')
        .filter({ hasText: 'Session expired! Please login again to continue...' })
        .waitFor({ timeout: 10_000 });
      await loggedOut(tab);
    }
  });
});

/** A translation key shown as text (`tab.early`, `slip.title`, `col.overShort`...). */
const KeyPattern =
  /\b(tab|slip|market|col|connection|board|sport|filter|period|status|lines|lineKind|pick|menu|switch|betlist|header|common)\.[a-zA-Z]+/;

/** A language chunk of an i18n namespace (`assets/en-<hash>.js`, `assets/zh-CN-<hash>.js`...). */
const LanguageChunk = /\/assets\/(en|id|ja|ko|my|th|tw|vi|zh-CN)-[\w-]+\.js$/;

describe('a slow language file never shows a translation key', { timeout: 90_000 }, () => {
  it('with the language chunks 2.5 s late, the board, the slip and the status region show words, not keys', async () => {
    // Every painted frame's visible text is checked for keys from the first script on.
    await context.addInitScript((source: string) => {
      const pattern = new RegExp(source);
      const seen: string[] = [];
      (window as unknown as { keysSeen: string[] }).keysSeen = seen;
      let dirty = true;
      const check = () => {
        if (dirty && document.body) {
          dirty = false;
          // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what a key must not be.
          const found = document.body.innerText.match(pattern);
          if (found && !seen.includes(found[0])) seen.push(found[0]);
        }
        requestAnimationFrame(check);
      };
      new MutationObserver(() => {
        dirty = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
      requestAnimationFrame(check);
    }, KeyPattern.source);
    const delayed: string[] = [];
    await context.route(LanguageChunk, async (route) => {
      delayed.push(new URL(route.request().url()).pathname);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    const page = await context.newPage();
    await logIn(page, stack.gateway.url, 'demo01');
    // The board with its prices, the slip and the status region, in words.
    await page.locator('.board[data-status="ok"] button.odds-cell').first().waitFor({ timeout: 20_000 });
    await page.locator('[data-tab="early"]').filter({ hasText: 'Early' }).waitFor();
    await page.locator('.bet-slip').getByText('Bet slip').first().waitFor();
    await page.locator('[data-tab="today"]').click();
    await page.locator('.board[data-topic$="/today"][data-status="ok"] button.odds-cell').first().waitFor();
    expect(delayed.length).toBeGreaterThan(0);
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what a key must not be.
    const text = await page.locator('body').innerText();
    expect(text.match(KeyPattern)).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { keysSeen: string[] }).keysSeen)).toEqual([]);
  });
});
