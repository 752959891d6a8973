/**
 * Tournament rooms in a real browser, one stack: a private room made with the create
 * wizard and joined with a wrong then the right PIN; a free room joined twice from the same IP
 * (`IPJoinedBefore`); a room below 3 players at its last join time cancelled and the fee refunded;
 * a member with tournament disabled sees no entry; then three members (three browser contexts)
 * join one public room, each places a points bet, the simulator's clock runs until the matches
 * end, every browser's ranking moves without a reload, the room ends and the prizes reach the
 * wallets and the headers, with fees = prizes + commission to the minor unit. Lobby and room
 * pages fit a 390x844 phone. The clock is manual: the test moves it and waits on page conditions.
 */
import { simAdmin } from '@sportsbook/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
const contexts: BrowserContext[] = [];
const MinuteMs = 60_000;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-rooms-e2e-',
    // Early matches too: late in the GMT+8 evening "today" has none left 40+ minutes ahead, and an
    // operator room takes the first three that are (the pages' countdowns run on the wall clock,
    // so the simulator starts now rather than at a fixed hour).
    sim: { world: { seed: 7, liveMatches: 2, todayMatches: 10, earlyMatches: 8, speed: 5 } },
    gateway: { pollIntervalMs: 200, heartbeatMs: 1000 },
  });
}, 180_000);
// A test's browsers close with it: pages left open keep their streams and renders running on the
// machine's two cores while the next tests run.
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => {});
});
afterAll(async () => {
  await stack?.close();
});

interface AdminRoom {
  room_id: number;
  status: string;
  players: number;
  fees: number;
  prizes: number[];
  commission: number;
  prize_pool: number;
}

async function adminRoom(body: object): Promise<AdminRoom> {
  const reply = await simAdmin(stack.sim, 'tournament', body);
  if (reply.status !== 1) throw new Error(`admin tournament: ${JSON.stringify(reply)}`);
  return reply.room as AdminRoom;
}

async function roomState(roomId: number): Promise<AdminRoom> {
  const reply = await simAdmin(stack.sim, 'tournament', { action: 'state' });
  const room = (reply.rooms as AdminRoom[]).find((r) => r.room_id === roomId);
  if (!room) throw new Error(`room ${roomId} not in the sim`);
  return room;
}

async function open(browser: Browser, options: { viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext(
    options.viewport ? { viewport: options.viewport, hasTouch: true } : {},
  );
  contexts.push(context);
  return context.newPage();
}

const LobbyPath = '/tournament2/home';

/**
 * Logs in through the landing form, straight to the rooms lobby (the default /desktop's board,
 * rendered and left at once, would only cost time: the board is other files' subject).
 */
function login(page: Page, accountId: string) {
  return logIn(page, stack.gateway.url, accountId, { to: LobbyPath });
}

/**
 * The lobby, with the first-visit tour skipped. A page elsewhere in the app gets there by the
 * menu's link, in the app (a load would boot the app again: the lobby, not the load, is the subject).
 */
async function lobby(page: Page) {
  if (new URL(page.url()).pathname !== LobbyPath) {
    await page.locator('.app-nav a[href="/tournament2"]').click();
    await page.waitForURL((u) => u.pathname === LobbyPath);
  }
  await page.locator('.lobby-head').waitFor();
  const skip = page.getByRole('button', { name: 'Skip the tour' });
  if (await skip.isVisible()) await skip.click();
}

/** The header's available balance in minor units ("MYR 10,000.00" -> 1000000). */
async function available(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance-available').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

async function waitAvailable(page: Page, minor: number) {
  await page
    .waitForFunction(
      (want) =>
        Number(
          (document.querySelector('[data-testid="balance-available"]')?.textContent ?? '').replace(/\D/g, ''),
        ) === want,
      minor,
      { timeout: 10_000, polling: 100 },
    )
    .catch(async () => {
      throw new Error(`header balance ${await available(page)}, expected ${minor}`);
    });
}

async function joinFromLobby(page: Page, roomId: number, tab: 'public' | 'private' | 'free', pin?: string) {
  await lobby(page);
  await page.locator(`.lobby-tabs [data-tab="${tab}"]`).click();
  await page.locator(`.room-card[data-room="${roomId}"] button`).click();
  const dialog = page.getByRole('dialog', { name: 'Join the room' });
  if (pin !== undefined) await dialog.getByLabel('Room PIN (6 digits)').fill(pin);
  await dialog.locator('input[name="terms"]').check();
  await dialog.getByRole('button', { name: 'Join' }).click();
}

/**
 * Picks a live price and places a points single. The in-play world moves prices while the test
 * clicks: a refusal (oddsChanged, a market suspended) is shown, and the next price is tried.
 */
async function placePointsBet(page: Page, stake: string) {
  const codes: string[] = [];
  // The page's bet calls, said in a failure: whether the bet was sent, answered, or failed.
  const calls: string[] = [];
  const start = Date.now();
  const isBet = (u: string) => u.includes('/api/tournament/bet');
  const note = (what: string) => (r: { url(): string }) => {
    if (isBet(r.url())) calls.push(`${what} +${Date.now() - start} ms`);
  };
  const onRequest = note('sent');
  const onFinished = note('answered');
  const onFailed = note('failed');
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  try {
    await tryPointsBet(page, stake, codes, calls);
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
  }
}

async function tryPointsBet(page: Page, stake: string, codes: string[], calls: string[]) {
  for (let attempt = 0; attempt < 4; attempt++) {
    // My bets counted before the bet is sent: its reply and the reload of my bets that the ranking's
    // move brings may both be in before the next line of the test runs.
    const before = await page.getByTestId('my-bets').locator('li').count();
    await page.locator('.room-price:not([disabled])').nth(attempt).click();
    await page.locator('input[name="stake"]').fill(stake);
    await page.getByRole('button', { name: 'Place points bet' }).click();
    // Placed: the slip's note, or the bet in "My bets"; refused: the slip's error.
    const outcome = page.locator(
      `[data-testid="bet-placed"], .points-slip .form-error, [data-testid="my-bets"] li:nth-child(${before + 1})`,
    );
    // On a loaded machine (the whole suite on two cores) a reply can take seconds: wait for it, not
    // for a fixed guess of how long it takes.
    await outcome
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        const phase = await page.locator('[data-phase]').getAttribute('data-phase');
        throw new Error(
          `no outcome (phase ${phase}; bet calls: ${calls.join(', ') || 'none'}): ${await page.locator('.points-slip').textContent()}`,
        );
      });
    if ((await page.getByTestId('bet-placed').count()) > 0) return;
    if ((await page.getByTestId('my-bets').locator('li').count()) > before) return;
    codes.push((await page.locator('.points-slip .form-error').getAttribute('data-code')) ?? '?');
    const dialog = page.getByRole('alertdialog');
    if ((await dialog.count()) > 0) await dialog.getByRole('button', { name: 'OK' }).click();
  }
  throw new Error(`no points bet placed: ${codes.join(', ')}`);
}

/** Controls of the rooms pages under 44 px high (touch targets). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.rooms-page button, .rooms-page select, .rooms-page input:not([type="checkbox"])',
      ),
    ]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.height < 44;
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
}

async function noOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const minor = (major: number) => Math.round(major * 100);

describe('tournament rooms', () => {
  it('a member creates a private room with the wizard; a wrong PIN is refused, the right one joins; pages fit a phone', async () => {
    const owner = await open(stack.browser, { viewport: { width: 390, height: 844 } });
    await login(owner, 'demo01');
    // The tour starts on a first visit, and a skip is remembered.
    await owner.getByText('Step 1 of 10').waitFor();
    await owner.getByRole('button', { name: 'Skip the tour' }).click();
    await owner.reload();
    await owner.locator('.lobby-head').waitFor();
    expect(await owner.getByText('Step 1 of 10').count()).toBe(0);
    expect(await noOverflow(owner)).toBeLessThanOrEqual(0);
    expect(await smallTargets(owner)).toEqual([]);
    // It can be replayed.
    await owner.getByRole('button', { name: 'Replay the tour' }).click();
    await owner.getByText('Step 1 of 10').waitFor();
    await owner.getByRole('button', { name: 'Next' }).click();
    await owner.getByText('Step 2 of 10').waitFor();
    await owner.getByRole('button', { name: 'Skip the tour' }).click();

    await owner.getByRole('button', { name: 'Create a room' }).click();
    const wizard = owner.getByRole('dialog', { name: 'Create a room' });
    await wizard.getByLabel('Private').check();
    await wizard.locator('input[name="rate"]').fill('10');
    await wizard.locator('input[name="limit"]').fill('3');
    await wizard.getByRole('button', { name: 'Next' }).click();
    // A private room needs its PIN first.
    await wizard.locator('[data-code="invalidPin"]').waitFor();
    await wizard.locator('input[name="pin"]').fill('246810');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.locator('.pick-list input[type="checkbox"]').first().waitFor();
    for (const box of await wizard.locator('.pick-list input[type="checkbox"]').all()) await box.check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.locator('[data-match] input').nth(2).waitFor();
    for (let i = 0; i < 3; i++) await wizard.locator('[data-match] input').nth(i).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.locator('input[name="terms"]').check();
    await wizard.getByRole('button', { name: 'Create the room' }).click();
    await owner.waitForURL((u) => u.pathname.startsWith('/tournament2/room/'));
    const roomId = Number(new URL(owner.url()).pathname.split('/').at(-1));
    await owner.getByTestId('room-pin').filter({ hasText: '246810' }).waitFor();
    await owner.locator('[data-phase="joined"]').waitFor();
    expect(await noOverflow(owner)).toBeLessThanOrEqual(0);

    const guest = await open(stack.browser);
    await login(guest, 'demo16');
    await joinFromLobby(guest, roomId, 'private', '135791');
    const dialog = guest.getByRole('dialog', { name: 'Join the room' });
    // Said once, beside the PIN, not again in a dialog over the form.
    await dialog.locator('[data-code="invalid_password"]').getByText('Invalid password.').waitFor();
    expect(await guest.getByText('Invalid password.').count()).toBe(1);
    expect(await guest.getByRole('alertdialog').count()).toBe(0);
    await dialog.getByLabel('Room PIN (6 digits)').fill('246810');
    await dialog.getByRole('button', { name: 'Join' }).click();
    await guest.waitForURL((u) => u.pathname === `/tournament2/room/${roomId}`);
    await guest.locator('[data-phase="joined"]').waitFor();
    // The owner sees the second player arrive, without a reload.
    await owner.getByTestId('players').filter({ hasText: '2 / 3' }).waitFor();
    // A PIN reaches only the owner.
    expect(await guest.getByTestId('room-pin').count()).toBe(0);
    // My rooms lists it, entered without a second join.
    await lobby(guest);
    await guest.locator('.lobby-tabs [data-tab="mine"]').click();
    await guest.locator(`.room-card[data-room="${roomId}"]`).getByRole('button', { name: 'Enter' }).click();
    await guest.waitForURL((u) => u.pathname === `/tournament2/room/${roomId}`);
    // The operator closes it (fees refunded now, not while the last test measures balances).
    await adminRoom({ action: 'close', room_id: roomId });
    await owner.locator('[data-phase="closed"]').waitFor({ timeout: 10_000 });
  }, 90_000);

  it('a free room is joined once per IP: a second member from the same IP gets IPJoinedBefore', async () => {
    const free = await adminRoom({
      action: 'create',
      room_type: 3,
      prize_pool: 100,
      last_join_in_ms: 60 * MinuteMs,
    });
    const first = await open(stack.browser);
    await login(first, 'demo17');
    await joinFromLobby(first, free.room_id, 'free');
    await first.waitForURL((u) => u.pathname === `/tournament2/room/${free.room_id}`);
    const second = await open(stack.browser);
    await login(second, 'demo18');
    await joinFromLobby(second, free.room_id, 'free');
    const refusal = 'This free room has already been joined from your network.';
    await second.getByRole('dialog', { name: 'Join the room' }).getByText(refusal).waitFor();
    expect(await second.getByText(refusal).count()).toBe(1);
    expect(await second.getByRole('alertdialog').count()).toBe(0);
    expect(second.url()).toContain('/tournament2/home');
  }, 60_000);

  it('roomFullOnce: a full room is said once, and a full room is offered to view only', async () => {
    const room = await adminRoom({
      action: 'create',
      room_type: 1,
      rate: 10,
      limit: 3,
      last_join_in_ms: 60 * MinuteMs,
    });
    /** A member joins through the simulator's own calls (no browser). */
    const joinDirect = async (accountId: string) => {
      const post = async (path: string, body: object) =>
        (await fetch(`${stack.sim.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json())) as Record<string, unknown>;
      const login = (await post('/authlogin', { account_id: accountId, password: 'demo1234' })) as {
        member_profile: { player_info: { session_token: string }[] };
      };
      const session_token = login.member_profile.player_info[0]?.session_token;
      const reply = await post('/tournament/roomjoin', {
        account_id: accountId,
        session_token,
        room_id: room.room_id,
        terms: true,
        request_id: `e2e-join-${accountId}-${room.room_id}`,
      });
      expect(reply.status, JSON.stringify(reply)).toBe(1);
    };
    await joinDirect('demo08');
    await joinDirect('demo16');
    const page = await open(stack.browser);
    await login(page, 'demo18');
    await lobby(page);
    const card = page.locator(`.room-card[data-room="${room.room_id}"]`);
    await card.getByTestId('players').filter({ hasText: '2 / 3' }).waitFor();
    await card.getByRole('button', { name: 'View & join' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the room' });
    await dialog.locator('input[name="terms"]').check();
    // The last seat goes while the form is open: the join is refused, said once on the form.
    await joinDirect('demo17');
    await dialog.getByRole('button', { name: 'Join' }).click();
    await dialog.locator('[data-code="roomFull"]').getByText('Room is already full.').waitFor();
    expect(await page.getByText('Room is already full.').count()).toBe(1);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The lobby offers the full room to view, not to join; its page shows it with no join form.
    const view = card.getByRole('button', { name: 'View', exact: true });
    await card.getByTestId('players').filter({ hasText: '3 / 3' }).waitFor();
    await view.click();
    await page.waitForURL((u) => u.pathname === `/tournament2/room/${room.room_id}`);
    await page
      .getByTestId('not-joinable')
      .getByText('This room is full: it takes no more players.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Join' }).count()).toBe(0);
    expect(await page.locator('input[name="terms"]').count()).toBe(0);
    await adminRoom({ action: 'close', room_id: room.room_id });
  }, 60_000);

  it('a room below 3 players at its last join time is cancelled and the fee refunded', async () => {
    const room = await adminRoom({ action: 'create', room_type: 1, rate: 10, last_join_in_ms: 5 * MinuteMs });
    const page = await open(stack.browser);
    await login(page, 'demo18');
    await lobby(page);
    const before = await available(page);
    await joinFromLobby(page, room.room_id, 'public');
    await page.waitForURL((u) => u.pathname === `/tournament2/room/${room.room_id}`);
    await waitAvailable(page, before - 1000);
    stack.sim.advance(6 * MinuteMs);
    await page.locator('[data-phase="cancelled"]').waitFor({ timeout: 10_000 });
    await page.getByTestId('room-result').filter({ hasText: 'Every entry fee has been refunded' }).waitFor();
    await waitAvailable(page, before);
    expect((await roomState(room.room_id)).status).toBe('2');
  }, 60_000);

  it('an account with tournament disabled sees no tournament entry', async () => {
    const page = await open(stack.browser);
    // Straight to the lobby: the menu is the same on every page, and the lobby says it is off.
    await login(page, 'demo15');
    await page.locator('.app-nav').getByRole('link', { name: 'Sports', exact: true }).waitFor();
    await page.getByTestId('tournament-off').waitFor();
    // The check has answered: the entry is gone, and nothing was shown (silent).
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('.app-nav a')].some((a) => a.getAttribute('href') === '/tournament2'),
      undefined,
      { polling: 100 },
    );
    expect(await page.locator('[role="alertdialog"], .toast').count()).toBe(0);
  }, 60_000);

  it('three members join one public room, bet points, see the ranking move live, and are paid when it ends', async () => {
    const room = await adminRoom({
      action: 'create',
      room_type: 1,
      rate: 10,
      limit: 30,
      last_join_in_ms: 5 * MinuteMs,
    });
    // A fourth member watches the lobby: the player count moves live.
    const watcher = await open(stack.browser);
    await login(watcher, 'demo18');
    await lobby(watcher);
    await watcher
      .locator(`.room-card[data-room="${room.room_id}"] [data-testid="players"]`)
      .filter({ hasText: '0 / 30' })
      .waitFor();
    const accounts = ['demo01', 'demo16', 'demo17'];
    const pages: Page[] = [];
    const before: number[] = [];
    for (const [n, accountId] of accounts.entries()) {
      // The first player is on a phone.
      const page = await open(stack.browser, n === 0 ? { viewport: { width: 390, height: 844 } } : {});
      await login(page, accountId);
      await lobby(page);
      // The wallet's own figure: the header may still show the account stream's last poll, from
      // before the refunds of the rooms an earlier test closed behind the gateway's back (joined
      // and closed through the simulator's calls); the join's own refresh brings it up to date.
      before.push(stack.sim.sim.store.wallet(accountId).available);
      await joinFromLobby(page, room.room_id, 'public');
      await page.waitForURL((u) => u.pathname === `/tournament2/room/${room.room_id}`);
      await page.locator('[data-phase="joined"]').waitFor();
      pages.push(page);
    }
    for (const [i, page] of pages.entries()) {
      await page.getByTestId('players').filter({ hasText: '3 / 30' }).waitFor();
      await waitAvailable(page, (before[i] ?? 0) - 1000);
      await page.evaluate(() => {
        (window as unknown as { marker: number }).marker = 42;
      });
    }

    stack.sim.advance(6 * MinuteMs);
    const stakes = ['100', '250', '400'];
    for (const [i, page] of pages.entries()) {
      await page.locator('[data-phase="active"]').waitFor({ timeout: 10_000 });
      await placePointsBet(page, stakes[i] ?? '100');
      await page.getByTestId('my-bets').locator('li').first().waitFor();
    }
    await watcher
      .locator(`.room-card[data-room="${room.room_id}"] [data-testid="players"]`)
      .filter({ hasText: '3 / 30' })
      .waitFor();
    // Seen: the watcher's lobby closes, not left rendering while the clock plays the room out.
    await watcher.context().close();
    const phone = pages[0] as Page;
    // Started: the last join time has passed, the last betting time is still ahead.
    await phone.getByTestId('join-countdown').filter({ hasText: '(passed)' }).waitFor();
    await phone.getByTestId('betting-countdown').filter({ hasText: 'left)' }).waitFor();
    expect(await noOverflow(phone)).toBeLessThanOrEqual(0);
    expect(await smallTargets(phone)).toEqual([]);
    const rankingText = (page: Page) => page.getByTestId('ranking').locator('tbody').textContent();
    const initial = await Promise.all(pages.map(rankingText));
    // Players without a nickname read apart, not all as the same masked "dem***".
    const names = await phone.getByTestId('ranking').locator('tbody tr td:nth-child(2)').allTextContents();
    expect([...names].sort()).toEqual(['d***01', 'd***16', 'd***17']);

    // An hour a step until the simulator's room has ended (its last match may kick off a day after
    // its first: an early match); the pages follow over the room's topic, waited for below.
    for (let i = 0; i < 60 && (await roomState(room.room_id)).status !== '3'; i++) {
      stack.sim.advance(60 * MinuteMs);
    }
    const final = await roomState(room.room_id);
    expect(final.status).toBe('3');
    // Fees = prizes + commission, to the minor unit.
    expect(minor(final.fees)).toBe(final.prizes.reduce((a, p) => a + minor(p), 0) + minor(final.commission));
    expect(minor(final.fees)).toBe(3000);

    for (const [i, page] of pages.entries()) {
      await page.locator('[data-phase="ended"]').waitFor({ timeout: 10_000 });
      // No reload: the ranking moved over the room's topic.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      expect(await rankingText(page)).not.toBe(initial[i]);
      await page.getByTestId('room-result').waitFor();
      const mine = page.locator('.ranking tr.me');
      const rank = Number(await mine.getAttribute('data-rank'));
      const prize = minor(final.prizes[rank - 1] ?? 0);
      // The prize reached the wallet and the header's balance.
      await waitAvailable(page, (before[i] ?? 0) - 1000 + prize);
    }
  }, 180_000);
});
