// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
import { parlayReturn, settleSelection, singleReturn } from '@sportsbook/protocol';
import { requestId, startTestSim } from '@sportsbook/testkit/sim';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOf } from './domain/statements.ts';
import type { Bet } from './domain/types.ts';

type Row = [string, number, string, number | string | null, number, number[], string[] | null];

const Members = ['demo01', 'demo02', 'demo04', 'demo05', 'load01', 'load02'];

describe('a full evening at high speed', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  beforeAll(async () => {
    t = await startTestSim({
      world: {
        seed: 11,
        liveMatches: 8,
        todayMatches: 16,
        earlyMatches: 0,
        startTime: Date.UTC(2026, 0, 10, 10, 0, 0),
        tickMs: 5000,
      },
      stepMs: 5000,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function openRows(group: 'live' | 'today'): Promise<{ row: Row; parlay: boolean }[]> {
    const out: { row: Row; parlay: boolean }[] = [];
    for (const market of ['hdpou', '1x2', 'oe', 'cs'] as const) {
      const { json } = await t.call('/odds/uxmarket', { sport_id: 1, market_type: market, group });
      const parlay = new Set((json.data.matches as any[]).filter((m) => m[8] === 1).map((m) => m[0]));
      for (const row of json.data.odds as Row[])
        if (row[4] === 0 && row[5].length > 0) out.push({ row, parlay: parlay.has(row[1]) });
    }
    return out;
  }

  it('settles every placed bet and every wallet reconciles to the minor unit', async () => {
    const sessions = new Map<string, { account_id: string; session_token: string }>();
    for (const id of Members) sessions.set(id, await t.login(id));
    const rng = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { numRuns: 5000, seed: 5 });
    let r = 0;
    const next = (n: number) => (rng[r++ % rng.length] as number) % n;
    let placed = 0;

    for (let round = 0; round < 4; round++) {
      const pool = [...(await openRows('live')), ...(await openRows('today'))];
      for (let i = 0; i < 40; i++) {
        const s = sessions.get(Members[next(Members.length)] as string);
        if (!s || pool.length === 0) continue;
        const kind = next(4);
        if (kind <= 1) {
          const { row } = pool[next(pool.length)] as { row: Row };
          const selection = next(row[5].length);
          const body = {
            ...s,
            request_id: requestId(),
            odds_id: row[0],
            selection,
            price: row[5][selection],
            stake: 5 + next(200),
            odds_type: 1 + next(4),
            accept_any_odds: true,
          };
          if ((await t.call('/bet/betsingle', body)).json.status === 1) placed++;
        } else {
          const legs: { odds_id: string; selection: number; price: number }[] = [];
          const matches = new Set<number>();
          for (let k = 0; k < 30 && legs.length < 3 + next(2); k++) {
            const { row, parlay } = pool[next(pool.length)] as { row: Row; parlay: boolean };
            if (!parlay || matches.has(row[1])) continue;
            matches.add(row[1]);
            const selection = next(row[5].length);
            legs.push({ odds_id: row[0], selection, price: row[5][selection] as number });
          }
          const path = kind === 2 ? '/bet/betparlay' : '/bet/betsysparlay';
          const body = {
            ...s,
            request_id: requestId(),
            selections: legs,
            stake: 5 + next(50),
            accept_any_odds: true,
          };
          if ((await t.call(path, body)).json.status === 1) placed++;
        }
      }
      t.advance(20 * 60_000);
    }
    expect(placed).toBeGreaterThan(60);

    // Run the world on until every bet is decided (bounded: two sim days).
    const mine = (): Bet[] => Members.flatMap((id) => t.sim.store.accountBets(id));
    for (
      let hour = 0;
      hour < 48 && mine().some((b) => b.status === 'waiting' || b.status === 'running');
      hour++
    ) {
      t.advance(3_600_000);
    }
    const bets = mine();
    expect(bets.filter((b) => b.status === 'waiting' || b.status === 'running')).toEqual([]);
    expect(
      bets.filter((b) => ['won', 'lost', 'wonHalf', 'loseHalf', 'draw'].includes(b.status)).length,
    ).toBeGreaterThan(20);

    const start = dateOf(t.world.options.startTime);
    const end = dateOf(t.world.now());
    for (const id of Members) {
      const s = sessions.get(id) as { account_id: string; session_token: string };
      // Sessions run on the wall clock, which the test did not move: still valid.
      const balance = (await t.call('/userbalance', { ...s, parent_id: 'ag01' })).json;
      expect(balance.outstanding_balance).toBe(0);
      expect(balance.balance).toBe(balance.account_balance);
      const days = (await t.call('/dailystatement', { ...s, start_date: start, end_date: end })).json
        .data as any[];
      const minor = (x: number) => Math.round(x * 100);
      let previous = 0;
      for (const day of days) {
        expect(minor(day.opening_balance)).toBe(previous);
        expect(minor(day.opening_balance) + minor(day.credit) - minor(day.debit)).toBe(
          minor(day.closing_balance),
        );
        previous = minor(day.closing_balance);
      }
      expect(previous).toBe(minor(balance.account_balance));

      // The ledger agrees with the bets: opening deposit + what every bet won or lost + commission.
      const account = t.sim.store.accounts.get(id);
      const ledger = t.sim.store.entries(id);
      const deposit = ledger
        .filter((e) => e.type === 'deposit' || e.type === 'adjust')
        .reduce((sum, e) => sum + e.dAvailable, 0);
      const accountBets = t.sim.store.accountBets(id);
      const net = accountBets.reduce(
        (sum, b) =>
          sum +
          (['rejected', 'void', 'refund', 'abandoned'].includes(b.status)
            ? 0
            : b.returned - b.risk + b.commission),
        0,
      );
      expect(t.sim.wallet.balance(id).cash).toBe(deposit + net);
      expect(account).toBeDefined();
    }
  });

  it('every settled bet paid what @sportsbook/protocol says', () => {
    const bets = Members.flatMap((id) => t.sim.store.accountBets(id)).filter(
      (b) => b.settledAt !== null && b.status !== 'rejected' && b.status !== 'cashedOut',
    );
    expect(bets.length).toBeGreaterThan(20);
    let checked = 0;
    for (const bet of bets) {
      const outcomes = bet.legs.map((leg) =>
        leg.score === null || leg.score.cancelled
          ? 'void'
          : (() => {
              try {
                return settleSelection({
                  betType: leg.betType,
                  line: typeof leg.line === 'number' ? leg.line : null,
                  selection: leg.selection,
                  labels: leg.labels,
                  score: leg.score,
                });
              } catch {
                return 'void';
              }
            })(),
      );
      expect(bet.legs.map((l) => l.outcome)).toEqual(outcomes);
      if (bet.status === 'void' || bet.status === 'abandoned') continue;
      if (bet.kind === 'single')
        expect(bet.returned).toBe(singleReturn(bet.risk, bet.decimalOdds, outcomes[0] ?? 'void'));
      if (bet.kind === 'parlay')
        expect(bet.returned).toBe(
          parlayReturn(
            bet.risk,
            bet.legs.map((l, i) => ({ decimal: l.price, outcome: outcomes[i] ?? 'void' })),
          ),
        );
      if (bet.kind === 'system') {
        const expected = (bet.combos ?? []).reduce(
          (sum, combo) =>
            sum +
            parlayReturn(
              bet.unitStake,
              combo.map((i) => ({ decimal: bet.legs[i]?.price ?? 2, outcome: outcomes[i] ?? 'void' })),
            ),
          0,
        );
        expect(bet.returned).toBe(expected);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });
});
