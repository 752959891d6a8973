/**
 * The replay timeline in real Chromium: a gateway serving the shipped sample recording through the
 * replayer (scripts/replay, paused at its start), the web's timeline bar on the board; dragging
 * the slider to the end seeks the replayer, and the board jumps to that moment (the live clocks
 * of the recording's last replies, and a goal added to the sample, marked on the track).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Recording, type RunningGateway, readRecording, startGateway } from '@sportsbook/gateway';
import { type ReplayUpstream, startReplayUpstream } from '@sportsbook/scripts/replay/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, logIn } from './support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** When (from the start) every live match's home side scores in the test's recording. */
const GoalAfterMs = 90_000;

/**
 * The shipped sample (3 minutes of in-play soccer, no goal in it) with goals added: from
 * GoalAfterMs on, every recorded reply shows the home side of each live match one goal up.
 */
async function sampleWithGoal(): Promise<Recording> {
  const sample = await readRecording([join(root, 'recordings/sample.ndjson.gz')]);
  const start = sample.entries[0]?.t ?? 0;
  const entries = sample.entries.map((entry) => {
    if (entry.t < start + GoalAfterMs) return entry;
    const body = structuredClone(entry.body) as { data?: { matches?: unknown[][] } };
    for (const row of body.data?.matches ?? []) {
      const live = row[12];
      if (Array.isArray(live)) live[0] = (live[0] as number) + 1;
    }
    return { ...entry, body };
  });
  return { ...sample, entries };
}
let webDist: string;
let replay: ReplayUpstream;
let gateway: RunningGateway;
let browser: Browser;

beforeAll(async () => {
  webDist = inject('webDist');
  replay = await startReplayUpstream({ recording: await sampleWithGoal(), paused: true });
  gateway = await startGateway({
    upstreamUrl: replay.url,
    replayControlUrl: replay.url,
    webDist,
    logLevel: 'silent',
  });
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await replay?.close();
});

async function loginToLiveBoard(page: Page): Promise<void> {
  await logIn(page, gateway.url, 'demo01');
  await page.locator('[data-tab="live"]').click();
  await page.locator('.board[data-topic$="/live"][data-status="ok"]').waitFor();
  await page.locator('.live-clock').first().waitFor();
}

const clocks = (page: Page) => page.locator('.live-clock').allTextContents();

describe('replay timeline', { timeout: 60_000 }, () => {
  it('seeks by dragging the slider, and the board jumps to that moment', async () => {
    // The /desktop board is a desktop page (its phone layout is the board's own business).
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await loginToLiveBoard(page);
    const bar = page.getByRole('region', { name: 'Replay' });
    await bar.waitFor();
    const before = await clocks(page);
    const score = page.locator('.score').first();
    const scoreBefore = await score.getAttribute('data-score');
    // A marker per goal on the track.
    const markers = bar.getByTestId('replay-goal');
    expect(await markers.count()).toBeGreaterThan(1);
    expect(await markers.first().getAttribute('title')).toMatch(/^Goal: .+ \d+-\d+ .+$/);
    const positionBefore = await page.getByTestId('replay-position').textContent();

    // Drag the slider's thumb from its left end to its right end.
    const slider = bar.getByRole('slider', { name: 'Replay position' });
    const box = await slider.boundingBox();
    if (!box) throw new Error('no slider');
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();

    await expect
      .poll(() => replay.timeline.state().position, { timeout: 5000 })
      .toBeGreaterThan(replay.timeline.start + 0.9 * (replay.timeline.end - replay.timeline.start));
    await expect.poll(() => page.getByTestId('replay-position').textContent()).not.toBe(positionBefore);
    // The board shows the recording's late state: the live clocks moved on, the goal is in.
    await expect.poll(() => clocks(page), { timeout: 10_000 }).not.toEqual(before);
    const [home, away] = (scoreBefore ?? '').split('-').map(Number);
    await expect.poll(() => score.getAttribute('data-score')).toBe(`${(home ?? 0) + 1}-${away}`);

    // Play and pause drive the replayer too.
    await bar.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => replay.timeline.state().paused).toBe(false);
    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => replay.timeline.state().paused).toBe(true);
    await bar.getByLabel('Speed').selectOption('10');
    await expect.poll(() => replay.timeline.state().speed).toBe(10);

    await context.close();
  });
});
