// @vitest-environment jsdom
/**
 * Change notification of the topic store: which entity listeners a delta wakes, when the board's
 * structure counts as changed, and the single shared subscription. Frames are real: deltas come
 * from protocol's diffModel and pass through topicState's reduceSnap / reduceDelta with the state
 * hash checked, as the stream does; only the socket is left out (a subject of views stands in for
 * `stream.topic`, which is all the store reads).
 */

import {
  type Delta,
  diffModel,
  emptyMarketModel,
  type MarketMatch,
  type MarketModel,
  type MarketOdds,
  type Model,
  stateHash,
} from '@sportsbook/protocol';
import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { createElement, type ReactNode } from 'react';
import { BehaviorSubject, Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { boardStructureChanged } from '../../features/board/view.ts';
import { deltaChanges } from './changes.ts';
import type { OddsStream } from './oddsStream.ts';
import { StreamProvider, useTopicEntity, useTopicModelWhen } from './react.tsx';
import {
  initialTopicState,
  reduceDelta,
  reduceSnap,
  reduceStatus,
  type TopicState,
  type TopicView,
} from './topicState.ts';
import { createTopicStore } from './topicStore.ts';

const TOPIC = 'odds/1/hdpou/live';

function odds(id: string, matchId: number, prices: number[], status: MarketOdds['status'] = 0): MarketOdds {
  return { id, matchId, betType: 'HDP', line: 0.5, status, prices, labels: null };
}

/** Three matches in two leagues, two odds rows each. */
function baseModel(): MarketModel {
  const m = emptyMarketModel();
  const match = (id: number, leagueId: number) => ({
    id,
    leagueId,
    home: `H${id}`,
    away: `A${id}`,
    type: 2,
    status: 0,
    sportId: 1,
    live: 1,
    parlay: 1,
    kickoff: 1763798400000,
    neutral: 0,
    tv: 0,
    liveState: [0, 0, 1, 600, 0, 0],
    childLabel: '',
  });
  const league = (id: number) => ({
    id,
    sportId: 1,
    name: `L${id}`,
    flag: 1,
    code: 0,
    sortOrder: id,
    country: '',
  });
  return {
    ...m,
    league: { '1': league(1), '2': league(2) },
    match: { '11': match(11, 1), '12': match(12, 1), '21': match(21, 2) },
    odds: {
      '11-HDP-0': odds('11-HDP-0', 11, [1.9, 1.95]),
      '11-OU-0': odds('11-OU-0', 11, [1.8, 2.0]),
      '12-HDP-0': odds('12-HDP-0', 12, [1.7, 2.1]),
      '12-OU-0': odds('12-OU-0', 12, [1.85, 1.95]),
      '21-HDP-0': odds('21-HDP-0', 21, [2.0, 1.8]),
      '21-OU-0': odds('21-OU-0', 21, [1.9, 1.9]),
    },
    live: [11, 12, 21],
  } as unknown as MarketModel;
}

/** A topic fed with real snap/delta frames through the stream's reducers. */
function fakeTopic(initial: Model) {
  let state: TopicState = initialTopicState(TOPIC);
  let seq = 1;
  const subject = new BehaviorSubject<TopicView>(state.view);
  let subscriptions = 0;
  let active = 0;
  const push = (next: TopicState) => {
    state = next;
    subject.next(state.view);
  };
  const snap = (model: Model) => {
    const r = reduceSnap(state, {
      t: 'snap',
      topic: TOPIC,
      epoch: 'e',
      seq,
      hash: stateHash(model),
      pt: 1,
      data: model as never,
    });
    expect(r.resync).toBeNull();
    push(r.state);
  };
  snap(initial);
  // The part of OddsStream the store reads, counting subscriptions to the topic.
  const stream = {
    topic: () =>
      new Observable<TopicView>((subscriber) => {
        subscriptions++;
        active++;
        const inner = subject.subscribe((v) => subscriber.next(v));
        return () => {
          active--;
          inner.unsubscribe();
        };
      }),
    peek: () => state.view,
  } as unknown as OddsStream;
  return {
    stream,
    get model() {
      return state.view.model as Model;
    },
    get subscriptions() {
      return subscriptions;
    },
    get active() {
      return active;
    },
    snap,
    /** Sends the delta from the current model to `next`, returning its ops. */
    moveTo(next: Model): Delta {
      const ops = diffModel(state.view.model as Model, next);
      seq++;
      const r = reduceDelta(state, { t: 'delta', topic: TOPIC, seq, hash: stateHash(next), pt: 1, ops });
      expect(r.resync).toBeNull();
      push(r.state);
      return ops;
    },
    stale(stale: boolean) {
      push(
        reduceStatus(state, {
          t: 'status',
          topic: TOPIC,
          stale,
          since: stale ? '2026-01-01T00:00:00Z' : '2026-01-01T00:00:05Z',
        }),
      );
    },
    /** Publishes a view as if a frame had been lost in between (changes from another model). */
    skipAhead(next: Model) {
      const ops = diffModel(state.view.model as Model, next);
      const changes = deltaChanges(baseModel(), ops);
      push({ ...state, view: { ...state.view, model: next as never, changes } });
    },
  };
}

function withPrice(model: MarketModel, id: string, index: number, price: number): MarketModel {
  const o = model.odds[id] as MarketOdds;
  const prices = [...o.prices];
  prices[index] = price;
  return { ...model, odds: { ...model.odds, [id]: { ...o, prices } } };
}

/** Listeners on every odds and match key; returns the keys notified since the last call. */
function watchAll(store: ReturnType<typeof createTopicStore>, model: MarketModel) {
  const notified: string[] = [];
  const stops: (() => void)[] = [];
  for (const id of Object.keys(model.odds))
    stops.push(store.watchEntity('odds', id, () => notified.push(`odds/${id}`)));
  for (const id of Object.keys(model.match))
    stops.push(store.watchEntity('match', id, () => notified.push(`match/${id}`)));
  return {
    take() {
      const out = [...notified].sort();
      notified.length = 0;
      return out;
    },
    stop() {
      for (const s of stops) s();
    },
  };
}

describe('topic store change notification', () => {
  it('a price delta notifies only the listeners of that odds key', () => {
    const model = baseModel();
    const topic = fakeTopic(model);
    const store = createTopicStore(topic.stream, TOPIC);
    const cells = watchAll(store, model);
    const changes: unknown[] = [];
    store.watchChanges((c) => changes.push(c));
    topic.moveTo(withPrice(model, '12-OU-0', 1, 1.97));
    expect(cells.take()).toEqual(['odds/12-OU-0']);
    expect(store.entity<MarketOdds>('odds', '12-OU-0')?.prices).toEqual([1.85, 1.97]);
    expect(changes).toHaveLength(1);
    expect(boardStructureChanged(changes[0] as never)).toBe(false);
  });

  it('two listeners of one key are both notified; a listener that left is not', () => {
    const model = baseModel();
    const topic = fakeTopic(model);
    const store = createTopicStore(topic.stream, TOPIC);
    const calls = { a: 0, b: 0 };
    store.watchEntity('odds', '11-HDP-0', () => calls.a++);
    const stopB = store.watchEntity('odds', '11-HDP-0', () => calls.b++);
    topic.moveTo(withPrice(model, '11-HDP-0', 0, 1.91));
    stopB();
    topic.moveTo(withPrice(topic.model as MarketModel, '11-HDP-0', 0, 1.92));
    expect(calls).toEqual({ a: 2, b: 1 });
  });

  it('for random price and status moves, notifies exactly the entities whose object changed', () => {
    const ids = Object.keys(baseModel().odds);
    const move = fc.record({
      id: fc.constantFrom(...ids),
      index: fc.constantFrom(0, 1),
      price: fc.integer({ min: 101, max: 500 }).map((n) => n / 100),
      status: fc.constantFrom(0, 0, 5),
    });
    fc.assert(
      fc.property(fc.array(fc.array(move, { maxLength: 6 }), { minLength: 1, maxLength: 5 }), (deltas) => {
        const first = baseModel();
        const topic = fakeTopic(first);
        const store = createTopicStore(topic.stream, TOPIC);
        const cells = watchAll(store, first);
        for (const moves of deltas) {
          const before = topic.model as MarketModel;
          let next = before;
          for (const m of moves) {
            next = withPrice(next, m.id, m.index, m.price);
            const o = next.odds[m.id] as MarketOdds;
            next = { ...next, odds: { ...next.odds, [m.id]: { ...o, status: m.status } } };
          }
          topic.moveTo(next);
          const after = topic.model as MarketModel;
          const changed = ids.filter((id) => after.odds[id] !== before.odds[id]).map((id) => `odds/${id}`);
          expect(cells.take()).toEqual(changed.sort());
        }
        cells.stop();
      }),
      { numRuns: 300 },
    );
  });

  it('a snapshot, or a view that does not follow the last model seen, notifies every listener', () => {
    const model = baseModel();
    const topic = fakeTopic(model);
    const store = createTopicStore(topic.stream, TOPIC);
    const cells = watchAll(store, model);
    const all = cells.take();
    expect(all).toEqual([]);
    topic.snap(withPrice(model, '11-HDP-0', 0, 1.5));
    expect(cells.take()).toHaveLength(Object.keys(model.odds).length + Object.keys(model.match).length);
    topic.skipAhead(withPrice(topic.model as MarketModel, '21-OU-0', 0, 1.5));
    expect(cells.take()).toHaveLength(Object.keys(model.odds).length + Object.keys(model.match).length);
  });

  it('a stale status notifies view listeners and no entity', () => {
    const model = baseModel();
    const topic = fakeTopic(model);
    const store = createTopicStore(topic.stream, TOPIC);
    const cells = watchAll(store, model);
    let views = 0;
    store.watchView(() => views++);
    const before = views;
    topic.stale(true);
    expect(views).toBe(before + 1);
    expect(store.view()?.stale).toBe(true);
    expect(cells.take()).toEqual([]);
  });

  it('a goal notifies the match row, not its prices, and is not a structure change', () => {
    const model = baseModel();
    const topic = fakeTopic(model);
    const store = createTopicStore(topic.stream, TOPIC);
    const cells = watchAll(store, model);
    const seen: boolean[] = [];
    store.watchChanges((c) => seen.push(c !== null && boardStructureChanged(c)));
    const m = model.match['21'] as MarketModel['match'][string];
    topic.moveTo({ ...model, match: { ...model.match, '21': { ...m, liveState: [1, 0, 1, 900, 0, 0] } } });
    expect(cells.take()).toEqual(['match/21']);
    expect(seen).toEqual([false]);
  });

  it('holds one stream subscription for all its listeners and releases it after the last leaves', async () => {
    const topic = fakeTopic(baseModel());
    const store = createTopicStore(topic.stream, TOPIC);
    const stops = [
      store.watchEntity('odds', '11-HDP-0', () => {}),
      store.watchEntity('odds', '12-HDP-0', () => {}),
      store.watchView(() => {}),
    ];
    expect(topic.subscriptions).toBe(1);
    for (const s of stops) s();
    // A listener arriving in the same task (the next page's cells) keeps the subscription.
    const again = store.watchEntity('odds', '21-HDP-0', () => {});
    await Promise.resolve();
    expect(topic.active).toBe(1);
    again();
    await Promise.resolve();
    expect(topic.active).toBe(0);
    expect(topic.subscriptions).toBe(1);
  });
});

describe('board structure changes', () => {
  const model = baseModel();
  const changed = (next: MarketModel) => boardStructureChanged(deltaChanges(model, diffModel(model, next)));
  const match = model.match['11'] as MarketModel['match'][string];

  it('price, status, score and clock moves are not structure', () => {
    expect(changed(withPrice(model, '11-HDP-0', 0, 1.99))).toBe(false);
    const o = model.odds['11-OU-0'] as MarketOdds;
    expect(changed({ ...model, odds: { ...model.odds, '11-OU-0': { ...o, status: 5 } } })).toBe(false);
    expect(
      changed({
        ...model,
        match: { ...model.match, '11': { ...match, status: 5, liveState: [1, 1, 2, 60, 0, 0] } },
      }),
    ).toBe(false);
  });

  it('lists, leagues, new or removed matches and odds, and a match changing league, kickoff or parlay are', () => {
    expect(changed({ ...model, live: [12, 11, 21] })).toBe(true);
    const league = model.league['2'] as MarketModel['league'][string];
    expect(changed({ ...model, league: { ...model.league, '2': { ...league, name: 'Renamed' } } })).toBe(
      true,
    );
    const { '12-OU-0': _, ...fewer } = model.odds;
    expect(changed({ ...model, odds: fewer })).toBe(true);
    expect(changed({ ...model, odds: { ...model.odds, '11-OE-0': odds('11-OE-0', 11, [1.9, 1.9]) } })).toBe(
      true,
    );
    for (const patch of [
      { leagueId: 2 },
      { kickoff: 1763802000000 },
      { parlay: 0 },
    ] as Partial<MarketMatch>[])
      expect(changed({ ...model, match: { ...model.match, '11': { ...match, ...patch } } })).toBe(true);
  });
});

describe('React hooks over the store', () => {
  it('useTopicEntity re-renders only the cell whose odds moved; useTopicModelWhen keeps its model over price moves', () => {
    const model = baseModel();
    const topic = fakeTopic(model);
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(StreamProvider, { value: topic.stream }, children);
    const renders = { a: 0, b: 0, structure: 0 };
    const a = renderHook(
      () => {
        renders.a++;
        return useTopicEntity<MarketOdds>(TOPIC, 'odds', '11-HDP-0');
      },
      { wrapper },
    );
    renderHook(
      () => {
        renders.b++;
        return useTopicEntity<MarketOdds>(TOPIC, 'odds', '21-OU-0');
      },
      { wrapper },
    );
    const s = renderHook(
      () => {
        renders.structure++;
        return useTopicModelWhen<MarketModel>(TOPIC, boardStructureChanged);
      },
      { wrapper },
    );
    const firstStructure = s.result.current;
    const start = { ...renders };
    act(() => {
      topic.moveTo(withPrice(model, '11-HDP-0', 1, 1.99));
    });
    expect(a.result.current?.prices).toEqual([1.9, 1.99]);
    expect(renders.a).toBe(start.a + 1);
    expect(renders.b).toBe(start.b);
    expect(s.result.current).toBe(firstStructure);
    expect(renders.structure).toBe(start.structure);
    act(() => {
      topic.moveTo({ ...(topic.model as MarketModel), live: [21, 11, 12] });
    });
    expect(s.result.current?.live).toEqual([21, 11, 12]);
    expect(renders.b).toBe(start.b);
  });
});
