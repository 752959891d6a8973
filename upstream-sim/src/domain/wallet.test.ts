import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallError } from '../reply.ts';
import { memoryJournal } from './journal.ts';
import { dateOf, Statements } from './statements.ts';
import { Store } from './store.ts';
import { WalletEngine } from './wallet.ts';

const Op = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), amount: fc.integer({ min: 0, max: 1_000_000 }) }),
  fc.record({ t: fc.constant('freeze' as const), amount: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({ t: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({
    t: fc.constant('settle' as const),
    pick: fc.nat(),
    ret: fc.integer({ min: 0, max: 3_000_000 }),
    comm: fc.integer({ min: 0, max: 500 }),
  }),
);

describe('wallet engine and statements', () => {
  it('any sequence of movements reconciles per day and never goes negative', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(Op, fc.integer({ min: 0, max: 6 * 3_600_000 })), { maxLength: 60 }),
        (ops) => {
          const store = new Store(memoryJournal());
          const wallet = new WalletEngine(store);
          const open: number[] = [];
          let time = Date.UTC(2026, 0, 10);
          const start = time;
          for (const [op, dt] of ops) {
            time += dt;
            try {
              if (op.t === 'deposit') wallet.deposit('m', op.amount, 'd', time);
              if (op.t === 'freeze') {
                wallet.freeze('m', op.amount, 'b', time);
                open.push(op.amount);
              }
              if ((op.t === 'release' || op.t === 'settle') && open.length > 0) {
                const [risk] = open.splice(op.pick % open.length, 1) as [number];
                if (op.t === 'release') wallet.release('m', risk, 'b', time);
                else wallet.settle('m', risk, op.ret, op.comm, 'b', time);
              }
            } catch (err) {
              if (!(err instanceof CallError) || err.code !== 'insufficient_balance') throw err;
            }
            const b = wallet.balance('m');
            expect(b.available).toBeGreaterThanOrEqual(0);
            expect(b.frozen).toBe(open.reduce((a, x) => a + x, 0));
          }
          const days = new Statements(store).daily('m', dateOf(start), dateOf(time));
          let previous = 0;
          for (const day of days) {
            expect(day.opening).toBe(previous);
            expect(day.closing).toBe(day.opening + day.credit - day.debit);
            previous = day.closing;
          }
          expect(previous).toBe(wallet.balance('m').cash);
        },
      ),
      { numRuns: 300 },
    );
  });
});
