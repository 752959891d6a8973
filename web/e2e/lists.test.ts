/**
 * Shared lists as topics in a real browser: /w4d shows the draws of the gateway's
 * `list/lottery` topic (the countdown's draw is the topic's next open draw) and a draw drawn on the
 * simulator's clock reaches the page without a reload; /livetv lists the `list/livetv` topic's
 * matches; and a second window on the same pages does not add upstream calls of the shared lists
 * (the simulator's counter: one poll per interval for both).
 */
import { lotteryDrawsOf, parseListReply } from '@sportsbook/protocol';
import { postJson, simCalls } from '@sportsbook/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;
const PollMs = 200;

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-lists-e2e-',
    // Lists poll every 2 x 200 ms: a few calls in a 3 s window.
    gateway: {
      pollIntervalMs: PollMs,
      heartbeatMs: 1000,
      groupFactors: { live: 1, today: 5, early: 10, menu: 5, match: 1, lists: 2, textLists: 2 },
    },
  });
  context = await stack.browser.newContext();
  page = await context.newPage();
  await logIn(page, stack.gateway.url, 'demo01');
}, 180_000);
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await stack?.close();
});

/** Calls of `call` the simulator answered over a 3 s window. */
async function callsInWindow(call: string): Promise<number> {
  const before = await simCalls(stack.sim, call);
  await new Promise((r) => setTimeout(r, 3000)); // a window of wall time is what is measured
  return (await simCalls(stack.sim, call)) - before;
}

describe('shared lists as topics', { timeout: 90_000 }, () => {
  it('/w4d shows the draws of list/lottery and the next draw without a reload', async () => {
    await page.goto(`${stack.gateway.url}/w4d`);
    const countdown = page.locator('.lottery-countdown');
    await countdown.waitFor();
    const shown = await countdown.getAttribute('data-draw');
    const reply = await postJson(`${stack.sim.url}/lottery/drawlist`, {});
    const parsed = parseListReply({ kind: 'list', list: 'lottery' }, reply.json);
    if (!parsed.ok) throw new Error(parsed.error);
    const draws = lotteryDrawsOf(parsed.value as never);
    expect(shown).toBe(draws?.open.find((d) => d.status === 'open')?.draw_id);
    // Ten simulator minutes later that draw is drawn and the page counts down to the next one.
    stack.sim.advance(10 * 60_000);
    await expect.poll(() => countdown.getAttribute('data-draw'), { timeout: 10_000 }).not.toBe(shown);
  });

  it('two windows on /w4d and /livetv cost the upstream no more list calls than one', async () => {
    await page.goto(`${stack.gateway.url}/livetv`);
    await page.locator('.live-list button.live-item').first().waitFor();
    const one = { tv: await callsInWindow('livetvlist') };
    const second = await context.newPage();
    await second.goto(`${stack.gateway.url}/livetv`);
    await second.locator('.live-list button.live-item').first().waitFor();
    const two = { tv: await callsInWindow('livetvlist') };
    expect(one.tv).toBeGreaterThan(0);
    // One poll per 400 ms interval whoever watches: ~7 in 3 s, not twice that.
    expect(two.tv).toBeLessThanOrEqual(one.tv + 2);

    await page.goto(`${stack.gateway.url}/w4d`);
    await page.locator('.lottery-countdown').waitFor();
    await second.goto(`${stack.gateway.url}/w4d`);
    await second.locator('.lottery-countdown').waitFor();
    const draws = await callsInWindow('drawlist');
    expect(draws).toBeGreaterThan(0);
    expect(draws).toBeLessThanOrEqual(one.tv + 2);
    await second.close();
  });
});
