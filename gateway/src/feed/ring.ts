/**
 * The catch-up part every topic history shares, whether it is computed in-process
 * (`TopicHistory`) or read from Redis (`ReplicaHistory`): the recent deltas in seq order, bounded
 * by count and age, the replay of what a resuming client missed, and the one conflated frame that
 * takes it to the latest state.
 */
import { type Delta, type DeltaFrame, encodeServerFrame, mergeDeltas } from '@sportsbook/protocol';
import type { EncodedDelta, EncodedFrame, RingBounds, TopicLog } from './topic.ts';

export const encodeFrame = (frame: Parameters<typeof encodeServerFrame>[0]): Buffer =>
  Buffer.from(encodeServerFrame(frame));

/** The history a conflated frame leads to: its latest state and what it can replay. */
export type RingOwner = Pick<TopicLog, 'name' | 'seq' | 'hash' | 'replay' | 'snapshot'>;

export class DeltaRing {
  /** Deltas in seq order; `start` is the index of the oldest kept (compacted lazily). */
  private items: EncodedDelta[] = [];
  private start = 0;
  private readonly mergedCache = new Map<number, EncodedFrame | null>();

  constructor(private readonly bounds: RingBounds) {}

  /** How many deltas the ring holds. */
  get size(): number {
    return this.items.length - this.start;
  }

  /** The deltas held, oldest first. */
  held(): EncodedDelta[] {
    return this.items.slice(this.start);
  }

  /** Appends the latest delta; the head moved, so earlier conflated frames no longer apply. */
  push(delta: EncodedDelta): void {
    this.items.push(delta);
    this.trim(delta.pt);
    this.mergedCache.clear();
  }

  /** Replaces the whole content (deltas in seq order), bounded as of `now`. */
  replace(deltas: EncodedDelta[], now: number): void {
    this.items = deltas;
    this.start = 0;
    this.trim(now);
    this.mergedCache.clear();
  }

  private trim(now: number): void {
    const { maxCount, maxAgeMs } = this.bounds;
    while (this.items.length - this.start > maxCount) this.start++;
    while (this.start < this.items.length && now - (this.items[this.start] as EncodedDelta).pt > maxAgeMs) {
      this.start++;
    }
    // Compact once the dead prefix is as long as the live part: amortized O(1) per delta.
    if (this.start > 64 && this.start * 2 >= this.items.length) {
      this.items = this.items.slice(this.start);
      this.start = 0;
    }
  }

  /**
   * The deltas after `seq` up to `head` (empty when `seq` is `head`), undefined when not held. A
   * view's ring (topic.ts `ViewLog`) may skip seqs: the first delta after `seq` must then apply on
   * `seq` exactly (its `prev`, or `seq - 1` when absent).
   */
  after(seq: number, head: number): readonly EncodedDelta[] | undefined {
    if (seq > head || seq < 0) return undefined;
    if (seq === head) return [];
    // The first held delta past `seq` (binary search: seqs ascend).
    let lo = this.start;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.items[mid] as EncodedDelta).seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    const first = this.items[lo];
    if (first === undefined || (first.prev ?? first.seq - 1) !== seq) return undefined;
    return this.items.slice(lo);
  }

  /**
   * One delta frame taking a client of `owner` from `seq` to its latest state (at publish time
   * `pt`), or undefined when not held or larger than a share of the snapshot.
   */
  conflated(owner: RingOwner, pt: number, seq: number, maxRatioOfSnapshot: number): EncodedFrame | undefined {
    const cached = this.mergedCache.get(seq);
    if (cached !== undefined) return cached ?? undefined;
    const missed = owner.replay(seq);
    let result: EncodedFrame | undefined;
    if (missed !== undefined && missed.length > 0) {
      let ops: Delta = [];
      for (const d of missed) ops = mergeDeltas(ops, d.ops);
      const frame: DeltaFrame = {
        t: 'delta',
        topic: owner.name,
        seq: owner.seq,
        prev: seq,
        hash: owner.hash,
        pt,
        ops,
      };
      const buf = encodeFrame(frame);
      const snap = owner.snapshot();
      if (snap !== undefined && buf.length <= snap.buf.length * maxRatioOfSnapshot) {
        result = { seq: owner.seq, buf };
      }
    }
    // Slow subscribers tend to fall behind at the same seq: merge once for all of them.
    if (this.mergedCache.size < 64) this.mergedCache.set(seq, result ?? null);
    return result;
  }
}
