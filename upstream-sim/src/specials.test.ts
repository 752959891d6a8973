// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * The special calls on the simulator are the outright (special) markets' calls.
 * `betcheckspecial`, `betcheckmultispecial` and `betsinglespecial` quote and place outrights (bet
 * type OR) and nothing else; the plain calls refuse an outright. Both answer `invalidBetType`.
 */
import { requestId, startTestSimAs, type TestSession, type TestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Row = [string, number, string, number | string | null, number, number[], string[] | null];

describe('special calls: outrights', () => {
  let t: TestSim;
  let s: TestSession;
  let outright: Row;
  let hdp: Row;

  beforeAll(async () => {
    ({ t, s } = await startTestSimAs('demo01', {
      world: {
        seed: 7,
        liveMatches: 1,
        todayMatches: 4,
        earlyMatches: 2,
        outrights: 3,
        startTime: Date.UTC(2026, 0, 10, 4, 0, 0),
      },
    }));
    const rows: Row[] = [];
    for (const group of ['today', 'early']) {
      const or = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'outright', group });
      const hdpou = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group });
      rows.push(...(or.json.data.odds as Row[]), ...(hdpou.json.data.odds as Row[]));
    }
    const open = rows.filter((r) => r[4] === 0);
    const or = open.find((r) => r[2] === 'OR');
    const h = open.find((r) => r[2] === 'HDP');
    if (!or || !h) throw new Error('no outright or HDP row on offer');
    outright = or;
    hdp = h;
  });
  afterAll(() => t.close());

  const place = (call: string, row: Row, selection = 0) =>
    t.call(call, {
      ...s,
      request_id: requestId(),
      odds_id: row[0],
      selection,
      price: row[5][selection],
      ...(typeof row[3] === 'number' ? { line: row[3] } : {}),
      stake: 5,
      odds_type: 4,
    });

  it('betcheckspecial quotes an outright; betcheck refuses it; betcheckspecial refuses a plain market', async () => {
    const special = await t.call('/bet/betcheckspecial', {
      ...s,
      odds_id: outright[0],
      selection: 0,
      odds_type: 4,
    });
    expect(special.json.status).toBe(1);
    expect(special.json.data.price).toBe(outright[5][0]);
    const plain = await t.call('/bet/betcheck', { ...s, odds_id: outright[0], selection: 0, odds_type: 4 });
    expect([plain.json.status, plain.json.statusdesc, plain.json.odds_id]).toEqual([
      0,
      'invalidBetType',
      outright[0],
    ]);
    const notSpecial = await t.call('/bet/betcheckspecial', { ...s, odds_id: hdp[0], selection: 0 });
    expect(notSpecial.json.statusdesc).toBe('invalidBetType');
    expect((await t.call('/bet/betcheck', { ...s, odds_id: hdp[0], selection: 0 })).json.status).toBe(1);
  });

  it('betcheckmultispecial quotes each outright selection and refuses a plain one in its place', async () => {
    const { json } = await t.call('/bet/betcheckmultispecial', {
      ...s,
      selections: [
        { odds_id: outright[0], selection: 0 },
        { odds_id: outright[0], selection: 1 },
        { odds_id: hdp[0], selection: 0 },
      ],
    });
    expect(json.status).toBe(1);
    const data = json.data as any[];
    expect(data.map((d) => d.status)).toEqual([1, 1, 0]);
    expect(data.slice(0, 2).map((d) => d.price)).toEqual([outright[5][0], outright[5][1]]);
    expect(data[2]).toMatchObject({ statusdesc: 'invalidBetType', odds_id: hdp[0] });
  });

  it('betsinglespecial places an outright; betsingle refuses it; betsinglespecial refuses a plain market', async () => {
    const before = t.sim.store.accountBets('demo01').length;
    expect((await place('/bet/betsingle', outright)).json.statusdesc).toBe('invalidBetType');
    expect((await place('/bet/betsinglespecial', hdp)).json.statusdesc).toBe('invalidBetType');
    expect(t.sim.store.accountBets('demo01')).toHaveLength(before);
    const placed = await place('/bet/betsinglespecial', outright, 1);
    expect(placed.json.statusdesc).toBe('success');
    const bet = t.sim.store.bets.get(placed.json.data.bet_id);
    expect(bet?.legs.map((l) => [l.oddsId, l.betType, l.selection])).toEqual([[outright[0], 'OR', 1]]);
    expect((await place('/bet/betsingle', hdp)).json.statusdesc).toBe('success');
  });
});
