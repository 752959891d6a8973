// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * The number game over HTTP: draws every 2 sim minutes, a ticket frozen at placement and
 * settled at its draw through the ledger (product `minigame` in the statement lines), results,
 * idempotency, the codes (MiniGameDisabled, badRequest, betLowerMin, drawClosed); and `vresult`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { numberGamePayout, toMinorUnits } from '@sportsbook/protocol';
import {
  requestId,
  startTestSim,
  startTestSimAs,
  type TestSession,
  type TestSim,
} from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const minor = (major: number) => toMinorUnits(major, 2) as number;

describe('number game over HTTP', () => {
  let t: TestSim;
  let s: TestSession;
  beforeAll(async () => {
    ({ t, s } = await startTestSimAs());
  });
  afterAll(() => t.close());
  const cash = () => t.balance(s);

  it('lists open draws every 2 sim minutes, recent draws with 10 numbers, and the table with its RTP', async () => {
    const { json } = await t.call('/ngdrawlist', s);
    expect(json.status).toBe(1);
    const { open, recent, table, now } = json.data;
    expect(open[0].draw_time).toBeGreaterThan(now);
    expect(open[1].draw_time - open[0].draw_time).toBe(120_000);
    expect(open[0].status).toBe('open');
    const drawn = recent.find((d: any) => d.status === 'drawn');
    expect(drawn.numbers).toHaveLength(10);
    expect(table).toHaveLength(5);
    for (const row of table) expect(row.rtp).toBeGreaterThan(0.94);
    expect(json.data.min_stake).toBe(1);
  });

  it('places a ticket (frozen), settles it at the draw, and shows it in results and the statement', async () => {
    const before = await cash();
    const { json: list } = await t.call('/ngdrawlist', s);
    const draw = list.data.open[0];
    const body = { ...s, request_id: requestId(), draw_id: draw.draw_id, picks: [3, 14, 27], stake: 10 };
    const placed = await t.call('/ngbet', body);
    expect(placed.json.status).toBe(1);
    const ticket = placed.json.data;
    expect(ticket.status).toBe('open');
    expect((await cash()).frozen).toBe(before.frozen + minor(10));
    // Idempotent: the same request returns the same ticket, another body is requestIdReused.
    expect((await t.call('/ngbet', body)).json.data.ticket_id).toBe(ticket.ticket_id);
    expect((await t.call('/ngbet', { ...body, stake: 11 })).json.statusdesc).toBe('requestIdReused');
    const open = await t.call('/ngbetlist', s);
    expect(open.json.data.items.map((x: any) => x.ticket_id)).toContain(ticket.ticket_id);

    t.advance(draw.draw_time - t.world.now());
    const after = await cash();
    expect(after.frozen).toBe(before.frozen);
    const { json: drawn } = await t.call('/ngdrawlist', s);
    const numbers = drawn.data.recent.find((d: any) => d.draw_id === draw.draw_id).numbers;
    const expected = numberGamePayout([3, 14, 27], numbers, minor(10));
    expect(after.cash).toBe(before.cash - minor(10) + expected.payout);

    const date = new Date(t.world.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const results = await t.call('/gameresultnumbergame', { ...s, start_date: date, end_date: date });
    const settled = results.json.data.items.find((x: any) => x.ticket_id === ticket.ticket_id);
    expect(settled.hits).toBe(expected.hits);
    expect(settled.status).toBe(expected.payout > 0 ? 'won' : 'lost');
    const statement = await t.call('/dailystatement', {
      ...s,
      start_date: date,
      end_date: date,
      lines: true,
    });
    const lines = (statement.json.data as any[]).flatMap((d) => d.lines ?? []);
    const mine = lines.filter((l) => l.ref === ticket.ticket_id);
    expect(mine.map((l) => l.kind)).toContain('stake');
    expect(mine.every((l) => l.product === 'minigame')).toBe(true);
  });

  it('answers the codes: MiniGameDisabled, badRequest picks, betLowerMin, drawClosed', async () => {
    const off = await t.login('demo22');
    expect((await t.call('/ngdrawlist', off)).json.statusdesc).toBe('MiniGameDisabled');
    const { json: list } = await t.call('/ngdrawlist', s);
    const draw = list.data.open[0];
    const bet = (over: Record<string, unknown>) =>
      t.call('/ngbet', {
        ...s,
        request_id: requestId(),
        draw_id: draw.draw_id,
        picks: [1],
        stake: 5,
        ...over,
      });
    expect((await bet({ picks: [1, 1] })).json.statusdesc).toBe('badRequest');
    expect((await bet({ picks: [41] })).json.statusdesc).toBe('badRequest');
    expect((await bet({ picks: [1, 2, 3, 4, 5, 6] })).json.statusdesc).toBe('badRequest');
    expect((await bet({ stake: 0.5 })).json.statusdesc).toBe('betLowerMin');
    expect((await bet({ stake: 1_000 })).json.statusdesc).toBe('betOverMax');
    expect((await bet({ stake: 1.001 })).json.statusdesc).toBe('badRequest');
    const recent = list.data.recent[0];
    expect((await bet({ draw_id: recent.draw_id })).json.statusdesc).toBe('drawClosed');
  });

  it('vresult replays a virtual event only as far as it has played', async () => {
    const { json } = await t.call('/odds/uxmarket', { sport_id: 180, market_type: '1x2', group: 'today' });
    const match = (json.data.matches as any[]).sort((a, b) => a[9] - b[9])[0];
    const before = await t.call('/vresult', { ...s, match_id: match[0] });
    expect(before.json.data.phase).toBe('open');
    expect(before.json.data.goals).toEqual([]);
    t.advance(match[9] - t.world.now() + 200_000);
    const after = await t.call('/vresult', { ...s, match_id: match[0] });
    expect(after.json.data.phase).toBe('ended');
    const score = t.world.score(match[0]);
    expect(after.json.data.score).toEqual([score?.home, score?.away]);
    const sum = (side: string) =>
      after.json.data.goals
        .filter((g: any) => g.side === side)
        .reduce((a: number, g: any) => a + g.points, 0);
    expect([sum('H'), sum('A')]).toEqual(after.json.data.score);
    expect((await t.call('/vresult', { ...s, match_id: 12 })).json.statusdesc).toBe('badRequest');
  });
});

describe('number game persistence (SIM_DATA_DIR)', () => {
  it('keeps an open ticket (frozen) across a restart, numbers the next one on, and settles it at the draw', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-ng-'));
    try {
      const first = await startTestSim({ dataDir: dir });
      const s = await first.login('demo01');
      const draw = (await first.call('/ngdrawlist', s)).json.data.open[0];
      const bet = (t: typeof first, session: typeof s) =>
        t.call('/ngbet', {
          ...session,
          request_id: requestId(),
          draw_id: draw.draw_id,
          picks: [5, 9],
          stake: 4,
        });
      const placed = (await bet(first, s)).json.data;
      expect(placed.status).toBe('open');
      await first.close();

      const second = await startTestSim({ dataDir: dir });
      const s2 = await second.login('demo01');
      const open = await second.call('/ngbetlist', s2);
      expect(open.json.data.items.map((x: any) => x.ticket_id)).toEqual([placed.ticket_id]);
      expect(second.sim.wallet.balance('demo01').frozen).toBe(minor(4));
      const next = (await bet(second, s2)).json.data;
      expect(Number(next.ticket_id.slice(1))).toBe(Number(placed.ticket_id.slice(1)) + 1);
      second.advance(draw.draw_time - second.sim.world.now());
      expect(second.sim.wallet.balance('demo01').frozen).toBe(0);
      expect((await second.call('/ngbetlist', s2)).json.data.items).toEqual([]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
