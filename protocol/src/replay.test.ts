import { describe, expect, it } from 'vitest';
import { goalMarkers, isReplayControl, isReplayView } from './replay.ts';

/** A market reply with one live match at `score`, as the odds host sends it (rows.ts). */
function reply(t: number, matchId: number, home: number, away: number) {
  const match = [
    matchId,
    101,
    'Home FC',
    'Away FC',
    1,
    0,
    1,
    1,
    1,
    1_700_000_000_000,
    0,
    0,
    [home, away, 1, 600, 0, 0],
    '',
  ];
  return { t, body: { status: 1, data: { leagues: [], matches: [match], links: [], heads: [], odds: [] } } };
}

describe('replay timeline', () => {
  it('marks a goal where a live match score changes, not on its first sight', () => {
    const goals = goalMarkers([
      reply(1, 7, 0, 0),
      reply(2, 7, 0, 0),
      reply(3, 7, 1, 0),
      reply(4, 8, 2, 2),
      reply(5, 7, 1, 1),
    ]);
    expect(goals).toEqual([
      { t: 3, matchId: 7, home: 'Home FC', away: 'Away FC', score: '1-0' },
      { t: 5, matchId: 7, home: 'Home FC', away: 'Away FC', score: '1-1' },
    ]);
    expect(
      goalMarkers([
        { t: 1, body: null },
        { t: 2, body: { data: 'x' } },
      ]),
    ).toEqual([]);
  });

  it('accepts the four commands the web sends and nothing else', () => {
    expect(isReplayControl({ action: 'seek', to: 5 })).toBe(true);
    expect(isReplayControl({ action: 'speed', speed: 10 })).toBe(true);
    expect(isReplayControl({ action: 'pause' })).toBe(true);
    expect(isReplayControl({ action: 'seek', by: -5 })).toBe(false);
    expect(isReplayControl({ action: 'speed', speed: 0 })).toBe(false);
    expect(isReplayControl({ action: 'loop', loop: true })).toBe(false);
    expect(isReplayView({ replay: {}, goals: [] })).toBe(false);
  });
});
