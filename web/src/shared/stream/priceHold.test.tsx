// @vitest-environment jsdom
/**
 * Auto-refresh off: under a hold, `useTopicEntity` shows a price row as first
 * shown while the topic's model moves on; matches stay live; a row first shown later is held from
 * then; `behind` says newer prices wait; a new hold (Refresh) shows the current ones. Frames are
 * real: deltas from protocol's diffModel through topicState's reducers, as the stream applies them;
 * only the socket is left out (a subject of views stands in for `stream.topic`).
 */
import { diffModel, type MarketOdds, type Model, stateHash } from '@sportsbook/protocol';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { OddsStream } from './oddsStream.ts';
import { createPriceHold, type PriceHold, PriceHoldContext } from './priceHold.ts';
import { StreamProvider, useTopicEntity } from './react.tsx';
import { initialTopicState, reduceDelta, reduceSnap, type TopicState, type TopicView } from './topicState.ts';

const TOPIC = 'odds/1/hdpou/live';

function odds(id: string, prices: number[]): MarketOdds {
  return { id, matchId: 11, betType: 'HDP', line: 0.5, status: 0, prices, labels: null };
}

function model(prices: Record<string, number[]>, score = 0): Model {
  return {
    match: { '11': { id: 11, home: 'H', away: 'A', score } },
    odds: Object.fromEntries(Object.entries(prices).map(([id, p]) => [id, odds(id, p)])),
  } as unknown as Model;
}

/** A topic fed with real snap/delta frames through the stream's reducers. */
function topic(initial: Model) {
  let state: TopicState = initialTopicState(TOPIC);
  let seq = 1;
  const r = reduceSnap(state, {
    t: 'snap',
    topic: TOPIC,
    epoch: 'e',
    seq,
    hash: stateHash(initial),
    pt: 1,
    data: initial as never,
  });
  state = r.state;
  const subject = new BehaviorSubject<TopicView>(state.view);
  const stream = { topic: () => subject.asObservable(), peek: () => state.view } as unknown as OddsStream;
  return {
    stream,
    get model() {
      return state.view.model as Model;
    },
    moveTo(next: Model) {
      seq++;
      const d = reduceDelta(state, {
        t: 'delta',
        topic: TOPIC,
        seq,
        hash: stateHash(next),
        pt: 1,
        ops: diffModel(state.view.model as Model, next),
      });
      expect(d.resync).toBeNull();
      state = d.state;
      subject.next(state.view);
    },
  };
}

function render(t: ReturnType<typeof topic>, initialHold: PriceHold | null) {
  let hold = initialHold;
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      StreamProvider,
      { value: t.stream },
      createElement(PriceHoldContext.Provider, { value: hold }, children),
    );
  const hook = renderHook(
    ({ id }: { id: string }) => ({
      odds: useTopicEntity<MarketOdds>(TOPIC, 'odds', id),
      match: useTopicEntity<{ score: number }>(TOPIC, 'match', '11'),
    }),
    { wrapper, initialProps: { id: 'a' } },
  );
  return {
    hook,
    setHold(next: PriceHold | null) {
      hold = next;
      hook.rerender({ id: 'a' });
    },
  };
}

describe('price hold (autoRefreshOdds off)', () => {
  it('holdsPrices: a held row keeps the price first shown while the model moves; matches stay live; a new hold shows the current price', () => {
    const t = topic(model({ a: [1.9, 1.95], b: [2.0, 1.8] }));
    const hold = createPriceHold();
    const view = render(t, hold);
    expect(view.hook.result.current.odds?.prices).toEqual([1.9, 1.95]);
    expect(hold.behind(TOPIC, t.model)).toBe(false);
    act(() => t.moveTo(model({ a: [1.85, 2.0], b: [2.0, 1.8] }, 1)));
    expect(view.hook.result.current.odds?.prices).toEqual([1.9, 1.95]);
    expect(view.hook.result.current.match?.score).toBe(1);
    expect(hold.behind(TOPIC, t.model)).toBe(true);
    // Refresh: a new hold.
    const next = createPriceHold();
    act(() => view.setHold(next));
    expect(view.hook.result.current.odds?.prices).toEqual([1.85, 2.0]);
    expect(next.behind(TOPIC, t.model)).toBe(false);
    act(() => t.moveTo(model({ a: [1.8, 2.05], b: [2.0, 1.8] }, 1)));
    expect(view.hook.result.current.odds?.prices).toEqual([1.85, 2.0]);
    // Auto-refresh on again: live at once, and it follows.
    act(() => view.setHold(null));
    expect(view.hook.result.current.odds?.prices).toEqual([1.8, 2.05]);
    act(() => t.moveTo(model({ a: [1.75, 2.1], b: [2.0, 1.8] }, 1)));
    expect(view.hook.result.current.odds?.prices).toEqual([1.75, 2.1]);
  });

  it('newRowHeldFromFirstSight: a row shown for the first time under a hold shows its current price, then holds it', () => {
    const t = topic(model({ a: [1.9, 1.95] }));
    const hold = createPriceHold();
    const view = render(t, hold);
    act(() => t.moveTo(model({ a: [1.9, 1.95], c: [1.7, 2.2] })));
    view.hook.rerender({ id: 'c' });
    expect(view.hook.result.current.odds?.prices).toEqual([1.7, 2.2]);
    act(() => t.moveTo(model({ a: [1.9, 1.95], c: [1.6, 2.3] })));
    expect(view.hook.result.current.odds?.prices).toEqual([1.7, 2.2]);
    expect(hold.behind(TOPIC, t.model)).toBe(true);
  });

  it('notHeldCollections: only price rows are held', () => {
    const hold = createPriceHold();
    expect(hold.entity(TOPIC, 'match', '11', { score: 1 })).toEqual({ score: 1 });
    expect(hold.entity(TOPIC, 'match', '11', { score: 2 })).toEqual({ score: 2 });
    // An absent row is not held: it shows when it comes.
    expect(hold.entity(TOPIC, 'odds', 'x', undefined)).toBeUndefined();
    expect(hold.entity(TOPIC, 'odds', 'x', odds('x', [2, 2]))?.prices).toEqual([2, 2]);
  });
});
