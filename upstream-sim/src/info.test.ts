// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.

import { hasStandings } from '@sportsbook/protocol';
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
    const done = (results.json.data as any[]).find((r) => r.status === 1 && hasStandings(r.sport_id));
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

  it('standings: virtual leagues have none; basketball counts points, 2 a win and 1 a loss', async () => {
    const listed = (await t.call('/standinglist', s)).json.data as any[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((l) => !hasStandings(l.sport_id))).toEqual([]);
    for (const sport_id of [180, 181]) {
      expect((await t.call('/standinglist', { ...s, sport_id })).json.data).toEqual([]);
      // Virtual events have settled results in this world, but their league has no table.
      const played = (
        (await t.call('/matchresult', { ...s, date: today, sport_id })).json.data as any[]
      ).find((r) => r.status === 1);
      expect(played?.league_id).toBeGreaterThan(0);
      expect((await t.call('/standingresult', { ...s, league_id: played.league_id })).json.statusdesc).toBe(
        'empty',
      );
      expect((await t.call('/bracketlist', { ...s, league_id: played.league_id })).json.data).toEqual([]);
    }
    const basketball = listed.find((l) => l.sport_id === 2);
    expect(basketball).toBeDefined();
    const table = (await t.call('/standingresult', { ...s, league_id: basketball.league_id })).json
      .data as any[];
    expect(table.length).toBeGreaterThan(1);
    for (const row of table) expect(row.points).toBe(2 * row.won + row.drawn + row.lost);
  });

  it('messages: announcements, marquee, personal with unread count', async () => {
    expect((await t.call('/announcelist', s)).json.data.items.length).toBeGreaterThan(0);
    expect((await t.call('/marqueelist', s)).json.data.length).toBeGreaterThan(0);
    expect((await t.call('/personalunread', s)).json.data.unread).toBe(1);
    expect((await t.call('/personallist', s)).json.data.items).toHaveLength(1);
    expect((await t.call('/personalunread', s)).json.data.unread).toBe(0);
  });

  it('messages come in the asked language, English without one or for a language without a text', async () => {
    const marquee = async (body: object) => (await t.call('/marqueelist', { ...s, ...body })).json;
    const english = (await marquee({})).data[0].content;
    expect(english).toBe('In-play betting is open on every live match. Cash-out is available.');
    expect((await marquee({ language: 'en' })).data[0].content).toBe(english);
    expect((await marquee({ language: 'ja' })).data[0].content).toBe(
      '開催中のすべての試合でライブベッティングを受付中です。キャッシュアウトもご利用いただけます。',
    );
    for (const language of ['zh-CN', 'tw', 'vi', 'th', 'id', 'my', 'ko'])
      expect((await marquee({ language })).data[0].content).not.toBe(english);
    const announcements = await t.call('/announcelist', { ...s, language: 'zh-CN' });
    expect(announcements.json.data.items.map((m: any) => m.title)).toEqual(['维护通知', '欢迎']);
    const personal = await t.call('/personallist', { ...s, language: 'ko' });
    expect(personal.json.data.items[0].content).toBe('demo02님, 환영합니다.');
  });
});
