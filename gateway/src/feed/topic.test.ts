import { applyDelta, type Model, stateHash } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

const decode = (buf: Buffer) => JSON.parse(buf.toString()) as Record<string, unknown>;

describe('TopicHistory', () => {
  it('replays exactly the buffered deltas after a seq, and a conflated delta lands on the same state', () => {
    fc.assert(
      fc.property(
        fc.array(menuModel, { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 1, max: 10 }),
        (models, maxCount) => {
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
        },
      ),
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
