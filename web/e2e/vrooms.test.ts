/**
 * A tournament room over virtual events from the create wizard (vroomcreate): "Virtual
 * sports" in step 1 lists the virtual leagues and events, the room is created through vroomcreate
 * with its owner joined, and the simulator holds it as a virtual room over those events.
 */
import { isVirtualSport, virtualEventOf } from '@sportsbook/protocol';
import { simAdmin } from '@sportsbook/testkit';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type Stack, startStack } from './support.ts';

let stack: Stack;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startStack({
    tmpPrefix: 'web-vrooms-e2e-',
    sim: { world: { seed: 7, liveMatches: 2, todayMatches: 6, earlyMatches: 2, speed: 5 } },
    gateway: { pollIntervalMs: 200, heartbeatMs: 1000 },
  });
}, 180_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await stack?.close();
});

describe('virtual tournament rooms', () => {
  it('the wizard creates a room over virtual events', async () => {
    const context = await stack.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await logIn(page, stack.gateway.url, 'demo01');
    await page.goto(`${stack.gateway.url}/tournament2/home`);
    await page.locator('.lobby-head').waitFor();
    const skip = page.getByRole('button', { name: 'Skip the tour' });
    if (await skip.isVisible()) await skip.click();
    await page.getByRole('button', { name: 'Create a room' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create a room' });
    await wizard.locator('input[name="virtual"]').check();
    await wizard.locator('input[name="rate"]').fill('10');
    await wizard.locator('input[name="limit"]').fill('3');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Virtual Premier League', { exact: false }).first().waitFor();
    for (const box of await wizard.locator('.pick-list input[type="checkbox"]').all()) await box.check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.locator('[data-match] input').nth(2).waitFor();
    const picked: number[] = [];
    for (let i = 0; i < 3; i++) {
      const row = wizard.locator('[data-match]').nth(i);
      picked.push(Number(await row.getAttribute('data-match')));
      await row.locator('input').check();
    }
    expect(picked.every((id) => virtualEventOf(id) !== undefined)).toBe(true);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Virtual sports').waitFor();
    await wizard.locator('input[name="terms"]').check();
    await wizard.getByRole('button', { name: 'Create the room' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/tournament2/room/'));
    const roomId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.locator('[data-phase="joined"]').waitFor();
    const state = await simAdmin(stack.sim, 'tournament', { action: 'state' });
    const room = (
      state.rooms as { room_id: number; virtual: boolean; matches: number[]; players: number }[]
    ).find((r) => r.room_id === roomId);
    expect(room).toMatchObject({ virtual: true, players: 1 });
    expect(room?.matches.sort()).toEqual(picked.sort());
    expect(picked.map((id) => virtualEventOf(id)?.sportId).every((s) => isVirtualSport(s))).toBe(true);
  }, 60_000);
});
