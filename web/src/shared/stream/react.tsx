/**
 * React access to the tab's one odds stream. Components read narrow slices with
 * `useTopicSelector`: a cell selects its odds entity, which `applyDelta` keeps by identity while it
 * does not change, so only the cells whose price moved re-render.
 */
import { CloseCode, type Model } from '@sportsbook/protocol';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { sessionChannel } from '../sessionChannel.ts';
import type { ModelChanges } from './changes.ts';
import {
  type Credentials,
  createOddsStream,
  type Indicator,
  type OddsStream,
  type WebSocketConstructor,
} from './oddsStream.ts';
import { PriceHoldContext } from './priceHold.ts';
import { initialTopicState, type TopicView } from './topicState.ts';
import { type TopicStore, topicStore } from './topicStore.ts';

const StreamContext = createContext<OddsStream | null>(null);

export function gatewayWsUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * Opens the stream for the logged-in player and closes it when they leave or log out. The gateway's
 * 4401 (the session is gone) logs out this window and every other one (shared/sessionChannel.ts).
 */
export function OddsStreamProvider({
  credentials,
  children,
}: {
  credentials: Credentials | null;
  children: ReactNode;
}) {
  // A provider inside another (a page under the layout's) shares the outer stream: one socket per tab.
  const outer = useContext(StreamContext);
  const [stream, setStream] = useState<OddsStream | null>(null);
  const accountId = credentials?.account_id ?? null;
  const token = credentials?.session_token ?? null;
  useEffect(() => {
    if (outer !== null || accountId === null || token === null) return;
    const s = createOddsStream({
      url: gatewayWsUrl(),
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      credentials: () => ({ account_id: accountId, session_token: token }),
    });
    setStream(s);
    const refused = s.connection$.subscribe(({ status, lastClose }) => {
      if (status === 'unauthorized' && lastClose === CloseCode.badSession) {
        sessionChannel().post({ type: 'logout', code: 'invalidSession' }, { self: true });
      }
    });
    return () => {
      refused.unsubscribe();
      s.close();
      setStream(null);
    };
  }, [outer, accountId, token]);
  return <StreamContext.Provider value={outer ?? stream}>{children}</StreamContext.Provider>;
}

/** For tests and the benchmark: a given stream. */
export const StreamProvider = StreamContext.Provider;

export function useOddsStream(): OddsStream | null {
  return useContext(StreamContext);
}

const emptyViews = new Map<string, TopicView>();
function emptyView(topic: string): TopicView {
  let view = emptyViews.get(topic);
  if (!view) {
    view = initialTopicState(topic).view;
    emptyViews.set(topic, view);
  }
  return view;
}

/**
 * A slice of a topic's view. `isEqual` decides whether a new slice differs (default identity);
 * the component re-renders only when it does.
 */
export function useTopicSelector<M extends Model, T>(
  topic: string | null,
  selector: (view: TopicView<M>) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const stream = useOddsStream();
  const selected = useRef<{ view: TopicView | null; value: T } | null>(null);
  const selectorRef = useRef(selector);
  selectorRef.current = selector;
  const subscribe = (notify: () => void) => {
    if (!stream || topic === null) return () => {};
    const sub = stream.topic(topic).subscribe(notify);
    return () => sub.unsubscribe();
  };
  const getSnapshot = (): T => {
    const view = (topic !== null && stream?.peek(topic)) || emptyView(topic ?? '');
    const last = selected.current;
    if (last && last.view === view) return last.value;
    const value = selectorRef.current(view as TopicView<M>);
    if (last && isEqual(last.value, value)) {
      selected.current = { view, value: last.value };
      return last.value;
    }
    selected.current = { view, value };
    return value;
  };
  // A new subscribe function per render would resubscribe each time: keep one per stream and topic.
  const subscribeStable = useStable(subscribe, [stream, topic]);
  return useSyncExternalStore(subscribeStable, getSnapshot, getSnapshot);
}

function useStable<F>(fn: F, deps: unknown[]): F {
  const ref = useRef<{ deps: unknown[]; fn: F } | null>(null);
  if (!ref.current || ref.current.deps.some((d, i) => d !== deps[i])) ref.current = { deps, fn };
  return ref.current.fn;
}

/** The shared store of a topic (null without a stream or topic). */
export function useTopicStore(topic: string | null): TopicStore | null {
  const stream = useOddsStream();
  return stream && topic !== null ? topicStore(stream, topic) : null;
}

const noSubscription = () => () => {};

/**
 * One entity of a topic's model (`model[coll][key]`), re-rendering only when a delta touches that
 * key: the subscription lives in the topic's per-key registry, and the snapshot is a map lookup.
 * Under a `PriceHoldContext` hold (auto-refresh off) a held collection's entity stays as first shown.
 */
export function useTopicEntity<E>(topic: string | null, coll: string, key: string): E | undefined {
  const store = useTopicStore(topic);
  const subscribe = useStable(
    store ? (notify: () => void) => store.watchEntity(coll, key, notify) : noSubscription,
    [store, coll, key],
  );
  // Auto-refresh off (priceHold.ts): a held collection shows the entity as first shown.
  const hold = useContext(PriceHoldContext);
  const getSnapshot = () => {
    const live = store?.entity<E>(coll, key);
    return hold !== null && topic !== null ? hold.entity(topic, coll, key, live) : live;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * The topic's model as of the last change that `relevant` accepts (or a snapshot): a value whose
 * identity moves only then, to memoize views of the structure (league grouping, the odds index)
 * across price-only deltas. `relevant` must not change meaning between renders.
 */
export function useTopicModelWhen<M extends Model>(
  topic: string | null,
  relevant: (changes: ModelChanges) => boolean,
): M | null {
  const store = useTopicStore(topic);
  // seen: the last model this hook looked at; kept: the model returned (last relevant change).
  const state = useRef<{ store: TopicStore | null; seen: Model | null; kept: Model | null } | null>(null);
  const relevantRef = useRef(relevant);
  relevantRef.current = relevant;
  const subscribe = useStable(
    store
      ? (notify: () => void) =>
          store.watchChanges((changes, model) => {
            const s = state.current;
            if (s === null || s.store !== store) return notify();
            const missed = changes === null || changes.from !== s.seen;
            if (missed || relevantRef.current(changes)) s.kept = model;
            s.seen = model;
            notify();
          })
      : noSubscription,
    [store],
  );
  const getSnapshot = (): M | null => {
    const model = store?.model() ?? null;
    const s = state.current;
    // A model we have not followed (first render, a new topic, a change before we subscribed).
    if (s === null || s.store !== store || s.seen !== model) {
      state.current = { store, seen: model, kept: model };
      return model as M | null;
    }
    return s.kept as M | null;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export function useIndicator(): Indicator {
  const stream = useOddsStream();
  const [indicator, setIndicator] = useState<Indicator>('reconnecting');
  useEffect(() => {
    if (!stream) return;
    const sub = stream.indicator$.subscribe(setIndicator);
    return () => sub.unsubscribe();
  }, [stream]);
  return indicator;
}

/** What a page that shows a topic reads (`useTopicView`). */
export interface TopicViewState<T> {
  /** The selected model (the model itself without a selector); null until the first snapshot. */
  readonly model: T | null;
  /** The gateway says the topic's upstream is failing: show the last data, marked as old. */
  readonly stale: boolean;
  /** The gateway refused the topic (the err frame's code), e.g. `unknownTopic`. */
  readonly error: string | null;
  /** Gateway publish time of the last frame (ms since the epoch): with an upstream `now` in the model, the upstream clock's offset. */
  readonly pt: number | null;
}

/**
 * The one pattern for a page that shows a topic (README "Pages that show a topic"): subscribes to
 * `topic` on the tab's stream while mounted (null: nothing) and returns `{model, stale, error, pt}`.
 * `select` turns the keyed model into what the page draws (e.g. protocol's `lotteryDrawsOf`); it
 * runs once per new model, and the page re-renders only when the selected value, `stale` or `error`
 * change. No timers: the gateway pushes each change; a countdown may tick on screen on its own.
 */
export function useTopicView<M extends Model, T = M>(
  topic: string | null,
  select?: (model: M) => T | null,
): TopicViewState<T> {
  const selectRef = useRef(select);
  selectRef.current = select;
  const memo = useRef<{ model: M | null; value: T | null } | null>(null);
  const pick = (view: TopicView<M>): TopicViewState<T> => {
    const model = view.model;
    let value: T | null;
    if (memo.current && memo.current.model === model) value = memo.current.value;
    else {
      const fn = selectRef.current;
      value = model === null ? null : fn ? fn(model) : (model as unknown as T);
      memo.current = { model, value };
    }
    return { model: value, stale: view.stale, error: view.error, pt: view.pt };
  };
  return useTopicSelector<M, TopicViewState<T>>(
    topic,
    pick,
    (a, b) => a.model === b.model && a.stale === b.stale && a.error === b.error && a.pt === b.pt,
  );
}
