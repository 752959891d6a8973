// @vitest-environment jsdom
/**
 * A match row over a topic's view: every column's prices on a board row; a folded phone card
 * (`compact`) renders only the main line's HDP and O/U until "more markets" unfolds the rest.
 */
import { emptyMarketModel, type MarketMatch, type MarketModel, type MarketOdds } from '@sportsbook/protocol';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { createElement } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import { StreamProvider } from '../../shared/stream/react.tsx';
import type { TopicView } from '../../shared/stream/topicState.ts';
import { MatchRow } from './MatchRow.tsx';
import { boardColumns } from './view.ts';

afterEach(cleanup);

const topic = 'odds/1/hdpou/today';

const odds = (id: string, betType: string, prices: number[], labels: string[] | null = null) =>
  ({ id, matchId: 11, betType, line: 0.5, status: 0, prices, labels }) as MarketOdds;

const rows = [
  odds('11-HDP-0', 'HDP', [1.9, 1.95]),
  odds('11-HDP-1', 'HDP', [1.8, 2.05]),
  odds('11-OU-0', 'OU', [1.9, 1.95]),
  odds('11-1X2-0', '1X2', [2.1, 3.2, 3.4]),
  odds('11-HDPH-0', 'HDPH', [1.9, 1.95]),
  odds('11-OUH-0', 'OUH', [1.9, 1.95]),
];

function renderRow(compact: boolean) {
  const match = {
    id: 11,
    leagueId: 1,
    home: 'Home',
    away: 'Away',
    type: 0,
    status: 0,
    sportId: 1,
    live: 0,
    parlay: 0,
    kickoff: Date.UTC(2026, 10, 27, 12),
    neutral: 0,
    tv: 0,
    liveState: null,
    childLabel: '',
  } as unknown as MarketMatch;
  const model = {
    ...emptyMarketModel(),
    match: { '11': match },
    odds: Object.fromEntries(rows.map((r) => [r.id, r])),
  } as MarketModel;
  const subject = new BehaviorSubject({
    topic,
    model,
    changes: null,
    epoch: 'e',
    seq: 1,
    hash: null,
    stale: false,
  } as unknown as TopicView);
  const stream = {
    topic: () => subject.asObservable() as Observable<TopicView>,
    peek: () => subject.value,
  } as unknown as OddsStream;
  const groups = boardColumns('hdpou', new Set(['1X2']), { quickOdds: true, periods: 0, mmoType: 0 });
  const view = render(
    createElement(
      StreamProvider,
      { value: stream },
      createElement(MatchRow, {
        topic,
        matchId: 11,
        groups,
        oddsIds: rows.map((r) => r.id),
        format: 'DEC',
        locked: false,
        showScore: true,
        onPick: () => {},
        compact,
      }),
    ),
  );
  const prices = () =>
    [...view.container.querySelectorAll<HTMLElement>('button.odds-cell')].map(
      (b) => `${b.dataset.odds}:${b.dataset.index}`,
    );
  const more = view.container.querySelector('button.more-markets') as HTMLButtonElement;
  return { prices, more };
}

const every = [
  '11-HDP-0:0',
  '11-HDP-0:1',
  '11-OU-0:0',
  '11-OU-0:1',
  '11-1X2-0:0',
  '11-1X2-0:2',
  '11-1X2-0:1',
  '11-HDPH-0:0',
  '11-HDPH-0:1',
  '11-OUH-0:0',
  '11-OUH-0:1',
  '11-HDP-1:0',
  '11-HDP-1:1',
];

describe('MatchRow', () => {
  it('renders every column of every line on a board row', () => {
    const { prices } = renderRow(false);
    expect(prices()).toEqual(every);
  });

  it('renders a folded phone card with the main line of HDP and O/U only, the rest after "more markets"', () => {
    const { prices, more } = renderRow(true);
    expect(prices()).toEqual(['11-HDP-0:0', '11-HDP-0:1', '11-OU-0:0', '11-OU-0:1']);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(prices()).toEqual(every);
    fireEvent.click(more);
    expect(prices()).toEqual(['11-HDP-0:0', '11-HDP-0:1', '11-OU-0:0', '11-OU-0:1']);
  });
});
