/**
 * The per-version views of a market topic (topic.ts `ViewLog`, protocol clock.ts): each version's
 * snapshot, replay and conflated frames land a client on that version's model with its hash, and
 * a Redis replica fed by the leader's `advance` serves the same bytes as the in-process history.
 */
import {
  applyDelta,
  type LiveState,
  type MarketData,
  type Model,
  normalizeMarket,
  stateHash,
  viewModel,
  type WireVersion,
} from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReplicaHistory } from '../cluster/replica.ts';
import { advance, newHead } from './head.ts';
import { type EncodedDelta, TopicHistory, type TopicLog, type ViewLog } from './topic.ts';

const TOPIC = 'odds/1/hdpou/live';
const T0 = 1_763_798_400_000;

interface Poll {
  model: Model;
  pt: number;
}

/** A run of polls of a small live market: clocks tick (or stall), periods, scores, prices move. */
const runArb = fc
  .record({
    matches: fc.integer({ min: 1, max: 5 }),
    maxCount: fc.integer({ min: 2, max: 12 }),
    steps: fc.array(
      fc.record({
        gap: fc.integer({ min: 200, max: 4000 }),
        tick: fc.integer({ min: 0, max: 5 }),
        period: fc.option(fc.tuple(fc.nat(4), fc.constantFrom(1, 2, 3, 9)), { nil: undefined, freq: 5 }),
        price: fc.option(fc.tuple(fc.nat(9), fc.integer({ min: 1100, max: 2900 })), { nil: undefined }),
      }),
      { minLength: 2, maxLength: 30 },
    ),
  })
  .map(({ matches, maxCount, steps }) => {
    const live: LiveState[] = Array.from({ length: matches }, (_, i) => [0, 0, 1, 100 * i, 0, 0]);
    const prices = Array.from({ length: matches }, () => 1.9);
    let pt = T0;
    const poll = (): Poll => {
      const data: MarketData = {
        leagues: [[1, 1, 'League', 1, 0, 1, 'X']],
        matches: live.map((ls, i) => [
          100 + i,
          1,
          `H${i}`,
          `A${i}`,
          1,
          0,
          1,
          1,
          1,
          T0,
          0,
          0,
          [...ls] as LiveState,
          '',
        ]),
        links: [],
        heads: live.map((_, i) => [100 + i, 1, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        odds: live.map((_, i) => [
          `${100 + i}-HDP-0`,
          100 + i,
          'HDP',
          0,
          0,
          [prices[i] as number, 1.9],
          null,
        ]),
      };
      return { model: normalizeMarket(data) as unknown as Model, pt };
    };
    const polls = [poll()];
    for (const s of steps) {
      pt += s.gap;
      for (const ls of live) if (ls[2] === 1 || ls[2] === 3) ls[3] += s.tick;
      if (s.period) (live[s.period[0] % matches] as LiveState)[2] = s.period[1] as LiveState[2];
      if (s.price) prices[s.price[0] % matches] = s.price[1] / 1000;
      polls.push(poll());
    }
    return { polls, maxCount };
  });

const decode = (buf: Buffer) => JSON.parse(buf.toString()) as Record<string, unknown>;
const text = (d: readonly { buf: Buffer }[] | undefined) => d?.map((x) => x.buf.toString());

describe('per-version views of a market topic', () => {
  it('replays, conflates and snapshots each version onto its own model and hash', () => {
    fc.assert(
      fc.property(runArb, ({ polls, maxCount }) => {
        const h = new TopicHistory(TOPIC, { maxCount, maxAgeMs: 600_000 });
        // A client of each version watches (the hub's subscribe): both views are kept.
        h.view(1).watch();
        h.view(2).watch();
        // What a client of each version holds at each of its seqs: snapshot, then every frame.
        const held: Map<number, Model>[] = [];
        const follow = (v: WireVersion, d: EncodedDelta | undefined) => {
          const states = held[v] as Map<number, Model>;
          if (d === undefined) return;
          const frame = decode(d.buf);
          const base = (frame.prev as number | undefined) ?? d.seq - 1;
          const before = states.get(base);
          expect(before).toBeDefined();
          const after = applyDelta(before as Model, d.ops);
          expect(stateHash(after)).toBe(frame.hash);
          states.set(d.seq, after);
        };
        h.listener = {
          onFirstSnapshot: (log) => {
            for (const v of [1, 2] as const) {
              const snap = decode(log.view(v).snapshot()?.buf ?? Buffer.from('{}'));
              held[v] = new Map([[snap.seq as number, snap.data as Model]]);
            }
          },
          onDelta: (_log, d) => {
            follow(1, d.views?.[1]);
            follow(2, d.views?.[2]);
          },
          onStatus: () => {},
          onReset: () => {},
        };
        for (const p of polls) h.publish(p.model, p.pt);
        for (const v of [1, 2] as const) {
          const view: TopicLog = h.view(v);
          const latest = viewModel(v, h.model as Model);
          expect(view.hash).toBe(stateHash(latest));
          expect(view.epoch).toBe(v === 1 ? h.epoch : `${h.epoch}~v2`);
          const snap = decode(view.snapshot()?.buf ?? Buffer.from('{}'));
          expect(snap.seq).toBe(view.seq);
          expect(snap.data).toEqual(latest);
          for (const [from, state] of held[v] as Map<number, Model>) {
            const missed = view.replay(from);
            if (missed === undefined) continue;
            let model = state;
            for (const d of missed) model = applyDelta(model, d.ops);
            expect(model).toEqual(latest);
            const merged = view.conflated(from, Number.POSITIVE_INFINITY);
            if (from === view.seq) continue;
            const frame = decode(merged?.buf ?? Buffer.from('{}'));
            expect(frame.prev).toBe(from);
            expect(frame.seq).toBe(view.seq);
            const landed = applyDelta(state, frame.ops as never);
            expect(stateHash(landed)).toBe(frame.hash);
          }
        }
        // v1 is the v1 of before: the model without anchors, one frame per seq.
        expect(h.view(1).seq).toBe(h.seq);
      }),
      { numRuns: 60 },
    );
  });

  it('serves the same view frames and hashes from a Redis replica fed by the leader', () => {
    fc.assert(
      fc.property(runArb, ({ polls, maxCount }) => {
        const bounds = { maxCount, maxAgeMs: 600_000 };
        const local = new TopicHistory(TOPIC, bounds);
        const replica = new ReplicaHistory(TOPIC, bounds);
        for (const v of [1, 2] as const) {
          local.view(v).watch();
          replica.view(v).watch();
        }
        const head = newHead(TOPIC, local.epoch);
        let id = 0;
        for (const { model, pt } of polls) {
          local.publish(model, pt);
          const step = advance(head, model, pt);
          const base = { id: `${++id}-0`, epoch: head.epoch, pt, fence: 1, stale: false };
          if (step.kind === 'first') {
            // The leader writes the anchored model to Redis (cluster/topic.ts).
            expect(replica.reset({ ...base, seq: head.seq, hash: step.hash, model: step.model })).toBe(true);
          } else if (step.kind === 'delta') {
            const entry = {
              ...base,
              kind: 'd' as const,
              seq: step.delta.seq,
              hash: step.hash,
              frame: step.text,
            };
            expect(replica.apply(entry)).toBe('applied');
          }
        }
        for (const v of [1, 2] as const) {
          const [a, b] = [local.view(v), replica.view(v)];
          expect([b.epoch, b.seq, b.hash]).toEqual([a.epoch, a.seq, a.hash]);
          expect(b.snapshot()?.buf.toString()).toEqual(a.snapshot()?.buf.toString());
          for (let from = 0; from <= local.seq; from++) {
            expect(text(b.replay(from))).toEqual(text(a.replay(from)));
            expect(b.conflated(from, 10)?.buf.toString()).toEqual(a.conflated(from, 10)?.buf.toString());
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('a version nobody watches', () => {
  it('is not derived, hashed or encoded; one that starts watching gets the same view from then on', () => {
    fc.assert(
      fc.property(runArb, fc.nat(), ({ polls, maxCount }, cut) => {
        const bounds = { maxCount, maxAgeMs: 600_000 };
        const lazy = new TopicHistory(TOPIC, bounds);
        // The reference: both versions watched from the start (every view derived at every step).
        const full = new TopicHistory(TOPIC, bounds);
        full.view(1).watch();
        full.view(2).watch();
        const join = 1 + (cut % (polls.length - 1));
        const v1Frames: (EncodedDelta | undefined)[] = [];
        polls.forEach(({ model, pt }, i) => {
          if (i === join) lazy.view(1).watch();
          const d = lazy.publish(model, pt);
          full.publish(model, pt);
          if (i < join) v1Frames.push(d?.views?.[1], d?.views?.[2]);
        });
        // Before any v1 (or v2) client: no view frame at all, and no step derived.
        expect(v1Frames.every((d) => d === undefined)).toBe(true);
        expect((lazy.view(2) as ViewLog).steps).toBe(0);
        // The v1 client's view from its join on: the same seq, hash and snapshot as the reference.
        const [a, b] = [lazy.view(1), full.view(1)];
        expect([a.seq, a.hash]).toEqual([b.seq, b.hash]);
        // The same snapshot but for the epoch (each history has its own).
        const snap = (log: TopicLog) => ({ ...decode(log.snapshot()?.buf ?? Buffer.from('{}')), epoch: '' });
        expect(snap(a)).toEqual(snap(b));
        expect(text(a.replay(a.seq))).toEqual([]);
        // The head's own hash, kept or not, is the state's.
        expect(lazy.hash).toBe(stateHash(lazy.model as Model));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a view for the ring age after its last watcher left (resumes replay), then stops it', () => {
    const [first, ...rest] = fc.sample(runArb, { numRuns: 20, seed: 7 }).filter((r) => r.polls.length > 6);
    const polls = (first ?? rest[0])?.polls as Poll[];
    const bounds = { maxCount: 100, maxAgeMs: 5_000 };
    const h = new TopicHistory(TOPIC, bounds);
    const v1 = h.view(1) as ViewLog;
    v1.watch();
    h.publish((polls[0] as Poll).model, T0);
    const left = T0 + 1000;
    v1.unwatch(left);
    // Within the linger: still stepped (a client resuming from here is replayed, not snapshotted).
    h.publish((polls[1] as Poll).model, left + 1000);
    const seqInLinger = v1.seq;
    expect(v1.steps).toBe(h.seq);
    h.publish((polls[2] as Poll).model, left + 2000);
    expect(v1.replay(seqInLinger)?.length).toBe(v1.seq - seqInLinger);
    // Past it: asleep; nothing derived any more.
    const steps = v1.steps;
    for (let i = 3; i < polls.length; i++) h.publish((polls[i] as Poll).model, left + 10_000 + i * 1000);
    expect(v1.steps).toBe(steps);
    expect(v1.hasSnapshot).toBe(false);
    // A new watcher wakes it at the current state: a resume from before gets no replay.
    v1.watch();
    expect(v1.seq).toBe(h.seq);
    expect(v1.hash).toBe(stateHash(viewModel(1, h.model as Model)));
    expect(v1.replay(seqInLinger)).toBeUndefined();
  });
});
