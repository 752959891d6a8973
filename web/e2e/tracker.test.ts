/**
 * The match tracker in a real browser: a live soccer match opened from the board shows
 * the tracker (pitch, events, timeline, stats) beside it, with a score that agrees with the board's
 * row and the simulator's engine, also after the simulator's manual clock moves the match on (no
 * reload); closing it stops the `radar/<id>` polls (unsubscribed on unmount). On a 360 px phone
 * the tracker fits the screen.
 */
import { gmt8DayStart } from '@sportsbook/protocol';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-tracker-e2e-',
    sim: {
      world: {
        seed: 21,
        liveMatches: 10,
        todayMatches: 4,
        earlyMatches: 0,
        startTime: gmt8DayStart(Date.now()) + 3_600_000,
        speed: 10,
      },
    },
    gateway: { pollIntervalMs: 200, heartbeatMs: 1000 },
  });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

async function simCalls(call: string): Promise<number> {
  const text = await (await fetch(`${stack.sim.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('upstream_sim_calls_total{') && line.includes(`call="${call}"`))
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
  return total;
}

/** The live soccer match on the board with the most goals so far (its tracker has goal events). */
async function pickMatch(page: Page): Promise<number> {
  await page.locator('[data-tab="live"]').click();
  await page.locator('.board[data-topic="odds/1/hdpou/live"][data-status="ok"]').waitFor();
  const ids = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.board .match-row[data-match]')].map((r) =>
      Number(r.dataset.match),
    ),
  );
  let best = ids[0] as number;
  let goals = -1;
  for (const id of ids) {
    const s = stack.sim.world.score(id);
    const radar = stack.sim.world.radar(id);
    if (!s || radar?.match.tracker !== 'pitch' || radar.match.period === 2) continue;
    if (s.home + s.away > goals) {
      best = id;
      goals = s.home + s.away;
    }
  }
  return best;
}

/** The board row's score and the tracker's, once both show one. */
function scores(page: Page, id: number) {
  return page.evaluate((matchId) => {
    const board = document.querySelector<HTMLElement>(
      `.board .match-row[data-match="${matchId}"] .score[data-score]`,
    )?.dataset.score;
    const goals = document.querySelector<HTMLElement>(`.tracker[data-match-id="${matchId}"] .tracker-goals`);
    return { board, tracker: goals ? `${goals.dataset.home}-${goals.dataset.away}` : undefined };
  }, id);
}

/** Waits until board, tracker and engine show the same score; returns it. */
async function agreed(page: Page, id: number): Promise<string> {
  let last: { board?: string; tracker?: string; engine?: string } = {};
  for (let i = 0; i < 40; i++) {
    const s = stack.sim.world.score(id);
    const engine = `${s?.home}-${s?.away}`;
    last = { ...(await scores(page, id)), engine };
    if (last.board === engine && last.tracker === engine) return engine;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`scores disagree: ${JSON.stringify(last)}`);
}

describe('match tracker', { timeout: 60_000 }, () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await stack.browser.newContext();
    page = await context.newPage();
    await logIn(page, stack.gateway.url, 'demo01');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows events, timeline and a score that agrees with the board, live; unsubscribes when closed', async () => {
    const id = await pickMatch(page);
    await page.locator(`button.markets-more[data-more="${id}"]`).click();
    const tracker = page.locator(`.tracker[data-match-id="${id}"]`);
    await tracker.locator('.tracker-goals').waitFor();
    await tracker.locator('svg.tracker-pitch [data-testid="tracker-ball"]').waitFor();
    expect(await tracker.locator('.tracker-event').count()).toBeGreaterThan(0);
    expect(await tracker.locator('.tracker-stat').count()).toBe(8);
    let score = await agreed(page, id);
    const goalsOnTimeline = async (s: string) => {
      const [h, a] = s.split('-').map(Number) as [number, number];
      await page.waitForFunction(
        ([matchId, n]) =>
          document.querySelectorAll(`.tracker[data-match-id="${matchId}"] .tl-mark.tl-goal`).length === n,
        [id, h + a] as const,
        // Under a loaded CI machine the timeline can trail the board by seconds; what is checked is
        // that it agrees, not how fast.
        { timeout: 15_000, polling: 100 },
      );
    };
    await goalsOnTimeline(score);

    // The match moves on (no reload): events keep coming and the scores keep agreeing.
    const firstEvent = await tracker.locator('.tracker-event').first().getAttribute('data-kind');
    const topEvent = () => tracker.locator('.tracker-event').first().textContent();
    const before = await topEvent();
    for (let i = 0; i < 6; i++) {
      stack.sim.advance(60_000);
      score = await agreed(page, id);
    }
    await goalsOnTimeline(score);
    expect(firstEvent).not.toBeNull();
    await expect.poll(topEvent).not.toBe(before);

    // Closing the panel unmounts the tracker: radar/<id> is unsubscribed and no longer polled.
    await page.locator('.markets-panel').getByRole('button', { name: 'Close' }).click();
    await tracker.waitFor({ state: 'detached' });
    await new Promise((r) => setTimeout(r, 1_000)); // a poll in flight finishes; the unsub reaches the gateway
    const calls = await simCalls('radarlist');
    await new Promise((r) => setTimeout(r, 1_200)); // the measured quantity is polls over a window
    expect(await simCalls('radarlist')).toBe(calls);
  });
});

describe('match tracker on a 360 px phone', { timeout: 60_000 }, () => {
  it('fits the screen: no horizontal overflow', async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await logIn(page, stack.gateway.url, 'demo04');
      const id = await pickMatch(page);
      await page.locator(`button.markets-more[data-more="${id}"]`).tap();
      const tracker = page.locator(`.tracker[data-match-id="${id}"]`);
      await tracker.locator('svg.tracker-pitch').waitFor();
      const box = await tracker.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(360);
      const excess = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(excess).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
