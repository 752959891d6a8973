// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are checked with validateReply.

/**
 * Every call of protocol's call table is served by the simulator (a call the
 * gateway proxies must never meet `unknownCall`), and `gameresultadjustment` lists the operator's
 * adjustments.
 */
import { type CallName, Calls, replySchemas, validateBody, validateReply } from '@sportsbook/protocol';
import { AdminToken, startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from './app.ts';
import { dateOf } from './domain/statements.ts';
import { Catalogue } from './games/catalogue.ts';

/**
 * Calls of the table the simulator does not serve, each with the reason. Empty: every call is
 * served. A new call added to protocol without a handler fails both tests below until it is served
 * or listed here with its reason.
 */
const NotServed: Readonly<Record<string, string>> = {};

describe('the call table against the simulator', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: { account_id: string; session_token: string };
  let today: string;
  beforeAll(async () => {
    t = await startTestSim();
    s = await t.login('demo02');
    today = dateOf(t.world.now());
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a handler for every call of the table and none for a call outside it', () => {
    const names: string[] = Calls.map((c) => c.name);
    expect(names.filter((n) => handlers[n as CallName] === undefined && !(n in NotServed))).toEqual([]);
    expect(Object.keys(handlers).filter((n) => !names.includes(n))).toEqual([]);
    expect(Object.keys(NotServed).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('answers every call over HTTP with something other than unknownCall; valid bodies get a valid reply', async () => {
    const provider = [...Catalogue.keys()][0] as string;
    // The first of these bodies the call's schema accepts is sent; a call none fits (a bet, a
    // password change) still must not be unknown: it answers badRequest or a domain code.
    const results = (await t.call('/matchresult', { ...s, date: today })).json.data as any[];
    const match = results.find((r) => !r.outright) ?? results[0];
    const room = ((await t.call('/tournament/roomlist', s)).json.rooms as any[])[0];
    const candidates = [
      s,
      { ...s, start_date: today, end_date: today },
      { ...s, date: today },
      { ...s, parent_id: 'ag01' },
      { ...s, match_id: match.match_id },
      { ...s, league_id: match.league_id },
      { ...s, room_id: room?.room_id ?? 1 },
      { account_id: 'demo04', password: 'demo1234' },
      { sport_id: 1, market_type: 'hdpou', group: 'today' },
      { sport_id: 1, group: 'live' },
      { match_id: match.match_id },
    ];
    const validBody: string[] = [];
    const served: string[] = [];
    const checkedOk: string[] = [];
    for (const call of Calls) {
      if (call.name in NotServed) continue;
      const path = call.path.replace(':provider', provider);
      const valid = candidates.find((b) => validateBody(call.name, b).ok);
      const { http, json } = await t.call(path, valid ?? s);
      expect(http, call.name).not.toBe(404);
      expect(json.statusdesc, call.name).not.toBe('unknownCall');
      served.push(call.name);
      // A body its schema accepts is never refused as a bad request (a domain code may answer).
      if (valid) {
        expect(json.statusdesc, call.name).not.toBe('badRequest');
        validBody.push(call.name);
      }
      if (json.status === 1 && Object.hasOwn(replySchemas, call.name)) {
        const checked = validateReply(call.name, json);
        expect(checked.ok ? '' : checked.error.message, call.name).toBe('');
        checkedOk.push(call.name);
      }
    }
    expect(served).toHaveLength(Calls.length - Object.keys(NotServed).length);
    // Most calls met a body their schema accepts (the rest: bets, password, a bet id...).
    expect(validBody.length).toBeGreaterThan(Calls.length / 2);
    // The result and report calls answer status 1 and fit their reply schemas.
    expect(checkedOk).toEqual(
      expect.arrayContaining([
        'gameresultadjustment',
        'gameresultlottery',
        'singlematchresult',
        'gameresultslots',
        'gameresulttournament',
        'matchresult',
        'dailystatement',
      ]),
    );
  });
});

describe('gameresultadjustment', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: { account_id: string; session_token: string };
  const admin = (body: unknown) => t.call('/admin/account', body, { 'x-admin-token': AdminToken });
  beforeAll(async () => {
    t = await startTestSim();
    s = await t.login('demo01');
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the member's operator credits and debits for a date range, newest first, with sums", async () => {
    const day = dateOf(t.world.now());
    expect((await admin({ account_id: 'demo01', adjust: 25.5, remark: 'goodwill' })).json.status).toBe(1);
    t.advance(60_000);
    expect((await admin({ account_id: 'demo01', adjust: -10 })).json.status).toBe(1);
    // Another member's adjustment is not listed.
    expect((await admin({ account_id: 'demo02', adjust: 99 })).json.status).toBe(1);

    const reply = await t.call('/gameresultadjustment', { ...s, start_date: day, end_date: day });
    expect(validateReply('gameresultadjustment', reply.json).ok).toBe(true);
    const data = reply.json.data;
    expect(data).toMatchObject({ total: 2, credit: 25.5, debit: 10, sum: 15.5 });
    expect(data.items.map((l: any) => [l.kind, l.amount, l.balance, l.remark, l.currency, l.date])).toEqual([
      ['debit', -10, 10_015.5, '', 'MYR', day],
      ['credit', 25.5, 10_025.5, 'goodwill', 'MYR', day],
    ]);
    expect(data.items[0].id).toBeGreaterThan(data.items[1].id);

    // Paging: one per page, the sums still over the whole range.
    const second = await t.call('/gameresultadjustment', {
      ...s,
      start_date: day,
      end_date: day,
      page_size: 1,
      page_number: 2,
    });
    expect(second.json.data).toMatchObject({ total: 2, sum: 15.5 });
    expect(second.json.data.items.map((l: any) => l.remark)).toEqual(['goodwill']);

    // A range before them is empty; a bad range and a missing session are refused.
    const earlier = dateOf(t.world.now() - 3 * 86_400_000);
    const none = await t.call('/gameresultadjustment', { ...s, start_date: earlier, end_date: earlier });
    expect(none.json.data).toMatchObject({ total: 0, items: [], credit: 0, debit: 0, sum: 0 });
    expect(
      (await t.call('/gameresultadjustment', { ...s, start_date: day, end_date: earlier })).json.statusdesc,
    ).toBe('badRequest');
    expect(
      (await t.call('/gameresultadjustment', { ...s, session_token: 'nope', start_date: day, end_date: day }))
        .json.status,
    ).not.toBe(1);
  });

  it('a debit beyond the available balance is refused and lists nothing', async () => {
    const day = dateOf(t.world.now());
    const before = (await t.call('/gameresultadjustment', { ...s, start_date: day, end_date: day })).json.data
      .total;
    const refused = await admin({ account_id: 'demo01', adjust: -1_000_000 });
    expect(refused.json.statusdesc).toBe('insufficient_balance');
    const after = await t.call('/gameresultadjustment', { ...s, start_date: day, end_date: day });
    expect(after.json.data.total).toBe(before);
  });
});
