/**
 * React access to the tab's one odds stream. Components read narrow slices with
 * `useTopicSelector`: a cell selects its odds entity, which `applyDelta` keeps by identity while it
 * does not change, so only the cells whose price moved re-render.
 */
import type { Model } from '@sportsbook/protocol';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  type Credentials,
  createOddsStream,
  type Indicator,
  type OddsStream,
  type WebSocketConstructor,
} from './oddsStream.ts';
import { initialTopicState, type TopicView } from './topicState.ts';

const StreamContext = createContext<OddsStream | null>(null);

export function gatewayWsUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Opens the stream for the logged-in player and closes it when they leave or log out. */
export function OddsStreamProvider({
  credentials,
  children,
}: {
  credentials: Credentials | null;
  children: ReactNode;
}) {
  const [stream, setStream] = useState<OddsStream | null>(null);
  const accountId = credentials?.account_id ?? null;
  const token = credentials?.session_token ?? null;
  useEffect(() => {
    if (accountId === null || token === null) return;
    const s = createOddsStream({
      url: gatewayWsUrl(),
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      credentials: () => ({ account_id: accountId, session_token: token }),
    });
    setStream(s);
    return () => {
      s.close();
      setStream(null);
    };
  }, [accountId, token]);
  return <StreamContext.Provider value={stream}>{children}</StreamContext.Provider>;
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
