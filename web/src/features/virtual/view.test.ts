import { emptyMarketModel, type MarketModel } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectEvents, countdown, pickKeys, replayLines, virtualTopics } from './view.ts';

function model(matchId: number, kickoff: number, live: 0 | 1, odds: [string, string][]): MarketModel {
  const m = emptyMarketModel();
  m.league['180001'] = {
    id: 180001,
    sportId: 180,
    name: 'Virtual Premier League',
    flag: 1,
    code: 0,
    sortOrder: 1,
    country: 'Virtual',
  } as MarketModel['league'][string];
  m.match[String(matchId)] = {
    id: matchId,
    leagueId: 180001,
    home: 'Red Lions',
    away: 'Blue Harbour',
    type: 1,
    status: 0,
    sportId: 180,
    live,
    parlay: 1,
    kickoff,
    neutral: 1,
    tv: 0,
    liveState: live ? [1, 0, 1, 600, 0, 0] : null,
    childLabel: '',
  };
  for (const [id, bt] of odds)
    m.odds[id] = { id, matchId, betType: bt, line: null, status: 0, prices: [2, 3, 4], labels: null };
  return m;
}

describe('virtual view', () => {
  it('reads the win and line markets before and in play', () => {
    expect(virtualTopics(180)).toEqual([
      'odds/180/1x2/today',
      'odds/180/hdpou/today',
      'odds/180/1x2/early',
      'odds/180/hdpou/early',
      'odds/180/1x2/live',
      'odds/180/hdpou/live',
    ]);
  });

  it('gathers events by kick-off, each market once with its topic, win market first', () => {
    const events = collectEvents([
      {
        topic: 'odds/180/hdpou/today',
        model: model(2, 2000, 0, [
          ['2-HDP-0', 'HDP'],
          ['2-OU-0', 'OU'],
        ]),
      },
      { topic: 'odds/180/1x2/today', model: model(2, 2000, 0, [['2-1X2-0', '1X2']]) },
      { topic: 'odds/180/1x2/live', model: model(1, 1000, 1, [['1-1X2-0', '1X2']]) },
      { topic: 'odds/180/1x2/early', model: null },
    ]);
    expect(events.map((e) => e.match.id)).toEqual([1, 2]);
    expect(events[1]?.markets.map((m) => [m.odds.betType, m.topic])).toEqual([
      ['1X2', 'odds/180/1x2/today'],
      ['HDP', 'odds/180/hdpou/today'],
      ['OU', 'odds/180/hdpou/today'],
    ]);
    expect(events[0]?.match.live).toBe(1);
    expect(events[0]?.leagueName).toBe('Virtual Premier League');
  });

  it('counts down in m:ss and never below zero', () => {
    expect(countdown(61_000)).toBe('1:01');
    expect(countdown(500)).toBe('0:01');
    expect(countdown(-5)).toBe('0:00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_600_000 }), (ms) => /^\d+:[0-5]\d$/.test(countdown(ms))),
    );
  });

  it('names the picks of each market', () => {
    expect(pickKeys('1X2')).toHaveLength(3);
    expect(pickKeys('ML')).toEqual(['pick.home', 'pick.away']);
    expect(pickKeys('OU')).toEqual(['pick.over', 'pick.under']);
  });

  it('replays the scoring with a running score that ends on the total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            sec: fc.integer({ min: 0, max: 5399 }),
            side: fc.constantFrom('H' as const, 'A' as const),
            points: fc.integer({ min: 1, max: 3 }),
          }),
        ),
        (goals) => {
          const lines = replayLines(goals, 'H', 'A');
          expect(lines).toHaveLength(goals.length);
          const h = goals.filter((g) => g.side === 'H').reduce((s, g) => s + g.points, 0);
          const a = goals.filter((g) => g.side === 'A').reduce((s, g) => s + g.points, 0);
          if (lines.length > 0) expect(lines.at(-1)?.score).toBe(`${h}-${a}`);
        },
      ),
    );
    expect(replayLines([{ sec: 59, side: 'A', points: 1 }], 'X', 'Y')).toEqual([
      { minute: 1, team: 'Y', score: '0-1' },
    ]);
  });
});
