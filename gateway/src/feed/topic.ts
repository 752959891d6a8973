/**
 * A topic's history: the latest snapshot, its epoch and seq, the incremental state hash, a ring
 * buffer of recent deltas (bounded by count and age) and the stale flag. Frames are encoded once
 * here, as Buffers, and the hub writes the same bytes to every subscriber.
 *
 * Read side (`TopicLog`) and write side (`TopicWriter`) are separate interfaces so a later Redis
 * backend can implement them: the topic's leader writes (deltas to a Redis Stream, the snapshot
 * to a key with epoch and seq), every node reads and serves its own clients. This file is the
 * in-process implementation (one node is both leader and reader).
 */
import { randomUUID } from 'node:crypto';
import {
  createHasher,
  type Delta,
  type DeltaFrame,
  diffModel,
  type Model,
  type SnapFrame,
  type StateHasher,
  type StatusFrame,
} from '@sportsbook/protocol';
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

export class TopicHistory implements TopicLog, TopicWriter {
  readonly epoch: string = randomUUID();
  private current: Model | undefined;
  private hasher: StateHasher | undefined;
  private seqValue = 0;
  private lastPt = 0;
  private readonly ring: DeltaRing;
  private snap: EncodedFrame | undefined;
  private staleState: StaleState = { stale: false, since: 0 };
  private statusCache: EncodedFrame | undefined;
  listener: TopicListener | undefined;

  constructor(
    readonly name: string,
    bounds: RingBounds,
  ) {
    this.ring = new DeltaRing(bounds);
  }

  get seq(): number {
    return this.seqValue;
  }

  get hash(): string {
    return this.hasher?.value ?? '';
  }

  get hasSnapshot(): boolean {
    return this.current !== undefined;
  }

  get status(): StaleState {
    return this.staleState;
  }

  /** The latest model (tests and diagnostics). */
  get model(): Model | undefined {
    return this.current;
  }

  publish(model: Model, pt: number): EncodedDelta | undefined {
    if (this.current === undefined || this.hasher === undefined) {
      this.current = model;
      this.hasher = createHasher(model);
      this.lastPt = pt;
      this.listener?.onFirstSnapshot(this);
      return undefined;
    }
    const ops = diffModel(this.current, model);
    if (ops.length === 0) return undefined;
    this.hasher.apply(ops, model);
    this.current = model;
    this.seqValue += 1;
    this.lastPt = pt;
    const frame: DeltaFrame = {
      t: 'delta',
      topic: this.name,
      seq: this.seqValue,
      hash: this.hasher.value,
      pt,
      ops,
    };
    const delta: EncodedDelta = { seq: this.seqValue, pt, ops, buf: encode(frame) };
    this.ring.push(delta);
    this.snap = undefined;
    this.listener?.onDelta(this, delta);
    return delta;
  }

  setStale(stale: boolean, at: number): void {
    if (this.staleState.stale === stale) return;
    this.staleState = { stale, since: at };
    this.statusCache = undefined;
    this.listener?.onStatus(this, this.statusFrame());
  }

  /** How many deltas the ring holds (tests). */
  get buffered(): number {
    return this.ring.size;
  }

  snapshot(): EncodedFrame | undefined {
    if (this.current === undefined) return undefined;
    if (this.snap === undefined) {
      const frame: SnapFrame = {
        t: 'snap',
        topic: this.name,
        epoch: this.epoch,
        seq: this.seqValue,
        hash: this.hash,
        pt: this.lastPt,
        data: this.current as SnapFrame['data'],
      };
      this.snap = { seq: this.seqValue, buf: encode(frame) };
    }
    return this.snap;
  }

  replay(seq: number): readonly EncodedDelta[] | undefined {
    if (this.current === undefined) return undefined;
    return this.ring.after(seq, this.seqValue);
  }

  conflated(seq: number, maxRatioOfSnapshot: number): EncodedFrame | undefined {
    return this.ring.conflated(this, this.lastPt, seq, maxRatioOfSnapshot);
  }

  statusFrame(): EncodedFrame {
    if (this.statusCache === undefined) {
      const frame: StatusFrame = {
        t: 'status',
        topic: this.name,
        stale: this.staleState.stale,
        since: new Date(this.staleState.since).toISOString(),
      };
      this.statusCache = { seq: this.seqValue, buf: encode(frame) };
    }
    return this.statusCache;
  }
}
