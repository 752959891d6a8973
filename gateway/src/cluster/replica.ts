/**
 * A topic's history on a node that reads it from Redis (every node, the leader included): the same
 * read side (`TopicLog`) the hub serves from in-process, built from the snapshot key and the
 * stream. Deltas keep the leader's encoded bytes, so seq, epoch, hash and the frames themselves
 * are identical on every node. Each applied delta is checked against the leader's hash; a
 * mismatch, a gap or a new epoch makes the owner reload from Redis (`ReplicaResult`).
 */
import {
  createHasher,
  type DeltaFrame,
  decodeServerFrame,
  type Model,
  type SnapFrame,
  type StateHasher,
  type StatusFrame,
} from '@sportsbook/protocol';
import { DeltaRing, encodeFrame as encode } from '../feed/ring.ts';
import type {
  EncodedDelta,
  EncodedFrame,
  RingBounds,
  StaleState,
  TopicListener,
  TopicLog,
} from '../feed/topic.ts';
import type { BusEntry } from './bus.ts';
import { compareStreamIds } from './keys.ts';

/** What applying an entry did: `resync` asks the owner to reload from Redis. */
export type ReplicaResult = 'applied' | 'skipped' | 'resync';

/** The hub hears of a jump (new epoch, reload past a gap) through this optional listener hook. */
export interface ReplicaListener extends TopicListener {
  onReset?(log: TopicLog): void;
}

export interface ReplicaImage {
  readonly epoch: string;
  readonly seq: number;
  readonly hash: string;
  readonly pt: number;
  readonly model: Model;
  /** Stream id of the last entry the image includes. */
  readonly id: string;
  readonly stale: boolean;
}

/** A delta entry's frame, parsed and validated; undefined when it is not a delta for `topic`. */
export function deltaOf(entry: BusEntry & { kind: 'd' }, topic: string): EncodedDelta | undefined {
  const parsed = decodeServerFrame(entry.frame);
  if (!parsed.ok || parsed.value.t !== 'delta') return undefined;
  const frame = parsed.value as DeltaFrame;
  if (frame.topic !== topic || frame.seq !== entry.seq || frame.hash !== entry.hash) return undefined;
  return { seq: frame.seq, pt: frame.pt, ops: frame.ops, buf: Buffer.from(entry.frame) };
}

/** The snapshot data from Redis, checked to be a model (collections of records or lists). */
export function modelOf(json: string): Model | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  for (const coll of Object.values(value)) {
    if (typeof coll !== 'object' || coll === null) return undefined;
  }
  return value as Model;
}

export class ReplicaHistory implements TopicLog {
  private epochValue = '';
  private hasher: StateHasher | undefined;
  private seqValue = 0;
  private lastPt = 0;
  private readonly ring: DeltaRing;
  private snap: EncodedFrame | undefined;
  private leaderStale: StaleState = { stale: false, since: 0 };
  private redisDown: StaleState = { stale: false, since: 0 };
  private statusCache: EncodedFrame | undefined;
  /** Stream id of the last entry applied ('' before any). */
  lastId = '';
  listener: ReplicaListener | undefined;

  constructor(
    readonly name: string,
    bounds: RingBounds,
  ) {
    this.ring = new DeltaRing(bounds);
  }

  get epoch(): string {
    return this.epochValue;
  }

  get seq(): number {
    return this.seqValue;
  }

  get hash(): string {
    return this.hasher?.value ?? '';
  }

  get hasSnapshot(): boolean {
    return this.hasher !== undefined;
  }

  get model(): Model | undefined {
    return this.hasher?.model;
  }

  /** Stale when the leader says so or this node has lost Redis (its data may be behind). */
  get status(): StaleState {
    if (this.redisDown.stale && !this.leaderStale.stale) return this.redisDown;
    if (this.leaderStale.stale) return this.leaderStale;
    return this.redisDown.since > this.leaderStale.since ? this.redisDown : this.leaderStale;
  }

  get buffered(): number {
    return this.ring.size;
  }

  /**
   * Replaces the state with an image (snapshot load or a new epoch). `older` are the deltas the
   * stream still holds up to the image, kept for resumes. False when the image's hash is wrong.
   */
  reset(image: ReplicaImage, older: readonly EncodedDelta[] = [], hasher?: StateHasher): boolean {
    const next = hasher ?? createHasher(image.model);
    if (next.value !== image.hash) return false;
    const first = this.hasher === undefined;
    const sameEpoch = this.epochValue === image.epoch;
    this.epochValue = image.epoch;
    this.hasher = next;
    this.seqValue = image.seq;
    this.lastPt = image.pt;
    this.lastId = image.id;
    // Keep what we had when the image continues our own epoch: resumes keep working.
    const kept = sameEpoch ? this.ring.held().filter((d) => d.seq <= image.seq) : [];
    const merged = new Map<number, EncodedDelta>();
    for (const d of [...kept, ...older]) if (d.seq <= image.seq) merged.set(d.seq, d);
    const ring = [...merged.values()].sort((a, b) => a.seq - b.seq);
    // Only a contiguous run ending at the image's seq can be replayed.
    let start = ring.length;
    while (start > 0 && (ring[start - 1] as EncodedDelta).seq === image.seq - (ring.length - start)) start--;
    this.ring.replace(ring.slice(start), image.pt);
    this.snap = undefined;
    this.setLeaderStale(image.stale, image.pt);
    if (first) this.listener?.onFirstSnapshot(this);
    else if (this.listener?.onReset) this.listener.onReset(this);
    else this.listener?.onFirstSnapshot(this);
    return true;
  }

  /**
   * Applies one stream entry. `local` carries the leader's own model and encoded delta, so the
   * leader skips re-applying what it just computed.
   */
  apply(entry: BusEntry, local?: { model: Model; delta: EncodedDelta }): ReplicaResult {
    if (this.lastId !== '' && compareStreamIds(entry.id, this.lastId) <= 0) return 'skipped';
    if (entry.kind === 's') {
      this.lastId = entry.id;
      this.setLeaderStale(entry.stale, entry.pt);
      return 'applied';
    }
    if (entry.kind === 'e') {
      if (this.hasher !== undefined && entry.epoch === this.epochValue && entry.seq === this.seqValue) {
        this.lastId = entry.id;
        return 'applied';
      }
      return 'resync';
    }
    if (entry.kind !== 'd' || this.hasher === undefined || entry.epoch !== this.epochValue) return 'resync';
    if (entry.seq <= this.seqValue) {
      this.lastId = entry.id;
      return 'skipped';
    }
    if (entry.seq !== this.seqValue + 1) return 'resync';
    const delta = local?.delta ?? deltaOf(entry, this.name);
    if (delta === undefined) return 'resync';
    const previous = this.hasher.model;
    this.hasher.apply(delta.ops, local?.model);
    if (this.hasher.value !== entry.hash) {
      // Not the leader's state: drop it entirely; the owner reloads the snapshot.
      this.hasher = createHasher(previous);
      return 'resync';
    }
    this.seqValue = entry.seq;
    this.lastPt = delta.pt;
    this.lastId = entry.id;
    this.ring.push(delta);
    this.snap = undefined;
    if (entry.stale !== this.leaderStale.stale) this.setLeaderStale(entry.stale, entry.pt);
    this.listener?.onDelta(this, delta);
    return 'applied';
  }

  setLeaderStale(stale: boolean, at: number): void {
    if (this.leaderStale.stale === stale) return;
    const before = this.status.stale;
    this.leaderStale = { stale, since: at };
    this.statusChanged(before);
  }

  /** This node lost (or regained) Redis: its clients are told the topic may be behind. */
  setRedisDown(down: boolean, at: number): void {
    if (this.redisDown.stale === down) return;
    const before = this.status.stale;
    this.redisDown = { stale: down, since: at };
    this.statusChanged(before);
  }

  private statusChanged(before: boolean): void {
    if (this.status.stale === before) return;
    this.statusCache = undefined;
    this.listener?.onStatus(this, this.statusFrame());
  }

  snapshot(): EncodedFrame | undefined {
    const hasher = this.hasher;
    if (hasher === undefined) return undefined;
    if (this.snap === undefined) {
      const frame: SnapFrame = {
        t: 'snap',
        topic: this.name,
        epoch: this.epochValue,
        seq: this.seqValue,
        hash: hasher.value,
        pt: this.lastPt,
        data: hasher.model as SnapFrame['data'],
      };
      this.snap = { seq: this.seqValue, buf: encode(frame) };
    }
    return this.snap;
  }

  replay(seq: number): readonly EncodedDelta[] | undefined {
    if (this.hasher === undefined) return undefined;
    return this.ring.after(seq, this.seqValue);
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
      this.statusCache = { seq: this.seqValue, buf: encode(frame) };
    }
    return this.statusCache;
  }
}
