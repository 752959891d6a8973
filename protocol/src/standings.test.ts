import { describe, expect, it } from 'vitest';
import { Sports } from './rows.ts';
import { hasStandings, tableRule } from './standings.ts';
import { VirtualSportIds } from './virtual.ts';

describe('table rules per sport', () => {
  it('virtual sports, player sports and e-sports have no standings', () => {
    for (const id of [VirtualSportIds.football, VirtualSportIds.basketball, 3, 7, 9, 11, 43]) {
      expect(tableRule(id), Sports[id as keyof typeof Sports]).toBeNull();
      expect(hasStandings(id)).toBe(false);
    }
  });

  it('soccer counts goals with draws; basketball counts points, 2 a win and 1 a loss, no draws', () => {
    expect(tableRule(1)).toEqual({ unit: 'goals', win: 3, draw: 1, loss: 0, draws: true });
    expect(tableRule(2)).toMatchObject({ unit: 'points', win: 2, loss: 1, draws: false });
    expect(tableRule(4)?.unit).toBe('runs');
    expect(tableRule(5)?.unit).toBe('goals');
  });

  it('another team sport gets the neutral for / against table', () => {
    for (const id of [6, 8, 10, 12]) expect(tableRule(id)).toMatchObject({ unit: 'score', draws: true });
  });
});
