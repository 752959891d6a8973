// @vitest-environment jsdom
/**
 * The price flash: a rise colours the cell up, a fall down, both cleared by the one shared sweep
 * after FlashMs; driven here both directly (flashCell) and through a rendered OddsCell fed by a
 * topic's views with the changes the stream records.
 */
import { applyDelta, emptyMarketModel, type MarketModel, type MarketOdds } from '@sportsbook/protocol';
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deltaChanges } from '../../shared/stream/changes.ts';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import { StreamProvider } from '../../shared/stream/react.tsx';
import type { TopicView } from '../../shared/stream/topicState.ts';
import { endFlashes, FlashMs, FlashSweepMs, flashCell, OddsCell } from './OddsCell.tsx';

describe('flashCell', () => {
  beforeEach(() => {
    // Another file in this worker may have left flashes and a sweep on real timers.
    endFlashes();
    vi.useFakeTimers();
  });
  afterEach(() => {
    // Let every flash of the test end, so the shared sweep stops before the next test.
    vi.advanceTimersByTime(FlashMs + FlashSweepMs);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it('colours a rise up and a fall down, as a data attribute with no animation', () => {
    const up = document.createElement('button');
    const down = document.createElement('button');
    up.animate = vi.fn();
    flashCell(up, 'up');
    flashCell(down, 'down');
    expect(up.dataset.flash).toBe('up');
    expect(down.dataset.flash).toBe('down');
    expect(up.animate).not.toHaveBeenCalled();
  });

  it('clears the colour once its time has passed, with one timer for every flashed cell', () => {
    const cells = Array.from({ length: 50 }, () => document.createElement('button'));
    for (const [i, el] of cells.entries()) flashCell(el, i % 2 === 0 ? 'up' : 'down');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(FlashMs - 1);
    expect(cells.every((el) => el.dataset.flash !== undefined)).toBe(true);
    vi.advanceTimersByTime(FlashSweepMs + 1);
    expect(cells.some((el) => el.hasAttribute('data-flash'))).toBe(false);
    // Nothing left to clear: the sweep stopped.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts the time and takes the new direction on a new move', () => {
    const el = document.createElement('button');
    flashCell(el, 'up');
    vi.advanceTimersByTime(FlashMs - FlashSweepMs);
    flashCell(el, 'down');
    expect(el.dataset.flash).toBe('down');
    // Past the first move's end, within the second's.
    vi.advanceTimersByTime(FlashMs - FlashSweepMs);
    expect(el.dataset.flash).toBe('down');
    vi.advanceTimersByTime(FlashSweepMs * 2);
    expect(el.hasAttribute('data-flash')).toBe(false);
  });

  it('clears older flashes on time while newer ones stay', () => {
    const first = document.createElement('button');
    const second = document.createElement('button');
    flashCell(first, 'up');
    vi.advanceTimersByTime(FlashMs / 2);
    flashCell(second, 'down');
    vi.advanceTimersByTime(FlashMs / 2 + FlashSweepMs);
    expect(first.hasAttribute('data-flash')).toBe(false);
    expect(second.dataset.flash).toBe('down');
    vi.advanceTimersByTime(FlashMs / 2);
    expect(second.hasAttribute('data-flash')).toBe(false);
  });
});

describe('OddsCell', () => {
  const topic = 'odds/1/hdpou/live';
  const view = (model: MarketModel, changes: TopicView['changes'] = null) =>
    ({ topic, model, changes, epoch: 'e', seq: 1, hash: null, stale: false }) as unknown as TopicView;

  beforeEach(() => {
    endFlashes();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.advanceTimersByTime(FlashMs + FlashSweepMs);
    vi.useRealTimers();
  });

  it('flashes up on a rise and down on a fall of its own price, then clears', () => {
    const odds: MarketOdds = {
      id: '11-HDP-0',
      matchId: 11,
      betType: 'HDP',
      line: 0.5,
      status: 0,
      prices: [1.9, 1.95],
      labels: null,
    } as MarketOdds;
    const subject = new BehaviorSubject(
      view({ ...emptyMarketModel(), odds: { [odds.id]: odds } } as MarketModel),
    );
    const stream = {
      topic: () => subject.asObservable() as Observable<TopicView>,
      peek: () => subject.value,
    } as unknown as OddsStream;
    const move = (index: number, price: number) =>
      act(() => {
        const model = subject.value.model as MarketModel;
        const ops = [['odds', odds.id, { prices: { [index]: price } }]] as Parameters<typeof applyDelta>[1];
        subject.next(view(applyDelta(model, ops) as MarketModel, deltaChanges(model, ops)));
      });
    const { container } = render(
      createElement(
        StreamProvider,
        { value: stream },
        createElement(OddsCell, {
          topic,
          oddsId: odds.id,
          index: 1,
          format: 'DEC',
          locked: false,
          onPick: () => {},
          name: 'Away',
        }),
      ),
    );
    const cell = container.querySelector('button.odds-cell') as HTMLButtonElement;
    expect(cell.textContent).toBe('1.95');
    expect(cell.hasAttribute('data-flash')).toBe(false);
    move(0, 1.8);
    // Another price of the same odds row moved: this cell's price did not.
    expect(cell.hasAttribute('data-flash')).toBe(false);
    move(1, 2.05);
    expect(cell.textContent).toBe('2.05');
    expect(cell.dataset.flash).toBe('up');
    act(() => vi.advanceTimersByTime(FlashMs + FlashSweepMs));
    expect(cell.hasAttribute('data-flash')).toBe(false);
    move(1, 1.9);
    expect(cell.dataset.flash).toBe('down');
    act(() => vi.advanceTimersByTime(FlashMs + FlashSweepMs));
    expect(cell.hasAttribute('data-flash')).toBe(false);
  });
});
