// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * Promotions, message pages and site maintenance over HTTP against the real simulator: `eventlist` serves the world's
 * promotions (its leagues and matches, in the member's language, the same for one seed); the
 * message lists reach every page; the operator's maintenance switch answers every call with
 * `maintenance` while `version` says so.
 */
import { parseListReply, SiteMaintenanceCode, siteMaintenanceOf, validateReply } from '@sportsbook/protocol';
import { simAdmin } from '@sportsbook/testkit';
import { startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmt8Week, promoWindow } from './domain/events.ts';

describe('events, message pages, site maintenance', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: { account_id: string; session_token: string };
  beforeAll(async () => {
    t = await startTestSim();
    s = await t.login('demo02');
  });
  afterAll(async () => {
    await t.close();
  });

  it('eventlist: promotions of the world, in the member language, deterministic from the seed', async () => {
    const en = await t.call('/eventlist', { ...s, language: 'en' });
    expect(en.json.status).toBe(1);
    expect(validateReply('eventlist', en.json).ok).toBe(true);
    const events = en.json.data as any[];
    expect(events.length).toBeGreaterThan(0);
    const now = t.world.now();
    const window = promoWindow(now);
    const rows = t.world.results(window);
    const leagues = new Map(rows.map((r) => [r.leagueId, r.leagueName]));
    const matches = new Map(rows.map((r) => [r.matchId, r]));
    for (const e of events) {
      // Tied to the world: a league it holds, by its own name; a match promotion to its match.
      expect(leagues.get(e.league_id)).toBe(e.league_name);
      expect(e.title).toContain(e.league_name.length > 0 && e.kind !== 'boost' ? e.league_name : e.home);
      if (e.kind === 'boost') {
        const m = matches.get(e.match_id);
        expect(m?.home).toBe(e.home);
        expect(e.end).toBe(m?.kickoff);
        expect(e.end).toBeGreaterThan(now);
      } else {
        expect(e.start).toBe(gmt8Week(now).start);
        expect(e.end - e.start).toBe(7 * 86_400_000);
      }
      expect(e.start).toBeLessThan(e.end);
      expect(e.status).toBe(e.start <= now ? 1 : 0);
    }
    // Another language: the same events, other texts (the names stay the world's).
    const ko = (await t.call('/eventlist', { ...s, language: 'ko' })).json.data as any[];
    expect(ko.map((e) => e.event_id)).toEqual(events.map((e) => e.event_id));
    expect(ko.map((e) => e.title)).not.toEqual(events.map((e) => e.title));
    expect(ko.some((e) => /[\uac00-\ud7a3]/.test(e.title))).toBe(true);
    // The same seed answers the same promotions; another seed other ones.
    const twin = await startTestSim();
    const other = await startTestSim({
      world: { ...t.world.options, seed: 8 },
    });
    try {
      const twinEvents = (await twin.call('/eventlist', { ...(await twin.login('demo02')), language: 'en' }))
        .json.data;
      expect(twinEvents).toEqual(events);
      const otherEvents = (
        await other.call('/eventlist', { ...(await other.login('demo02')), language: 'en' })
      ).json.data;
      expect(otherEvents).not.toEqual(events);
    } finally {
      await twin.close();
      await other.close();
    }
  });

  it('message lists reach every page: announcements and personal messages past the first 10', async () => {
    await simAdmin(t, 'message', { kind: 'announcement', title: 'Notice', body: 'Read me', count: 25 });
    await simAdmin(t, 'message', {
      kind: 'personal',
      account_id: 'demo02',
      title: 'Letter',
      body: 'For you',
      count: 14,
    });
    const announce = (n: number) => t.call('/announcelist', { ...s, page_number: n, page_size: 10 });
    const first = (await announce(1)).json.data;
    expect(first.total).toBeGreaterThanOrEqual(25);
    expect(first.items[0].title).toBe('Notice 25');
    const third = (await announce(3)).json.data;
    expect(third.items.length).toBe(first.total - 20);
    expect(third.items.map((m: any) => m.title)).toContain('Notice 5');

    const unread = async () => (await t.call('/personalunread', s)).json.data.unread as number;
    const before = await unread();
    expect(before).toBeGreaterThanOrEqual(14);
    const personal = (n: number) => t.call('/personallist', { ...s, page_number: n, page_size: 10 });
    const p1 = (await personal(1)).json.data;
    expect(p1.items).toHaveLength(10);
    expect(await unread()).toBe(before - 10);
    const p2 = (await personal(2)).json.data;
    expect(p2.items.map((m: any) => m.title)).toContain('Letter 1');
    // Reading page 2 reads those too: the count the account stream carries follows.
    expect(await unread()).toBe(before - 10 - p2.items.filter((m: any) => !m.read).length);
  });

  it('site maintenance: every call answers maintenance, version says so, and it ends', async () => {
    expect(await simAdmin(t, 'site', { maintenance: true })).toMatchObject({ maintenance: true });
    try {
      const balance = await t.call('/userbalance', { ...s, parent_id: 'ag01' });
      expect(balance.http).toBe(503);
      expect(balance.json).toMatchObject({ status: 0, statusdesc: SiteMaintenanceCode });
      expect((await t.call('/odds/uxmenu', {})).json.statusdesc).toBe(SiteMaintenanceCode);
      const version = await t.call('/version', {});
      expect(version.json).toMatchObject({ status: 1, maintenance: true });
      const model = parseListReply({ kind: 'list', list: 'site' }, version.json);
      expect(model.ok && siteMaintenanceOf(model.value as never)).toBe(true);
    } finally {
      await simAdmin(t, 'site', { maintenance: false });
    }
    expect((await t.call('/userbalance', { ...s, parent_id: 'ag01' })).json.status).toBe(1);
    const version = await t.call('/version', {});
    const model = parseListReply({ kind: 'list', list: 'site' }, version.json);
    expect(model.ok && siteMaintenanceOf(model.value as never)).toBe(false);
  });
});
