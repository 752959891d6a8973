import type { EsportsEvent, MarketOdds } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import { lobbySections, marketIndex, sameIndex } from './view.ts';

const odds = (id: string, matchId: number, betType: string): MarketOdds =>
  ({
    id,
    matchId,
    betType,
    line: null,
    status: 0,
    prices: [1.9, 1.9],
    labels: null,
  }) as unknown as MarketOdds;

const event = (id: number, game: EsportsEvent['game'], phase: EsportsEvent['phase']) =>
  ({ match_id: id, game, phase }) as EsportsEvent;

describe('e-sports lobby views', () => {
  it('indexes the match winner, map handicap and total maps of each match, main line first', () => {
    const index = marketIndex({
      '7-ML-0': odds('7-ML-0', 7, 'ML'),
      '7-HDP-1': odds('7-HDP-1', 7, 'HDP'),
      '7-HDP-0': odds('7-HDP-0', 7, 'HDP'),
      '7-OU-0': odds('7-OU-0', 7, 'OU'),
      '7-OE-0': odds('7-OE-0', 7, 'OE'),
      '8-ML-0': odds('8-ML-0', 8, 'ML'),
    });
    expect(index.get(7)).toEqual({ ML: '7-ML-0', HDP: '7-HDP-0', OU: '7-OU-0' });
    expect(index.get(8)).toEqual({ ML: '8-ML-0' });
    expect(sameIndex(index, marketIndex({ '8-ML-0': odds('8-ML-0', 8, 'ML') }))).toBe(false);
    expect(sameIndex(index, new Map(index))).toBe(true);
  });

  it('splits live (a map or a break in play) from upcoming, under a game filter', () => {
    const events = [
      event(1, 'cs2', 'map'),
      event(2, 'lol', 'break'),
      event(3, 'cs2', 'pre'),
      event(4, 'dota2', 'pre'),
    ];
    const all = lobbySections(events, 'all');
    expect(all.live.map((e) => e.match_id)).toEqual([1, 2]);
    expect(all.upcoming.map((e) => e.match_id)).toEqual([3, 4]);
    const cs2 = lobbySections(events, 'cs2');
    expect([cs2.live, cs2.upcoming].map((l) => l.map((e) => e.match_id))).toEqual([[1], [3]]);
  });
});
