import { applyDelta, type Model, stateHash } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReplicaHistory } from '../cluster/replica.ts';
import { advance, newHead } from './head.ts';
import { TopicHistory } from './topic.ts';

/** Menu-shaped models: a few sports whose counts move. */
const menuModel = fc
  .dictionary(
    fc.constantFrom('1', '2', '3', '4', '5'),
    fc.record({
      id: fc.integer({ min: 1, max: 5 }),
      live: fc.integer({ min: 0, max: 3 }),
      today: fc.integer({ min: 0, max: 3 }),
    }),
  )
  .map((sports) => ({ sports }) as unknown as Model);

/** A run of polls and a ring size. */
const runs = fc.record({
  models: fc.array(menuModel, { minLength: 2, maxLength: 30 }),
  maxCount: fc.integer({ min: 1, max: 10 }),
});

const decode = (buf: Buffer) => JSON.parse(buf.toString()) as Record<string, unknown>;

describe('TopicHistory', () => {
  it('replays exactly the buffered deltas after a seq, and a conflated delta lands on the same state', () => {
    fc.assert(
      fc.property(runs, ({ models, maxCount }) => {
        const h = new TopicHistory('menu', { maxCount, maxAgeMs: 60_000 });
        const states: Model[] = [];
        let pt = 1_000;
        for (const m of models) {
          h.publish(m, pt++);
          states[h.seq] = m;
        }
        expect(h.buffered).toBeLessThanOrEqual(maxCount);
        const snap = decode(h.snapshot()?.buf ?? Buffer.from('{}'));
        expect(snap.seq).toBe(h.seq);
        expect(snap.hash).toBe(stateHash(states[h.seq] as Model));
        for (let from = 0; from <= h.seq; from++) {
          const missed = h.replay(from);
          if (missed === undefined) {
            // Only what fell out of the ring is refused.
            expect(h.seq - from).toBeGreaterThan(maxCount);
            continue;
          }
          expect(missed.map((d) => d.seq)).toEqual(
            Array.from({ length: h.seq - from }, (_, i) => from + i + 1),
          );
          let model = states[from] as Model;
          for (const d of missed) model = applyDelta(model, d.ops);
          expect(model).toEqual(states[h.seq]);
          const merged = h.conflated(from, Number.POSITIVE_INFINITY);
          if (from === h.seq) {
            expect(merged).toBeUndefined();
            continue;
          }
          const frame = decode(merged?.buf ?? Buffer.from('{}'));
          expect(frame.prev).toBe(from);
          expect(frame.seq).toBe(h.seq);
          const after = applyDelta(states[from] as Model, frame.ops as never);
          expect(stateHash(after)).toBe(frame.hash);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('drops deltas older than the age bound', () => {
    const h = new TopicHistory('menu', { maxCount: 100, maxAgeMs: 1000 });
    const model = (live: number) => ({ sports: { '1': { id: 1, live } } }) as unknown as Model;
    h.publish(model(0), 0);
    h.publish(model(1), 100);
    h.publish(model(2), 500);
    expect(h.replay(0)?.length).toBe(2);
    h.publish(model(3), 1400);
    expect(h.replay(0)).toBeUndefined();
    expect(h.replay(1)?.map((d) => d.seq)).toEqual([2, 3]);
  });

  it('sends no delta and takes no seq when a poll changes nothing', () => {
    const h = new TopicHistory('menu', { maxCount: 10, maxAgeMs: 1000 });
    const m = { sports: { '1': { id: 1, live: 2 } } } as unknown as Model;
    h.publish(m, 1);
    expect(h.publish(structuredClone(m), 2)).toBeUndefined();
    expect(h.seq).toBe(0);
  });
});

describe('ReplicaHistory fed by advance', () => {
  it('serves what the in-process history serves: same seq, hash, snapshot, replay and conflated frames', () => {
    fc.assert(
      fc.property(runs, ({ models, maxCount }) => {
        const bounds = { maxCount, maxAgeMs: 60_000 };
        const local = new TopicHistory('menu', bounds);
        const replica = new ReplicaHistory('menu', bounds);
        // The leader's head (cluster/topic.ts) continues the in-process history's epoch.
        const head = newHead('menu', local.epoch);
        let id = 0;
        let pt = 1_000;
        for (const model of models) {
          pt++;
          local.publish(model, pt);
          const step = advance(head, model, pt);
          const base = { id: `${++id}-0`, epoch: head.epoch, pt, fence: 1, stale: false };
          if (step.kind === 'first') {
            expect(replica.reset({ ...base, seq: head.seq, hash: step.hash, model })).toBe(true);
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
        expect([replica.epoch, replica.seq, replica.hash]).toEqual([local.epoch, local.seq, local.hash]);
        expect(decode(replica.snapshot()?.buf ?? Buffer.from('{}'))).toEqual(
          decode(local.snapshot()?.buf ?? Buffer.from('{}')),
        );
        for (let from = 0; from <= local.seq; from++) {
          const bytes = (d: readonly { buf: Buffer }[] | undefined) => d?.map((x) => x.buf.toString());
          expect(bytes(replica.replay(from))).toEqual(bytes(local.replay(from)));
          expect(replica.conflated(from, 10)?.buf.toString()).toEqual(
            local.conflated(from, 10)?.buf.toString(),
          );
        }
      }),
      { numRuns: 100 },
    );
  });

  it('tells its listener of a quiet load only when announced, once it holds the later entries too', () => {
    const replica = new ReplicaHistory('menu', { maxCount: 10, maxAgeMs: 60_000 });
    const heard: string[] = [];
    replica.listener = {
      onFirstSnapshot: (log) => heard.push(`first@${log.seq}`),
      onReset: (log) => heard.push(`reset@${log.seq}`),
      onDelta: (_log, d) => heard.push(`delta@${d.seq}`),
      onStatus: () => heard.push('status'),
    };
    const head = newHead('menu', 'e1');
    const m0 = { sports: { 1: { id: 1, live: 0 } } } as unknown as Model;
    const m1 = { sports: { 1: { id: 1, live: 1 } } } as unknown as Model;
    const first = advance(head, m0, 1);
    const step = advance(head, m1, 2);
    if (first.kind !== 'first' || step.kind !== 'delta') throw new Error('unexpected steps');
    const image = { id: '1-0', epoch: 'e1', seq: 0, hash: first.hash, pt: 1, model: m0, stale: false };
    const entry = {
      kind: 'd' as const,
      id: '2-0',
      epoch: 'e1',
      seq: 1,
      hash: step.hash,
      pt: 2,
      frame: step.text,
      fence: 1,
      stale: false,
    };
    expect(replica.reset(image, [], true)).toBe(true);
    expect(replica.apply(entry, undefined, true)).toBe('applied');
    expect(heard).toEqual([]);
    replica.announce();
    replica.announce();
    expect(heard).toEqual(['first@1', 'reset@1']);
  });
});
