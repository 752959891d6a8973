import { tableRule } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchResultRow } from '../world/types.ts';
import { bracket, standings, tableRows, tieWinner } from './standings.ts';

const Teams = ['A', 'B', 'C', 'D', 'E', 'F'];

const result = fc
  .record({
    home: fc.constantFrom(...Teams),
    away: fc.constantFrom(...Teams),
    h: fc.integer({ min: 0, max: 6 }),
    a: fc.integer({ min: 0, max: 6 }),
    status: fc.constantFrom(0, 1, 1, 1, 2),
  })
  .filter((r) => r.home !== r.away);

function rows(
  list: { home: string; away: string; h: number; a: number; status: number }[],
  sportId = 1,
): MatchResultRow[] {
  return list.map((r, i) => ({
    matchId: i + 1,
    sportId,
    leagueId: 1,
    leagueName: 'L',
    home: r.home,
    away: r.away,
    kickoff: i,
    status: r.status as MatchResultRow['status'],
    outright: false,
    score:
      r.status === 0 ? null : { home: r.h, away: r.a, htHome: 0, htAway: 0, firstGoal: null, lastGoal: null },
  }));
}

describe('standings from settled results', () => {
  it('counts only completed matches: games, goals and points add up, the table is ordered', () => {
    fc.assert(
      fc.property(fc.array(result, { maxLength: 40 }), (list) => {
        const settled = list.filter((r) => r.status === 1);
        const table = standings(rows(list));
        expect(table.reduce((n, r) => n + r.played, 0)).toBe(2 * settled.length);
        expect(table.reduce((n, r) => n + r.gf, 0)).toBe(settled.reduce((n, r) => n + r.h + r.a, 0));
        expect(table.reduce((n, r) => n + r.gf - r.ga, 0)).toBe(0);
        const draws = settled.filter((r) => r.h === r.a).length;
        expect(table.reduce((n, r) => n + r.points, 0)).toBe(3 * (settled.length - draws) + 2 * draws);
        for (const r of table) expect(r.won + r.drawn + r.lost).toBe(r.played);
        for (let i = 1; i < table.length; i++)
          expect((table[i - 1]?.points ?? 0) >= (table[i]?.points ?? 0)).toBe(true);
      }),
    );
  });

  it('brackets seed 1 v 4 and 2 v 3; a tie is won on the goals between the two', () => {
    fc.assert(
      fc.property(fc.array(result, { maxLength: 40 }), (list) => {
        const r = rows(list);
        const table = standings(r);
        const rounds = bracket(r);
        if (table.length < 4) {
          expect(rounds).toEqual([]);
          return;
        }
        const [semis, final] = rounds;
        expect(semis?.ties.map((t) => [t.home, t.away])).toEqual([
          [table[0]?.team, table[3]?.team],
          [table[1]?.team, table[2]?.team],
        ]);
        for (const t of semis?.ties ?? []) expect(t.winner).toBe(tieWinner(r, t.home ?? '', t.away ?? ''));
        expect(final?.ties[0]?.home).toBe(semis?.ties[0]?.winner);
        expect(final?.ties[0]?.away).toBe(semis?.ties[1]?.winner);
      }),
    );
    const r = rows([
      { home: 'A', away: 'B', h: 2, a: 0, status: 1 },
      { home: 'B', away: 'A', h: 1, a: 0, status: 1 },
      { home: 'C', away: 'D', h: 1, a: 1, status: 1 },
    ]);
    expect(tieWinner(r, 'A', 'B')).toBe('A');
    expect(tieWinner(r, 'C', 'D')).toBeNull();
    expect(tieWinner(r, 'A', 'C')).toBeNull();
  });

  it('a basketball table gives 2 points a win and 1 a loss, ranked by points', () => {
    fc.assert(
      fc.property(fc.array(result, { maxLength: 40 }), (list) => {
        const table = standings(rows(list, 2));
        for (const r of table) expect(r.points).toBe(2 * r.won + r.drawn + r.lost);
        for (let i = 1; i < table.length; i++)
          expect((table[i - 1]?.points ?? 0) >= (table[i]?.points ?? 0)).toBe(true);
      }),
    );
    expect(standings(rows([{ home: 'A', away: 'B', h: 101, a: 99, status: 1 }], 2))).toMatchObject([
      { team: 'A', won: 1, gf: 101, ga: 99, points: 2 },
      { team: 'B', lost: 1, gf: 99, ga: 101, points: 1 },
    ]);
  });

  it('virtual leagues have no table and no bracket', () => {
    const played = [
      { home: 'A', away: 'B', h: 2, a: 1, status: 1 },
      { home: 'C', away: 'D', h: 0, a: 3, status: 1 },
      { home: 'A', away: 'C', h: 1, a: 1, status: 1 },
    ];
    for (const sportId of [180, 181]) {
      expect(tableRule(sportId)).toBeNull();
      expect(standings(rows(played, sportId))).toEqual([]);
      expect(bracket(rows(played, sportId))).toEqual([]);
      expect(tableRows([...rows(played, sportId), ...rows(played, 1)])).toHaveLength(played.length);
    }
  });
});
