/**
 * The sportsbook's end-to-end stack: support.ts's `startStack` with a simulator tuned for betting
 * (manual clock, short live delay, a fast game) and a gateway that polls quickly; it can be
 * restarted on the same port mid-session (`restartGateway`).
 */
import { gmt8DayStart } from '@sportsbook/protocol';
import type { Page } from 'playwright-core';
import { launchChromium, type Stack, startStack } from './support.ts';

export { launchChromium };

export type BookStack = Stack;

const HourMs = 3_600_000;

export function startBookStack(): Promise<BookStack> {
  return startStack({
    tmpPrefix: 'web-book-e2e-',
    sim: {
      // The sim's working date stays the browser's GMT+8 day for the hours the tests advance, so the
      // statement's default range holds the settlement.
      world: {
        seed: 11,
        liveMatches: 10,
        todayMatches: 12,
        earlyMatches: 6,
        startTime: gmt8DayStart(Date.now()) + HourMs,
        speed: 5,
      },
      bets: { liveDelayMs: { default: 1000 } },
    },
    gateway: { pollIntervalMs: 200, heartbeatMs: 1000 },
  });
}

/**
 * Odds ids of the open HDP cells on the page's board, one per match, of matches the upstream
 * offers for parlays (the simulator's quote says so), in board order.
 */
export async function parlayPicks(page: Page, stack: Stack): Promise<string[]> {
  // Every row of the board's page is in (they come in steps).
  await page.locator('.board[data-status="ok"][data-settled]').first().waitFor();
  const ids = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.odds-col[data-bettype="HDP"] button.odds-cell:not([disabled])',
      ),
    ].map((b) => b.dataset.odds as string),
  );
  const seen = new Set<number>();
  return ids.filter((id) => {
    const quote = stack.sim.world.quote(id);
    if (!quote?.parlay || seen.has(quote.matchId)) return false;
    seen.add(quote.matchId);
    return true;
  });
}

/**
 * Types the stake into the page's bet slip, submits and confirms it; throws with the catalogue code
 * when the slip shows an error instead of the confirm step.
 */
export async function placeFromSlip(page: Page, stake: string): Promise<void> {
  const slip = page.locator('.bet-slip');
  await slip.locator('input[name="stake"]').fill(stake);
  await slip.locator('[data-action="submit"]:not([disabled])').click();
  const confirm = slip.locator('[data-action="confirm"]:not([disabled])');
  await confirm.or(slip.locator('.slip-error')).first().waitFor();
  const error = slip.locator('.slip-error');
  if (await error.count())
    throw new Error(`slip error ${await error.getAttribute('data-code')}: ${await error.textContent()}`);
  await confirm.click();
}
