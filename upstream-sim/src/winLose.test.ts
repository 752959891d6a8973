// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * Win/loss per product on the simulator: the win/loss report (`platformwinlose`) and the statement's
 * turnover and win/loss columns count every product that writes the ledger, and the product rows
 * add up to the ledger to the minor unit, over random days of play.
 */
import { currencyDigits } from '@sportsbook/protocol';
import { startTestSimAs, type TestSession, type TestSim } from '@sportsbook/testkit/sim';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOf } from './domain/statements.ts';

const DayMs = 86_400_000;
const start = Date.UTC(2026, 0, 10, 4, 0, 0);

/** One movement of play as the products write it (the wallet engine's own calls). */
type Play =
  | {
      kind: 'bet';
      product: 'sportsbook' | 'esports' | 'virtual';
      stake: number;
      returned: number;
      commission: number;
    }
  | { kind: 'ticket'; product: 'lottery' | 'minigame'; stake: number; returned: number; void: boolean }
  | { kind: 'round'; product: 'slots' | 'livecasino' | 'minigame' | 'poker'; stake: number; win: number }
  | { kind: 'room'; fee: number; outcome: 'refund' | 'prize' | 'none'; prize: number }
  | { kind: 'account'; amount: number };

const amount = fc.integer({ min: 1, max: 500_000 });
const play: fc.Arbitrary<Play> = fc.oneof(
  fc.record({
    kind: fc.constant('bet' as const),
    product: fc.constantFrom('sportsbook' as const, 'esports' as const, 'virtual' as const),
    stake: amount,
    returned: fc.integer({ min: 0, max: 1_000_000 }),
    commission: fc.integer({ min: 0, max: 5_000 }),
  }),
  fc.record({
    kind: fc.constant('ticket' as const),
    product: fc.constantFrom('lottery' as const, 'minigame' as const),
    stake: amount,
    returned: fc.integer({ min: 0, max: 1_000_000 }),
    void: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('round' as const),
    product: fc.constantFrom('slots' as const, 'livecasino' as const, 'minigame' as const, 'poker' as const),
    stake: amount,
    win: fc.integer({ min: 0, max: 1_000_000 }),
  }),
  fc.record({
    kind: fc.constant('room' as const),
    fee: amount,
    outcome: fc.constantFrom('refund' as const, 'prize' as const, 'none' as const),
    prize: amount,
  }),
  fc.record({ kind: fc.constant('account' as const), amount: fc.integer({ min: -1_000, max: 100_000 }) }),
);

describe('win/loss per product', () => {
  let t: TestSim;
  let s: TestSession;
  let day = 0;

  beforeAll(async () => {
    ({ t, s } = await startTestSimAs('demo02', {
      world: { seed: 7, liveMatches: 1, todayMatches: 2, earlyMatches: 1, startTime: start },
    }));
  });
  afterAll(() => t.close());

  it('every product has its row and the rows add up to the ledger, to the minor unit', async () => {
    const account = t.sim.store.accounts.get('demo02');
    if (!account) throw new Error('demo02 missing');
    const scale = 10 ** currencyDigits(account.currency);
    const minor = (major: number) => Math.round(major * scale);
    await fc.assert(
      fc.asyncProperty(fc.array(play, { minLength: 1, maxLength: 25 }), async (plays) => {
        // Each run is a later GMT+8 day of its own, so the ledger's time keeps going forward.
        day++;
        const dayStart = start + day * DayMs;
        const date = dateOf(dayStart + 60_000);
        const w = t.sim.wallet;
        const id = account.id;
        const step = Math.floor(DayMs / 2 / (plays.length * 4 + 2));
        let at = dayStart + 60_000;
        const next = () => (at += step);
        w.deposit(id, 100_000_000, `float-${day}`, next());
        let accountMoves = 100_000_000;
        const expected = new Map<string, { turnover: number; winLose: number; commission: number }>();
        const add = (product: string, turnover: number, winLose: number, commission = 0) => {
          const row = expected.get(product) ?? { turnover: 0, winLose: 0, commission: 0 };
          expected.set(product, {
            turnover: row.turnover + turnover,
            winLose: row.winLose + winLose,
            commission: row.commission + commission,
          });
        };
        plays.forEach((p, i) => {
          const ref = `${day}-${i}`;
          if (p.kind === 'bet') {
            const product = p.product === 'sportsbook' ? undefined : p.product;
            w.freeze(id, p.stake, ref, next(), product);
            w.settle(id, p.stake, p.returned, p.commission, ref, next(), product);
            add(p.product, p.stake, p.returned - p.stake, p.commission);
          } else if (p.kind === 'ticket') {
            w.freeze(id, p.stake, ref, next(), p.product);
            if (p.void) w.release(id, p.stake, ref, next(), p.product);
            else {
              w.settle(id, p.stake, p.returned, 0, ref, next(), p.product);
              add(p.product, p.stake, p.returned - p.stake);
            }
          } else if (p.kind === 'round') {
            w.transfer(id, 'gameStake', -p.stake, ref, next(), p.product);
            if (p.win > 0) w.transfer(id, 'gameWin', p.win, ref, next(), p.product);
            add(p.product, p.stake, p.win - p.stake);
          } else if (p.kind === 'room') {
            w.transfer(id, 'roomFee', -p.fee, ref, next(), 'tournament');
            if (p.outcome === 'refund') {
              w.transfer(id, 'roomRefund', p.fee, ref, next(), 'tournament');
              add('tournament', 0, 0);
            } else if (p.outcome === 'prize') {
              w.transfer(id, 'roomPrize', p.prize, ref, next(), 'tournament');
              add('tournament', p.fee, p.prize - p.fee);
            } else add('tournament', p.fee, -p.fee);
          } else {
            const amount = Math.max(p.amount, -w.balance(id).available);
            w.adjust(id, amount, ref, next());
            accountMoves += amount;
          }
        });

        const report = await t.call('/platformwinlose', { ...s, start_date: date, end_date: date });
        expect(report.json.status).toBe(1);
        const rows = report.json.data as any[];
        const statement = await t.call('/dailystatement', { ...s, start_date: date, end_date: date });
        const d = statement.json.data[0];
        const net = minor(d.closing_balance) - minor(d.opening_balance) - accountMoves;

        // Each product played that day has exactly its own row, and nothing else has one.
        const played = [...expected.entries()].filter(
          ([, r]) => r.turnover !== 0 || r.winLose !== 0 || r.commission !== 0,
        );
        for (const [product, row] of played) {
          const got = rows.find((r) => r.platform === product);
          expect(got, product).toBeDefined();
          expect([minor(got.turnover), minor(got.win_lose), minor(got.commission)], product).toEqual([
            row.turnover,
            row.winLose,
            row.commission,
          ]);
        }
        expect(rows.some((r) => r.platform === 'account')).toBe(false);
        // The rows add up to the ledger: win/loss plus commission is the change of cash less
        // deposits and adjustments; the statement's columns are the rows' totals.
        const sum = (key: string) => rows.reduce((total, r) => total + minor(r[key]), 0);
        expect(sum('win_lose') + sum('commission')).toBe(net);
        expect(minor(d.turnover)).toBe(sum('turnover'));
        expect(minor(d.win_lose)).toBe(sum('win_lose'));
      }),
      { numRuns: 25 },
    );
  });
});
