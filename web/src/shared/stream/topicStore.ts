/**
 * One subscription per topic for all the components that read it, with a per-entity listener
 * registry: each applied delta notifies only the listeners of the entities its ops touched
 * (`view.changes`, changes.ts), so a price tick costs O(changed entities), not O(mounted cells).
 * A snapshot, or a view whose changes do not start from the model we last saw, notifies everyone.
 *
 * Stores are shared per stream and topic (`topicStore(stream, topic)`, kept for the stream's life:
 * a tab visits a few dozen topics at most) and reference counted: the first listener subscribes the
 * topic, the last one leaving releases it a microtask later, so a React commit that unmounts one
 * page of cells and mounts the next does not unsub/sub the topic on the gateway.
 */
import type { Model } from '@sportsbook/protocol';
import type { Subscription } from 'rxjs';
import type { ModelChanges } from './changes.ts';
import type { OddsStream } from './oddsStream.ts';
import type { TopicView } from './topicState.ts';

export type Listener = () => void;
/** Called on every new model with its changes; null when everything may have changed. */
export type ChangeListener = (changes: ModelChanges | null, model: Model | null) => void;

export interface TopicStore {
  readonly topic: string;
  /** The current view (the stream's, when this store holds no subscription yet). */
  view(): TopicView | undefined;
  model(): Model | null;
  /** One entity's value, O(1): `model()[coll][key]`. */
  entity<E = unknown>(coll: string, key: string): E | undefined;
  /** Notified when a delta touches `coll/key`, or on a snapshot. Returns the unsubscribe. */
  watchEntity(coll: string, key: string, listener: Listener): () => void;
  /** Notified on every model change. */
  watchChanges(listener: ChangeListener): () => void;
  /** Notified on every new view (status, stale flag, model). */
  watchView(listener: Listener): () => void;
}

const stores = new WeakMap<OddsStream, Map<string, TopicStore>>();

export function topicStore(stream: OddsStream, topic: string): TopicStore {
  let byTopic = stores.get(stream);
  if (!byTopic) {
    byTopic = new Map();
    stores.set(stream, byTopic);
  }
  let store = byTopic.get(topic);
  if (!store) {
    store = createTopicStore(stream, topic);
    byTopic.set(topic, store);
  }
  return store;
}

function call(listener: Listener): void {
  listener();
}

export function createTopicStore(stream: OddsStream, topic: string): TopicStore {
  const entityListeners = new Map<string, Map<string, Set<Listener>>>();
  const changeListeners = new Set<ChangeListener>();
  const viewListeners = new Set<Listener>();
  let refs = 0;
  let subscription: Subscription | null = null;
  let current: TopicView | undefined;

  const notifyAllEntities = () => {
    for (const byKey of entityListeners.values())
      for (const set of byKey.values()) for (const l of [...set]) l();
  };

  const onView = (next: TopicView) => {
    const before = current?.model ?? null;
    current = next;
    const model = next.model;
    if (model !== before) {
      const changes =
        next.changes !== null && before !== null && next.changes.from === before ? next.changes : null;
      if (changes === null) notifyAllEntities();
      else {
        for (const [coll, keys] of changes.entities) {
          const byKey = entityListeners.get(coll);
          if (!byKey) continue;
          for (const key of keys) {
            const set = byKey.get(key);
            if (set) set.forEach(call);
          }
        }
      }
      for (const l of [...changeListeners]) l(changes, model);
    }
    viewListeners.forEach(call);
  };

  const retain = () => {
    refs++;
    if (subscription !== null) return;
    // What getSnapshot read so far: the subscription's first (current) view is then no change.
    current = stream.peek(topic);
    subscription = stream.topic(topic).subscribe(onView);
  };
  const release = () => {
    refs--;
    if (refs > 0) return;
    queueMicrotask(() => {
      if (refs > 0 || subscription === null) return;
      subscription.unsubscribe();
      subscription = null;
      current = undefined;
    });
  };

  const view = () => current ?? stream.peek(topic);
  const model = () => view()?.model ?? null;

  return {
    topic,
    view,
    model,
    entity<E>(coll: string, key: string) {
      const c = model()?.[coll];
      return c === undefined || Array.isArray(c)
        ? undefined
        : ((c as Record<string, unknown>)[key] as E | undefined);
    },
    watchEntity(coll, key, listener) {
      let byKey = entityListeners.get(coll);
      if (!byKey) {
        byKey = new Map();
        entityListeners.set(coll, byKey);
      }
      let set = byKey.get(key);
      if (!set) {
        set = new Set();
        byKey.set(key, set);
      }
      set.add(listener);
      retain();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const s = entityListeners.get(coll)?.get(key);
        s?.delete(listener);
        if (s?.size === 0) entityListeners.get(coll)?.delete(key);
        release();
      };
    },
    watchChanges(listener) {
      changeListeners.add(listener);
      retain();
      return () => {
        if (changeListeners.delete(listener)) release();
      };
    },
    watchView(listener) {
      viewListeners.add(listener);
      retain();
      return () => {
        if (viewListeners.delete(listener)) release();
      };
    },
  };
}
