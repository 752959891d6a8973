import { RadarEventKinds, RadarMaxEvents, radarGoals, validateReply } from '@sportsbook/protocol';
import { startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld } from './index.ts';
import type { MatchEnd, World } from './types.ts';

const START = Date.UTC(2026, 2, 14, 10, 0, 0);
const MINUTE = 60_000;

function evening(seed: number): World {
  return createWorld({
    seed,
    startTime: START,
    liveMatches: 12,
    todayMatches: 10,
    earlyMatches: 0,
    outrights: 0,
    speed: 10,
  });
}

/** Every tracked main match of the world's live list plus the given ended ones. */
function checkAgreement(world: World, ids: Iterable<number>): number {
  let checked = 0;
  for (const id of ids) {
    const radar = world.radar(id);
    const score = world.score(id);
    if (!radar || !score) continue;
    checked++;
    expect(radar.match.home_score, `match ${id}`).toBe(score.home);
    expect(radar.match.away_score, `match ${id}`).toBe(score.away);
    if (radar.match.tracker !== 'pitch') continue;
    // Every goal is kept: the goal events add up to the engine's score, in order.
    const goals = radar.events.filter((e) => e.kind === 'goal');
    expect(radarGoals(radar.events), `match ${id}`).toEqual({ home: score.home, away: score.away });
    const last = goals.at(-1);
    if (last) expect([last.home_score, last.away_score]).toEqual([score.home, score.away]);
    for (const [i, g] of goals.entries()) expect(g.home_score + g.away_score).toBe(i + 1);
    for (const side of ['H', 'A'] as const) {
      const s = radar.stats[side];
      const scored = side === 'H' ? score.home : score.away;
      expect(s.attacks).toBeGreaterThanOrEqual(s.dangerous);
      expect(s.dangerous).toBeGreaterThanOrEqual(s.shots);
      expect(s.shots).toBeGreaterThanOrEqual(s.on_target);
      expect(s.on_target).toBeGreaterThanOrEqual(scored);
      expect(s.subs).toBeLessThanOrEqual(5);
    }
    expect(radar.stats.H.possession + radar.stats.A.possession).toBe(100);
    expect(radar.stats.H.red).toBe(radar.match.home_red);
    const others = radar.events.filter((e) => !['goal', 'period', 'red'].includes(e.kind));
    expect(others.length).toBeLessThanOrEqual(RadarMaxEvents);
    const ids2 = radar.events.map((e) => e.id);
    expect(ids2).toEqual([...ids2].sort((a, b) => a - b));
  }
  return checked;
}

describe('match tracker (radar)', () => {
  it('goals and score agree with the engine over a seeded evening, through full time', () => {
    const world = evening(4242);
    const ended: MatchEnd[] = [];
    world.onMatchEnd((e) => ended.push(e));
    const seen = new Set<number>();
    let checked = 0;
    for (let i = 0; i < 24; i++) {
      world.advance(5 * MINUTE);
      for (const m of world.trackedMatches()) seen.add(m.match_id);
      checked += checkAgreement(world, seen);
    }
    expect(checked).toBeGreaterThan(100);
    // Finished soccer matches: the final score, the period events, and the kick-off to full time.
    const finished = ended.filter((e) => e.status === 1 && e.sportId === 1 && seen.has(e.matchId));
    expect(finished.length).toBeGreaterThan(0);
    for (const end of finished) {
      const radar = world.radar(end.matchId);
      expect(radar).toBeDefined();
      if (!radar) continue;
      expect(radarGoals(radar.events)).toEqual({ home: end.score.home, away: end.score.away });
      const periods = radar.events.filter((e) => e.kind === 'period').map((e) => e.value);
      expect(periods).toEqual([1, 2, 3, 9]);
      expect(radar.match.period).toBe(9);
    }
    // The play around the goals happens too.
    const kinds = new Set(
      seen.size > 0 ? [...seen].flatMap((id) => world.radar(id)?.events.map((e) => e.kind) ?? []) : [],
    );
    for (const k of ['attack', 'dangerous', 'shot', 'corner', 'goal', 'period'] as const)
      expect(kinds).toContain(k);
  });

  it('is deterministic from the seed, and survives a snapshot and restore', () => {
    const a = evening(7);
    const b = evening(7);
    a.advance(20 * MINUTE);
    b.advance(20 * MINUTE);
    const ids = a.trackedMatches().map((m) => m.match_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(b.trackedMatches().map((m) => m.match_id)).toEqual(ids);
    for (const id of ids) expect(b.radar(id)).toEqual(a.radar(id));
    const c = evening(1);
    c.restoreState(a.snapshotState());
    a.advance(10 * MINUTE);
    c.advance(10 * MINUTE);
    for (const id of ids) expect(c.radar(id)).toEqual(a.radar(id));
  });

  it('answers no tracker for an unknown match, and limits the events it returns', () => {
    const world = evening(11);
    world.advance(30 * MINUTE);
    expect(world.radar(1)).toBeUndefined();
    const soccer = world.trackedMatches(1);
    expect(soccer.every((m) => m.sport_id === 1 && m.tracker === 'pitch')).toBe(true);
    const id = soccer[0]?.match_id as number;
    const few = world.radar(id, 3);
    const kept = few?.events.filter((e) => ['goal', 'period', 'red'].includes(e.kind)).length ?? 0;
    expect(few?.events.length).toBeLessThanOrEqual(kept + 3);
  });

  it('every event kind of the schema is a kind the tracker knows', () => {
    const reply = { status: 1, statusdesc: 'success', matches: [] };
    expect(validateReply('livematchlist', reply).ok).toBe(true);
    expect(RadarEventKinds).toHaveLength(10);
  });
});

describe('livematchlist and radarlist over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  beforeAll(async () => {
    t = await startTestSim();
    t.advance(10 * MINUTE);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the live matches and answers a tracker that agrees with uxmatch, without a session', async () => {
    const list = await t.call('/livematchlist', {});
    expect(list.json.status).toBe(1);
    expect(validateReply('livematchlist', list.json).ok).toBe(true);
    const matches = list.json.matches as { match_id: number }[];
    expect(matches.length).toBeGreaterThan(0);
    const id = matches[0]?.match_id as number;
    const radar = await t.call('/radarlist', { match_id: id });
    expect(radar.json.status).toBe(1);
    expect(validateReply('radarlist', radar.json).ok).toBe(true);
    const score = t.world.score(id);
    expect([radar.json.match.home_score, radar.json.match.away_score]).toEqual([score?.home, score?.away]);
  });

  it('refuses an unknown match (matchHide) and a bad body (badRequest)', async () => {
    expect((await t.call('/radarlist', { match_id: 1 })).json.statusdesc).toBe('matchHide');
    expect((await t.call('/radarlist', { match_id: 'x' })).json.statusdesc).toBe('badRequest');
    expect((await t.call('/radarlist', {})).json.statusdesc).toBe('badRequest');
    expect((await t.call('/radarlist', { match_id: 1, limit: 1000 })).json.statusdesc).toBe('badRequest');
    expect((await t.call('/livematchlist', { sport_id: -1 })).json.statusdesc).toBe('badRequest');
  });
});
