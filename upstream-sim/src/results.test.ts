// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are checked with validateReply.

/**
 * The result calls carry SPEC's outright flag: matchresult rows and
 * singlematchresult say whether the event is an outright (with its winner, no score), matchresult
 * filters by it, and its sport is optional.
 */
import { validateBody, validateReply } from '@sportsbook/protocol';
import { startTestSimAs } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOf } from './domain/statements.ts';

const HOUR = 3_600_000;

describe('result calls: the outright flag', () => {
  let env: Awaited<ReturnType<typeof startTestSimAs>>;
  let days: string[];
  beforeAll(async () => {
    env = await startTestSimAs('demo01', {
      stepMs: 60_000,
      world: {
        seed: 7,
        liveMatches: 2,
        todayMatches: 6,
        earlyMatches: 4,
        outrights: 3,
        startTime: Date.UTC(2026, 0, 10, 4, 0, 0),
        tickMs: 60_000,
      },
    });
    // Play on until the first outright on offer has settled (at its event's end).
    const kickoffs: number[] = [];
    for (const group of ['today', 'early']) {
      const { json } = await env.t.call('/odds/uxmarket', { sport_id: 1, market_type: 'outright', group });
      for (const m of json.data.matches as any[]) kickoffs.push(m[9]);
    }
    const first = Math.min(...kickoffs);
    expect(Number.isFinite(first)).toBe(true);
    while (env.t.world.now() < first + HOUR) env.t.advance(HOUR);
    days = [...new Set([dateOf(env.t.world.options.startTime), dateOf(first), dateOf(env.t.world.now())])];
  }, 120_000);
  afterAll(async () => {
    await env.t.close();
  });
  async function rows(extra: Record<string, unknown> = {}) {
    const all: any[] = [];
    for (const date of days) {
      const body = { ...env.s, date, ...extra };
      expect(validateBody('matchresult', body).ok).toBe(true);
      const reply = await env.t.call('/matchresult', body);
      expect(validateReply('matchresult', reply.json).ok).toBe(true);
      all.push(...reply.json.data);
    }
    return all;
  }

  it('matchresult: every row says whether it is an outright; the filter and the sport are optional', async () => {
    const all = await rows();
    expect(all.every((r) => typeof r.outright === 'boolean')).toBe(true);
    const outrights = all.filter((r) => r.outright);
    const matches = all.filter((r) => !r.outright);
    expect(outrights.length).toBeGreaterThan(0);
    expect(matches.length).toBeGreaterThan(0);
    // An outright has no score; once settled it names its winner.
    for (const r of outrights) expect(r.score).toBeNull();
    const settled = outrights.filter((r) => r.status === 1);
    expect(settled.length).toBeGreaterThan(0);
    for (const r of settled) expect(typeof r.winner).toBe('string');
    for (const r of matches) expect(r).not.toHaveProperty('winner');

    const onlyOutrights = await rows({ outright: true });
    expect(onlyOutrights.map((r) => r.match_id)).toEqual(outrights.map((r) => r.match_id));
    const onlyMatches = await rows({ outright: false });
    expect(onlyMatches.map((r) => r.match_id)).toEqual(matches.map((r) => r.match_id));
    // With a sport: that sport's rows only.
    const football = await rows({ sport_id: 1 });
    expect(football.length).toBeGreaterThan(0);
    expect(football.every((r) => r.sport_id === 1)).toBe(true);
    expect(football.length).toBeLessThan(all.length);
  });

  it('singlematchresult carries the flag too, for an outright and for a match', async () => {
    const all = await rows();
    for (const row of [all.find((r) => r.outright && r.status === 1), all.find((r) => !r.outright)]) {
      const reply = await env.t.call('/singlematchresult', { ...env.s, match_id: row.match_id });
      expect(validateReply('singlematchresult', reply.json).ok).toBe(true);
      expect(reply.json.data).toMatchObject({ match_id: row.match_id, outright: row.outright });
    }
  });

  it('a body with a wrong outright flag is refused', async () => {
    const reply = await env.t.call('/matchresult', { ...env.s, date: days[0], outright: 'yes' });
    expect(reply.json).toMatchObject({ statusdesc: 'badRequest', field: 'outright' });
  });
});
