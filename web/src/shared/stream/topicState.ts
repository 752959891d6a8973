/**
 * One topic's client-side state and the pure rule that moves it on each frame (protocol/WIRE.md):
 * a snapshot starts a hasher, a delta must apply on the seq we hold (else a gap), and after every
 * frame the hasher's value must equal the frame's hash (else our model is not the server's). The
 * socket layer (oddsStream.ts) acts on the outcome: resume on a gap, fresh snapshot on a mismatch.
 *
 * A snapshot is shown before its own hash is computed: the hasher starts at the frame's hash, each
 * delta is checked against it (a touched entity's old hash is computed when first touched), and
 * `reduceVerify` hashes the whole snapshot later (the socket layer runs it when the page is idle).
 * A wrong snapshot is then dropped as a mismatch, as if it had failed on arrival. Hashing a board's
 * snapshot on arrival was a large part of the task that first renders it.
 */
import {
  createHasher,
  type DeltaFrame,
  type Model,
  type SnapFrame,
  type StatusFrame,
  type VerifiableHasher,
} from '@sportsbook/protocol';
import { deltaChanges, type ModelChanges } from './changes.ts';

/** What a component sees of a topic. A new object per applied frame; `model` shares structure. */
export interface TopicView<M extends Model = Model> {
  readonly topic: string;
  /** null until the first snapshot. */
  readonly model: M | null;
  readonly epoch: string | null;
  readonly seq: number | null;
  readonly hash: string | null;
  /** The gateway said the upstream of this topic is failing (status frame). */
  readonly stale: boolean;
  readonly staleSince: string | null;
  /** Gateway publish time of the last applied frame (ms since the epoch). */
  readonly pt: number | null;
  /** A gap or hash mismatch was seen and a resubscription is on its way. */
  readonly resyncing: boolean;
  /** The gateway refused the topic (badTopic, topicUnavailable...): the err frame's code. */
  readonly error: string | null;
  /**
   * What the last applied delta changed (`changes.from` is the model before it); null after a
   * snapshot, when everything may have changed.
   */
  readonly changes: ModelChanges | null;
}

export interface TopicState<M extends Model = Model> {
  readonly view: TopicView<M>;
  /**
   * Holds the model and its incremental hash; null until a snapshot came (its own hash may still be
   * `pending`: reduceVerify computes it, and a mismatch then drops it).
   */
  readonly hasher: VerifiableHasher | null;
}

export type Resync = 'gap' | 'hash';

export interface Reduced<M extends Model = Model> {
  readonly state: TopicState<M>;
  /** When set, the caller resubscribes: `gap` resumes from `view.seq`, `hash` asks for a fresh snapshot. */
  readonly resync: Resync | null;
}

export function initialTopicState<M extends Model = Model>(topic: string): TopicState<M> {
  return {
    hasher: null,
    view: {
      topic,
      model: null,
      epoch: null,
      seq: null,
      hash: null,
      stale: false,
      staleSince: null,
      pt: null,
      resyncing: false,
      error: null,
      changes: null,
    },
  };
}

/** The resume point to send with `sub`, when we hold a verified model. */
export function resumePoint(state: TopicState): { epoch: string; seq: number } | undefined {
  const { epoch, seq } = state.view;
  return state.hasher !== null && epoch !== null && seq !== null ? { epoch, seq } : undefined;
}

function needsResync<M extends Model>(state: TopicState<M>, resync: Resync): Reduced<M> {
  // A hash mismatch means the model is wrong: drop it so the next `sub` carries no `from`.
  const hasher = resync === 'hash' ? null : state.hasher;
  return { state: { hasher, view: { ...state.view, resyncing: true } }, resync };
}

/** A frame that matched its hash: the view moves to it and any pending resync is over. */
function verified<M extends Model>(
  state: TopicState<M>,
  hasher: VerifiableHasher,
  model: M,
  frame: SnapFrame | DeltaFrame,
  more: Partial<TopicView<M>>,
): Reduced<M> {
  const view = { ...state.view, model, seq: frame.seq, hash: frame.hash, pt: frame.pt, resyncing: false };
  return { resync: null, state: { hasher, view: { ...view, ...more } } };
}

export function reduceSnap<M extends Model>(state: TopicState<M>, frame: SnapFrame): Reduced<M> {
  const model = frame.data as unknown as M;
  // Hashed later (reduceVerify); a hash that is not 16 hex digits is hashed now and fails here.
  const hasher = createHasher(model, frame.hash);
  if (hasher.value !== frame.hash) return needsResync({ ...state, hasher: null }, 'hash');
  return verified(state, hasher, model, frame, { epoch: frame.epoch, error: null, changes: null });
}

/** True when the topic holds a snapshot whose own hash has not been computed yet. */
export function verifyPending(state: TopicState): boolean {
  return state.hasher?.pending === true;
}

/**
 * Computes the hash of the snapshot the topic holds (and of the deltas applied since): a mismatch
 * drops the model and asks for a fresh snapshot, as a frame that failed its hash does.
 */
export function reduceVerify<M extends Model>(state: TopicState<M>): Reduced<M> {
  if (state.hasher === null || state.hasher.verify()) return { state, resync: null };
  return needsResync(state, 'hash');
}

export function reduceDelta<M extends Model>(state: TopicState<M>, frame: DeltaFrame): Reduced<M> {
  const { hasher } = state;
  // Deltas that arrive while a resubscription is pending belong to the old stream position.
  if (hasher === null || state.view.seq === null) return { state, resync: null };
  // A delta we already hold (a replay overlapping what arrived before the resubscription).
  if (frame.seq <= state.view.seq) return { state, resync: null };
  const base = frame.prev ?? frame.seq - 1;
  if (base !== state.view.seq) {
    // Already resent: the replay's first delta brings us back in line; anything else waits.
    if (state.view.resyncing) return { state, resync: null };
    return needsResync(state, 'gap');
  }
  const before = hasher.model;
  const model = hasher.apply(frame.ops) as M;
  if (hasher.value !== frame.hash) return needsResync(state, 'hash');
  return verified(state, hasher, model, frame, { changes: deltaChanges(before, frame.ops) });
}

export function reduceStatus<M extends Model>(state: TopicState<M>, frame: StatusFrame): TopicState<M> {
  if (state.view.stale === frame.stale && state.view.staleSince === frame.since) return state;
  return { ...state, view: { ...state.view, stale: frame.stale, staleSince: frame.since } };
}

/**
 * A heartbeat lists the seq the gateway last sent on each topic: a topic of ours whose seq is
 * behind it lost a delta silently.
 */
export function heartbeatGap(state: TopicState, serverSeq: number | undefined): boolean {
  return (
    serverSeq !== undefined &&
    state.hasher !== null &&
    state.view.seq !== null &&
    !state.view.resyncing &&
    serverSeq > state.view.seq
  );
}
