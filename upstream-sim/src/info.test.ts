// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.

import { startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOf } from './domain/statements.ts';

describe('information calls over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: { account_id: string; session_token: string };
  let today: string;
  beforeAll(async () => {
    t = await startTestSim();
    s = await t.login('demo02');
    t.advance(6 * 3_600_000);
    today = dateOf(t.world.now());
  });
  afterAll(async () => {
    await t.close();
  });

  it('statements and reports answer for a date range and refuse bad ranges', async () => {
    const start = dateOf(t.world.options.startTime);
    const st = await t.call('/dailystatement', { ...s, start_date: start, end_date: today });
    expect(st.json.status).toBe(1);
    expect(st.json.data[0]).toMatchObject({
      date: start,
      opening_balance: 0,
      credit: 20000,
      debit: 0,
      closing_balance: 20000,
    });
    expect(
      (await t.call('/dailystatement', { ...s, start_date: today, end_date: '2020-01-01' })).json.statusdesc,
    ).toBe('badRequest');
    expect(
      (await t.call('/dailystatement', { ...s, start_date: '2026-13-01', end_date: today })).json.statusdesc,
    ).toBe('badRequest');
    for (const call of [
      '/platformwinlose',
      '/settlementhistory',
      '/gameresultsportsbook',
      '/cancelledbetlist',
    ]) {
      expect((await t.call(call, { ...s, start_date: start, end_date: today })).json.status, call).toBe(1);
    }
  });

  it('results, standings and brackets come from the world', async () => {
    const results = await t.call('/matchresult', { ...s, date: dateOf(t.world.options.startTime) });
    expect(results.json.status).toBe(1);
    const done = (results.json.data as any[]).find((r) => r.status === 1);
    expect(done?.score).toHaveLength(2);
    expect((await t.call('/singlematchresult', { ...s, match_id: done.match_id })).json.data.match_id).toBe(
      done.match_id,
    );
    const leagues = (await t.call('/standinglist', { ...s, sport_id: 1 })).json.data as any[];
    expect(leagues.length).toBeGreaterThan(0);
    const table = await t.call('/standingresult', { ...s, league_id: done.league_id });
    expect(table.json.status).toBe(1);
    expect((await t.call('/bracketlist', s)).json.status).toBe(1);
    expect((await t.call('/eventlist', s)).json.data.length).toBeGreaterThan(0);
  });

  it('messages: announcements, marquee, personal with unread count', async () => {
    expect((await t.call('/announcelist', s)).json.data.items.length).toBeGreaterThan(0);
    expect((await t.call('/marqueelist', s)).json.data.length).toBeGreaterThan(0);
    expect((await t.call('/personalunread', s)).json.data.unread).toBe(1);
    expect((await t.call('/personallist', s)).json.data.items).toHaveLength(1);
    expect((await t.call('/personalunread', s)).json.data.unread).toBe(0);
  });
});
