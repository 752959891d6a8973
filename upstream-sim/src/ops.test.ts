import { AdminToken, post, startTestSim } from '@sportsbook/testkit/sim';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('operating the simulator', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  beforeAll(async () => {
    t = await startTestSim({ faultTimeoutMs: 200 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every call in upstream_sim_calls_total by call name', async () => {
    for (let i = 0; i < 3; i++)
      await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'live' });
    const text = await (await fetch(`${t.url}/metrics`)).text();
    expect(text).toMatch(/upstream_sim_calls_total\{call="uxmarket",host="odds"\} 3/);
  });

  it('the fault switch needs the admin token (and loopback) and injects errors, malformed replies and timeouts', async () => {
    expect((await t.call('/admin/faults', { call: '*', errorRate: 1 })).http).toBe(404);
    expect(
      (await t.call('/admin/faults', { call: '*', errorRate: 1 }, { 'x-admin-token': 'wrong' })).http,
    ).toBe(404);
    const h = { 'x-admin-token': AdminToken };
    expect((await t.call('/admin/faults', { call: 'uxmenu', errorRate: 1 }, h)).json.status).toBe(1);
    const failed = await t.call('/odds/uxmenu', {});
    expect(failed).toEqual({ http: 500, json: { status: 0, statusdesc: 'systemError' } });
    await t.call('/admin/faults', { call: 'uxmenu', malformedRate: 1 }, h);
    expect((await t.call('/odds/uxmenu', {})).json.unparsable).toBeDefined();
    await t.call('/admin/faults', { call: 'uxmenu', timeoutRate: 1 }, h);
    await expect(t.call('/odds/uxmenu', {})).rejects.toThrow();
    await t.call('/admin/faults', { call: 'version', latencyMs: 50 }, h);
    expect((await t.call('/version', {})).json.status).toBe(1);
    await t.call('/admin/faults', {}, h);
    expect((await t.call('/odds/uxmenu', {})).json.status).toBe(1);
  });

  it('admin clock: pause, advance, speed', async () => {
    const h = { 'x-admin-token': AdminToken };
    const before = t.world.now();
    const r = await t.call('/admin/clock', { action: 'advance', ms: 5000 }, h);
    expect(r.json.clock.now).toBe(before + 5000);
    expect((await t.call('/admin/clock', { action: 'speed', speed: 30 }, h)).json.clock.speed).toBe(30);
    expect((await t.call('/admin/clock', { action: 'pause' }, h)).json.clock.paused).toBe(true);
    expect((await t.call('/admin/clock', { action: 'bogus' }, h)).json.statusdesc).toBe('badRequest');
  });

  it('bad transport input: unknown call, bad JSON, wrong type, huge body', async () => {
    expect(await t.call('/nosuchcall', {})).toEqual({
      http: 404,
      json: { status: 0, statusdesc: 'unknownCall' },
    });
    expect((await t.call('/bet/nosuchcall', {})).json.statusdesc).toBe('unknownCall');
    const badJson = await t.call('/authlogin', '{"account_id":');
    expect(badJson.http).toBe(400);
    expect(badJson.json.statusdesc).toBe('badRequest');
    const xml = await fetch(`${t.url}/authlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(((await xml.json()) as { statusdesc: string }).statusdesc).toBe('badRequest');
    const huge = await t.call('/authlogin', { account_id: 'x'.repeat(100_000), password: 'y' });
    expect(huge.http).toBe(413);
    expect(huge.json.statusdesc).toBe('badRequest');
    expect((await t.call('/authlogin', [1, 2])).json.statusdesc).toBe('badRequest');
    const get = await fetch(`${t.url}/authlogin`);
    expect(((await get.json()) as { statusdesc: string }).statusdesc).toBe('unknownCall');
  });

  it('a few hundred random bodies to random calls never get a 5xx', async () => {
    const s = await t.login('demo02');
    const calls = [
      '/authlogin',
      '/securelogin',
      '/userbalance',
      '/usersettings',
      '/changepassword',
      '/addsecondary',
      '/dailystatement',
      '/matchresult',
      '/singlematchresult',
      '/odds/uxmarket',
      '/odds/uxmatch',
      '/bet/betcheck',
      '/bet/betsingle',
      '/bet/betparlay',
      '/bet/betsysparlay',
      '/bet/betsinglemmo',
      '/bet/cashout',
      '/bet/dbetlist',
      '/standingresult',
    ];
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    const body = fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          'account_id',
          'session_token',
          'odds_id',
          'stake',
          'price',
          'selection',
          'selections',
          'request_id',
          'start_date',
          'end_date',
          'match_id',
          'token',
          'password',
          'sizes',
        ),
        value,
      ),
      fc.record({
        selections: fc.array(
          fc.record({ odds_id: fc.string(), selection: fc.integer(), price: fc.double() }),
          { maxLength: 14 },
        ),
        stake: fc.double(),
        request_id: fc.string(),
      }),
      value,
    );
    const samples = fc.sample(fc.tuple(fc.constantFrom(...calls), body, fc.boolean()), {
      numRuns: 300,
      seed: 42,
    });
    for (const [path, b, withSession] of samples) {
      const payload =
        withSession && typeof b === 'object' && b !== null && !Array.isArray(b) ? { ...b, ...s } : b;
      const r = await post(t.url, path, payload);
      expect(r.http, `${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(typeof r.json.statusdesc).toBe('string');
    }
  });
});

describe('request logs', () => {
  it('never show a URL query string (a client may put a session token there) nor a body secret', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    // Request lines are logged at debug (app.ts, quietRequestLines): the level that shows them.
    const logged = await startTestSim({ logger: { level: 'debug', stream } });
    try {
      await logged.call('/authlogin?session_token=SECRET-QUERY-1', {
        account_id: 'demo01',
        password: 'demo1234',
      });
      await fetch(`${logged.url}/metrics?token=SECRET-QUERY-2`);
      await logged.call('/userprofile?x=1', { account_id: 'demo01', session_token: 'SECRET-BODY-3' });
    } finally {
      await logged.close();
    }
    const text = lines.join('');
    expect(text).toContain('"url":"/authlogin?[redacted]"');
    expect(text).toContain('"url":"/metrics?[redacted]"');
    expect(text).not.toMatch(/SECRET-QUERY|SECRET-BODY|demo1234/);
  });
});
