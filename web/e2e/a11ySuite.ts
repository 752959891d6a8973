/**
 * Accessibility in a real browser: axe-core's WCAG 2.1 A/AA rules find no critical or serious
 * violation on any route of SPEC section 2, logged out and logged in, at desktop size and on a
 * 390x844 phone, in every theme, and with the dialogs open (bet slip with a pick, join room, 4D
 * review, a game lobby with its pop-up playing, the phone drawer, a catalogue error) and the bet list
 * with a bet. `<html lang>` follows the chosen language and each script gets its own font stack.
 *
 * Where the time goes is axe itself (a full pass over the board is seconds even on a quiet machine),
 * so the file spends as few passes as the coverage allows and nothing around them:
 * - Themes only change CSS variables (styles.css), applied in place the way the app applies one
 *   (`<html data-theme>`, app/Wiring.tsx): a page is checked with every rule in the first theme and
 *   with the rules that read colours only (`color-contrast`, `link-in-text-block`) in the others.
 *   Every theme runs on the main routes (`AllThemes`) and on every open dialog; the other routes (the
 *   thirteen slot lobbies are one component, the info pages share their layout) in the first theme.
 * - axe-core runs in the page itself (`axe.run`), injected once per document: @axe-core/playwright
 *   injected its 0.5 MB source twice per pass and finished every pass in a new blank page, which
 *   doubled a pass's time. The app has no frames, which is what that machinery is for.
 * - Only violations are collected (`resultTypes`): axe still evaluates every node, but builds no
 *   selectors and snippets for the thousands of passing ones.
 * - One stack; one page per viewport, logged in once and moved between routes and from test to test
 *   by the app's own router (navigate.ts: a history push, as its links do) rather than a reload and
 *   a new socket per route.
 */
import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ThemeName, themeNames } from '../src/shared/config.ts';
import { type BookStack, placeFromSlip, startBookStack } from './bookSupport.ts';
import { navigate } from './navigate.ts';
import { everyKickoff, logIn, settled, submitLogin } from './support.ts';

let stack: BookStack;
const contexts: BrowserContext[] = [];

/** One stack per test file (each viewport's file starts its own, so the two run on two workers). */
function registerStack(): void {
  beforeAll(async () => {
    stack = await startBookStack();
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    contexts.length = 0;
    await stack?.close();
  });
}

const url = (path: string) => `${stack.gateway.url}${path}`;

/** Every rule of WCAG 2.0 and 2.1, levels A and AA. */
const EveryRule: axe.RunOnly = { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] };
/** The rules whose outcome a theme (colours only) can change. */
const ColourRules: axe.RunOnly = { type: 'rule', values: ['color-contrast', 'link-in-text-block'] };

type Viewport = 'desktop' | 'phone';

async function newPage(viewport: Viewport): Promise<Page> {
  const context = await stack.browser.newContext(
    viewport === 'phone'
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1366, height: 900 } },
  );
  contexts.push(context);
  return context.newPage();
}

type AxeWindow = typeof window & { axe?: typeof axe };

/** The critical and serious violations axe finds in the page, in the current theme. */
async function violations(page: Page, runOnly: axe.RunOnly) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (only) => {
    const { axe: run } = window as AxeWindow;
    if (!run) throw new Error('axe-core is not in the page');
    const results = await run.run(document, { runOnly: only, resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}${n.any[0] ? ` (${n.any[0].message})` : ''}`),
      }));
  }, runOnly);
}

function setTheme(page: Page, theme: ThemeName) {
  return page.evaluate((name) => {
    document.documentElement.dataset.theme = name;
  }, theme);
}

/** The routes checked in every theme (the others in the first theme). */
const AllThemes = new Set([
  '/',
  '/desktop',
  '/tournament2/home',
  '/w4d',
  '/slots',
  '/livetv',
  '/info/betlist',
]);

/**
 * Runs axe on the page in every theme (or the first only): every rule in the first, the colour rules
 * in the others. Returns one line per critical or serious violation.
 */
async function audit(page: Page, where: string, themes: 'all' | 'first' = 'all'): Promise<string[]> {
  const found: string[] = [];
  for (const [i, theme] of (themes === 'all' ? themeNames : themeNames.slice(0, 1)).entries()) {
    await setTheme(page, theme);
    for (const v of await violations(page, i === 0 ? EveryRule : ColourRules)) {
      found.push(
        `${where} [${theme}] ${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.nodes.slice(0, 6).join(' | ')}`,
      );
    }
  }
  await setTheme(page, themeNames[0]);
  return found;
}

const loggedOutRoutes = ['/', '/maintenance', '/no-such-page'];
/** What shows that each logged-out route's own page is in (the next route's waits on its own). */
const loggedOutSigns: Record<string, string> = {
  '/': '.landing .login-form',
  '/maintenance': '[data-testid="maintenance"]',
  '/no-such-page': 'main.standalone:not([data-testid])',
};

const productRoutes = [
  '/desktop',
  '/tournament2/home',
  '/tournament2/tutorial',
  '/highlight/home',
  '/standings',
  '/event',
  '/ngresult',
  '/efresult',
  '/minigame',
  '/slots',
  '/slots2',
  '/slots3',
  '/slots4',
  '/slots5',
  '/slots6',
  '/slots7',
  '/slots8',
  '/slots9',
  '/slots11',
  '/slots12',
  '/slots13',
  '/slots14',
  '/slots15',
  '/others',
  '/others1',
  '/casino100',
  '/casino',
  '/esports2',
  '/fishing',
  '/w4d',
  '/livetv',
  '/info/sysparlay',
  '/info/settings',
  '/info/betlist',
  '/info/statement',
  '/info/result',
  '/info/message',
  '/info/rules',
];

/**
 * The axe sweep of one viewport, with its own stack: `a11y.desktop.test.ts` and
 * `a11y.phone.test.ts` each run one, so the suite's two workers can take them at once (together
 * they were the suite's longest file).
 */
export function axeSuite(viewport: Viewport): void {
  registerStack();
  describe(`axe on a ${viewport}`, { timeout: 600_000 }, () => {
    let page: Page;
    beforeAll(async () => {
      page = await newPage(viewport);
    });

    it('logged out: the landing page, its error dialog, maintenance and not-found', async () => {
      const problems: string[] = [];
      // One load: the other pages are reached by the app's router, as for the logged-in routes.
      await page.goto(url(loggedOutRoutes[0] ?? '/'));
      for (const [path, sign] of loggedOutRoutes.map((p) => [p, loggedOutSigns[p] ?? 'main'] as const)) {
        await navigate(page, path);
        await page.locator(sign).waitFor();
        problems.push(...(await audit(page, path)));
      }
      await navigate(page, '/');
      await page.locator(loggedOutSigns['/'] ?? 'main').waitFor();
      await page.getByLabel('Login ID').fill('demo03');
      await page.getByLabel('Password').fill('wrong-pass');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alertdialog').getByText('Invalid password.').waitFor();
      problems.push(...(await audit(page, '/ error dialog')));
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      expect(problems).toEqual([]);
    });

    /**
     * Logged in on /desktop (each test runs alone too): the router takes a page left logged in by the
     * test before there; the landing form a logged-out test left logs in with no second load of it;
     * a page that is neither (the first test of a run with a filter) loads /desktop.
     */
    async function loggedIn() {
      const account = viewport === 'desktop' ? 'demo21' : 'demo22';
      if (page.url().startsWith(stack.gateway.url)) {
        if (await page.locator('.app-layout, .popup-layout').count()) return navigate(page, '/desktop');
        if (await page.locator('.login-form').count()) {
          await submitLogin(page, account);
          await page.waitForURL((u) => u.pathname === '/desktop');
          return settled(page);
        }
      }
      await page.goto(url('/desktop'));
      await page.locator('.desktop, .login-form').first().waitFor();
      if (await page.locator('.login-form').count()) await logIn(page, stack.gateway.url, account);
    }

    it('logged in: every route of SPEC section 2', async () => {
      await loggedIn();
      const problems: string[] = [];
      for (const path of productRoutes) {
        await navigate(page, path);
        problems.push(...(await audit(page, path, AllThemes.has(path) ? 'all' : 'first')));
      }
      expect(problems).toEqual([]);
    });

    it('the board in Malay odds with a pick in the slip', async () => {
      await loggedIn();
      const problems: string[] = [];
      await navigate(page, '/desktop');
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await drawer.getByLabel('Odds type').selectOption({ label: 'Malay odds' });
        problems.push(...(await audit(page, '/desktop menu drawer')));
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
      } else {
        await page.getByLabel('Odds type').selectOption({ label: 'Malay odds' });
      }
      await page.locator('[data-tab="today"]').click();
      await page.locator('.board[data-topic$="/today"][data-status="ok"]').waitFor();
      await everyKickoff(page);
      // Negative Malay prices are on the board (their red must keep its contrast).
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('button.odds-cell')].some((b) =>
            b.textContent?.trim().startsWith('-'),
          ),
        undefined,
        { polling: 100 },
      );
      await page
        .locator(
          '.board[data-status="ok"] .odds-col[data-bettype="HDP"]:not(.alt) button.odds-cell:not([disabled])',
        )
        .first()
        .click();
      await page.locator('.bet-slip input[name="stake"]').waitFor();
      if (viewport === 'phone') await page.locator('.bet-slip.slip-sheet[data-sheet="open"]').waitFor();
      problems.push(...(await audit(page, '/desktop with a pick')));
      // The placed bet in the bet list (its table and legs).
      await placeFromSlip(page, '10');
      await navigate(page, '/info/betlist');
      await page.locator('tr[data-bet]').first().waitFor();
      problems.push(...(await audit(page, '/info/betlist with a bet')));
      expect(problems).toEqual([]);
    });

    it('the join room dialog and the 4D review', async () => {
      await loggedIn();
      const problems: string[] = [];
      const created = await (
        await fetch(`${stack.sim.url}/admin/tournament`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-admin-token': 'test-admin-token' },
          body: JSON.stringify({
            action: 'create',
            room_type: 3,
            prize_pool: 100,
            last_join_in_ms: 3_600_000,
          }),
        })
      ).json();
      const roomId = (created as { room: { room_id: number } }).room.room_id;
      await navigate(page, '/tournament2/home');
      await page.locator('.lobby-head').waitFor();
      const skip = page.getByRole('button', { name: 'Skip the tour' });
      if (await skip.isVisible()) {
        problems.push(...(await audit(page, '/tournament2/home tour')));
        await skip.click();
      }
      await page.locator('.lobby-tabs [data-tab="free"]').click();
      await page.locator(`.room-card[data-room="${roomId}"] button`).click();
      await page.getByRole('dialog', { name: 'Join the room' }).waitFor();
      problems.push(...(await audit(page, '/tournament2/home join dialog')));
      await page.keyboard.press('Escape');

      await navigate(page, '/w4d');
      await page.locator('[data-cell="0-0"]').fill('1234');
      await page.locator('[data-cell="0-1"]').fill('1');
      await page.getByRole('button', { name: 'Review ticket' }).click();
      await page.locator('[data-confirm-total]').waitFor();
      problems.push(...(await audit(page, '/w4d review')));
      expect(problems).toEqual([]);
    });

    it('the game lobby while a launched game plays in its pop-up', async () => {
      await loggedIn();
      const problems: string[] = [];
      await navigate(page, '/slots');
      await page.locator('.game-lobby .game-tile').first().waitFor();
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.locator('.game-lobby .game-tile .game-open').first().click(),
      ]);
      await popup.waitForURL((u) => u.pathname.endsWith('/launch'));
      await popup.locator('body[data-state="ready"]').waitFor();
      // The launched page is the game provider's (here the simulator's stand-in), not this app: only
      // the lobby that launched it, with its "playing" notice, is audited.
      problems.push(...(await audit(page, '/slots while a game plays')));
      await popup.close();
      expect(problems).toEqual([]);
    });
  });
}

/** `<html lang>` and the font stacks (run by the desktop file, on its stack). */
export function languageSuite(): void {
  describe('language and fonts', { timeout: 60_000 }, () => {
    it('<html lang> follows the chosen language; Myanmar, Thai and CJK get their own font stacks', async () => {
      const page = await newPage('desktop');
      await page.goto(url('/'));
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      const fontOf = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
      const english = await fontOf();
      // [option value, <html lang>, the stack's first font]: the `tw` option is Khmer.
      const expected: [string, string, RegExp][] = [
        ['my', 'my', /^"Noto Sans Myanmar"/],
        ['tw', 'km', /^"Noto Sans Khmer"/],
        ['th', 'th', /^"Noto Sans Thai"/],
        ['zh-CN', 'zh-CN', /^"Noto Sans SC"/],
        ['ja', 'ja', /^"Noto Sans JP"/],
        ['ko', 'ko', /^"Noto Sans KR"/],
        ['vi', 'vi', /^system-ui/],
        ['id', 'id', /^system-ui/],
      ];
      // The select's label is translated too: found by its place in the landing header.
      const select = page.locator('.landing-header select');
      for (const [option, lang, font] of expected) {
        await select.selectOption(option);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang, { polling: 100 });
        expect(await fontOf()).toMatch(font);
      }
      await select.selectOption('en');
      await page.waitForFunction(() => document.documentElement.lang === 'en', undefined, { polling: 100 });
      expect(await fontOf()).toBe(english);
    });
  });
}
