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
import {
  createHasher,
  type Delta,
  type DeltaFrame,
  hasClockAnchors,
  type Model,
  parseTopic,
  type SnapFrame,
  type StateHasher,
  type StatusFrame,
  subtractHash,
  viewDelta,
  viewModel,
  viewPart,
  type WireVersion,
  WireVersions,
} from '@sportsbook/protocol';
import { advance, type Head, HeadHasher, newHead } from './head.ts';
import { DeltaRing, encodeFrame as encode } from './ring.ts';

/** A frame encoded once: the bytes every subscriber gets. */
export interface EncodedFrame {
  readonly seq: number;
  readonly buf: Buffer;
}

export interface EncodedDelta extends EncodedFrame {
  readonly pt: number;
  readonly ops: Delta;
  /** The seq this frame applies on when it is not `seq - 1` (a version's view skipped seqs). */
  readonly prev?: number;
  /**
   * A topic with clock anchors: the frame each wire version's clients get for this step (index =
   * version), undefined where that version's view did not change. Absent: every version gets
   * this frame.
   */
  views?: (EncodedDelta | undefined)[];
}

/** The frame clients of wire version `v` get for a step, undefined when their view did not change. */
export function frameFor(delta: EncodedDelta, v: number): EncodedDelta | undefined {
  return delta.views === undefined ? delta : delta.views[v];
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
  /**
   * The history took another epoch name for the same state (cluster: a node polling on its own
   * while Redis is down, and back): subscribers holding `previous` at the current seq hold the
   * new epoch's state too, so the next delta continues them without a snapshot.
   */
  onRenamed?(log: TopicLog, previous: string): void;
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
  /**
   * A subscriber is served from this log (`watch`), or no longer (`unwatch`, at ms since the
   * epoch). A wire version's view of a market topic is kept up to date only while watched and for
   * the ring's age bound after; the topic's own log ignores them.
   */
  watch(): void;
  unwatch(at: number): void;
  /**
   * What clients of wire version `v` are served (protocol clock.ts): the topic itself when its
   * model is the same for every version, else that version's view, with its own seq chain
   * (a subsequence of the topic's seqs), hash, snapshot and replay.
   */
  view(v: number): TopicLog;
}

/** The write side: only the topic's leader (the node whose poller owns the topic) calls it. */
export interface TopicWriter {
  /**
   * A freshly normalized model from a poll, at publish time `pt`. Returns the delta if any.
   * `secondsMoved`: the poller wrote new clock seconds into the head's own match entities in
   * place (`inPlaceBase`), so the model equals the head's while the step still happened.
   */
  publish(model: Model, pt: number, secondsMoved?: boolean): EncodedDelta | undefined;
  setStale(stale: boolean, at: number): void;
  /**
   * The head's model when a step that moves only running clocks' seconds may be taken in place:
   * nobody on the node reads the head's own (v1) hash or state, so no frame, hash or ring entry
   * depends on those seconds until a v1 client comes, and it is then served the state as it is.
   * Undefined otherwise (absent: never).
   */
  inPlaceBase?(): Model | undefined;
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
  /** Per wire version (index), for a topic with clock anchors; undefined otherwise. */
  private readonly views: ViewLog[] | undefined;
  protected readonly ring: DeltaRing;
  private snap: EncodedFrame | undefined;
  private statusCache: EncodedFrame | undefined;
  listener: TopicListener | undefined;
  /**
   * In-process: the head's own hash (a market topic's v1 hash) rests while no v1 view is kept
   * (head.ts `HeadHasher`), and a market topic keeps no ring of its own deltas (only its views'
   * frames are served). A replica verifies every delta's hash and keeps them for reloads: off.
   */
  protected lazyHead = false;

  constructor(
    readonly name: string,
    bounds: RingBounds,
    epoch: string,
  ) {
    this.head = newHead(name, epoch);
    this.ring = new DeltaRing(bounds);
    const topic = parseTopic(name);
    if (topic.ok && hasClockAnchors(topic.value)) {
      this.views = [];
      for (const v of WireVersions) this.views[v] = new ViewLog(this, v, bounds);
    }
  }

  /** The topic's own log is what every subscriber is served (no per-version views): always current. */
  watch(): void {}
  unwatch(_at: number): void {}

  /** The publish time of the latest state. */
  get pt(): number {
    return this.lastPt;
  }

  view(v: number): TopicLog {
    return this.views?.[v] ?? this;
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

  /**
   * The head moved from `before` to `delta`'s state (already applied): keep it for resumes, derive
   * each wire version's frame, and fan it out.
   */
  protected pushed(delta: EncodedDelta, notify = true, before?: Model): void {
    this.lastPt = delta.pt;
    const views = this.views;
    if (views === undefined || !this.lazyHead) this.ring.push(delta);
    this.snap = undefined;
    const after = this.head.hasher?.model;
    if (views !== undefined && after !== undefined) {
      const frames: (EncodedDelta | undefined)[] = [];
      for (const v of WireVersions) {
        const view = views[v] as ViewLog;
        // A version nobody watched for the ring's age bound: not derived, hashed or encoded.
        if (!view.kept(delta.pt)) {
          view.sleep();
          continue;
        }
        frames[v] = before === undefined ? view.reset(after, delta.seq) : view.step(before, after, delta);
      }
      delta.views = frames;
      this.restHead();
    }
    if (notify) this.listener?.onDelta(this, delta);
  }

  /**
   * The head's model when its hash rests (no v1 view kept, `restHead`): a step whose only change
   * is running clocks' seconds may then be written into it in place (`ticked`).
   */
  protected restingModel(): Model | undefined {
    const hasher = this.head.hasher;
    if (!this.lazyHead || this.views === undefined || this.views[1]?.awake === true) return undefined;
    return hasher instanceof HeadHasher && !hasher.hashing ? hasher.model : undefined;
  }

  /**
   * The step the slow path would publish as the seconds-only ops of running clocks, taken in
   * place: the seq moves, no view changes (v2 does not show running seconds; v1 is not kept),
   * and no frame is sent (every version's frame would have been absent). `model` holds the
   * head's state (the same entities, the seconds already written).
   */
  protected ticked(model: Model, pt: number): void {
    (this.head.hasher as HeadHasher).apply([], model);
    this.head.seq += 1;
    this.lastPt = pt;
    this.snap = undefined;
    const views = this.views as ViewLog[];
    for (const v of WireVersions) {
      const view = views[v] as ViewLog;
      if (!view.kept(pt)) view.sleep();
      else view.unchanged(model, this.head.seq);
    }
  }

  /** In-process, no v1 view kept: the head's hash (v1's, clock seconds included) rests. */
  private restHead(): void {
    const hasher = this.head.hasher;
    if (this.lazyHead && hasher instanceof HeadHasher && this.views?.[1]?.awake !== true) hasher.rest();
  }

  /** The head was replaced (not moved by a delta): the cached snapshot no longer applies. */
  protected replaced(pt: number): void {
    this.lastPt = pt;
    this.snap = undefined;
    const model = this.head.hasher?.model;
    if (this.views !== undefined && model !== undefined) {
      for (const v of WireVersions) {
        const view = this.views[v] as ViewLog;
        if (view.kept(pt)) view.reset(model, this.head.seq);
        else view.sleep();
      }
      this.restHead();
    }
  }

  /** The epoch was renamed (same state): cached snapshots name the old one. */
  protected renamed(previous: string): void {
    this.snap = undefined;
    if (this.views !== undefined) for (const v of WireVersions) this.views[v]?.dropSnapshot();
    this.listener?.onRenamed?.(this, previous);
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
    this.lazyHead = true;
  }

  get status(): StaleState {
    return this.staleState;
  }

  inPlaceBase(): Model | undefined {
    return this.restingModel();
  }

  publish(model: Model, pt: number, secondsMoved = false): EncodedDelta | undefined {
    const before = this.head.hasher?.model;
    const step = advance(this.head, model, pt);
    if (step.kind === 'first') {
      this.replaced(pt);
      this.listener?.onFirstSnapshot(this);
      return undefined;
    }
    if (step.kind === 'same') {
      if (secondsMoved && this.restingModel() !== undefined) this.ticked(step.model, pt);
      return undefined;
    }
    this.pushed(step.delta, true, before);
    return step.delta;
  }

  setStale(stale: boolean, at: number): void {
    if (this.staleState.stale === stale) return;
    this.staleState = { stale, since: at };
    this.statusChanged();
  }
}

/**
 * One wire version's view of a topic with clock anchors (protocol clock.ts `viewModel` /
 * `viewDelta`): its own hash over the view's model, and a seq chain that is the subsequence of
 * the topic's seqs at which the view changed (a frame after a skipped seq carries `prev`; v1 gets
 * a frame at every seq). The frames are encoded once per version per step, never per socket. v1's
 * epoch is the topic's; a later version's is the topic's with `~v<N>`, so a resume across
 * versions gets a snapshot.
 *
 * Cost: v1's model is the topic's minus one collection (O(1)) and its hash the topic's minus the
 * anchors' (`subtractHash`, O(anchor changes)); v2 rehashes only the entities its delta touches.
 */
export class ViewLog implements TopicLog {
  /** v2: the view's incremental hasher. */
  private hasher: StateHasher | undefined;
  /** v1: the hash of the anchors alone, subtracted from the topic's hash. */
  private anchors: StateHasher | undefined;
  /** The topic's model the view was last moved to; the view's own model is built from it on use. */
  private source: Model | undefined;
  private viewCache: Model | undefined;
  private hashNow = '';
  private viewSeq = 0;
  private readonly ring: DeltaRing;
  private snap: EncodedFrame | undefined;
  private readonly epochSuffix: string;
  /** Subscribers served from this view, and when the last one left (ms since the epoch). */
  private watchers = 0;
  private idleSince = Number.NEGATIVE_INFINITY;
  /** How long the view is kept after its last watcher left: as long as its ring can serve a resume. */
  private readonly lingerMs: number;
  /** Steps derived (tests: a version nobody watches costs none). */
  steps = 0;

  constructor(
    private readonly owner: TopicState,
    readonly version: WireVersion,
    bounds: RingBounds,
  ) {
    this.ring = new DeltaRing(bounds);
    this.epochSuffix = version === 1 ? '' : `~v${version}`;
    this.lingerMs = bounds.maxAgeMs;
  }

  /** Whether the view is being kept up to date (it has a state). */
  get awake(): boolean {
    return this.source !== undefined;
  }

  /** Whether the view is to be kept at `at`: watched, or within its linger of the last watcher. */
  kept(at: number): boolean {
    return this.watchers > 0 || (this.source !== undefined && at - this.idleSince <= this.lingerMs);
  }

  watch(): void {
    this.watchers++;
    // Woken at the topic's current state (resumes from before it slept get a snapshot).
    const model = this.owner.model;
    if (this.source === undefined && model !== undefined) this.reset(model, this.owner.seq);
  }

  unwatch(at: number): void {
    if (this.watchers > 0) this.watchers--;
    if (this.watchers === 0) this.idleSince = at;
  }

  /** Nobody watched for the linger: the view's state, hashes, ring and frames are freed. */
  sleep(): void {
    if (this.source === undefined) return;
    this.source = undefined;
    this.viewCache = undefined;
    this.hasher = undefined;
    this.anchors = undefined;
    this.hashNow = '';
    this.ring.replace([], this.owner.pt);
    this.snap = undefined;
  }

  get name(): string {
    return this.owner.name;
  }

  get epoch(): string {
    return this.owner.epoch + this.epochSuffix;
  }

  /** Seq of the view's latest state: the topic's seq at which the view last changed. */
  get seq(): number {
    return this.viewSeq;
  }

  get hash(): string {
    return this.hashNow;
  }

  get hasSnapshot(): boolean {
    return this.owner.hasSnapshot && this.source !== undefined;
  }

  get status(): StaleState {
    return this.owner.status;
  }

  /** The view's model (tests). */
  get model(): Model | undefined {
    return this.viewModel();
  }

  /** The view's model, projected once per state on first use (snapshots, tests). */
  private viewModel(): Model | undefined {
    if (this.source === undefined) return undefined;
    this.viewCache ??= viewModel(this.version, this.source);
    return this.viewCache;
  }

  view(v: number): TopicLog {
    return this.owner.view(v);
  }

  statusFrame(): EncodedFrame {
    return this.owner.statusFrame();
  }

  /** Moves the view's model and hash to the topic's `after` (by `ops`, or from scratch). */
  private moveTo(after: Model, ops: Delta | undefined): void {
    if (this.version === 1) {
      const clock = { clock: after.clock ?? {} };
      if (ops === undefined || this.anchors === undefined) this.anchors = createHasher(clock);
      else {
        const clockOps = ops.filter((op) => op[0] === 'clock');
        if (clockOps.length > 0) this.anchors.apply(clockOps, clock);
      }
      this.hashNow = subtractHash(this.owner.hash, this.anchors.value);
    } else if (ops === undefined || this.hasher === undefined) {
      this.hasher = createHasher(viewModel(this.version, after));
      this.hashNow = this.hasher.value;
    } else {
      // Only the entities the view's ops touch are projected (not every running match).
      this.hasher.apply(ops, viewPart(this.version, after, ops));
      this.hashNow = this.hasher.value;
    }
    this.source = after;
    this.viewCache = undefined;
  }

  /**
   * The topic stepped to `seq` without this view changing (running seconds only): what `step`
   * does when its view's ops are empty.
   */
  unchanged(model: Model, seq: number): void {
    if (this.source === undefined) {
      this.reset(model, seq);
      return;
    }
    this.steps++;
  }

  /** The topic jumped to `model` at `seq`: the view starts over there (older seqs get a snapshot). */
  reset(model: Model, seq: number): undefined {
    this.moveTo(model, undefined);
    this.viewSeq = seq;
    this.ring.replace([], this.owner.pt);
    this.snap = undefined;
    return undefined;
  }

  /** The topic's epoch was renamed: the cached snapshot names the old one. */
  dropSnapshot(): void {
    this.snap = undefined;
  }

  /** The topic moved `before` -> `after` by `delta`: this view's frame, undefined when unchanged. */
  step(before: Model, after: Model, delta: EncodedDelta): EncodedDelta | undefined {
    if (this.source === undefined) return this.reset(after, delta.seq);
    this.steps++;
    const ops = viewDelta(this.version, before, after, delta.ops);
    // v1 keeps a frame at every seq, as before anchors existed (an anchor-only step: empty ops).
    if (ops.length === 0 && this.version !== 1) return undefined;
    // v1: the anchors' ops (which its view drops) move the hash it subtracts.
    this.moveTo(after, this.version === 1 ? delta.ops : ops);
    const prev = this.viewSeq;
    this.viewSeq = delta.seq;
    const gap = prev === delta.seq - 1 ? {} : { prev };
    const frame: DeltaFrame = {
      t: 'delta',
      topic: this.name,
      seq: delta.seq,
      ...gap,
      hash: this.hashNow,
      pt: delta.pt,
      ops,
    };
    // Encoded on first use (once): a version nobody on this node speaks costs no encoding.
    let buf: Buffer | undefined;
    const d: EncodedDelta = {
      seq: delta.seq,
      pt: delta.pt,
      ops,
      ...gap,
      get buf() {
        buf ??= encode(frame);
        return buf;
      },
    };
    this.ring.push(d);
    this.snap = undefined;
    return d;
  }

  snapshot(): EncodedFrame | undefined {
    const model = this.viewModel();
    if (model === undefined || !this.owner.hasSnapshot) return undefined;
    if (this.snap === undefined) {
      const frame: SnapFrame = {
        t: 'snap',
        topic: this.name,
        epoch: this.epoch,
        seq: this.viewSeq,
        hash: this.hashNow,
        pt: this.owner.pt,
        data: model as SnapFrame['data'],
      };
      this.snap = { seq: this.viewSeq, buf: encode(frame) };
    }
    return this.snap;
  }

  replay(seq: number): readonly EncodedDelta[] | undefined {
    if (this.source === undefined) return undefined;
    return this.ring.after(seq, this.viewSeq);
  }

  conflated(seq: number, maxRatioOfSnapshot: number): EncodedFrame | undefined {
    return this.ring.conflated(this, this.owner.pt, seq, maxRatioOfSnapshot);
  }
}
