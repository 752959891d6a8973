import { emptyMarketModel, type MarketModel } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import { initialTopicState, type TopicView } from '../../shared/stream/topicState.ts';
import type { Selection } from './types.ts';
import { quoteOf } from './watch.ts';

/** A live match with one correct-score row, its labels as the simulator gives them at `score`. */
function view(labels: string[]): TopicView<MarketModel> {
  const model = emptyMarketModel();
  model.match['7'] = {
    id: 7,
    leagueId: 1,
    home: 'A',
    away: 'B',
    type: 1,
    status: 0,
    sportId: 1,
    live: 1,
    parlay: 1,
    kickoff: 0,
    neutral: 0,
    tv: 0,
    liveState: [0, 0, 1, 600, 0, 0],
    childLabel: '',
  };
  model.odds['7-CS-0'] = {
    id: '7-CS-0',
    matchId: 7,
    betType: 'CS',
    line: null,
    status: 0,
    prices: labels.map((_, i) => 5 + i),
    labels,
  };
  return { ...initialTopicState<MarketModel>('match/7').view, model };
}

const pick: Selection = {
  topic: 'match/7',
  oddsId: '7-CS-0',
  matchId: 7,
  sportId: 1,
  leagueName: '',
  home: 'A',
  away: 'B',
  betType: 'CS',
  selection: 1,
  line: null,
  price: 6,
  label: '0-1',
  rowLabel: '0-1',
  live: true,
  parlay: true,
};

describe('quoteOf: a correct-score pick', () => {
  it('is open while the picked index still names the picked score', () => {
    const q = quoteOf(view(['0-0', '0-1', '1-0', 'AOS']), pick, true);
    expect(q).toMatchObject({ suspended: false, stale: false, price: 6 });
  });

  it('locks when a goal relabels the row (the same index is now another score)', () => {
    // 1-0: the simulator's in-play grid starts at the current score, so index 1 becomes "1-1".
    const q = quoteOf(view(['1-0', '1-1', '2-0', 'AOS']), pick, true);
    expect(q.suspended).toBe(true);
  });

  it('does not check labels of a pick made without one (rows without labels)', () => {
    const q = quoteOf(view(['1-0', '1-1', '2-0', 'AOS']), { ...pick, rowLabel: null }, true);
    expect(q.suspended).toBe(false);
  });
});
