/**
 * The one place a topic moves forward: a freshly polled model is diffed against the head, hashed
 * incrementally, given the next seq and encoded once. The in-process history (`TopicHistory`,
 * topic.ts) and the cluster's leader (`ClusterTopic`, cluster/topic.ts) both call `advance`; what
 * they do with the result differs (ring and fan-out here, a fenced Redis write there).
 */
import {
  anchorClocks,
  applyDelta,
  createHasher,
  type Delta,
  type DeltaFrame,
  diffModel,
  encodeServerFrame,
  hasClockAnchors,
  type Model,
  parseTopic,
  type StateHasher,
} from '@sportsbook/protocol';
import type { EncodedDelta } from './topic.ts';

/** Where a topic stands: the state the next poll is diffed against. */
export interface Head {
  readonly topic: string;
  epoch: string;
  /** Seq of the latest state (0 for the first snapshot). */
  seq: number;
  /** The latest state and its hash; undefined before the first snapshot. */
  hasher: StateHasher | undefined;
  /** The topic's models carry clock anchors (protocol clock.ts); decided on the first advance. */
  anchors?: boolean;
}

export type Advance =
  /** The head had no state: `model` is the first snapshot, at the head's seq. */
  | { readonly kind: 'first'; readonly hash: string; readonly model: Model }
  /** Nothing changed (`model`: the polled model with its anchors, equal to the head's). */
  | { readonly kind: 'same'; readonly model: Model }
  /**
   * The next seq: the delta frame encoded once, as text (for Redis) and bytes (for sockets).
   * `model` is the state now held: the polled model with its clock anchors when the topic has them.
   */
  | {
      readonly kind: 'delta';
      readonly delta: EncodedDelta;
      readonly text: string;
      readonly hash: string;
      readonly model: Model;
    };

/**
 * The head's model and its state hash, the hash kept only while someone reads it. A
 * market topic's own hash (the v1 view's, clock seconds included) moves for every running match
 * every second; with no v1 client on the node nobody reads it, so the in-process history calls
 * `rest()` and the head then only follows the model. Reading `value` again hashes the model once
 * (the same hash as the incremental one: `stateHash` of it) and keeps it incrementally from then on.
 * The cluster's leader and replicas read it at every step, so it never rests there.
 */
export class HeadHasher implements StateHasher {
  private inner: StateHasher | undefined;
  private current: Model;
  /** Full hashes computed (the first and one per wake-up): tests. */
  fullHashes = 0;

  constructor(model: Model) {
    this.current = model;
    this.inner = createHasher(model);
    this.fullHashes = 1;
  }

  get model(): Model {
    return this.inner?.model ?? this.current;
  }

  get value(): string {
    if (this.inner === undefined) {
      this.inner = createHasher(this.current);
      this.fullHashes++;
    }
    return this.inner.value;
  }

  /** Whether the hash is being kept (not resting). */
  get hashing(): boolean {
    return this.inner !== undefined;
  }

  apply(delta: Delta, next?: Model): Model {
    if (this.inner !== undefined) return this.inner.apply(delta, next);
    this.current = next ?? applyDelta(this.current, delta);
    return this.current;
  }

  /** Stops keeping the hash until it is read again. */
  rest(): void {
    if (this.inner === undefined) return;
    this.current = this.inner.model;
    this.inner = undefined;
  }
}

export function newHead(topic: string, epoch: string): Head {
  return { topic, epoch, seq: 0, hasher: undefined };
}

/** Whether a topic's models get clock anchors (market topics; protocol clock.ts). */
function anchorsOf(topic: string): boolean {
  const parsed = parseTopic(topic);
  return parsed.ok && hasClockAnchors(parsed.value);
}

/**
 * Moves `head` to `model` (polled at `pt`) and says what that was. A market topic's model gets
 * its clock anchors here (`anchorClocks`, against the head's previous anchors), so the in-process
 * history and the cluster's leader store, hash and publish the same anchored state.
 */
export function advance(head: Head, polled: Model, pt: number): Advance {
  head.anchors ??= anchorsOf(head.topic);
  let model = polled;
  // Also for a byte-identical reply (the poller's same model object): a clock that stalls upstream
  // stops here. Unchanged anchors are the same objects, so the diff skips them by identity.
  if (head.anchors) model = anchorClocks(polled, pt, head.hasher?.model);
  if (head.hasher === undefined) {
    head.hasher = new HeadHasher(model);
    return { kind: 'first', hash: head.hasher.value, model };
  }
  const ops = diffModel(head.hasher.model, model);
  if (ops.length === 0) return { kind: 'same', model };
  const hasher = head.hasher;
  hasher.apply(ops, model);
  head.seq += 1;
  const seq = head.seq;
  // A resting head (in-process market topic, no v1 client: HeadHasher) hashes only if someone asks,
  // and only while this is still the head's state; otherwise the hash is taken now.
  const resting = hasher instanceof HeadHasher && !hasher.hashing;
  let hash: string | undefined = resting ? undefined : hasher.value;
  const hashNow = () => {
    if (hash === undefined) {
      if (head.seq !== seq) throw new Error(`${head.topic}: the hash of seq ${seq} was not kept`);
      hash = hasher.value;
    }
    return hash;
  };
  // Encoded on first use, once: a market topic's sockets get its views' frames instead (topic.ts),
  // so in-process this frame is only encoded for the cluster's stream (`text`) or the recorder.
  let text: string | undefined;
  let buf: Buffer | undefined;
  const encode = () => {
    text ??= encodeServerFrame({
      t: 'delta',
      topic: head.topic,
      seq,
      hash: hashNow(),
      pt,
      ops,
    } satisfies DeltaFrame);
    return text;
  };
  const delta: EncodedDelta = {
    seq,
    pt,
    ops,
    get buf() {
      buf ??= Buffer.from(encode());
      return buf;
    },
  };
  return {
    kind: 'delta',
    delta,
    get text() {
      return encode();
    },
    get hash() {
      return hashNow();
    },
    model,
  };
}
