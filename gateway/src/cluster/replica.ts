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
  diffModel,
  type Model,
} from '@sportsbook/protocol';
import { advance } from '../feed/head.ts';
import { encodeFrame } from '../feed/ring.ts';
import { type EncodedDelta, type RingBounds, type StaleState, TopicState } from '../feed/topic.ts';
import type { BusEntry } from './bus.ts';
import { compareStreamIds } from './keys.ts';

/** What applying an entry did: `resync` asks the owner to reload from Redis. */
export type ReplicaResult = 'applied' | 'skipped' | 'resync';

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

export class ReplicaHistory extends TopicState {
  private leaderStale: StaleState = { stale: false, since: 0 };
  private redisDown: StaleState = { stale: false, since: 0 };
  /** Stream id of the last entry applied ('' before any). */
  lastId = '';
  /** The listener has been told of a state (`onFirstSnapshot`); later jumps are `onReset`. */
  private announced = false;

  constructor(name: string, bounds: RingBounds) {
    super(name, bounds, '');
  }

  /**
   * Set while this node polls the topic on its own (Redis down, cluster/topic.ts): the history is
   * then a node-local fork under its own epoch, written by `publish`, stale only when its own
   * polls fail.
   */
  private local: StaleState | undefined;

  /** This node polls the topic on its own (Redis down). */
  get forked(): boolean {
    return this.local !== undefined;
  }

  /** Stale when the leader says so or this node has lost Redis (its data may be behind). */
  get status(): StaleState {
    if (this.local !== undefined) return this.local;
    if (this.redisDown.stale && !this.leaderStale.stale) return this.redisDown;
    if (this.leaderStale.stale) return this.leaderStale;
    return this.redisDown.since > this.leaderStale.since ? this.redisDown : this.leaderStale;
  }

  /**
   * Replaces the state with an image (snapshot load or a new epoch). `older` are the deltas the
   * stream still holds up to the image, kept for resumes. False when the image's hash is wrong.
   * With `quiet` the listener is not told yet: the owner applies what follows the image first and
   * then calls `announce`, so nobody is served a state older than the stream's end.
   */
  reset(image: ReplicaImage, older: readonly EncodedDelta[] = [], quiet = false): boolean {
    const next = createHasher(image.model);
    if (next.value !== image.hash) return false;
    const head = this.head;
    const sameEpoch = head.epoch === image.epoch;
    head.epoch = image.epoch;
    head.hasher = next;
    head.seq = image.seq;
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
    this.replaced(image.pt);
    this.setLeaderStale(image.stale, image.pt);
    if (!quiet) this.announce();
    return true;
  }

  /** Tells the listener the state jumped (the first one: `onFirstSnapshot`). */
  announce(): void {
    if (this.announced) this.listener?.onReset(this);
    else {
      this.announced = true;
      this.listener?.onFirstSnapshot(this);
    }
  }

  /**
   * Applies one stream entry. `local` carries the leader's own model and encoded delta, so the
   * leader skips re-applying what it just computed. With `quiet` (a load not announced yet) the
   * listener does not hear of the delta.
   */
  apply(entry: BusEntry, local?: { model: Model; delta: EncodedDelta }, quiet = false): ReplicaResult {
    if (this.lastId !== '' && compareStreamIds(entry.id, this.lastId) <= 0) return 'skipped';
    const head = this.head;
    if (entry.kind === 's') {
      this.lastId = entry.id;
      this.setLeaderStale(entry.stale, entry.pt);
      return 'applied';
    }
    if (entry.kind === 'e') {
      if (head.hasher !== undefined && entry.epoch === head.epoch && entry.seq === head.seq) {
        this.lastId = entry.id;
        return 'applied';
      }
      return 'resync';
    }
    if (entry.kind !== 'd' || head.hasher === undefined || entry.epoch !== head.epoch) return 'resync';
    if (entry.seq <= head.seq) {
      this.lastId = entry.id;
      return 'skipped';
    }
    if (entry.seq !== head.seq + 1) return 'resync';
    const delta = local?.delta ?? deltaOf(entry, this.name);
    if (delta === undefined) return 'resync';
    const previous = head.hasher.model;
    head.hasher.apply(delta.ops, local?.model);
    if (head.hasher.value !== entry.hash) {
      // Not the leader's state: drop it entirely; the owner reloads the snapshot.
      head.hasher = createHasher(previous);
      return 'resync';
    }
    head.seq = entry.seq;
    this.lastId = entry.id;
    if (entry.stale !== this.leaderStale.stale) this.setLeaderStale(entry.stale, entry.pt);
    this.pushed(delta, !quiet, previous);
    return 'applied';
  }

  /**
   * Redis is down: from now on this node writes the topic itself (`publish`, `setStale`). The
   * state and seq go on where the stream left them, under a node-local epoch: clients here get
   * the next seq as a delta (no snapshot, no gap); a resume that names the cluster's epoch gets a
   * snapshot, since another node's fork may have moved the same seqs elsewhere.
   */
  fork(epoch: string, at: number): void {
    if (this.local !== undefined) return;
    const before = this.status.stale;
    this.local = { stale: false, since: at };
    const previous = this.head.epoch;
    this.head.epoch = epoch;
    this.renamed(previous);
    if (this.status.stale !== before) this.statusChanged();
  }

  /** A local poll (while forked): the same step as the in-process history (feed/topic.ts). */
  publish(model: Model, pt: number): EncodedDelta | undefined {
    if (this.local === undefined) return undefined;
    const before = this.head.hasher?.model;
    const step = advance(this.head, model, pt);
    if (step.kind === 'first') {
      this.replaced(pt);
      this.announce();
      return undefined;
    }
    if (step.kind === 'same') return undefined;
    this.pushed(step.delta, true, before);
    return step.delta;
  }

  /** A local poller's stale flag (while forked). */
  setStale(stale: boolean, at: number): void {
    if (this.local === undefined || this.local.stale === stale) return;
    this.local = { stale, since: at };
    this.statusChanged();
  }

  /**
   * Back to the cluster: takes over `cluster` (a replica synced from Redis after the outage) and
   * ends the fork. When the cluster's seq is past ours (a leader that forked starts its epoch a
   * `ForkSeqJump` ahead) the clients here get one delta from their state to the cluster's, with
   * `prev` = their seq, and follow the cluster's epoch from there: no snapshot. Otherwise (or when
   * a delta from our seq could be mistaken for the cluster's own) they get the cluster's snapshot.
   * Returns whether the clients were bridged.
   */
  rejoin(cluster: ReplicaHistory): boolean {
    const next = cluster.head;
    const model = next.hasher?.model;
    if (model === undefined) return false;
    const before = this.head.hasher?.model;
    const from = this.head.seq;
    const statusBefore = this.status.stale;
    const bridge =
      before !== undefined &&
      this.announced &&
      next.seq > from &&
      cluster.ring.after(from, next.seq) === undefined;
    this.local = undefined;
    this.leaderStale = cluster.leaderStale;
    this.redisDown = cluster.redisDown;
    this.lastId = cluster.lastId;
    const previous = this.head.epoch;
    this.head.epoch = next.epoch;
    this.head.hasher = createHasher(model);
    this.head.seq = next.seq;
    if (bridge) {
      this.renamed(previous);
      const ops = diffModel(before, model);
      const hash = this.head.hasher.value;
      const pt = cluster.pt;
      const frame: DeltaFrame = { t: 'delta', topic: this.name, seq: next.seq, prev: from, hash, pt, ops };
      this.pushed({ seq: next.seq, prev: from, pt, ops, buf: encodeFrame(frame) }, true, before);
    }
    // The ring is the cluster's from here on (the bridge is no step of its epoch).
    this.ring.replace(cluster.ring.held(), cluster.pt);
    this.replaced(cluster.pt);
    if (!bridge) this.announce();
    if (this.status.stale !== statusBefore) this.statusChanged();
    return bridge;
  }

  setLeaderStale(stale: boolean, at: number): void {
    if (this.leaderStale.stale === stale) return;
    const before = this.status.stale;
    this.leaderStale = { stale, since: at };
    if (this.status.stale !== before) this.statusChanged();
  }

  /** This node lost (or regained) Redis: its clients are told the topic may be behind. */
  setRedisDown(down: boolean, at: number): void {
    if (this.redisDown.stale === down) return;
    const before = this.status.stale;
    this.redisDown = { stale: down, since: at };
    if (this.status.stale !== before) this.statusChanged();
  }
}
