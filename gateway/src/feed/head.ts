/**
 * The one place a topic moves forward: a freshly polled model is diffed against the head, hashed
 * incrementally, given the next seq and encoded once. The in-process history (`TopicHistory`,
 * topic.ts) and the cluster's leader (`ClusterTopic`, cluster/topic.ts) both call `advance`; what
 * they do with the result differs (ring and fan-out here, a fenced Redis write there).
 */
import {
  anchorClocks,
  createHasher,
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
  /** Nothing changed. */
  | { readonly kind: 'same' }
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
    head.hasher = createHasher(model);
    return { kind: 'first', hash: head.hasher.value, model };
  }
  const ops = diffModel(head.hasher.model, model);
  if (ops.length === 0) return { kind: 'same' };
  head.hasher.apply(ops, model);
  head.seq += 1;
  const hash = head.hasher.value;
  const seq = head.seq;
  // Encoded on first use, once: a market topic's sockets get its views' frames instead (topic.ts),
  // so in-process this frame is only encoded for the cluster's stream (`text`) or the recorder.
  let text: string | undefined;
  let buf: Buffer | undefined;
  const encode = () => {
    text ??= encodeServerFrame({ t: 'delta', topic: head.topic, seq, hash, pt, ops } satisfies DeltaFrame);
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
    hash,
    model,
  };
}
