// biome-ignore-all lint/suspicious/noExplicitAny: the simulator's replies are read loosely here.
/**
 * Parlays, specials and win/loss in a real browser: early matches open to parlays on the parlay tab (and
 * a parlay with an early leg accepted), outright picks placed through the special calls, and the
 * win/loss report with a row per product played.
 */
import { gmt8DayStart } from '@sportsbook/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BookStack, parlayPicks, placeFromSlip, startBookStack } from './bookSupport.ts';
import { everyKickoff, logIn, stackPerFile } from './support.ts';

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

const DayMs = 86_400_000;

/** A POST to the simulator itself (what a game page does), JSON in and out. */
async function simCall(path: string, body: unknown): Promise<any> {
  const res = await fetch(`${stack.sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** Plays one round of a game for the member with the given session (launch, open, play). */
async function playRound(auth: object, provider: string, gameId: string, bets: unknown[], roundId: string) {
  const launched = await simCall(`/games/${provider}/LaunchGame`, { ...auth, game_id: gameId, lang: 'en' });
  const token = new URL(launched.url, 'http://x').searchParams.get('token');
  const opened = await simCall(`/games/${provider}/launch`, { token });
  const played = await simCall(`/games/${provider}/play`, {
    game_session: opened.session.game_session,
    round_id: roundId,
    bets,
  });
  expect(played.status).toBe(1);
}

describe('products', () => {
  it('the parlay tab lists early matches open to parlays, and a parlay with an early leg is accepted', async () => {
    await logIn(page, stack.gateway.url, 'demo08');
    await page.locator('[data-tab="parlay"]').click();
    await page.locator('.board[data-topic$="/today"][data-status="ok"]').waitFor();
    await everyKickoff(page);
    const early = page.locator('[data-parlay-early] .board[data-topic$="/early"][data-status="ok"]');
    await early.waitFor();
    await early.locator('[data-match]').first().waitFor();
    // Every early row shown is open to parlays and kicks off after today (GMT+8).
    const tomorrow = gmt8DayStart(stack.sim.world.now()) + DayMs;
    const earlyIds = await early
      .locator('.odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.odds as string));
    expect(earlyIds.length).toBeGreaterThan(0);
    for (const id of earlyIds) {
      const quote = stack.sim.world.quote(id);
      expect(quote?.parlay, id).toBe(true);
      expect(quote?.kickoff ?? 0, id).toBeGreaterThanOrEqual(tomorrow);
    }
    // One early leg and one of today: a mix parlay of both boards.
    const todayIds = (await parlayPicks(page, stack)).filter((id) => !earlyIds.includes(id));
    const earlyPick = earlyIds[0] as string;
    const todayPick = todayIds.find(
      (id) => stack.sim.world.quote(id)?.matchId !== stack.sim.world.quote(earlyPick)?.matchId,
    ) as string;
    await page.locator(`button.odds-cell[data-odds="${todayPick}"][data-index="0"]`).click();
    await page.locator(`button.odds-cell[data-odds="${earlyPick}"][data-index="0"]`).click();
    await page.locator('.bet-slip [data-pick]').nth(1).waitFor();
    await placeFromSlip(page, '10');
    await page.locator('[data-outcome="accepted"]').waitFor();
    const bet = stack.sim.sim.store.accountBets('demo08').at(-1);
    expect(bet?.kind).toBe('parlay');
    expect(bet?.legs.map((l) => l.oddsId).sort()).toEqual([earlyPick, todayPick].sort());
  });

  it('the win/loss report has a row per product played, adding up to the ledger', async () => {
    await logIn(page, stack.gateway.url, 'demo01');
    const login = await simCall('/authlogin', { account_id: 'demo01', password: 'demo1234' });
    const auth = { account_id: 'demo01', session_token: login.member_profile.player_info[0].session_token };
    await playRound(auth, 'pgs', 'pgs-001', [{ spot: 'spin', stake: 500 }], 'wl-slot-1');
    await playRound(auth, 'evo', 'evo-001', [{ spot: 'banker', stake: 1000 }], 'wl-live-1');
    await playRound(auth, 'fish', 'fish-021', [{ spot: 'higher', stake: 300 }], 'wl-poker-1');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Statement' }).click(),
    ]);
    const total = popup.locator('[data-report="today"] tr[data-platform="total"]');
    await total.waitFor();
    const rows = popup.locator('[data-report="today"] tbody tr[data-platform]');
    const platforms = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-platform')));
    expect(platforms).toEqual(['slots', 'livecasino', 'poker', 'total']);
    // Labelled in the member's language, not by the wire name.
    await popup.locator('tr[data-platform="livecasino"]').getByText('Live casino').waitFor();
    // Win/loss + commission over the rows = the cash the games moved (the ledger), to the minor unit.
    const ledger = stack.sim.sim.store.entries('demo01').filter((e) => e.product !== undefined);
    const moved = ledger.reduce((sum, e) => sum + e.dAvailable + e.dFrozen, 0);
    const cell = async (col: string) =>
      Number(await total.locator(`[data-col="${col}"]`).getAttribute('data-minor'));
    expect((await cell('win_lose')) + (await cell('commission'))).toBe(moved);
    expect(await cell('turnover')).toBe(1800);
  });
});
