import type { StandingRow } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import en from './i18n/en.ts';
import { standingColumns, tableLeagues } from './standingsView.ts';

const row = (team: string, won: number, drawn: number, lost: number): StandingRow => ({
  team,
  played: won + drawn + lost,
  won,
  drawn,
  lost,
  gf: 10,
  ga: 7,
  points: 2 * won + lost,
});

const labels = (sportId: number | undefined, rows: StandingRow[] = []) =>
  standingColumns(sportId, rows).map((c) => en[c.label]);

describe('standings view', () => {
  it('offers no virtual, tennis or e-sports league', () => {
    const league = (league_id: number, sport_id: number) => ({
      league_id,
      league_name: `L${league_id}`,
      sport_id,
    });
    const listed = [league(1, 1), league(2, 180), league(3, 2), league(4, 181), league(5, 3), league(6, 43)];
    expect(tableLeagues(listed).map((l) => l.league_id)).toEqual([1, 3]);
  });

  it('a basketball table says points for / against and has no Drawn column', () => {
    expect(labels(2)).toEqual([
      'Played',
      'Won',
      'Lost',
      'Points for',
      'Points against',
      'Point difference',
      'Points',
    ]);
    const columns = standingColumns(2, [row('A', 3, 0, 1)]);
    expect(columns.map((c) => c.value(row('A', 3, 0, 1)))).toEqual([4, 3, 1, 10, 7, 3, 7]);
  });

  it('soccer keeps goals and draws; baseball counts runs; an unknown league is neutral', () => {
    expect(labels(1)).toEqual([
      'Played',
      'Won',
      'Drawn',
      'Lost',
      'Goals for',
      'Goals against',
      'Goal difference',
      'Points',
    ]);
    expect(labels(4)).toContain('Runs for');
    expect(labels(undefined)).toEqual([
      'Played',
      'Won',
      'Drawn',
      'Lost',
      'For',
      'Against',
      'Difference',
      'Points',
    ]);
    // A drawn game an upstream reports in a sport without draws still gets its column.
    expect(labels(2, [row('A', 1, 1, 0)])).toContain('Drawn');
  });
});
