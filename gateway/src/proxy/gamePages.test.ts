// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * A launch URL through the gateway: the lobby's calls under /api, the launched page,
 * its script, style and thumbnails relayed from the simulator under the gateway's unchanged CSP,
 * and rounds played in Chromium (slot, baccarat, hi-lo) moving the balance by exactly each round's
 * result; maintenance and a used link shown as notices; bad names never reach the upstream.
 */
import { inject, loginAt, postJson, type StackOf, simAdmin, simCalls, startStack } from '@sportsbook/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('game pages through the gateway', () => {
  let stack: StackOf<{ chromium: true }>;
  let s: { account_id: string; session_token: string };
  const api = (path: string, body: unknown) => postJson(`${stack.gateway.url}/api${path}`, body);
  const available = async () => {
    const { json } = await api('/userbalance', { ...s, parent_id: 'ag01' });
    return Math.round((json.balance as number) * 100);
  };
  const launch = async (provider: string, gameId: string, lang = 'en') => {
    const { json } = await api(`/games/${provider}/LaunchGame`, { ...s, game_id: gameId, lang });
    expect(json.status).toBe(1);
    return json.url as string;
  };
  /** Opens a launch URL in a fresh page, as the lobby's pop-up does; collects CSP violations. */
  const openPage = async (url: string, viewport = { width: 1280, height: 720 }) => {
    const page = await stack.browser.newPage({ viewport, hasTouch: viewport.width < 640 });
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    page.on('pageerror', (err) => violations.push(err.message));
    const res = await page.goto(`${stack.gateway.url}${url}`);
    return { page, res, violations };
  };
  /** Clicks play and waits for the round's result; returns its stake and win (minor units). */
  const playRound = async (page: Page) => {
    const before = await page.getAttribute('[data-testid=result]', 'data-round');
    await page.click('[data-action=play]');
    const changed = before === null ? '[data-round]' : `:not([data-round="${before}"])[data-round]`;
    await page.waitForSelector(`[data-testid=result]${changed}`, { timeout: 10_000 });
    const stake = Number(await page.getAttribute('[data-testid=result]', 'data-stake'));
    const win = Number(await page.getAttribute('[data-testid=result]', 'data-win'));
    return { stake, win };
  };

  beforeAll(async () => {
    // No warm topic: a test below counts every call the simulator gets while it asks the gateway.
    stack = await startStack({ chromium: true, gateway: { warmTopics: [] as string[] } });
    s = await loginAt(`${stack.gateway.url}/api/authlogin`, 'demo01');
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('lists games with thumbnails the browser loads from the gateway', async () => {
    const { json } = await api('/games/pgs/GameList', s);
    expect(json.status).toBe(1);
    const first = (json.games as any[])[0];
    // The thumbnail's route through app.inject: the page loading it is the Chromium tests' part.
    const thumb = await inject(stack.gateway.app, { url: first.thumbnail as string });
    expect(thumb.http).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/svg+xml');
    expect(thumb.headers.get('cache-control')).toContain('max-age');
    expect(thumb.text).toContain('<svg');
  });

  it('plays a slot in the launched page: the balance moves by exactly the round result', async () => {
    const url = await launch('pgs', 'pgs-001', 'ja');
    expect(url).toMatch(/^\/api\/games\/pgs\/launch\?token=/);
    const before = await available();
    const { page, res, violations } = await openPage(url);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForSelector('body[data-state=ready]');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.textContent('[data-action=play]')).toBe('スピン');
    let net = 0;
    for (let i = 0; i < 3; i++) {
      const round = await playRound(page);
      expect(round.stake).toBeGreaterThan(0);
      net += round.win - round.stake;
    }
    expect(await available()).toBe(before + net);
    const shown = await page.textContent('[data-testid=balance]');
    expect(Number(shown?.replace(/[^0-9.]/g, ''))).toBeCloseTo((before + net) / 100, 2);
    // A reload goes on with the same game session (the token was used once).
    await page.reload();
    await page.waitForSelector('body[data-state=ready]');
    const again = await playRound(page);
    expect(await available()).toBe(before + net + again.win - again.stake);
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);

  it('plays a baccarat coup, a hi-lo card and (on a phone) a roulette spin with bets placed on the table', async () => {
    const before = await available();
    let net = 0;
    const table = await openPage(await launch('evo', 'evo-001'));
    await table.page.waitForSelector('body[data-state=ready]');
    await table.page.click('[data-spot=banker]');
    await table.page.click('[data-spot=player-pair]');
    const coup = await playRound(table.page);
    expect(coup.stake).toBe(2 * Number(await table.page.getAttribute('[data-chip]', 'data-chip')));
    net += coup.win - coup.stake;
    expect(await table.page.locator('[data-testid=banker] .card').count()).toBeGreaterThanOrEqual(2);
    const mini = await openPage(await launch('fish', 'fish-011'));
    await mini.page.waitForSelector('body[data-state=ready]');
    await mini.page.click('[data-spot]:not([disabled])');
    const card = await playRound(mini.page);
    net += card.win - card.stake;
    // On a 360 px phone the roulette table fits the screen and is played by touch.
    const phone = await openPage(await launch('evo', 'evo-015'), { width: 360, height: 740 });
    await phone.page.waitForSelector('body[data-state=ready]');
    expect(await phone.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await phone.page.tap('[data-spot=red]');
    const spin = await playRound(phone.page);
    net += spin.win - spin.stake;
    // The ball's number shows in its pocket's colour (European wheel: 0 green).
    const pocket = Number(await phone.page.textContent('[data-testid=wheel]'));
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    expect(await phone.page.getAttribute('[data-testid=wheel]', 'data-color')).toBe(
      pocket === 0 ? 'green' : red.includes(pocket) ? 'red' : 'black',
    );
    expect(await available()).toBe(before + net);
    expect([...table.violations, ...mini.violations, ...phone.violations]).toEqual([]);
    await table.page.close();
    await mini.page.close();
    await phone.page.close();
  }, 60_000);

  it('shows a notice for a used link and for a provider in maintenance', async () => {
    const url = await launch('jili', 'jili-001', 'vi');
    const token = new URL(url, 'http://x').searchParams.get('token');
    await api('/games/jili/launch', { token });
    // Someone else's page finds the token used: the expired notice in the member's language.
    const used = await openPage(url);
    await used.page.waitForSelector('[data-testid=notice]');
    expect(await used.page.textContent('[data-testid=notice]')).toContain('hết hạn');
    await used.page.close();
    const fresh = await launch('jili', 'jili-002', 'en');
    await simAdmin(stack.sim, 'games', { provider: 'jili', maintenance: true });
    try {
      const down = await openPage(fresh);
      expect(down.res?.status()).toBe(503);
      expect(await down.page.textContent('[data-testid=notice]')).toContain('maintenance');
      await down.page.close();
      const { http, json } = await api('/games/jili/GameList', s);
      expect(json).toMatchObject({ status: 0, statusdesc: 'game_maintenance' });
      expect(http).toBe(503);
    } finally {
      await simAdmin(stack.sim, 'games', { provider: 'jili', maintenance: false });
    }
  }, 60_000);

  it('answers bad names with a 404 envelope without asking the upstream', async () => {
    const calls = await simCalls(stack.sim);
    for (const path of [
      '/api/games/pgs/launch?token=short',
      '/api/games/pgs/launch',
      '/api/games/p.s/static/game.js',
      '/api/games/pgs/static/..%2Fsecret',
      '/api/games/pgs/thumb/.hidden.svg',
    ]) {
      const res = await inject(stack.gateway.app, { url: path });
      expect(res.http, path).toBe(404);
      expect(res.json).toEqual({ status: 0, statusdesc: 'unknownCall' });
    }
    const missing = await inject(stack.gateway.app, { url: '/api/games/pgs/thumb/pgs-999.svg' });
    expect(missing.http).toBe(404);
    expect(await simCalls(stack.sim)).toBe(calls);
  });
});
