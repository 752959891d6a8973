// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are checked with validateReply.
import { isVirtualSport, validateReply } from '@sportsbook/protocol';
import { AdminToken, startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from './media.ts';

describe('live TV, highlights, logos, standings and brackets over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: { account_id: string; session_token: string };
  beforeAll(async () => {
    t = await startTestSim({
      world: {
        seed: 7,
        liveMatches: 12,
        todayMatches: 20,
        earlyMatches: 4,
        startTime: Date.UTC(2026, 0, 10, 4, 0, 0),
        speed: 10,
      },
    });
    s = await t.login('demo02');
    // Some matches finish (speed 10: a soccer match in ~11 sim minutes), others are live.
    t.advance(30 * 60_000);
  });
  afterAll(async () => {
    await t.close();
  });

  const checked = async (call: string, body: unknown) => {
    const r = await t.call(`/${call}`, body);
    expect(r.json.status, JSON.stringify(r.json)).toBe(1);
    const v = validateReply(call, r.json);
    expect(v.ok, JSON.stringify(v)).toBe(true);
    return r.json as any;
  };

  it('livetvlist lists streams now (score, clock) and next; livetv2 gives a playable URL', async () => {
    const list = (await checked('livetvlist', s)).data as any[];
    const live = list.filter((m) => m.live === 1);
    expect(live.length).toBeGreaterThan(0);
    for (const m of live) {
      expect(m.score).toHaveLength(2);
      expect(m.clock).toBeGreaterThanOrEqual(0);
      // The same score the odds feed shows for the match.
      const row = t.world.matchRow(m.match_id);
      expect(row?.[12]?.slice(0, 2)).toEqual(m.score);
      expect(row?.[11]).toBe(1);
    }
    for (const m of list.filter((x) => x.live === 0)) expect(m.score).toBeNull();
    const first = live[0];
    const stream = (await checked('livetv2', { ...s, match_id: first.match_id })).data;
    expect(stream.stream_url).toMatch(/^\/media\/live-\d\.webm$/);
    const media = await fetch(`${t.url}${stream.stream_url}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('video/webm');
    const bytes = new Uint8Array(await media.arrayBuffer());
    // The EBML magic of a WebM file.
    expect([...bytes.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it('the media route answers a Range with 206 and the bytes asked, 416 past the end', async () => {
    const whole = new Uint8Array(await (await fetch(`${t.url}/media/live-1.webm`)).arrayBuffer());
    const part = await fetch(`${t.url}/media/live-1.webm`, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.length}`);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...whole.slice(10, 20)]);
    const past = await fetch(`${t.url}/media/live-1.webm`, { headers: { range: `bytes=${whole.length}-` } });
    expect(past.status).toBe(416);
    expect((await fetch(`${t.url}/media/nothing.webm`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/..%2Fpackage.json`)).status).toBe(404);
  });

  it('parseRange: suffix, open end, clamped end, several ranges served whole', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
  });

  it('livetv2 refuses a match without a stream, and the admin switch breaks a stream', async () => {
    const list = (await checked('livetvlist', s)).data as any[];
    const id = list[0].match_id as number;
    const noTv = t.world
      .results({ from: 0, to: Number.MAX_SAFE_INTEGER })
      .find((r) => r.status === 0 && t.world.matchRow(r.matchId)?.[11] === 0);
    if (noTv)
      expect((await t.call('/livetv2', { ...s, match_id: noTv.matchId })).json.statusdesc).toBe('empty');
    expect((await t.call('/livetv2', { ...s, match_id: 999_999_999 })).json.statusdesc).toBe('matchHide');
    expect((await t.call('/livetv2', { ...s })).json.statusdesc).toBe('badRequest');
    const set = await fetch(`${t.url}/admin/livetv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': AdminToken },
      body: JSON.stringify({ broken: [id] }),
    });
    expect(set.status).toBe(200);
    const broken = (await checked('livetv2', { ...s, match_id: id })).data;
    expect((await fetch(`${t.url}${broken.stream_url}`)).status).toBe(404);
    const noToken = await fetch(`${t.url}/admin/livetv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ broken: [] }),
    });
    expect(noToken.status).toBe(404);
  });

  it('highlights: leagues with finished matches, then their clips with the final score', async () => {
    const leagues = (await checked('highlightleague', s)).data as any[];
    expect(leagues.length).toBeGreaterThan(0);
    // Virtual sports' events are in the world's results but have no highlights.
    expect(t.world.results({ from: 0, to: t.world.now() }).some((r) => isVirtualSport(r.sportId))).toBe(true);
    expect(leagues.filter((l) => isVirtualSport(l.sport_id))).toEqual([]);
    const clips = (await checked('highlightlist', { ...s, league_id: leagues[0].league_id })).data as any[];
    expect(clips).toHaveLength(leagues[0].count);
    for (const c of clips) {
      const score = t.world.score(c.match_id);
      expect([score?.home, score?.away]).toEqual(c.score);
      expect(c.clip_url).toMatch(/^\/media\/highlight-\d\.webm$/);
    }
    expect((await fetch(`${t.url}${clips[0].clip_url}`)).status).toBe(200);
  });

  it('getlogo: an SVG per theme, the default for an unknown one', async () => {
    const logo = (await checked('getlogo', { ...s, theme: 'midnight' })).data;
    expect(logo).toMatchObject({ theme: 'midnight', logo_url: '/media/logo-midnight.svg' });
    const svg = await fetch(`${t.url}${logo.logo_url}`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    expect((await checked('getlogo', { ...s, theme: 'plaid' })).data.theme).toBe('emerald');
    expect((await checked('getlogo', s)).data.theme).toBe('emerald');
  });

  it('standings and brackets are computed from the settled results', async () => {
    const leagues = (await checked('standinglist', s)).data as any[];
    expect(leagues.length).toBeGreaterThan(0);
    const now = t.world.now();
    for (const league of leagues) {
      const settled = t.world
        .results({ from: now - 3 * 86_400_000, to: now + 3 * 86_400_000 })
        .filter((r) => r.leagueId === league.league_id && r.status === 1 && r.score);
      const table = (await checked('standingresult', { ...s, league_id: league.league_id })).data as any[];
      // Every settled match is in the table twice (once per side), points add up.
      expect(table.reduce((n, row) => n + row.played, 0)).toBe(2 * settled.length);
      const goals = settled.reduce((n, r) => n + (r.score?.home ?? 0) + (r.score?.away ?? 0), 0);
      expect(table.reduce((n, row) => n + row.gf, 0)).toBe(goals);
      for (let i = 1; i < table.length; i++)
        expect(table[i - 1].points).toBeGreaterThanOrEqual(table[i].points);
      const rounds = (await checked('bracketlist', { ...s, league_id: league.league_id })).data as any[];
      if (table.length >= 4) {
        expect(rounds[0].ties.map((x: any) => [x.home, x.away])).toEqual([
          [table[0].team, table[3].team],
          [table[1].team, table[2].team],
        ]);
      } else expect(rounds).toEqual([]);
    }
  });
});
