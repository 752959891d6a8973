// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.

import { requestId, startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Row = [string, number, string, number | string | null, number, number[], string[] | null];

describe('bet calls over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: { account_id: string; session_token: string };

  async function rows(group: 'today' | 'live' | 'early', sport = 1, parlayOnly = false): Promise<Row[]> {
    const { json } = await t.call('/odds/uxmarket', { sport_id: sport, market_type: 'hdpou', group });
    const parlay = new Set((json.data.matches as any[]).filter((m) => m[8] === 1).map((m) => m[0]));
    return (json.data.odds as Row[]).filter(
      (r) => r[4] === 0 && r[5].length > 0 && (!parlayOnly || parlay.has(r[1])),
    );
  }

  /** One open row per distinct match. */
  async function perMatch(group: 'today' | 'live' | 'early', parlayOnly = false): Promise<Row[]> {
    const seen = new Set<number>();
    const out: Row[] = [];
    for (const row of [
      ...(await rows(group, 1, parlayOnly)),
      ...(group === 'live' ? [] : await rows('early', 1, parlayOnly)),
    ]) {
      if (!seen.has(row[1])) {
        seen.add(row[1]);
        out.push(row);
      }
    }
    return out;
  }

  async function balance(session = s) {
    return (await t.call('/userbalance', { ...session, parent_id: 'ag01' })).json;
  }

  beforeAll(async () => {
    t = await startTestSim({ bets: { liveDelayMs: { default: 0 } } });
    s = await t.login('demo01');
  });
  afterAll(async () => {
    await t.close();
  });

  it('odds calls return the four arrays plus odds', async () => {
    const live = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'live' });
    expect(live.json.status).toBe(1);
    for (const key of ['leagues', 'matches', 'links', 'heads', 'odds'])
      expect(Array.isArray(live.json.data[key])).toBe(true);
    expect(live.json.data.matches.length).toBeGreaterThan(0);
    expect((await t.call('/odds/uxmenu', {})).json.data.sports.length).toBeGreaterThan(0);
    const matchId = live.json.data.matches[0][0];
    expect((await t.call('/odds/uxmatch', { match_id: matchId })).json.data.odds.length).toBeGreaterThan(0);
    expect((await t.call('/odds/uxmatch2', { sport_id: 1, group: 'live' })).json.status).toBe(1);
    expect(
      (await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'nope', group: 'live' })).json.statusdesc,
    ).toBe('badRequest');
  });

  it('betcheck quotes the price and the limits', async () => {
    const [row] = await perMatch('today');
    if (!row) throw new Error('no rows');
    const { json } = await t.call('/bet/betcheck', { ...s, odds_id: row[0], selection: 0 });
    expect(json.data).toMatchObject({
      odds_id: row[0],
      price: row[5][0],
      min_bet: 5,
      max_bet: 5000,
      line: row[3],
    });
    expect((await t.call('/bet/betcheck', { ...s, odds_id: 'missing', selection: 0 })).json.statusdesc).toBe(
      'invalidOdds',
    );
    expect((await t.call('/bet/betcheck', { ...s, odds_id: row[0], selection: 9 })).json.statusdesc).toBe(
      '313',
    );
  });

  it('betsingle freezes the risk and answers each rejection code', async () => {
    const [row] = await perMatch('today');
    if (!row) throw new Error('no rows');
    const base = { ...s, odds_id: row[0], selection: 0, price: row[5][0], odds_type: 4 };
    const before = await balance();
    const placed = await t.call('/bet/betsingle', { ...base, request_id: requestId(), stake: 20 });
    expect(placed.json.status).toBe(1);
    expect(placed.json.data).toMatchObject({ status: 'running', stake: 20, risk: 20 });
    const after = await balance();
    expect(after.balance).toBeCloseTo(before.balance - 20, 6);
    expect(after.outstanding_balance).toBeCloseTo(before.outstanding_balance + 20, 6);
    expect(after.account_balance).toBeCloseTo(before.account_balance, 6);

    const code = async (body: object) =>
      (await t.call('/bet/betsingle', { ...base, request_id: requestId(), ...body })).json.statusdesc;
    expect(await code({ stake: 1 })).toBe('betLowerMin');
    expect(await code({ stake: 6000 })).toBe('betOverMax');
    expect(await code({ stake: 10, price: (row[5][0] ?? 1) + 0.5 })).toBe('oddsChanged');
    expect(await code({ stake: 10, price: 1.01 })).toBe('oddsChanged');
    expect(
      (
        await t.call('/bet/betsingle', {
          ...base,
          request_id: requestId(),
          stake: 10,
          price: 1.01,
          accept_better_odds: true,
        })
      ).json.status,
    ).toBe(1);
    expect(await code({ stake: 10.001 })).toBe('badRequest');
    const zero = await t.login('demo10');
    const poor = await t.call('/bet/betsingle', { ...base, ...zero, request_id: requestId(), stake: 10 });
    expect(poor.json.statusdesc).toBe('insufficient_balance');
    const list = await t.call('/bet/betacceptlist', s);
    expect(list.json.data.items.map((b: any) => b.bet_id)).toContain(placed.json.data.bet_id);
  });

  it('in play the limits move: a stake within the configured max but over the moved one answers changeStakeMax, late ones changeStakeMin', async () => {
    // Live rows with their betcheck limits; the world plays on until one has a shrunk max and one is late.
    const quoted = async () => {
      const out: { row: Row; min: number; max: number }[] = [];
      for (const row of await rows('live')) {
        const { json } = await t.call('/bet/betcheck', { ...s, odds_id: row[0], selection: 0 });
        if (json.status === 1) out.push({ row, min: json.data.min_bet, max: json.data.max_bet });
      }
      return out;
    };
    let shrunk: { row: Row; min: number; max: number } | undefined;
    let late: { row: Row; min: number; max: number } | undefined;
    for (let step = 0; step < 40 && !(shrunk && late); step++) {
      const all = await quoted();
      shrunk ??= all.find((q) => q.max < 5000);
      late ??= all.find((q) => q.min > 5);
      if (!(shrunk && late)) t.advance(60_000);
    }
    if (!shrunk || !late) throw new Error('no live market with moved limits');
    // Configured limits are 5..5000: the max moves down in whole units, never below half; the min doubles.
    expect(shrunk.max).toBeGreaterThanOrEqual(2500);
    expect(Number.isInteger(shrunk.max)).toBe(true);
    expect(late.min).toBe(10);
    const place = async (q: { row: Row }, stake: number) =>
      (
        await t.call('/bet/betsingle', {
          ...s,
          odds_id: q.row[0],
          selection: 0,
          price: q.row[5][0],
          odds_type: 4,
          accept_any_odds: true,
          request_id: requestId(),
          stake,
        })
      ).json;
    const over = await place(shrunk, shrunk.max + 1);
    expect(over).toMatchObject({ status: 0, statusdesc: 'changeStakeMax', max_bet: shrunk.max });
    expect((await place(shrunk, 5001)).statusdesc).toBe('betOverMax');
    const under = await place(late, 6);
    expect(under).toMatchObject({ status: 0, statusdesc: 'changeStakeMin', min_bet: 10 });
    expect((await place(late, 4)).statusdesc).toBe('betLowerMin');
    // The offered stakes go through.
    expect((await place(late, under.min_bet)).status).toBe(1);
  });

  it('parlays: size, same-match and live minimum codes; system parlay tickets', async () => {
    const legs = (await perMatch('today', true))
      .slice(0, 4)
      .map((r) => ({ odds_id: r[0], selection: 1, price: r[5][1] as number }));
    expect(legs.length).toBe(4);
    const p = (body: object) =>
      t.call('/bet/betparlay', { ...s, request_id: requestId(), stake: 10, ...body });
    expect((await p({ selections: legs.slice(0, 1) })).json.statusdesc).toBe('atLeastTwoMatchToBetParlay');
    expect((await p({ selections: [legs[0], { ...legs[0], selection: 0 }] })).json.statusdesc).toBe(
      'sameMatchInParlay',
    );
    const ok = await p({ selections: legs.slice(0, 3) });
    expect(ok.json.data).toMatchObject({ kind: 'parlay', status: 'running' });
    const liveLegs = (await perMatch('live', true))
      .slice(0, 2)
      .map((r) => ({ odds_id: r[0], selection: 0, price: r[5][0] as number }));
    expect((await p({ selections: liveLegs })).json.statusdesc).toBe('atLeastThreeMatchToBetParlay');

    const sys = await t.call('/bet/betsysparlay', {
      ...s,
      request_id: requestId(),
      stake: 5,
      selections: legs,
    });
    expect(sys.json.data).toMatchObject({ kind: 'system', combination: 11, risk: 55 });
    const sized = await t.call('/bet/betsysparlay', {
      ...s,
      request_id: requestId(),
      stake: 5,
      selections: legs,
      sizes: [4],
    });
    expect(sized.json.data.combination).toBe(1);
    const detail = await t.call('/betsysparlaybet', { ...s, bet_id: sys.json.data.bet_id });
    expect(detail.json.data).toHaveLength(11);
  });

  it('Myanmar: only MMK members; single and maung', async () => {
    const mm = await t.call('/odds/uxmatch2', { sport_id: 1, group: 'today' });
    const seen = new Set<number>();
    const parlay = new Set((mm.json.data.matches as any[]).filter((x) => x[8] === 1).map((x) => x[0]));
    const rowsMm = (mm.json.data.odds as Row[]).filter(
      (r) => r[4] === 0 && parlay.has(r[1]) && !seen.has(r[1]) && seen.add(r[1]),
    );
    expect(rowsMm.length).toBeGreaterThan(1);
    const [a, b] = rowsMm as [Row, Row];
    expect((await t.call('/bet/betmmoclick', { ...s, odds_id: a[0], selection: 0 })).json.statusdesc).toBe(
      'invalidCurrency',
    );
    const m = await t.login('demo07');
    expect((await t.call('/bet/betmmoclick', { ...m, odds_id: a[0], selection: 0 })).json.data.body).toBe(
      a[3],
    );
    const single = await t.call('/bet/betsinglemmo', {
      ...m,
      request_id: requestId(),
      odds_id: a[0],
      selection: 0,
      body: a[3],
      stake: 5000,
    });
    expect(single.json.data).toMatchObject({ kind: 'mmoSingle', status: 'running' });
    const moved = await t.call('/bet/betsinglemmo', {
      ...m,
      request_id: requestId(),
      odds_id: a[0],
      selection: 0,
      body: '9+99',
      stake: 5000,
    });
    expect(moved.json.statusdesc).toBe('oddsChanged');
    const maung = await t.call('/bet/betparlaymmo', {
      ...m,
      request_id: requestId(),
      stake: 5000,
      selections: [a, b].map((r) => ({ odds_id: r[0], selection: 1, body: r[3] })),
    });
    expect(maung.json.data).toMatchObject({ kind: 'mmoParlay', status: 'running' });
  });

  it('a live bet waits, then is accepted when the market did not move', async () => {
    const [row] = await perMatch('live');
    if (!row) throw new Error('no live rows');
    const placed = await t.call('/bet/betsingle', {
      ...s,
      request_id: requestId(),
      odds_id: row[0],
      selection: 0,
      price: row[5][0],
      stake: 10,
      odds_type: 4,
    });
    expect(placed.json.data.status).toBe('waiting');
    expect((await t.call('/bet/pendingbetlist', s)).json.data.items.map((b: any) => b.bet_id)).toContain(
      placed.json.data.bet_id,
    );
    t.advance(1000);
    const accepted = (await t.call('/bet/betacceptlist', s)).json.data.items.find(
      (b: any) => b.bet_id === placed.json.data.bet_id,
    );
    expect(accepted?.status).toBe('running');
  });

  it('a live bet is rejected and its stake released when the market moves during the wait', async () => {
    t.sim.bets.options.liveDelayMs.default = 600_000;
    try {
      const candidates = await perMatch('live');
      const before = await balance();
      const ids: string[] = [];
      for (const row of candidates) {
        const r = await t.call('/bet/betsingle', {
          ...s,
          request_id: requestId(),
          odds_id: row[0],
          selection: 0,
          price: row[5][0],
          stake: 10,
          odds_type: 4,
        });
        if (r.json.status === 1) ids.push(r.json.data.bet_id);
      }
      expect(ids.length).toBeGreaterThan(0);
      t.advance(610_000);
      const rejected = (await t.call('/bet/betrejectlist', s)).json.data.items.filter((b: any) =>
        ids.includes(b.bet_id),
      );
      expect(rejected.length).toBeGreaterThan(0);
      expect(rejected[0].status).toBe('rejected');
      const accepted = (
        await t.call('/bet/betacceptfulllist', { ...s, page_size: 100 })
      ).json.data.items.filter((b: any) => ids.includes(b.bet_id));
      const after = await balance();
      // Every rejected stake came back: only accepted ones (running or settled) moved money.
      expect(rejected.length + accepted.length).toBe(ids.length);
      expect(after.outstanding_balance).toBeLessThanOrEqual(
        before.outstanding_balance + 10 * accepted.length + 1e-9,
      );
    } finally {
      t.sim.bets.options.liveDelayMs.default = 0;
    }
  });

  it('a retried placement with the same request_id returns the first reply and debits once', async () => {
    const [row] = await perMatch('today');
    if (!row) throw new Error('no rows');
    const before = await balance();
    const body = {
      ...s,
      request_id: requestId(),
      odds_id: row[0],
      selection: 1,
      price: row[5][1],
      stake: 30,
      odds_type: 4,
    };
    const replies = await Promise.all(Array.from({ length: 8 }, () => t.call('/bet/betsingle', body)));
    const ids = new Set(replies.map((r) => r.json.data?.bet_id));
    expect(ids.size).toBe(1);
    const after = await balance();
    expect(after.balance).toBeCloseTo(before.balance - 30, 6);
  });

  it('the same request_id with another body is refused (requestIdReused), not answered with the first bet', async () => {
    const [row] = await perMatch('today');
    if (!row) throw new Error('no rows');
    const before = await balance();
    const body = {
      ...s,
      request_id: requestId(),
      odds_id: row[0],
      selection: 0,
      price: row[5][0],
      stake: 20,
      odds_type: 4,
    };
    const first = await t.call('/bet/betsingle', body);
    expect(first.json.status).toBe(1);
    const otherStake = await t.call('/bet/betsingle', { ...body, stake: 25 });
    expect(otherStake.json).toMatchObject({ status: 0, statusdesc: 'requestIdReused' });
    expect(otherStake.json.data).toBeUndefined();
    expect(otherStake.http).toBe(409);
    const otherSelection = await t.call('/bet/betsingle', { ...body, selection: 1, price: row[5][1] });
    expect(otherSelection.json.statusdesc).toBe('requestIdReused');
    // A retry of the same body under a new session token of the same account: the original bet.
    const again = await t.login('demo01');
    const retry = await t.call('/bet/betsingle', { ...body, ...again });
    expect(retry.json.status).toBe(1);
    expect(retry.json.data.bet_id).toBe(first.json.data.bet_id);
    // Field order does not matter; only one bet was placed and debited.
    const reordered = Object.fromEntries(Object.entries({ ...body, ...again }).reverse());
    expect((await t.call('/bet/betsingle', reordered)).json.data.bet_id).toBe(first.json.data.bet_id);
    const after = await balance(again);
    expect(after.balance).toBeCloseTo(before.balance - 20, 6);
  });

  it('cash-out: check, execute, and the expired-quote code', async () => {
    const [row] = await perMatch('today');
    if (!row) throw new Error('no rows');
    const placed = await t.call('/bet/betsingle', {
      ...s,
      request_id: requestId(),
      odds_id: row[0],
      selection: 0,
      price: row[5][0],
      stake: 100,
      odds_type: 4,
    });
    const betId = placed.json.data.bet_id;
    const quote = await t.call('/bet/cashoutcheck', { ...s, bet_id: betId });
    expect(quote.json.data.cashout_value).toBeGreaterThan(0);
    expect(quote.json.data.cashout_value).toBeLessThan(100);
    expect(
      (await t.call('/bet/cashout', { ...s, request_id: requestId(), bet_id: betId, quote_id: 'Q0' })).json
        .statusdesc,
    ).toBe('cashoutExpired');
    const before = await balance();
    const done = await t.call('/bet/cashout', {
      ...s,
      request_id: requestId(),
      bet_id: betId,
      quote_id: quote.json.data.quote_id,
      accept_any_value: true,
    });
    expect(done.json.data.status).toBe('cashedOut');
    const after = await balance();
    expect(after.outstanding_balance).toBeCloseTo(before.outstanding_balance - 100, 6);
    expect(after.balance).toBeCloseTo(before.balance + done.json.data.cashout_value, 6);
    expect((await t.call('/bet/cashoutcheck', { ...s, bet_id: betId })).json.statusdesc).toBe(
      'cashoutUnavailable',
    );
    expect((await t.call('/bet/cashoutcheck', { ...s, bet_id: '1' })).json.statusdesc).toBe('betNotExists');
  });
  it('max payout is checked against the net win, as protocol validateStake does (not stake + win)', async () => {
    // A parlay whose net win sits at the 50,000 MYR max payout while stake + win is above it.
    const legs = (await perMatch('today', true))
      .slice(0, 12)
      .map((r) => ({ odds_id: r[0], selection: 0, price: r[5][0] as number }));
    const product = legs.reduce((acc, leg) => acc * leg.price, 1);
    expect(product).toBeGreaterThan(60);
    const maxPayoutMinor = 5_000_000;
    const stakeMinor = Math.floor(maxPayoutMinor / (product - 1)) - 1;
    expect(stakeMinor * product).toBeGreaterThan(maxPayoutMinor);
    const p = (stake: number) =>
      t.call('/bet/betparlay', { ...s, request_id: requestId(), stake, selections: legs });
    const ok = await p(stakeMinor / 100);
    expect(ok.json.statusdesc).toBe('success');
    expect(ok.json.data.payout - ok.json.data.stake).toBeLessThanOrEqual(50_000);
    expect((await p((stakeMinor + 200) / 100)).json.statusdesc).toBe('betOverMaxPayout');
  });
});
