/**
 * Every error code of SPEC section 8 is reachable: the fault switch's "answer call X
 * with code Y once", and the codes a real upstream produces in a situation the simulator has.
 */
import { ErrorCatalogue, httpStatusFor } from '@sportsbook/protocol';
import { AdminToken, requestId, startTestSimAs } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const admin = { 'x-admin-token': AdminToken };

describe('the fault switch answers a call with a code', () => {
  let ctx: Awaited<ReturnType<typeof startTestSimAs>>;
  beforeAll(async () => {
    ctx = await startTestSimAs('demo01');
  });
  afterAll(async () => {
    await ctx.t.close();
  });
  const balanceBody = () => ({ ...ctx.s, parent_id: 'ag01' });

  it('answers the next call with the code once, with the catalogue status, then serves it again', async () => {
    const { t } = ctx;
    const set = await t.call('/admin/faults', { call: 'userbalance', code: 'walletMissing' }, admin);
    expect(set.json.answers).toEqual({ userbalance: [{ code: 'walletMissing', times: 1, viaProxy: false }] });
    expect(await t.call('/userbalance', balanceBody())).toEqual({
      http: httpStatusFor('walletMissing'),
      json: { status: 0, statusdesc: 'walletMissing' },
    });
    expect((await t.call('/userbalance', balanceBody())).json.status).toBe(1);
  });

  it('queues answers in order, `times` repeats one, and {} clears them', async () => {
    const { t } = ctx;
    await t.call('/admin/faults', { call: 'userbalance', code: 'session_expired', times: 2 }, admin);
    await t.call('/admin/faults', { call: 'userbalance', code: 'requestPending' }, admin);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.call('/userbalance', balanceBody())).json.statusdesc);
    expect(codes).toEqual(['session_expired', 'session_expired', 'requestPending', 'success']);
    await t.call('/admin/faults', { call: '*', code: 'internalServerError' }, admin);
    expect((await t.call('/admin/faults', {}, admin)).json.answers).toEqual({});
    expect((await t.call('/version', {})).json.status).toBe(1);
  });

  it('with viaProxy, only a call forwarded for a client (x-forwarded-for) takes the answer', async () => {
    const { t } = ctx;
    await t.call('/admin/faults', { call: 'userbalance', code: 'cashoutFailed', viaProxy: true }, admin);
    expect((await t.call('/userbalance', balanceBody())).json.status).toBe(1);
    const forwarded = await t.call('/userbalance', balanceBody(), { 'x-forwarded-for': '127.0.0.1' });
    expect(forwarded.json.statusdesc).toBe('cashoutFailed');
  });

  it('answers any call with every catalogue code, a text with spaces as is', async () => {
    const { t } = ctx;
    for (const entry of ErrorCatalogue) {
      await t.call('/admin/faults', { call: 'version', code: entry.code }, admin);
      const answered = await t.call('/version', {});
      expect(answered, entry.code).toEqual({
        http: entry.httpStatus,
        json: { status: 0, statusdesc: entry.code },
      });
    }
    await t.call('/admin/faults', { call: 'betcheck', code: 'Market closed by the trader' }, admin);
    expect((await t.call('/bet/betcheck', {})).json.statusdesc).toBe('Market closed by the trader');
  });

  it('refuses a bad answer body and needs the admin token', async () => {
    const { t } = ctx;
    expect((await t.call('/admin/faults', { call: 'version', code: '' }, admin)).http).toBe(400);
    expect((await t.call('/admin/faults', { call: 'version', code: 'x', times: 0 }, admin)).http).toBe(400);
    expect((await t.call('/admin/faults', { call: 'version', code: 'walletMissing' })).http).toBe(404);
    expect((await t.call('/version', {})).json.status).toBe(1);
  });

  it('every admin route refuses a body its schema does not take: 400 badRequest naming the field, nothing changed', async () => {
    const { t } = ctx;
    const bad: [string, unknown, string][] = [
      ['/admin/faults', { call: 'version', errorRate: 2 }, ''],
      ['/admin/clock', { action: 'rewind' }, 'action'],
      ['/admin/clock', { action: 'advance', ms: -1 }, 'ms'],
      ['/admin/tournament', { action: 'close', room_id: 0 }, ''],
      ['/admin/account', { account_id: 'demo01', adjust: 'lots' }, 'adjust'],
      ['/admin/account', { account_id: 'demo01', surprise: true }, 'surprise'],
      ['/admin/lottery', { action: 'cancel', draw_id: 'next' }, 'draw_id'],
      ['/admin/games', { provider: 'x y', maintenance: true }, ''],
      ['/admin/site', { maintenance: 'yes' }, 'maintenance'],
      ['/admin/message', { kind: 'announcement', title: '', body: 'b' }, 'title'],
      ['/admin/livetv', { broken: [0] }, 'broken.0'],
      ['/admin/clock', [1, 2], ''],
    ];
    const clock = (await t.call('/admin/clock', { action: 'state' }, admin)).json.clock;
    for (const [path, body, field] of bad) {
      const answer = await t.call(path, body, admin);
      expect({ path, http: answer.http, json: answer.json }).toEqual({
        path,
        http: 400,
        json: { status: 0, statusdesc: 'badRequest', field: expect.any(String) },
      });
      // A union's error is about the body as a whole; a plain object's names the field.
      if (field !== '') expect(answer.json.field, path).toBe(field);
    }
    expect((await t.call('/admin/clock', { action: 'state' }, admin)).json.clock.paused).toBe(clock.paused);
    expect((await t.call('/admin/site', {}, admin)).json.maintenance).toBe(false);
    expect((await t.call('/version', {})).json.status).toBe(1);
  });
});

/** [odds_id, match_id, bet type, line, status, prices] of uxmarket's odds rows. */
type Row = [string, number, string, unknown, number, number[]];

describe('codes a real upstream produces, in the situation it produces them in', () => {
  let ctx: Awaited<ReturnType<typeof startTestSimAs>>;
  beforeAll(async () => {
    ctx = await startTestSimAs('demo01', { bets: { liveDelayMs: { default: 0 } } });
  });
  afterAll(async () => {
    await ctx.t.close();
  });

  /** Open rows of matches open (or not) for parlays, one per match, over every sport of the menu. */
  async function openRows(parlay: boolean): Promise<Row[]> {
    const out: Row[] = [];
    const seen = new Set<number>();
    for (const sport of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) {
      for (const group of ['today', 'early']) {
        const { json } = await ctx.t.call('/odds/uxmarket', { sport_id: sport, market_type: 'hdpou', group });
        if (json.status !== 1) continue;
        const flagged = new Set(
          (json.data.matches as unknown[][]).filter((m) => (m[8] === 1) === parlay).map((m) => m[0]),
        );
        for (const r of json.data.odds as Row[]) {
          if (r[4] !== 0 || r[5].length === 0 || !flagged.has(r[1]) || seen.has(r[1])) continue;
          seen.add(r[1]);
          out.push(r);
        }
      }
    }
    return out;
  }

  it('340: a parlay leg on a row not open for parlays (was matchNotAllowBet)', async () => {
    const [closed] = await openRows(false);
    const [open] = await openRows(true);
    if (!closed || !open) throw new Error('the world has no match closed (and one open) to parlays');
    const leg = (r: Row) => ({ odds_id: r[0], selection: 0, price: r[5][0] });
    const { json } = await ctx.t.call('/bet/betparlay', {
      ...ctx.s,
      request_id: requestId(),
      stake: 10,
      selections: [leg(open), leg(closed)],
    });
    expect(json).toMatchObject({ status: 0, statusdesc: '340', odds_id: closed[0] });
  });

  it('313: a selection the row offers no price for (was invalidBetType)', async () => {
    const [row] = await openRows(true);
    if (!row) throw new Error('no open row');
    const { json } = await ctx.t.call('/bet/betcheck', { ...ctx.s, odds_id: row[0], selection: 9 });
    expect(json.statusdesc).toBe('313');
  });

  it('login_id_not_exists: switching to a login id that does not exist (a first login: account_not_exists)', async () => {
    const { t } = ctx;
    const body = { account_id: 'nosuchmember', password: 'demo1234' };
    expect((await t.call('/switchlogin', body)).json.statusdesc).toBe('login_id_not_exists');
    expect((await t.call('/authlogin', body)).json.statusdesc).toBe('account_not_exists');
  });

  it('sessionExpired: a launch token used after its life', async () => {
    const { t } = ctx;
    const { json } = await t.call('/admin/account', { account_id: 'demo02', launch_token: true }, admin);
    t.wall.now += 24 * 3_600_000;
    const late = await t.call('/securelogin', { token: json.token });
    expect(late).toEqual({ http: 401, json: { status: 0, statusdesc: 'sessionExpired' } });
  });

  it('accountIdRequired: a session call with its token but no account id', async () => {
    const { t } = ctx;
    const fresh = await t.login('demo03');
    const { http, json } = await t.call('/userbalance', {
      session_token: fresh.session_token,
      parent_id: 'ag01',
    });
    expect({ http, code: json.statusdesc }).toEqual({ http: 401, code: 'accountIdRequired' });
    // Without a session token either, the body is just malformed.
    expect((await t.call('/userbalance', { parent_id: 'ag01' })).json.statusdesc).toBe('badRequest');
  });
});
