/** /event's reading of `eventlist`: running first, the match and the period kept. */
import { describe, expect, it } from 'vitest';
import { readEvents } from './infoApi.ts';

describe('readEvents', () => {
  const now = Date.UTC(2026, 0, 10, 4);
  it('puts running promotions first, then the coming ones by start, with what they are tied to', () => {
    const events = readEvents(
      [
        {
          event_id: 31,
          title: 'Boost',
          start: now + 3_600_000,
          end: now + 7_200_000,
          status: 0,
          kind: 'boost',
          league_id: 3,
          league_name: 'L3',
          match_id: 3,
          home: 'A',
          away: 'B',
          kickoff: now + 7_200_000,
        },
        {
          event_id: 12,
          title: 'Week',
          start: now - 86_400_000,
          end: now + 86_400_000,
          status: 1,
          kind: 'parlay',
          league_id: 1,
          league_name: 'L1',
        },
        // An upstream that sends only the spec's fields: running when started.
        { event_id: 7, title: 'Bare', start: now - 1 },
      ],
      now,
    );
    expect(events.map((e) => [e.id, e.running])).toEqual([
      [12, true],
      [7, true],
      [31, false],
    ]);
    expect(events[2]?.match).toEqual({ id: 3, name: 'A v B', kickoff: now + 7_200_000 });
    expect(events[1]).toMatchObject({ content: '', end: null, leagueName: null, match: null });
  });
});
