/**
 * The sportsbook in a real browser: a live price moving without a reload, a single bet from
 * slip to waiting, running, settled and reconciled in the statement; stale odds suspending betting;
 * a gateway restart the board survives; parlays, a system parlay and a Myanmar bet. The simulator's
 * clock is manual: the test moves it, and waits on page conditions, never on sleeps.
 */
import { formatGmt8 } from '@sportsbook/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BookStack, parlayPicks, placeFromSlip as placeSlip, startBookStack } from './bookSupport.ts';
import { everyKickoff, logIn, openInfo, stackPerFile } from './support.ts';

let stack: BookStack;
let page: Page;

stackPerFile(startBookStack, {
  stack: (s) => {
    stack = s;
  },
  page: (p) => {
    page = p;
  },
});

const bets = (accountId: string) => stack.sim.sim.store.accountBets(accountId);
const latestBet = (accountId: string) => bets(accountId).at(-1);

function login(accountId: string) {
  return logIn(page, stack.gateway.url, accountId);
}

async function openTab(tab: 'live' | 'today' | 'parlay') {
  await page.locator(`[data-tab="${tab}"]`).click();
  await page
    .locator(`.board[data-topic$="/${tab === 'parlay' ? 'today' : tab}"][data-status="ok"]`)
    .waitFor();
  await everyKickoff(page);
}

const openCells = (p: Page, betType = 'HDP') =>
  p.locator(`.board[data-status="ok"] .odds-col[data-bettype="${betType}"] button.odds-cell:not([disabled])`);

/** Every shown price, by odds id and index. */
const prices = (p: Page) =>
  p.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('button.odds-cell[data-price]')].map((b) => [
        `${b.dataset.odds}/${b.dataset.index}`,
        b.dataset.price,
      ]),
    ),
  );

/**
 * Moves the sim clock a step, then waits for `done`, until it holds (bounded; each wait is on a
 * condition). The clock is manual: nothing the callers wait for moves before a step, so `done` is
 * not asked first (a page condition asked then would wait out its timeout for nothing).
 */
async function advanceUntil(stepMs: number, done: () => Promise<boolean>, maxSteps = 20): Promise<void> {
  for (let i = 0; i < maxSteps; i++) {
    stack.sim.advance(stepMs);
    if (await done()) return;
  }
  throw new Error('condition not reached while advancing the clock');
}

/** Sets the page marker a reload would wipe (before whatever the caller does next). */
async function setReloadMarker() {
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 42;
  });
}

/**
 * A price on the board moves, and the marker set by `setReloadMarker` earlier is still there:
 * never set here, so a reload between the caller's `setReloadMarker` and this check fails it.
 */
async function priceMovesWithoutReload() {
  const before = await prices(page);
  expect(Object.keys(before).length).toBeGreaterThan(0);
  await advanceUntil(15_000, async () => {
    const changed = await page
      .waitForFunction(
        (old) =>
          [...document.querySelectorAll<HTMLElement>('button.odds-cell[data-price]')].some(
            (b) =>
              old[`${b.dataset.odds}/${b.dataset.index}`] !== undefined &&
              old[`${b.dataset.odds}/${b.dataset.index}`] !== b.dataset.price,
          ),
        before,
        { timeout: 3_000, polling: 100 },
      )
      .then(() => true)
      .catch(() => false);
    return changed;
  });
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
}

function placeFromSlip(stake: string) {
  return placeSlip(page, stake);
}

// The single-bet test runs last: settling it plays the clock forward past the live matches' end.
describe('sportsbook end to end', { timeout: 90_000 }, () => {
  it('stale upstream odds suspend betting with a banner, and recovery removes it and re-enables betting', async () => {
    await login('demo02');
    await openTab('today');
    // The HDP & O/U board: a column header row, and every price named for what it is on.
    const head = page.locator('.board [data-board-head]');
    for (const title of ['Time', 'Event', 'FT. HDP', 'FT. O/U', '1H. HDP', '1H. O/U'])
      await head.getByText(title, { exact: true }).waitFor();
    expect(await openCells(page).first().getAttribute('aria-label')).toMatch(
      /^.+ (0|[+-]\d+(\.\d+)?) at -?\d+\.\d\d$/,
    );
    expect(await openCells(page, 'OU').first().getAttribute('aria-label')).toMatch(
      /^Over \d+(\.\d+)? at -?\d+\.\d\d$/,
    );
    await openCells(page).first().click();
    const submit = page.locator('.bet-slip [data-action="submit"]');
    await page.locator('.bet-slip [data-action="submit"]:not([disabled])').waitFor();
    await stack.admin('faults', { call: '*', errorRate: 1 });
    try {
      await page.locator('[data-connection="stale"]').waitFor();
      await page.locator('.board[data-status="stale"]').waitFor();
      const banner = page.getByRole('alert').filter({ hasText: 'Odds are delayed. Betting is paused' });
      await banner.waitFor();
      expect(await page.locator('.board > .board-stale').count()).toBe(1);
      await page.locator('.bet-slip .slip-locked').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      expect(await openCells(page).count()).toBe(0);
    } finally {
      await stack.admin('faults', {});
    }
    await page.locator('[data-connection="live"]').waitFor();
    await page.locator('.board-stale').waitFor({ state: 'detached' });
    await page.locator('.bet-slip .slip-locked').waitFor({ state: 'detached' });
    await page.locator('.bet-slip [data-action="submit"]:not([disabled])').waitFor();
  });

  it('the board resumes after the gateway restarts, without a reload', async () => {
    await login('demo03');
    await openTab('live');
    await page.locator('[data-connection="live"]').waitFor();
    await setReloadMarker();
    await stack.restartGateway();
    await page.locator('[data-connection="live"]').waitFor();
    await priceMovesWithoutReload();
  });

  it('odds change while the slip is open: the slip follows the new price', async () => {
    await login('demo04');
    await openTab('live');
    await openCells(page).first().click();
    const shown = page.locator('.bet-slip [data-slip-price]').first();
    const before = await shown.getAttribute('data-slip-price');
    await advanceUntil(15_000, async () =>
      page
        .waitForFunction(
          (old) => {
            const el = document.querySelector<HTMLElement>('.bet-slip [data-slip-price]');
            return el !== null && el.dataset.slipPrice !== old;
          },
          before,
          { timeout: 3_000, polling: 100 },
        )
        .then(() => true)
        .catch(() => false),
    );
    expect(await shown.getAttribute('data-slip-price')).not.toBe(before);
  });

  it('a three-leg mix parlay and a system parlay (Trixie) are accepted', async () => {
    await login('demo05');
    await openTab('parlay');
    // Three HDP prices of different matches the upstream offers for parlays.
    const picks = await parlayPicks(page, stack);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const id of picks.slice(0, 3))
      await page.locator(`button.odds-cell[data-odds="${id}"][data-index="0"]`).click();
    await page.locator('.bet-slip [data-pick]').nth(2).waitFor();
    // More decimals than USD has: refused with a message as it is typed, never rounded or placed.
    const slip = page.locator('.bet-slip');
    await slip.locator('input[name="stake"]').fill('10.005');
    await slip
      .locator('[data-code="tooManyDecimals"]')
      .getByText('A USD stake can have at most 2 decimal places.')
      .waitFor();
    await slip.locator('[data-action="submit"]:not([disabled])').click();
    expect(await slip.locator('[data-action="confirm"]').count()).toBe(0);
    expect(await slip.locator('input[name="stake"]').inputValue()).toBe('10.005');
    await placeFromSlip('10');
    await page.locator('[data-outcome="accepted"]').waitFor();
    const parlay = latestBet('demo05');
    expect(parlay).toMatchObject({ kind: 'parlay', status: 'running' });
    expect(parlay?.legs).toHaveLength(3);

    await page.locator('.bet-slip').getByRole('button', { name: 'Keep selections' }).click();
    await page.locator('.bet-slip [data-mode="system"]').click();
    await page.locator('.bet-slip [data-tickets]').getByText('4 tickets').waitFor();
    await placeFromSlip('5');
    await page.locator('[data-outcome="accepted"]').waitFor();
    const system = latestBet('demo05');
    expect(system).toMatchObject({ kind: 'system', status: 'running', risk: 2_000 });
    expect(system?.combos).toHaveLength(4);

    const list = await openInfo(page, 'Bet list');
    await list.locator(`tr[data-bet="${system?.betId}"] [data-action="details"]`).click();
    await list.locator(`tr[data-bet="${system?.betId}"] [data-leg]`).nth(2).waitFor();
    await list.close();
  });

  it('every pick reads on the slip and in the bet list as its price says, each side with its own line', async () => {
    await login('load01');
    await openTab('today');
    const slip = page.locator('.bet-slip');
    // Home and away prices of several matches: the slip names exactly what the price's label names.
    const cells = page.locator(
      '.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])',
    );
    const count = Math.min(await cells.count(), 12);
    expect(count).toBeGreaterThan(3);
    let away = 0;
    for (let i = 0; i < count; i++) {
      const cell = cells.nth(i);
      const label = (await cell.getAttribute('aria-label')) ?? '';
      const name = label.replace(/ at -?\d+\.\d\d$/, '');
      if ((await cell.getAttribute('data-index')) === '1') away++;
      await cell.click();
      await expect.poll(() => slip.locator('[data-pick-text]').first().textContent()).toBe(name);
      await slip.locator('[data-pick] button').first().click();
      await slip.locator('[data-pick]').waitFor({ state: 'detached' });
    }
    expect(away).toBeGreaterThan(0);
    // An away pick with a line: placed, then named the same way in the bet list, with one odds format.
    const awayCells = page.locator(
      '.board[data-status="ok"] .odds-col[data-bettype="HDP"] button.odds-cell[data-index="1"]:not([disabled])',
    );
    let chosen = -1;
    for (let i = 0; i < (await awayCells.count()); i++) {
      const label = (await awayCells.nth(i).getAttribute('aria-label')) ?? '';
      if (/ [+-]\d/.test(label)) {
        chosen = i;
        break;
      }
    }
    expect(chosen).toBeGreaterThanOrEqual(0);
    await awayCells.nth(chosen).click();
    const slipText = (await slip.locator('[data-pick-text]').first().textContent()) ?? '';
    const slipPrice = ((await slip.locator('[data-slip-price]').first().textContent()) ?? '').replace(
      '@ ',
      '',
    );
    await placeFromSlip('10');
    await page.locator('[data-outcome="accepted"], [data-outcome="waiting"]').first().waitFor();
    const bet = latestBet('load01');
    const list = await openInfo(page, 'Bet list');
    const row = list.locator(`tr[data-bet="${bet?.betId}"]`);
    await row.waitFor();
    expect(await row.locator('[data-pick-text]').textContent()).toBe(slipText);
    // The odds column reads the member's format (the slip's price), the decimal in its title.
    expect((await row.locator('[data-odds-col]').textContent())?.trim()).toBe(slipPrice);
    expect(await row.locator('[data-odds-col] [data-decimal]').getAttribute('title')).toMatch(
      /Decimal odds \d+\.\d\d/,
    );
    expect(await row.textContent()).not.toContain(' HDP ');
    await list.close();
  });

  it("price names follow the player's language, Thai and Chinese included", async () => {
    await login('load02');
    await openTab('today');
    const language = page.locator('.app-header select:visible:has(option[value="th"])').first();
    for (const [lang, over, at] of [
      ['th', 'สูง', ' ราคา '],
      ['zh-CN', '大', '，赔率 '],
    ] as const) {
      await language.selectOption(lang);
      await expect
        .poll(async () => (await openCells(page, 'OU').first().getAttribute('aria-label')) ?? '', {
          timeout: 10_000,
        })
        .toMatch(new RegExp(`^${over} \\d+(\\.\\d+)?${at}-?\\d+\\.\\d\\d$`));
      const hdp = (await openCells(page).first().getAttribute('aria-label')) ?? '';
      expect(hdp).toContain(at);
      // A fresh load in that language too (the language file comes after the first render).
      await page.reload();
      await openTab('today');
      await expect
        .poll(async () => (await openCells(page, 'OU').first().getAttribute('aria-label')) ?? '', {
          timeout: 10_000,
        })
        .toContain(at);
    }
    await language.selectOption('en');
    await expect.poll(() => openCells(page, 'OU').first().getAttribute('aria-label')).toMatch(/^Over /);
  });

  it('demo07 places a Myanmar bet', async () => {
    await login('demo07');
    await openTab('today');
    await page.locator('[data-market="mmo"]').click();
    // A taker's price (the side that does not give the body): the slip names that team as taking
    // the body, and the bet placed backs that very team (selection 0 is the giver).
    const cell = page
      .locator(
        '.board[data-topic*="/mmo/"][data-status="ok"] .cell-line:not(.giver) button.odds-cell:not([disabled])',
      )
      .first();
    const name = (await cell.getAttribute('aria-label')) ?? '';
    await cell.click();
    const slipText = (await page.locator('.bet-slip [data-pick-text]').first().textContent()) ?? '';
    expect(slipText).toBe(name);
    expect(slipText).toMatch(/ takes \S+$/);
    const team = slipText.replace(/ takes \S+$/, '');
    await placeFromSlip('10000');
    await page.locator('[data-outcome="accepted"]').waitFor();
    const placed = latestBet('demo07');
    expect(placed).toMatchObject({ kind: 'mmoSingle', status: 'running' });
    const leg = placed?.legs[0];
    expect(leg?.selection).toBe(1);
    const giverIsHome = (leg?.labels?.[0] ?? 'H') === 'H';
    expect(giverIsHome ? leg?.away : leg?.home).toBe(team);
  });
  it('single bet: live price moves, bet waits, runs, settles, and the statement reconciles', async () => {
    await login('demo01');
    await openTab('live');
    await setReloadMarker();
    await priceMovesWithoutReload();

    // A live single: waiting for the live delay, then running (a market moved during the wait
    // rejects it, so try again on a fresh price, at most three times).
    let betId: string | undefined;
    for (let attempt = 0; attempt < 3 && !betId; attempt++) {
      await openCells(page).first().click();
      await placeFromSlip('10');
      await page.locator('[data-outcome="waiting"]').waitFor();
      const bet = latestBet('demo01');
      expect(bet?.status).toBe('waiting');
      if (attempt === 0) {
        const list = await openInfo(page, 'Bet list');
        await list.locator('[data-tab="waiting"]').click();
        await list.locator(`tr[data-bet="${bet?.betId}"][data-status="waiting"]`).waitFor();
        stack.sim.advance(1_000);
        await list.locator('[data-tab="running"]').click();
        const outcome = latestBet('demo01')?.status;
        if (outcome === 'running') {
          await list.locator(`tr[data-bet="${bet?.betId}"][data-status="running"]`).waitFor();
          betId = bet?.betId;
        }
        await list.close();
      } else {
        stack.sim.advance(1_000);
        if (latestBet('demo01')?.status === 'running') betId = bet?.betId;
      }
      await page.locator('[data-outcome="accepted"], [data-outcome="rejected"]').first().waitFor();
      await page.locator('.bet-slip').getByRole('button', { name: 'Clear' }).click();
    }
    expect(betId).toBeDefined();

    // Full time: the simulator settles it.
    const settled = () =>
      Promise.resolve(
        !['waiting', 'running'].includes(bets('demo01').find((b) => b.betId === betId)?.status ?? ''),
      );
    await advanceUntil(5 * 60_000, settled, 30);

    const popup = await openInfo(page, 'Statement');
    const date = formatGmt8(stack.sim.world.now(), 'yyyy-MM-dd');
    const row = popup.locator(`tr[data-date="${date}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-reconciled')).toBe('true');
    const n = async (attr: string) =>
      Number(await row.locator(`[data-${attr}]`).getAttribute(`data-${attr}`));
    const [opening, credit, debit, closing] = [
      await n('opening'),
      await n('credit'),
      await n('debit'),
      await n('closing'),
    ];
    expect(opening + credit - debit).toBe(closing);
    // The amount at risk is debited (a negative Malay price risks less than the 10.00 stake).
    expect(debit).toBeGreaterThanOrEqual(bets('demo01').find((b) => b.betId === betId)?.risk ?? 1_000);
    // The closing balance is the wallet's cash now (available + frozen), as the upstream reports it.
    const auth = await (
      await fetch(`${stack.sim.url}/authlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: 'demo01', password: 'demo1234' }),
      })
    ).json();
    const session = auth.member_profile.player_info[0];
    const balance = await (
      await fetch(`${stack.sim.url}/userbalance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          account_id: 'demo01',
          session_token: session.session_token,
          parent_id: session.parent_id,
        }),
      })
    ).json();
    expect(closing).toBe(Math.round(balance.account_balance * 100));
  });
});
