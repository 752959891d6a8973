/**
 * The one place a topic moves forward: a freshly polled model is diffed against the head, hashed
 * incrementally, given the next seq and encoded once. The in-process history (`TopicHistory`,
 * topic.ts) and the cluster's leader (`ClusterTopic`, cluster/topic.ts) both call `advance`; what
 * they do with the result differs (ring and fan-out here, a fenced Redis write there).
 */
import {
  createHasher,
  type DeltaFrame,
  diffModel,
  encodeServerFrame,
  type Model,
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
}

export type Advance =
  /** The head had no state: `model` is the first snapshot, at the head's seq. */
  | { readonly kind: 'first'; readonly hash: string }
  /** Nothing changed. */
  | { readonly kind: 'same' }
  /** The next seq: the delta frame encoded once, as text (for Redis) and bytes (for sockets). */
  | { readonly kind: 'delta'; readonly delta: EncodedDelta; readonly text: string; readonly hash: string };

export function newHead(topic: string, epoch: string): Head {
  return { topic, epoch, seq: 0, hasher: undefined };
}

/** Moves `head` to `model` (polled at `pt`) and says what that was. */
export function advance(head: Head, model: Model, pt: number): Advance {
  if (head.hasher === undefined) {
    head.hasher = createHasher(model);
    return { kind: 'first', hash: head.hasher.value };
  }
  const ops = diffModel(head.hasher.model, model);
  if (ops.length === 0) return { kind: 'same' };
  head.hasher.apply(ops, model);
  head.seq += 1;
  const hash = head.hasher.value;
  const frame: DeltaFrame = { t: 'delta', topic: head.topic, seq: head.seq, hash, pt, ops };
  const text = encodeServerFrame(frame);
  return { kind: 'delta', delta: { seq: head.seq, pt, ops, buf: Buffer.from(text) }, text, hash };
}
