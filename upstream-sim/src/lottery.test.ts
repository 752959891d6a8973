// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * The 4D lottery over HTTP: draws and results, quotes, placement (idempotent, codes),
 * settlement at the draw through the ledger and the statement, cancelled draws refunded; and, at
 * the domain level, random tickets against random draws reconciling to the minor unit.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LotteryBetType,
  type LotteryBetTypeCode,
  lotteryRowPayout,
  rankedNumbers,
  toMinorUnits,
} from '@sportsbook/protocol';
import { AdminToken, requestId, startTestSim } from '@sportsbook/testkit/sim';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simConfigFromEnv } from './config.ts';
import { memoryJournal } from './domain/journal.ts';
import { drawIdOf, Lottery, timeOfDrawId } from './domain/lottery.ts';
import { Store } from './domain/store.ts';
import type { Account } from './domain/types.ts';
import { WalletEngine } from './domain/wallet.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const minor = (major: number) => toMinorUnits(major, 2) as number;

describe('4D lottery over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: { account_id: string; session_token: string };

  const cash = async (session = s) => {
    const { json } = await t.call('/userbalance', { ...session, parent_id: 'ag01' });
    return { cash: minor(json.account_balance), frozen: minor(json.outstanding_balance) };
  };
  const openDraw = async (session = s) => {
    const { json } = await t.call('/lottery/drawlist', session);
    return json.data.open.find((d: any) => d.status === 'open');
  };

  beforeAll(async () => {
    t = await startTestSim();
    s = await t.login('demo01');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists open draws every 10 sim minutes and recent draws with 23 distinct numbers', async () => {
    const { json } = await t.call('/lottery/drawlist', s);
    expect(json.status).toBe(1);
    const { open, recent, now } = json.data;
    expect(open).toHaveLength(3);
    expect(open[0].draw_time).toBeGreaterThan(now);
    expect(open[1].draw_time - open[0].draw_time).toBe(600_000);
    expect(open[0].close_time).toBe(open[0].draw_time - 60_000);
    expect(open[0].numbers).toBeNull();
    expect(recent.length).toBe(5);
    for (const draw of recent) {
      expect(draw.status).toBe('drawn');
      const numbers = rankedNumbers(draw.numbers).map((r) => r.number);
      expect(new Set(numbers).size).toBe(23);
    }
    const again = await t.call('/lottery/result', { ...s, draw_id: recent[0].draw_id });
    expect(again.json.data).toEqual(recent[0]);
    const future = await t.call('/lottery/result', { ...s, draw_id: open[0].draw_id });
    expect(future.json.data).toMatchObject({ status: 'open', numbers: null });
    const unscheduled = await t.call('/lottery/result', { ...s, draw_id: '202601101203' });
    expect(unscheduled.json).toMatchObject({ status: 0, statusdesc: 'badRequest', field: 'draw_id' });
  });

  it('quotes permutations and cost per row: 1123 box is 12 units, iBox 1', async () => {
    const { json } = await t.call('/lottery/betcheck', {
      ...s,
      rows: [
        { number: '1234', bet_type: 'D_1', big: 1, small: 1 },
        { number: '1123', bet_type: 'D_3', big: 1, small: 0 },
        { number: '1123', bet_type: 'D_4', big: 2, small: 0 },
        { number: '1123', bet_type: 'D_2', big: 1, small: 0 },
        { number: '5123', bet_type: 'D_5', big: 1, small: 0 },
        { number: '0013', bet_type: 'D_6', big: 1, small: 0 },
      ],
    });
    expect(json.status).toBe(1);
    expect(json.data.rows.map((r: any) => [r.permutations, r.units, r.tickets, r.cost])).toEqual([
      [1, 1, 1, 2],
      [12, 12, 1, 12],
      [12, 1, 1, 2],
      [12, 12, 12, 12],
      [6, 6, 1, 6],
      [2, 2, 1, 2],
    ]);
    expect(json.data.total_cost).toBe(36);
    expect(json.data).toMatchObject({ min_unit: 1, max_unit: 1000 });
  });

  it("betcheck without rows answers the member's per-unit limits in the member's currency", async () => {
    const thb = await t.login('demo04');
    const { json } = await t.call('/lottery/betcheck', { ...thb, rows: [] });
    expect(json).toMatchObject({ status: 1, data: { rows: [], total_cost: 0, min_unit: 8, max_unit: 8000 } });
  });

  it('answers clear codes for wrong numbers, amounts and closed draws', async () => {
    const quote = (row: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      t.call('/lottery/betcheck', {
        ...s,
        rows: [{ number: '1234', bet_type: 'D_1', big: 1, small: 0, ...row }],
        ...extra,
      });
    expect((await quote({ number: '123' })).json).toMatchObject({
      statusdesc: 'badRequest',
      field: 'rows.0.number',
    });
    expect((await quote({ number: '12a4' })).json.statusdesc).toBe('badRequest');
    expect((await quote({ bet_type: 'D_7' })).json).toMatchObject({
      statusdesc: 'badRequest',
      field: 'rows.0.bet_type',
    });
    expect((await quote({ big: 0 })).json.statusdesc).toBe('betLowerMin');
    expect((await quote({ big: 0.5 })).json).toMatchObject({
      statusdesc: 'betLowerMin',
      field: 'rows.0.big',
    });
    expect((await quote({ small: 5000 })).json).toMatchObject({
      statusdesc: 'betOverMax',
      field: 'rows.0.small',
    });
    expect((await quote({ big: 1.005 })).json).toMatchObject({
      statusdesc: 'badRequest',
      field: 'rows.0.big',
    });
    const { json } = await t.call('/lottery/drawlist', s);
    expect((await quote({}, { draw_id: json.data.recent[0].draw_id })).json.statusdesc).toBe('drawClosed');
    const bet = await t.call('/lottery/bet', {
      ...s,
      request_id: requestId(),
      draw_id: json.data.recent[0].draw_id,
      rows: [{ number: '1234', bet_type: 'D_1', big: 1, small: 0 }],
    });
    expect(bet.json.statusdesc).toBe('drawClosed');
    const poor = await t.login('demo10');
    const draw = await openDraw(poor);
    const broke = await t.call('/lottery/bet', {
      ...poor,
      request_id: requestId(),
      draw_id: draw.draw_id,
      rows: [{ number: '1234', bet_type: 'D_1', big: 1, small: 0 }],
    });
    expect(broke.json.statusdesc).toBe('insufficient_balance');
  });

  it('a member with the lottery disabled gets lotteryDisabled on every call', async () => {
    const off = await t.login('demo20');
    for (const [path, body] of [
      ['/lottery/drawlist', {}],
      ['/lottery/betlist', {}],
      ['/lottery/betcheck', { rows: [{ number: '1234', bet_type: 'D_1', big: 1, small: 0 }] }],
      ['/gameresultlottery', { start_date: '2026-01-10', end_date: '2026-01-10' }],
    ] as const) {
      const { http, json } = await t.call(path, { ...off, ...body });
      expect(json.statusdesc, path).toBe('lotteryDisabled');
      expect(http).toBe(403);
    }
    const login = await t.call('/authlogin', { account_id: 'demo20', password: 'demo1234' });
    expect(login.json.member_profile.player_info[0].lottery_disabled).toBe(1);
    const other = await t.call('/authlogin', { account_id: 'demo02', password: 'demo1234' });
    expect(other.json.member_profile.player_info[0].lottery_disabled).toBeUndefined();
  });

  it('places a ticket once per request_id, settles it at the draw exactly as the table says', async () => {
    const before = await cash();
    const draw = await openDraw();
    const rows = [
      { number: '1234', bet_type: 'D_1', big: 1, small: 1 },
      { number: '1123', bet_type: 'D_3', big: 1, small: 0 },
      { number: '1123', bet_type: 'D_4', big: 1, small: 1 },
    ];
    const body = { ...s, request_id: requestId(), draw_id: draw.draw_id, rows };
    const placed = await t.call('/lottery/bet', body);
    expect(placed.json.status).toBe(1);
    const ticket = placed.json.data;
    expect(ticket).toMatchObject({ status: 'open', cost: 16, payout: 0, draw_id: draw.draw_id });
    // A retry (also under a new session) is the same ticket; another body with the key is refused.
    const s2 = await t.login('demo01');
    expect((await t.call('/lottery/bet', { ...body, ...s2 })).json.data.ticket_id).toBe(ticket.ticket_id);
    const reused = await t.call('/lottery/bet', { ...body, ...s2, rows: [rows[0]] });
    expect(reused.json.statusdesc).toBe('requestIdReused');
    s = s2;
    const frozen = await cash();
    expect(frozen).toEqual({ cash: before.cash, frozen: before.frozen + 1600 });
    const open = await t.call('/lottery/betlist', s);
    expect(open.json.data.items.map((x: any) => x.ticket_id)).toContain(ticket.ticket_id);

    // Betting closes a minute before the draw.
    t.advance(draw.close_time - (await t.call('/lottery/drawlist', s)).json.data.now);
    const late = await t.call('/lottery/bet', { ...body, request_id: requestId() });
    expect(late.json.statusdesc).toBe('drawClosed');
    t.advance(60_000);

    const result = await t.call('/lottery/result', { ...s, draw_id: draw.draw_id });
    expect(result.json.data.status).toBe('drawn');
    const numbers = result.json.data.numbers;
    const expected = rows
      .map(
        (r) =>
          lotteryRowPayout(
            {
              number: r.number,
              betType: r.bet_type as LotteryBetTypeCode,
              big: minor(r.big),
              small: minor(r.small),
            },
            numbers,
          ).payout,
      )
      .reduce((a, b) => a + b, 0);
    const settled = await t.call('/gameresultlottery', {
      ...s,
      start_date: '2026-01-10',
      end_date: '2026-01-10',
    });
    const mine = settled.json.data.items.find((x: any) => x.ticket_id === ticket.ticket_id);
    expect(mine.status).toBe(expected > 0 ? 'won' : 'lost');
    expect(minor(mine.payout)).toBe(expected);
    expect(await cash()).toEqual({ cash: before.cash - 1600 + expected, frozen: before.frozen });
    expect((await t.call('/lottery/betlist', s)).json.data.items).toEqual([]);

    // Ledger entries of the ticket, marked as the lottery's: frozen, debited, paid.
    const entries = t.sim.store.entries('demo01').filter((e) => e.ref === ticket.ticket_id);
    expect(entries.map((e) => e.type)).toEqual(
      expected > 0 ? ['freeze', 'stake', 'payout'] : ['freeze', 'stake'],
    );
    expect(entries.every((e) => e.product === 'lottery')).toBe(true);
    // The statement shows the stake debit and the payout credit of the day.
    const statement = await t.call('/dailystatement', {
      ...s,
      start_date: '2026-01-10',
      end_date: '2026-01-10',
    });
    const day = statement.json.data[0];
    expect(minor(day.closing_balance)).toBe(before.cash - 1600 + expected);
  });

  it('pays a winning straight, box and iBox exactly as the table says', async () => {
    const draw = await openDraw();
    const { numbers } = t.sim.lottery.draw(draw.draw_id, timeOfDrawId(draw.draw_id) as number) as any;
    const first: string = numbers.first;
    const before = await cash();
    const rows = [
      { number: first, bet_type: 'D_1', big: 1, small: 1 },
      { number: [...first].reverse().join(''), bet_type: 'D_3', big: 1, small: 0 },
      { number: [...first].reverse().join(''), bet_type: 'D_4', big: 1, small: 0 },
    ];
    const placed = await t.call('/lottery/bet', {
      ...s,
      request_id: requestId(),
      draw_id: draw.draw_id,
      rows,
    });
    const cost = minor(placed.json.data.cost);
    t.advance(draw.draw_time - (await t.call('/lottery/drawlist', s)).json.data.now);
    const perms = placed.json.data.rows[2].permutations;
    // Straight: Big 2500 + Small 3500 per unit; box: 2500; iBox: 2500 / permutations (half-up).
    const firstPrize = 2500 * 100 + 3500 * 100 + 2500 * 100 + Math.round((2500 * 100) / perms);
    const settled = (
      await t.call('/gameresultlottery', { ...s, start_date: '2026-01-10', end_date: '2026-01-10' })
    ).json.data.items.find((x: any) => x.ticket_id === placed.json.data.ticket_id);
    expect(minor(settled.payout)).toBeGreaterThanOrEqual(firstPrize);
    expect(settled.rows[0].wins).toContainEqual({ rank: 'first', number: first, size: 'big', amount: 2500 });
    expect(settled.rows[0].wins).toContainEqual({
      rank: 'first',
      number: first,
      size: 'small',
      amount: 3500,
    });
    expect((await cash()).cash).toBe(before.cash - cost + minor(settled.payout));
  });

  it('a cancelled draw refunds every ticket (cancelledbetlistlottery)', async () => {
    const before = await cash();
    const draw = await openDraw();
    const placed = await t.call('/lottery/bet', {
      ...s,
      request_id: requestId(),
      draw_id: draw.draw_id,
      rows: [{ number: '4321', bet_type: 'D_3', big: 2, small: 0 }],
    });
    expect((await cash()).frozen).toBe(before.frozen + 4800);
    const response = await fetch(`${t.url}/admin/lottery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': AdminToken },
      body: JSON.stringify({ action: 'cancel', draw_id: draw.draw_id }),
    });
    expect(await response.json()).toMatchObject({ status: 1, refunded: [placed.json.data.ticket_id] });
    expect(await cash()).toEqual(before);
    const list = await t.call('/cancelledbetlistlottery', {
      ...s,
      start_date: '2026-01-10',
      end_date: '2026-01-10',
    });
    expect(list.json.data.items[0]).toMatchObject({
      ticket_id: placed.json.data.ticket_id,
      status: 'refunded',
    });
    expect((await t.call('/lottery/result', { ...s, draw_id: draw.draw_id })).json.data.status).toBe(
      'cancelled',
    );
    const again = await t.call('/lottery/bet', {
      ...s,
      request_id: requestId(),
      draw_id: draw.draw_id,
      rows: [{ number: '4321', bet_type: 'D_1', big: 1, small: 0 }],
    });
    expect(again.json.statusdesc).toBe('drawClosed');
  });
});

describe('4D lottery persistence (SIM_DATA_DIR)', () => {
  it('keeps open tickets and cancelled draws across a restart, and settles them at the draw', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-lottery-'));
    try {
      const first = await startTestSim({ dataDir: dir });
      const s = await first.login('demo01');
      const { json } = await first.call('/lottery/drawlist', s);
      const [draw, next] = json.data.open;
      const placed = await first.call('/lottery/bet', {
        ...s,
        request_id: requestId(),
        draw_id: draw.draw_id,
        rows: [{ number: '1234', bet_type: 'D_3', big: 1, small: 0 }],
      });
      expect(placed.json.status).toBe(1);
      await fetch(`${first.url}/admin/lottery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': AdminToken },
        body: JSON.stringify({ action: 'cancel', draw_id: next.draw_id }),
      });
      await first.close();

      const second = await startTestSim({ dataDir: dir });
      const ticket = second.sim.lottery.tickets.get(placed.json.data.ticket_id);
      expect(ticket?.status).toBe('open');
      expect(second.sim.wallet.balance('demo01').frozen).toBe(2400);
      expect(second.sim.lottery.draw(next.draw_id, second.sim.world.now())?.status).toBe('cancelled');
      second.advance(draw.draw_time - second.sim.world.now());
      const settled = second.sim.lottery.tickets.get(placed.json.data.ticket_id);
      expect(['won', 'lost']).toContain(settled?.status);
      expect(second.sim.wallet.balance('demo01').frozen).toBe(0);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('4D lottery engine', () => {
  const account = { id: 'p1', currency: 'MYR' } as Account;

  it('draw ids are GMT+8 minutes; the weekly schedule is Wed, Sat and Sun 19:00 GMT+8', () => {
    const store = new Store(memoryJournal());
    const weekly = new Lottery(memoryJournal(), new WalletEngine(store), 1, { schedule: 'weekly' }, silent);
    // Monday 2026-01-12 00:00 GMT+8.
    const monday = Date.UTC(2026, 0, 11, 16, 0);
    const next = weekly.nextDrawTime(monday);
    expect(drawIdOf(next)).toBe('202601141900');
    expect(drawIdOf(weekly.nextDrawTime(next))).toBe('202601171900');
    expect(drawIdOf(weekly.nextDrawTime(weekly.nextDrawTime(next)))).toBe('202601181900');
    expect(weekly.previousDrawTime(next)).toBe(next);
    expect(timeOfDrawId('202601141900')).toBe(next);
    expect(timeOfDrawId('202613141900')).toBeUndefined();
    expect(
      () => new Lottery(memoryJournal(), new WalletEngine(store), 1, { intervalMs: 90_000 }, silent),
    ).toThrow(RangeError);
  });

  it('the environment chooses the schedule (SIM_LOTTERY_SCHEDULE, SIM_LOTTERY_INTERVAL_MIN)', () => {
    const plain = simConfigFromEnv({});
    expect(plain.ok && plain.value.options.lottery).toBeUndefined();
    const every5 = simConfigFromEnv({ SIM_LOTTERY_INTERVAL_MIN: '5' });
    expect(every5.ok && every5.value.options.lottery).toEqual({ intervalMs: 300_000 });
    const weekly = simConfigFromEnv({ SIM_LOTTERY_SCHEDULE: 'weekly', SIM_LOTTERY_INTERVAL_MIN: '5' });
    expect(weekly.ok && weekly.value.options.lottery).toEqual({ schedule: 'weekly', intervalMs: 300_000 });
    const bad = simConfigFromEnv({ SIM_LOTTERY_SCHEDULE: 'daily' });
    expect(bad.ok).toBe(false);
  });

  it('the same seed gives the same draws; another seed other draws', () => {
    const store = new Store(memoryJournal());
    const a = new Lottery(memoryJournal(), new WalletEngine(store), 5, {}, silent);
    const b = new Lottery(memoryJournal(), new WalletEngine(store), 5, {}, silent);
    const c = new Lottery(memoryJournal(), new WalletEngine(store), 6, {}, silent);
    expect(a.numbersOf('202601101210')).toEqual(b.numbersOf('202601101210'));
    expect(a.numbersOf('202601101210')).not.toEqual(c.numbersOf('202601101210'));
  });

  it('random tickets against random draws reconcile in the ledger to the minor unit (property)', () => {
    const betTypes = Object.values(LotteryBetType);
    const row = fc.record({
      pick: fc.option(fc.nat(22), { nil: undefined }),
      number: fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
      bet_type: fc.constantFrom(...betTypes),
      big: fc.integer({ min: 100, max: 600 }).map((n) => n / 100),
      small: fc.constantFrom(0, 1, 2.5, 10),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.array(fc.array(row, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        (seed, tickets) => {
          const store = new Store(memoryJournal());
          const wallet = new WalletEngine(store);
          const lottery = new Lottery(memoryJournal(), wallet, seed, {}, silent);
          const start = Date.UTC(2026, 0, 10, 4, 0, 0);
          wallet.deposit(account.id, 100_000_000, 'opening', start);
          const drawTime = lottery.nextDrawTime(start);
          const drawId = drawIdOf(drawTime);
          const winners = rankedNumbers(lottery.numbersOf(drawId)).map((r) => r.number);
          let costs = 0;
          const placed = tickets.map((rows, i) => {
            const ticket = lottery.place(
              account,
              drawId,
              `r${i}`,
              rows.map((r) => ({
                ...r,
                number: r.pick === undefined ? r.number : (winners[r.pick] as string),
              })),
              start + i,
            );
            costs += ticket.cost;
            return ticket;
          });
          expect(wallet.balance(account.id)).toEqual({
            available: 100_000_000 - costs,
            frozen: costs,
            cash: 100_000_000,
          });
          lottery.onClock(drawTime);
          const numbers = lottery.numbersOf(drawId);
          let payouts = 0;
          for (const ticket of placed) {
            const settled = lottery.tickets.get(ticket.ticketId);
            const expected = ticket.rows.reduce((sum, r) => sum + lotteryRowPayout(r, numbers).payout, 0);
            expect(settled?.payout).toBe(expected);
            expect(settled?.status).toBe(expected > 0 ? 'won' : 'lost');
            payouts += expected;
          }
          const entries = store.entries(account.id);
          const cashDelta = entries.reduce((sum, e) => sum + e.dAvailable + e.dFrozen, 0);
          expect(cashDelta).toBe(100_000_000 - costs + payouts);
          expect(wallet.balance(account.id)).toEqual({ available: cashDelta, frozen: 0, cash: cashDelta });
          // Settling again changes nothing.
          lottery.onClock(drawTime + 1000);
          expect(store.entries(account.id)).toHaveLength(entries.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});
