// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * E-sports: series played map by map to a consistent result within SPEC's duration 5
 * per map, deterministic from the seed; priced as match winner, map handicap and total maps; and
 * over HTTP a bet on a series settled through the ledger, with gameresultesports2 and its detail
 * agreeing with the result.
 */
import { mapsToWin, seriesConsistent, validateReply } from '@sportsbook/protocol';
import { requestId, startTestSim } from '@sportsbook/testkit/sim';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld } from '../world/index.ts';
import type { MatchEnd } from '../world/types.ts';
import { seriesLines, seriesPmfs } from './pricing.ts';
import { MapSeconds, newSeries, playSeries, seriesView, Titles } from './series.ts';

describe('a series, map by map', () => {
  it('ends with one side on mapsToWin maps, every map a finished race within the map duration (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Titles.length - 1 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.double({ min: 0.2, max: 0.8, noNaN: true }),
        // Steps shorter than the break between maps: one step never ends a map and starts the next.
        fc.integer({ min: 1, max: 50 }),
        (ti, seed, share, step) => {
          const title = Titles[ti] ?? Titles[0];
          if (!title) return;
          const s = newSeries(title, seed, share);
          let mapStart = 0;
          let maps = 0;
          let guard = 0;
          while (s.phase !== 'over' && guard++ < 10_000) {
            const before = s.maps.length;
            const r = playSeries(s, step);
            if (s.maps.length > before) mapStart = s.elapsed - s.clock;
            if (r.mapEnded || r.over) {
              maps = s.maps.filter((m) => m.winner).length;
              // A map never outlasts SPEC's duration (5 minutes) plus the step that ended it.
              expect(s.elapsed - mapStart).toBeLessThanOrEqual(MapSeconds + step + 1e-6);
            }
          }
          expect(s.phase).toBe('over');
          const view = seriesView(s);
          expect(maps).toBe(view.maps.length);
          expect(Math.max(view.mapsHome, view.mapsAway)).toBe(mapsToWin(s.bestOf));
          expect(
            seriesConsistent(s.bestOf, title.target, view.maps, { home: view.mapsHome, away: view.mapsAway }),
          ).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is the same series for the same seed however the time is cut', () => {
    const title = Titles[0];
    if (!title) throw new Error('no title');
    const a = newSeries(title, 42, 0.55);
    const b = newSeries(title, 42, 0.55);
    while (a.phase !== 'over') playSeries(a, 7);
    while (b.phase !== 'over') playSeries(b, 60);
    expect(seriesView(a).maps).toEqual(seriesView(b).maps);
  });

  it('prices from a distribution that sums to 1, with lines that split a best of N', () => {
    const title = Titles[1];
    if (!title) throw new Error('no title');
    const s = newSeries(title, 3, 0.6);
    for (const bestOf of [3, 5] as const) {
      s.bestOf = bestOf;
      const { diff, total } = seriesPmfs(s, 0);
      expect([...diff.p].reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
      expect([...total.p].reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
      // No level series, no total below mapsToWin.
      expect(diff.p[bestOf] ?? 0).toBe(0);
      expect(total.p.slice(0, mapsToWin(bestOf)).every((p) => p === 0)).toBe(true);
    }
    expect(seriesLines(3)).toEqual({ hdp: [-1.5, 1.5], ou: [2.5] });
    expect(seriesLines(5)).toEqual({ hdp: [-2.5, -1.5, 1.5, 2.5], ou: [3.5, 4.5] });
  });
});

describe('e-sports in the world', () => {
  it('every e-sports match plays as a series whose map score is the match score, ML/HDP/OU on maps', () => {
    const world = createWorld({
      seed: 11,
      liveMatches: 40,
      todayMatches: 40,
      earlyMatches: 0,
      outrights: 0,
      startTime: Date.UTC(2026, 0, 10, 4),
      tickMs: 5000,
      cancelRate: 0,
    });
    const board = world.market({ sport_id: 43, market_type: 'hdpou', group: 'live' });
    expect(board.matches.length).toBeGreaterThan(0);
    for (const row of board.odds) {
      if (row[2] === 'HDP') expect(Math.abs(Number(row[3])) % 1).toBe(0.5);
      if (row[2] === 'OU') expect([2.5, 3.5, 4.5]).toContain(row[3]);
    }
    const ends: MatchEnd[] = [];
    world.onMatchEnd((e) => {
      if (e.sportId === 43) ends.push(e);
    });
    world.advance(2 * 3_600_000);
    expect(ends.length).toBeGreaterThan(1);
    const rows = world.results({ sportId: 43, from: 0, to: world.now() + 1 });
    for (const end of ends) {
      const row = rows.find((r) => r.matchId === end.matchId);
      const s = row?.series;
      if (!s) throw new Error(`no series for ${end.matchId}`);
      expect(end.status).toBe(1);
      expect([end.score.home, end.score.away]).toEqual([s.mapsHome, s.mapsAway]);
      expect(s.phase).toBe('over');
      const target = Titles.find((t) => t.code === s.game)?.target ?? 0;
      expect(seriesConsistent(s.bestOf, target, s.maps, { home: s.mapsHome, away: s.mapsAway })).toBe(true);
    }
  });
});

describe('e-sports over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: { account_id: string; session_token: string };

  beforeAll(async () => {
    t = await startTestSim({
      world: {
        seed: 7,
        liveMatches: 40,
        todayMatches: 60,
        earlyMatches: 0,
        startTime: Date.UTC(2026, 0, 10, 4, 0, 0),
        cancelRate: 0,
      },
    });
    s = await t.login('demo01');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a bet on a series settles at its end; gameresultesports2 and the detail agree with the result', async () => {
    const lobby = await t.call('/esports2live', s);
    expect(lobby.json.status).toBe(1);
    expect(validateReply('esports2live', lobby.json).ok).toBe(true);
    expect(lobby.json.data.params).toEqual({ duration: 5 });
    expect(lobby.json.data.games.map((g: any) => g.game)).toEqual(['cs2', 'lol', 'dota2']);
    const upcoming = lobby.json.data.events.find((e: any) => e.phase === 'pre');
    expect(upcoming).toBeDefined();
    const live = lobby.json.data.events.find((e: any) => e.phase === 'map');
    if (live) expect(live.maps[live.current_map - 1]).toMatchObject({ winner: null });

    const oddsId = `${upcoming.match_id}-ML-0`;
    const check = await t.call('/bet/betcheck', { ...s, odds_id: oddsId, selection: 0 });
    expect(check.json.status).toBe(1);
    const placed = await t.call('/bet/betsingle', {
      ...s,
      odds_id: oddsId,
      selection: 0,
      price: check.json.data.price,
      odds_type: 4,
      accept_any_odds: true,
      request_id: requestId(),
      stake: 20,
    });
    expect(placed.json.status).toBe(1);
    const betId = placed.json.data.bet_id;

    // Play on (to its kick-off later today; a best of 5 with breaks is under half an hour) until it is over.
    let detail: any;
    for (let i = 0; i < 200; i++) {
      t.advance(5 * 60_000);
      detail = (await t.call('/gameresultesports2detail', { ...s, match_id: upcoming.match_id })).json;
      if (detail.data.event.status === 1) break;
    }
    expect(validateReply('gameresultesports2detail', detail).ok).toBe(true);
    const event = detail.data.event;
    expect(event.status).toBe(1);
    expect(Math.max(event.maps_home, event.maps_away)).toBe(mapsToWin(event.best_of));
    expect(event.maps.filter((m: any) => m.winner === 'H').length).toBe(event.maps_home);
    const bet = detail.data.bets.find((b: any) => b.bet_id === betId);
    expect(bet.status).toBe(event.winner === 'H' ? 'won' : 'lost');
    expect(bet.legs[0].score).toEqual([event.maps_home, event.maps_away]);

    const day = '2026-01-10';
    const results = await t.call('/gameresultesports2', { ...s, start_date: day, end_date: day, mine: true });
    expect(validateReply('gameresultesports2', results.json).ok).toBe(true);
    const mine = results.json.data.items.find((e: any) => e.match_id === upcoming.match_id);
    expect(mine).toMatchObject({
      bet_count: 1,
      stake: 20,
      maps_home: event.maps_home,
      maps_away: event.maps_away,
    });
    expect(mine.win_lose).toBeCloseTo(bet.win_lose, 6);
    expect(mine.maps).toEqual(event.maps);
    const all = await t.call('/gameresultesports2', { ...s, start_date: day, end_date: day });
    expect(all.json.data.total).toBeGreaterThanOrEqual(results.json.data.total);

    // The statement shows the stake and the payout (if any) as ledger lines of the bet.
    const statement = await t.call('/dailystatement', { ...s, start_date: day, end_date: day, lines: true });
    const lines = statement.json.data.flatMap((d: any) => d.lines).filter((l: any) => l.ref === betId);
    expect(lines.length).toBeGreaterThan(0);
    const net = lines.reduce((sum: number, l: any) => sum + l.amount, 0);
    expect(net).toBeCloseTo(bet.win_lose + bet.commission, 6);
  });

  it('answers matchHide for a match that is not an e-sports event', async () => {
    const soccer = await t.call('/odds/uxmarket', {
      ...s,
      sport_id: 1,
      market_type: 'hdpou',
      group: 'today',
    });
    const id = soccer.json.data?.matches?.[0]?.[0] ?? 10_001;
    const r = await t.call('/gameresultesports2detail', { ...s, match_id: id });
    expect(r.json).toMatchObject({ status: 0, statusdesc: 'matchHide' });
    const bad = await t.call('/gameresultesports2', { ...s, start_date: '2026-01-10', end_date: 'x' });
    expect(bad.json.statusdesc).toBe('badRequest');
  });
});
