import type { RadarEvent, RadarMatch, RadarModel, RadarStats } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ballPosition,
  clockText,
  EmptyView,
  eventMinute,
  PitchHeight,
  PitchWidth,
  sharePct,
  trackerView,
} from './view.ts';

const match: RadarMatch = {
  match_id: 7,
  sport_id: 1,
  league_name: 'L',
  home: 'Home FC',
  away: 'Away FC',
  kickoff: 0,
  tracker: 'pitch',
  home_score: 2,
  away_score: 1,
  period: 3,
  clock: 3000,
  status: 0,
  ball_side: 'A',
  ball_zone: 4,
  home_red: 0,
  away_red: 0,
};
const stats = (over: Partial<RadarStats>): RadarStats => ({
  possession: 50,
  attacks: 0,
  dangerous: 0,
  shots: 0,
  on_target: 0,
  corners: 0,
  yellow: 0,
  red: 0,
  subs: 0,
  ...over,
});
let nextId = 1;
const ev = (kind: RadarEvent['kind'], side: RadarEvent['side'], minute: number, value = 0): RadarEvent => ({
  id: nextId++,
  kind,
  side,
  minute,
  clock: (minute - 1) * 60,
  period: minute > 45 ? 3 : 1,
  home_score: 0,
  away_score: 0,
  value,
});

function model(events: RadarEvent[], m: Partial<RadarMatch> = {}): RadarModel {
  return {
    match: { '7': { ...match, ...m } },
    stats: { H: stats({ possession: 58, shots: 6, corners: 3 }), A: stats({ possession: 42, shots: 2 }) },
    event: Object.fromEntries(events.map((e) => [String(e.id), e])),
  };
}

describe('tracker view', () => {
  it('has nothing to show before the first snapshot or for an empty (gone) match', () => {
    expect(trackerView(null)).toBe(EmptyView);
    expect(trackerView({ match: {}, stats: {}, event: {} })).toBe(EmptyView);
  });

  it('pops up the latest notable event, marks goals, cards, corners and subs on the timeline', () => {
    const events = [
      ev('period', '', 1, 1),
      ev('goal', 'H', 12, 1),
      ev('corner', 'A', 30),
      ev('yellow', 'A', 44),
      ev('goal', 'A', 50, 1),
      ev('sub', 'H', 60),
      ev('goal', 'H', 77, 1),
      ev('attack', 'H', 78),
    ];
    // Out of order in the model: the view sorts by id.
    const view = trackerView(model([...events].reverse()));
    expect(view.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(view.popup?.kind).toBe('goal'); // the attack after it is no pop-up
    expect(view.timeline.map((m) => m.kind)).toEqual(['goal', 'corner', 'yellow', 'goal', 'sub', 'goal']);
    expect(view.timeline.filter((m) => m.kind === 'goal')).toHaveLength(match.home_score + match.away_score);
    for (const mark of view.timeline) expect(mark.at).toBeCloseTo((mark.minute / 90) * 100);
    expect(view.recent[0]?.kind).toBe('goal');
    expect(view.recent.some((e) => e.kind === 'attack')).toBe(false);
    expect(view.stats.find((s) => s.key === 'possession')).toMatchObject({ home: 58, away: 42, homePct: 58 });
    expect(view.stats.find((s) => s.key === 'shots')).toMatchObject({ home: 6, away: 2, homePct: 75 });
    expect(view.stats.find((s) => s.key === 'red')).toMatchObject({ homePct: 50 });
  });

  it('puts the ball in the attacking side zone; no ball at full time or on a scoreboard', () => {
    expect(trackerView(model([])).ball?.x).toBe(PitchWidth - 90); // away in the home box
    expect(trackerView(model([], { ball_side: 'H', ball_zone: 4 })).ball?.x).toBe(90);
    expect(trackerView(model([], { period: 9 })).ball).toBeNull();
    expect(trackerView(model([], { tracker: 'scoreboard' })).ball).toBeNull();
    fc.assert(
      fc.property(
        fc.constantFrom('H' as const, 'A' as const),
        fc.integer(),
        fc.integer(),
        (side, zone, seed) => {
          const { x, y } = ballPosition(side, zone, seed);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(PitchWidth);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(PitchHeight);
        },
      ),
    );
  });

  it('shows the clock as a match does: stoppage time, half-time and full time', () => {
    expect(clockText({ tracker: 'pitch', period: 1, clock: 20 * 60 + 5 })).toEqual({ text: "21'" });
    expect(clockText({ tracker: 'pitch', period: 1, clock: 46 * 60 })).toEqual({ text: "45+2'" });
    expect(clockText({ tracker: 'pitch', period: 3, clock: 91 * 60 })).toEqual({ text: "90+2'" });
    expect(clockText({ tracker: 'pitch', period: 2, clock: 2800 })).toEqual({ key: 'period.2' });
    expect(clockText({ tracker: 'scoreboard', period: 9, clock: 2800 })).toEqual({ key: 'period.9' });
    expect(clockText({ tracker: 'scoreboard', period: 1, clock: 100 * 60 })).toEqual({ text: "101'" });
    expect(eventMinute(47, 1)).toBe("45+2'");
    expect(eventMinute(47, 3)).toBe("47'");
  });

  it('shares bars fairly (property)', () => {
    expect(sharePct(0, 0)).toBe(50);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (h, a) => {
        const p = sharePct(h, a);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        if (h > a) expect(p).toBeGreaterThanOrEqual(50);
        if (h === a) expect(p).toBe(50);
      }),
    );
  });
});
