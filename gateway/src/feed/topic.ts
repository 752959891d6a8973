/**
 * A topic's history: the latest snapshot, its epoch and seq, the incremental state hash, a ring
 * buffer of recent deltas (bounded by count and age) and the stale flag. Frames are encoded once,
 * as Buffers, and the hub writes the same bytes to every subscriber.
 *
 * The read side (`TopicLog`, what the hub serves from) is `TopicState`, shared by both histories:
 * `TopicHistory` here (in-process: the poller writes, `advance` in head.ts computes each delta)
 * and `ReplicaHistory` (cluster/replica.ts: built from a Redis stream the topic's leader writes).
 * Which one a topic gets is the hub's `TopicSource` (source.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Delta, Model, SnapFrame, StatusFrame } from '@sportsbook/protocol';
import { advance, type Head, newHead } from './head.ts';
import { DeltaRing, encodeFrame as encode } from './ring.ts';

/** A frame encoded once: the bytes every subscriber gets. */
export interface EncodedFrame {
  readonly seq: number;
  readonly buf: Buffer;
}

export interface EncodedDelta extends EncodedFrame {
  readonly pt: number;
  readonly ops: Delta;
}

export interface StaleState {
  readonly stale: boolean;
  /** When the topic became stale (or recovered), ms since the epoch. */
  readonly since: number;
}

/** What the hub hears from a topic's history. */
export interface TopicListener {
  /** The first snapshot exists (subscribers waiting for it can be served). */
  onFirstSnapshot(log: TopicLog): void;
  onDelta(log: TopicLog, delta: EncodedDelta): void;
  onStatus(log: TopicLog, status: EncodedFrame): void;
  /**
   * The history jumped to another state (cluster: a new epoch, or a reload past a gap): every
   * subscriber is brought up to it. Never called before `onFirstSnapshot`.
   */
  onReset(log: TopicLog): void;
}

/** The read side of a topic's history. */
export interface TopicLog {
  readonly name: string;
  /** Random per history: a client's `from.epoch` must match it to resume. */
  readonly epoch: string;
  /** Seq of the latest state (0 for the first snapshot). */
  readonly seq: number;
  readonly hash: string;
  readonly hasSnapshot: boolean;
  readonly status: StaleState;
  /** The `snap` frame of the latest state, undefined before the first poll succeeded. */
  snapshot(): EncodedFrame | undefined;
  /** The buffered deltas after `seq` (empty when `seq` is current), undefined when not held. */
  replay(seq: number): readonly EncodedDelta[] | undefined;
  /**
   * One delta frame taking a client from `seq` to the latest (a `prev` delta), or undefined when
   * the buffer no longer holds it or it is not worth it (larger than a share of the snapshot).
   */
  conflated(seq: number, maxRatioOfSnapshot: number): EncodedFrame | undefined;
  /** The `status` frame of the current stale state. */
  statusFrame(): EncodedFrame;
}

/** The write side: only the topic's leader (the node whose poller owns the topic) calls it. */
export interface TopicWriter {
  /** A freshly normalized model from a poll, at publish time `pt`. Returns the delta if any. */
  publish(model: Model, pt: number): EncodedDelta | undefined;
  setStale(stale: boolean, at: number): void;
}

export interface RingBounds {
  maxCount: number;
  maxAgeMs: number;
}

/**
 * The read side both histories share: head, ring, and the snapshot and status frames, encoded on
 * first use and cached until the state moves. Subclasses move the head and call `pushed` /
 * `statusChanged` so subscribers hear of it.
 */
export abstract class TopicState implements TopicLog {
  protected readonly head: Head;
  protected lastPt = 0;
  protected readonly ring: DeltaRing;
  private snap: EncodedFrame | undefined;
  private statusCache: EncodedFrame | undefined;
  listener: TopicListener | undefined;

  constructor(
    readonly name: string,
    bounds: RingBounds,
    epoch: string,
  ) {
    this.head = newHead(name, epoch);
    this.ring = new DeltaRing(bounds);
  }

  get epoch(): string {
    return this.head.epoch;
  }

  get seq(): number {
    return this.head.seq;
  }

  get hash(): string {
    return this.head.hasher?.value ?? '';
  }

  get hasSnapshot(): boolean {
    return this.head.hasher !== undefined;
  }

  /** The latest model (tests and diagnostics). */
  get model(): Model | undefined {
    return this.head.hasher?.model;
  }

  /** How many deltas the ring holds (tests). */
  get buffered(): number {
    return this.ring.size;
  }

  abstract get status(): StaleState;

  /** The head moved to `delta` (already applied): keep it for resumes and fan it out. */
  protected pushed(delta: EncodedDelta, notify = true): void {
    this.lastPt = delta.pt;
    this.ring.push(delta);
    this.snap = undefined;
    if (notify) this.listener?.onDelta(this, delta);
  }

  /** The head was replaced (not moved by a delta): the cached snapshot no longer applies. */
  protected replaced(pt: number): void {
    this.lastPt = pt;
    this.snap = undefined;
  }

  /** `status` changed: a new status frame for every subscriber. */
  protected statusChanged(): void {
    this.statusCache = undefined;
    this.listener?.onStatus(this, this.statusFrame());
  }

  snapshot(): EncodedFrame | undefined {
    const hasher = this.head.hasher;
    if (hasher === undefined) return undefined;
    if (this.snap === undefined) {
      const frame: SnapFrame = {
        t: 'snap',
        topic: this.name,
        epoch: this.head.epoch,
        seq: this.head.seq,
        hash: hasher.value,
        pt: this.lastPt,
        data: hasher.model as SnapFrame['data'],
      };
      this.snap = { seq: this.head.seq, buf: encode(frame) };
    }
    return this.snap;
  }

  replay(seq: number): readonly EncodedDelta[] | undefined {
    if (this.head.hasher === undefined) return undefined;
    return this.ring.after(seq, this.head.seq);
  }

  conflated(seq: number, maxRatioOfSnapshot: number): EncodedFrame | undefined {
    return this.ring.conflated(this, this.lastPt, seq, maxRatioOfSnapshot);
  }

  statusFrame(): EncodedFrame {
    if (this.statusCache === undefined) {
      const status = this.status;
      const frame: StatusFrame = {
        t: 'status',
        topic: this.name,
        stale: status.stale,
        since: new Date(status.since).toISOString(),
      };
      this.statusCache = { seq: this.head.seq, buf: encode(frame) };
    }
    return this.statusCache;
  }
}

/** The in-process history: this node polls the topic and is its only writer. */
export class TopicHistory extends TopicState implements TopicWriter {
  private staleState: StaleState = { stale: false, since: 0 };

  constructor(name: string, bounds: RingBounds) {
    super(name, bounds, randomUUID());
  }

  get status(): StaleState {
    return this.staleState;
  }

  publish(model: Model, pt: number): EncodedDelta | undefined {
    const step = advance(this.head, model, pt);
    if (step.kind === 'first') {
      this.replaced(pt);
      this.listener?.onFirstSnapshot(this);
      return undefined;
    }
    if (step.kind === 'same') return undefined;
    this.pushed(step.delta);
    return step.delta;
  }

  setStale(stale: boolean, at: number): void {
    if (this.staleState.stale === stale) return;
    this.staleState = { stale, since: at };
    this.statusChanged();
  }
}
