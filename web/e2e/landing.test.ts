/**
 * The prerendered landing page (web/tools/landingHtml.ts, src/prerender.tsx):
 * index.html carries the login form and its CSS, so the form paints before any JavaScript; the app
 * then hydrates that same form (never a second copy), which stays inert until then; a returning
 * visitor whose first render differs gets a fresh render. And the gateway sends it compressed.
 */
import { StorageKey } from '@sportsbook/protocol';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  stack = await startStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  context = await stack.browser.newContext();
  page = await context.newPage();
  problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
});
afterEach(async () => {
  await context.close();
});

const url = (path: string) => `${stack.gateway.url}${path}`;

/** The entry script of the served index.html. */
async function entryScript(): Promise<string> {
  const html = await (await fetch(url('/'))).text();
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html has no module script');
  return src;
}

/** Holds the entry script until `release()`: the page as it is before its JavaScript runs. */
async function holdEntry(): Promise<() => void> {
  const src = await entryScript();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (u) => u.pathname === src,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

const forms = () => page.locator('form.login-form').count();

describe('prerendered landing page', { timeout: 90_000 }, () => {
  it('index.html holds the login form and its CSS inline, sent compressed', async () => {
    const res = await fetch(url('/'), { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = await res.text();
    expect(html).toContain('<div id="root" data-prerendered="landing">');
    expect(html).toMatch(/<form class="login-form"[^>]*>.*<input[^>]*name="account_id"/s);
    expect(html).toContain('<style>');
    // The inlined sheet's link stays, disabled (never fetched): only for Vite's preload helper.
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*\sdisabled)[^>]*>/);
  });

  it('never fetches the CSS it holds inline, neither after the login nor on a reload of /desktop', async () => {
    const inlinedCss = () =>
      page.evaluate(() => ({
        inlined: [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet][disabled]')].map(
          (l) => l.href,
        ),
        fetched: performance.getEntriesByType('resource').map((e) => e.name),
        applied: [...document.styleSheets].map((sheet) => sheet.href),
      }));
    await logIn(page, stack.gateway.url, 'demo01');
    await page.locator('.board .match-row').first().waitFor();
    for (const when of ['after the login', 'after a reload']) {
      if (when === 'after a reload') {
        await page.reload();
        await page.locator('.board .match-row').first().waitFor();
      }
      const { inlined, fetched, applied } = await inlinedCss();
      expect(inlined, when).toHaveLength(1);
      // Lazy routes list the entry's CSS among their preloads; the helper skips it for the link.
      expect(
        fetched.filter((name) => inlined.includes(name)),
        when,
      ).toEqual([]);
      expect(
        applied.filter((href) => href !== null && inlined.includes(href)),
        when,
      ).toEqual([]);
      expect(
        fetched.some((name) => name.endsWith('.css')),
        when,
      ).toBe(true);
    }
    expect(problems).toEqual([]);
  });

  it('paints the form before the JavaScript runs, inert; hydrates that same form, never a second', async () => {
    const release = await holdEntry();
    // A module script delays DOMContentLoaded until it runs: wait for the response only.
    await page.goto(url('/'), { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { name: 'Member login' });
    await heading.waitFor();
    expect(await forms()).toBe(1);
    // Nothing typed or clicked can be lost or submitted natively before the handlers exist.
    expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Login ID').getAttribute('readonly')).not.toBeNull();
    // A language chosen before hydration would show and change nothing (a CI flake of shell.test).
    expect(await page.getByLabel('Language').isDisabled()).toBe(true);
    // A JS property on the prerendered node: it survives only if React keeps the node (hydration).
    await page.evaluate(() => {
      (document.querySelector('form.login-form') as unknown as { probe: number }).probe = 29;
    });
    release();
    await page.getByRole('button', { name: 'Log in' }).and(page.locator(':enabled')).waitFor();
    expect(await page.getByLabel('Language').isEnabled()).toBe(true);
    expect(await forms()).toBe(1);
    expect(
      await page.evaluate(
        () => (document.querySelector('form.login-form') as unknown as { probe?: number }).probe,
      ),
    ).toBe(29);
    expect(problems).toEqual([]);
    // The hydrated form works.
    await page.getByLabel('Login ID').fill('demo01');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/desktop');
    expect(problems).toEqual([]);
  });

  it('requests none of the app JavaScript before the first frame: only the tiny entry script', async () => {
    // The first animation frame's callback runs just before the browser renders the prerendered page.
    await context.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
      });
    });
    const entry = await entryScript();
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'Log in' }).and(page.locator(':enabled')).waitFor();
    const { firstFrameAt, scripts } = await page.evaluate(() => ({
      firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.endsWith('.js'))
        .map((r) => ({ path: new URL(r.name).pathname, startTime: r.startTime })),
    }));
    const app = scripts.filter((s) => s.path !== entry);
    expect(app.length).toBeGreaterThan(0);
    expect(app.filter((s) => s.startTime < firstFrameAt)).toEqual([]);
    const entryRes = await fetch(url(entry), { headers: { 'accept-encoding': 'identity' } });
    expect((await entryRes.arrayBuffer()).byteLength).toBeLessThan(8 * 1024);
    expect(problems).toEqual([]);
  });

  it('a deep link paints the app shell, never the login form, then the app takes its place', async () => {
    const release = await holdEntry();
    await page.goto(url('/desktop'), { waitUntil: 'commit' });
    await page.locator('#root[data-prerendered="shell"] .app-header .brand').waitFor();
    expect(await page.getByRole('status').count()).toBe(1);
    expect(await forms()).toBe(0);
    release();
    // Logged out: the app sends the visitor to the landing page, rendered once.
    await page.getByRole('button', { name: 'Log in' }).and(page.locator(':enabled')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await forms()).toBe(1);
    expect(await page.locator('.app-header').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('renders afresh, once, for a returning visitor whose first render differs (remembered login id)', async () => {
    await context.addInitScript((key) => {
      localStorage.setItem(key, JSON.stringify({ rememberMe: true, loginId: 'demo02', session: null }));
    }, StorageKey.account);
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'Log in' }).and(page.locator(':enabled')).waitFor();
    expect(await forms()).toBe(1);
    expect(await page.getByLabel('Login ID').inputValue()).toBe('demo02');
    expect(await page.getByLabel('Remember me').isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });
});

/** A new context for the test with these options (a phone's, a desktop's window). */
async function reopen(options: BrowserContextOptions): Promise<void> {
  await context.close();
  context = await stack.browser.newContext(options);
  page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
}

/** Records the board's row counts as they change, from the next load of the page. */
async function recordRowCounts(): Promise<void> {
  await page.addInitScript(() => {
    const counts: number[] = [];
    (window as unknown as { rowCounts: number[] }).rowCounts = counts;
    new MutationObserver(() => {
      const n = document.querySelectorAll('.board .match-row').length;
      if (n !== (counts.at(-1) ?? 0)) counts.push(n);
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The board's row count once it stops moving (steps follow each other within a few tasks). */
async function settledRowCount(): Promise<number> {
  const rows = page.locator('.board .match-row');
  let last = -1;
  await expect
    .poll(async () => {
      const n = await rows.count();
      const same = n === last;
      last = n;
      return same;
    })
    .toBe(true);
  return last;
}

describe('the board after a reload of /desktop on a desktop window', { timeout: 120_000 }, () => {
  // useRevealed.ts, DesktopPage.tsx: on a desktop the leagues stand in view one under the other, and
  // rows coming in steps, or board options arriving above the board, moved what was already shown.
  it('renders the whole first page in one step, with the board options already in the bar', async () => {
    await reopen(LighthouseDesktop);
    await logIn(page, stack.gateway.url, 'demo01');
    await page.locator('.board .match-row').first().waitFor();
    await recordRowCounts();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.board .match-row')) return;
        (window as unknown as { optionsWithRows: boolean }).optionsWithRows =
          document.querySelector('.board-filters [data-action="favourites-only"]') !== null;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.locator('.board .match-row').first().waitFor();
    const total = await settledRowCount();
    const counts = await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts);
    expect(total).toBeGreaterThan(3);
    expect(counts).toEqual([total]);
    expect(
      await page.evaluate(() => (window as unknown as { optionsWithRows: boolean }).optionsWithRows),
    ).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('the board after a reload of /desktop on a phone', { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await reopen(LighthousePhone);
  });

  // Board.tsx `useRevealed`: one synchronous render of a whole page of rows was the longest task
  // of /desktop's start on a phone; the first render holds only the first rows (FirstRows, 3).
  it('renders its first rows first and the rest of the page in later steps', async () => {
    await logIn(page, stack.gateway.url, 'demo01');
    await page.locator('.board .match-row').first().waitFor();
    await recordRowCounts();
    await page.reload();
    const rows = page.locator('.board .match-row');
    await rows.nth(3).waitFor();
    await settledRowCount();
    const counts = await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts);
    expect(counts[0]).toBeLessThanOrEqual(3);
    expect(counts.at(-1)).toBe(await rows.count());
    expect(counts.at(-1)).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });

  // DesktopPage.tsx `useSideParts`: the sports menu, the replay bar and the board options rendered
  // (and subscribed to their streams) in the same commits as the board's first rows, which made
  // those commits the longest tasks of /desktop's start on a phone.
  it('mounts the sports menu once the board has its whole first page', async () => {
    await logIn(page, stack.gateway.url, 'demo01');
    await page.locator('.board .match-row').first().waitFor();
    await page.addInitScript(() => {
      const seen: { rows: number; menu: boolean }[] = [];
      (window as unknown as { sideSeen: typeof seen }).sideSeen = seen;
      new MutationObserver(() => {
        const now = {
          rows: document.querySelectorAll('.board .match-row').length,
          menu: document.querySelector('.sports-menu-tools') !== null,
        };
        const last = seen.at(-1);
        if (!last || last.rows !== now.rows || last.menu !== now.menu) seen.push(now);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.locator('.sports-menu-tools').waitFor();
    const rows = await page.locator('.board .match-row').count();
    expect(rows).toBeGreaterThan(3);
    const seen = await page.evaluate(
      () => (window as unknown as { sideSeen: { rows: number; menu: boolean }[] }).sideSeen,
    );
    // Every row of the page was in before the menu was (the board had stopped growing).
    expect(seen.find((s) => s.menu)?.rows).toBe(rows);
    expect(problems).toEqual([]);
  });

  // useRevealed.ts: the topic's snapshot is a store update, rendered synchronously in the socket
  // message's task with its commit and effects; the first rows come in the next step instead.
  it("renders none of the rows in the commit of the board topic's snapshot", async () => {
    await logIn(page, stack.gateway.url, 'demo01');
    await page.locator('.board .match-row').first().waitFor();
    await page.addInitScript(() => {
      const seen: { status: string; rows: number }[] = [];
      (window as unknown as { boardSeen: typeof seen }).boardSeen = seen;
      new MutationObserver(() => {
        const board = document.querySelector('.board');
        if (!board) return;
        const now = {
          status: board.getAttribute('data-status') ?? '',
          rows: board.querySelectorAll('.match-row').length,
        };
        const last = seen.at(-1);
        if (!last || last.status !== now.status || last.rows !== now.rows) seen.push(now);
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.reload();
    await page.locator('.board[data-status="ok"] .match-row').first().waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { boardSeen: { status: string; rows: number }[] }).boardSeen,
    );
    // The first state with the snapshot in, and the rows after it.
    expect(seen.find((s) => s.status === 'ok')).toEqual({ status: 'ok', rows: 0 });
    expect(seen.at(-1)?.rows).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

/** A desktop window like Lighthouse's desktop run: 1350x940, one device pixel per CSS pixel. */
const LighthouseDesktop = { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 };

/** A phone like Lighthouse's mobile run: 412x823, touch, 1.75 device pixels per CSS pixel. */
const LighthousePhone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

describe.each([
  ['a phone', () => LighthousePhone],
  ['a desktop window', () => LighthouseDesktop],
])('/desktop on %s, after a reload', (_, options) => {
  // What moved, measured as Lighthouse's CLS does (layout-shift entries without recent input): the
  // marquee arriving above the page (Marquee.tsx keeps its place now), the cards in view painted at
  // content-visibility's placeholder height first (board.css), the session's bare "loading" line
  // (RequireAuth.tsx); on a desktop, the rows coming in steps and the board options arriving above
  // the board (useRevealed.ts, DesktopPage.tsx), and the rows in view painted at the placeholder
  // height (Board.tsx `LongPage`). What is left is text changing width in the header and the bar.
  it('moves nothing on the page while it starts (layout shifts under 0.005)', {
    timeout: 120_000,
  }, async () => {
    await reopen(options());
    await logIn(page, stack.gateway.url, 'demo01');
    await page.locator('.board .match-row').first().waitFor();
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (e.hadRecentInput) continue;
          const sources = (e.sources ?? [])
            .map((x) =>
              x.node instanceof Element ? `${x.node.tagName}.${x.node.className}` : x.node?.nodeName,
            )
            .join(', ');
          shifts.push({ value: e.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    // Everything that arrives on its own has arrived: the whole first page, the side parts (after
    // it), the marquee's text, the balance.
    await page.locator('.sports-menu button').first().waitFor();
    await page.getByRole('marquee').waitFor();
    await settledRowCount();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
    const shifts = await page.evaluate(
      () => (window as unknown as { shifts: { value: number; sources: string }[] }).shifts,
    );
    const total = shifts.reduce((sum, x) => sum + x.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.005);
    expect(problems).toEqual([]);
  });
});
