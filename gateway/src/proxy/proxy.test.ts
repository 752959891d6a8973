import { type GatewayApp, inject, injectJson, injectLogin } from '@sportsbook/testkit';
import {
  injectTestGateway,
  type Json,
  LogCapture,
  Password,
  post,
  requestId,
  type Session,
  setFault,
  simCalls,
  simCallsTotal,
  startTestSim,
} from '@sportsbook/testkit/proxy';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore, MemoryLockStore } from './stores.ts';

/**
 * How long the simulator holds a balance call in the one-at-a-time tests: the concurrent requests
 * must all reach the gateway while the first is upstream. They never leave the gateway, so this
 * is ample even on a loaded two-core machine (300 ms was not, with the fuzz test alongside).
 */
const HoldMs = 1_500;

type Row = [string, number, string, number | string | null, number, number[], string[] | null];

/**
 * The routes under test are the gateway's: its app is driven by inject (no gateway socket), the
 * simulator behind it is real and listening.
 */
describe('the /api call proxy against the simulator', () => {
  let sim: RunningSim;
  let app: GatewayApp;
  const logs = new LogCapture();
  /** Every session token the tests saw, for the redaction check at the end. */
  const tokens: string[] = [];
  const api = (path: string, body: unknown, headers?: Record<string, string>) =>
    injectJson(app, `/api${path}`, body, headers);
  const signIn = async (account: string, gw: GatewayApp = app): Promise<Session> => {
    const session = await injectLogin(gw, account);
    tokens.push(session.session_token);
    return session;
  };

  /** An open today row to bet on (decimal price of selection 0). */
  async function openRow(): Promise<Row> {
    const { json } = await post(`${sim.url}/odds/uxmarket`, {
      sport_id: 1,
      market_type: 'hdpou',
      group: 'today',
    });
    const row = (json.data.odds as Row[]).find((r) => r[4] === 0 && r[5].length > 0);
    if (!row) throw new Error('no open row');
    return row;
  }

  function betBody(session: Session, row: Row, stake: number, id = requestId()): Json {
    return {
      ...session,
      request_id: id,
      odds_id: row[0],
      selection: 0,
      price: row[5][0],
      stake,
      odds_type: 4,
    };
  }

  beforeAll(async () => {
    sim = await startTestSim();
    app = await injectTestGateway(sim, { allowedOrigins: ['https://app.example'] }, logs);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });
  beforeEach(async () => {
    await setFault(sim, {});
  });

  describe('forwarding', () => {
    it('mirrors upstream paths under /api and passes the reply through unchanged', async () => {
      const session = await signIn('demo01');
      const viaGateway = await api('/userbalance', { ...session, parent_id: 'ag01' });
      const direct = await post(`${sim.url}/userbalance`, { ...session, parent_id: 'ag01' });
      expect(viaGateway.http).toBe(200);
      expect(viaGateway.json).toEqual(direct.json);
      expect(viaGateway.json).toMatchObject({ status: 1, statusdesc: 'success' });

      const list = await api('/bet/betacceptlist', { ...session });
      expect(list.json).toEqual((await post(`${sim.url}/bet/betacceptlist`, { ...session })).json);
      const rooms = await api('/announcelist', { ...session, page_size: 5, page_number: 1 });
      expect(rooms.json.status).toBe(1);
    });

    it('passes business rejections through with the upstream status and code', async () => {
      const wrong = await api('/authlogin', { account_id: 'demo02', password: 'not-it' });
      expect(wrong.http).toBe(200);
      expect(wrong.json).toEqual({ status: 0, statusdesc: 'invalid_password' });
      const expired = await api('/userbalance', {
        account_id: 'demo02',
        session_token: 'nope',
        parent_id: 'ag01',
      });
      expect(expired.http).toBe(401);
      expect(expired.json.statusdesc).toBe('session_not_exists');
    });

    it('answers unknown calls and the odds feed calls with unknownCall, without an upstream call', async () => {
      const before = await simCallsTotal(sim);
      for (const path of ['/nope', '/odds/uxmenu', '/bet/', '/games/../x/LaunchGame', '/AUTHLOGIN']) {
        const res = await api(path, {});
        expect(res.http).toBe(404);
        expect(res.json).toEqual({ status: 0, statusdesc: 'unknownCall' });
      }
      expect(await simCallsTotal(sim)).toBe(before);
    });
  });

  describe('validation', () => {
    it('rejects bad bodies with a catalogue 400 and never calls the upstream', async () => {
      const before = await simCallsTotal(sim);
      const cases: [string, unknown, string][] = [
        // An absent password is passwordRequired (required.test.ts); a wrong type is badRequest.
        ['/authlogin', { account_id: 'demo01', password: 7 }, 'password'],
        ['/authlogin', { account_id: 'demo01', password: 'x', extra: 1 }, 'extra'],
        ['/userbalance', { account_id: 'demo01', session_token: 't' }, 'parent_id'],
        [
          '/bet/betsingle',
          {
            account_id: 'demo01',
            session_token: 't',
            request_id: 'short',
            odds_id: 'o',
            selection: 0,
            price: 2,
            stake: 5,
          },
          'request_id',
        ],
        ['/authlogin', [], ''],
        ['/authlogin', 'null', ''],
      ];
      for (const [path, body, field] of cases) {
        const res = await api(path, body);
        expect(res.http, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json.status).toBe(0);
        expect(res.json.statusdesc).toBe('badRequest');
        if (field) expect(res.json.field).toBe(field);
      }
      const notJson = await api('/authlogin', '{"account_id":');
      expect(notJson.http).toBe(400);
      expect(notJson.json.statusdesc).toBe('badRequest');
      const tooBig = await api('/authlogin', { account_id: 'demo01', password: 'x'.repeat(70_000) });
      expect(tooBig.http).toBe(400);
      expect(tooBig.json.statusdesc).toBe('badRequest');
      const form = await api('/authlogin', 'account_id=demo01&password=x', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(form.http).toBe(400);
      expect(form.json.statusdesc).toBe('badRequest');
      expect(await simCallsTotal(sim)).toBe(before);
    });
  });

  describe('one login, balance, settings or reload at a time per account', () => {
    it('a burst of 50 identical balance calls: one reaches the upstream, the rest get requestProcessing', async () => {
      const session = await signIn('demo03');
      await setFault(sim, { call: 'userbalance', latencyMs: HoldMs });
      const before = await simCalls(sim, 'userbalance');
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => api('/userbalance', { ...session, parent_id: 'ag01' })),
      );
      const ok = replies.filter((r) => r.json.status === 1);
      const processing = replies.filter((r) => r.json.statusdesc === 'requestProcessing');
      expect(ok).toHaveLength(1);
      expect(processing).toHaveLength(49);
      for (const r of processing) expect(r.http).toBe(409);
      expect(await simCalls(sim, 'userbalance')).toBe(before + 1);

      // The lock is released with the reply: the next balance call goes through.
      await setFault(sim, {});
      expect((await api('/userbalance', { ...session, parent_id: 'ag01' })).json.status).toBe(1);
    });

    it('locks per account and per lock group, not globally', async () => {
      const a = await signIn('demo04');
      const b = await signIn('demo05');
      await setFault(sim, { call: 'userbalance', latencyMs: HoldMs });
      const [first, second, otherAccount, settings] = await Promise.all([
        api('/userbalance', { ...a, parent_id: 'ag01' }),
        api('/userbalance', { ...a, parent_id: 'ag01' }),
        api('/userbalance', { ...b, parent_id: 'ag01' }),
        api('/usersettings', { ...a, oddsType: 2 }),
      ]);
      expect([first.json.statusdesc, second.json.statusdesc].sort()).toEqual([
        'requestProcessing',
        'success',
      ]);
      expect(otherAccount.json.status).toBe(1);
      expect(settings.json.status).toBe(1);
    });

    it('treats account ids case-insensitively for the lock, as the upstream does', async () => {
      const session = await signIn('demo06');
      await setFault(sim, { call: 'userbalance', latencyMs: HoldMs });
      const replies = await Promise.all([
        api('/userbalance', { ...session, parent_id: 'ag01' }),
        api('/userbalance', { ...session, account_id: 'DEMO06', parent_id: 'ag01' }),
      ]);
      expect(replies.map((r) => r.json.statusdesc)).toContain('requestProcessing');
    });
  });

  describe('bet placement idempotency', () => {
    it('100 retries of one placement under upstream latency: one upstream call, one debit', async () => {
      const session = await signIn('load05');
      const row = await openRow();
      const before = (await api('/userbalance', { ...session, parent_id: 'ag01' })).json;
      const body = betBody(session, row, 10);
      await setFault(sim, { call: 'betsingle', latencyMs: 300 });
      const callsBefore = await simCalls(sim, 'betsingle');

      const replies = await Promise.all(Array.from({ length: 100 }, () => api('/bet/betsingle', body)));
      const first = replies[0]?.json;
      expect(first?.status).toBe(1);
      for (const r of replies) {
        expect(r.http).toBe(200);
        expect(r.json).toEqual(first);
      }
      expect(await simCalls(sim, 'betsingle')).toBe(callsBefore + 1);

      // A late retry, after the first finished, gets the stored reply.
      await setFault(sim, {});
      const late = await api('/bet/betsingle', body);
      expect(late.json).toEqual(first);
      expect(late.headers.get('idempotent-replayed')).toBe('true');
      expect(await simCalls(sim, 'betsingle')).toBe(callsBefore + 1);

      // Exactly one debit: the balance moved by one stake, one ledger entry, one bet listed.
      const after = (await api('/userbalance', { ...session, parent_id: 'ag01' })).json;
      expect(after.balance).toBeCloseTo(before.balance - 10, 6);
      const betId = first?.data.bet_id as string;
      const freezes = sim.sim.store.entries('load05').filter((e) => e.type === 'freeze' && e.ref === betId);
      expect(freezes).toHaveLength(1);
      const listed = (await api('/bet/betacceptlist', { ...session, page_size: 100 })).json;
      const items = (listed.data.items ?? listed.data) as Json[];
      expect(items.filter((bet) => bet.bet_id === betId)).toHaveLength(1);
    });

    it('a reused key with another bet body gets requestIdReused and no upstream call', async () => {
      const session = await signIn('load01');
      const row = await openRow();
      const id = requestId();
      const placed = await api('/bet/betsingle', betBody(session, row, 10, id));
      expect(placed.json.status).toBe(1);
      const callsBefore = await simCalls(sim, 'betsingle');
      const reused = await api('/bet/betsingle', betBody(session, row, 20, id));
      expect(reused.http).toBe(409);
      expect(reused.json.statusdesc).toBe('requestIdReused');
      expect(await simCalls(sim, 'betsingle')).toBe(callsBefore);
    });

    it('a placement whose upstream timed out is not kept: the retry asks the upstream again', async () => {
      const session = await signIn('load02');
      const row = await openRow();
      const body = betBody(session, row, 10);
      await setFault(sim, { call: 'betsingle', timeoutRate: 1 });
      const timedOut = await api('/bet/betsingle', body);
      expect(timedOut.json.statusdesc).toBe('requestTimeout');
      await setFault(sim, {});
      const retried = await api('/bet/betsingle', body);
      expect(retried.json.status).toBe(1);
    });

    it('keeps the first reply across a gateway restart when the store outlives the process', async () => {
      // The store object stands in for Redis: a second gateway process reading the same keys.
      const stores = {
        idempotency: new MemoryIdempotencyStore({ windowMs: 60_000, maxEntries: 100 }),
        locks: new MemoryLockStore(),
      };
      const first = await injectTestGateway(sim, { proxyStores: stores });
      const session = await signIn('load03', first);
      const body = betBody(session, await openRow(), 10);
      const placed = await injectJson(first, '/api/bet/betsingle', body);
      expect(placed.json.status).toBe(1);
      await first.close();
      const callsBefore = await simCalls(sim, 'betsingle');
      const second = await injectTestGateway(sim, { proxyStores: stores });
      try {
        const retried = await injectJson(second, '/api/bet/betsingle', body);
        expect(retried.json).toEqual(placed.json);
        expect(await simCalls(sim, 'betsingle')).toBe(callsBefore);
      } finally {
        await second.close();
      }
    });
  });

  describe('rate limits', () => {
    it('loginLimit per account after the configured logins in a minute, with retry-after', async () => {
      const limited = await injectTestGateway(sim, { loginLimitPerAccountPerMinute: 3 });
      try {
        const attempt = () =>
          injectJson(limited, '/api/authlogin', { account_id: 'load04', password: 'wrong-one' });
        for (let i = 0; i < 3; i++) expect((await attempt()).json.statusdesc).toBe('invalid_password');
        const before = await simCalls(sim, 'authlogin');
        const blocked = await attempt();
        expect(blocked.http).toBe(429);
        expect(blocked.json).toEqual({ status: 0, statusdesc: 'loginLimit' });
        const retryAfter = Number(blocked.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(await simCalls(sim, 'authlogin')).toBe(before);
        // Another account is not affected.
        const other = await injectJson(limited, '/api/authlogin', {
          account_id: 'demo02',
          password: Password,
        });
        expect(other.json.status).toBe(1);
        tokens.push(other.json.member_profile.player_info[0].session_token);
      } finally {
        await limited.close();
      }
    });

    it('requestLimit per account and per IP', async () => {
      const perAccount = await injectTestGateway(sim, { rateLimitAccountPerMinute: 5 });
      try {
        const session = await signIn('demo01', perAccount);
        const codes: string[] = [];
        for (let i = 0; i < 6; i++) {
          codes.push((await injectJson(perAccount, '/api/bet/betacceptlist', session)).json.statusdesc);
        }
        expect(codes.slice(0, 5)).toEqual(Array(5).fill('success'));
        expect(codes[5]).toBe('requestLimit');
      } finally {
        await perAccount.close();
      }
      const perIp = await injectTestGateway(sim, { rateLimitIpPerMinute: 3 });
      try {
        const replies = [];
        for (let i = 0; i < 4; i++) replies.push(await injectJson(perIp, '/api/version', {}));
        expect(replies.slice(0, 3).map((r) => r.json.status)).toEqual([1, 1, 1]);
        expect(replies[3]?.http).toBe(429);
        expect(replies[3]?.json).toEqual({ status: 0, statusdesc: 'requestLimit' });
        expect(replies[3]?.headers.get('retry-after')).toBeTruthy();
      } finally {
        await perIp.close();
      }
    });
  });

  describe('upstream down or slow', () => {
    it('an upstream timeout answers requestTimeout, and the sockets are free again after', async () => {
      const session = await signIn('demo02');
      await setFault(sim, { call: 'betacceptlist', timeoutRate: 1 });
      // The simulator holds each request for 20 s; requestTimeout proves the gateway gave up first.
      const replies = await Promise.all(Array.from({ length: 20 }, () => api('/bet/betacceptlist', session)));
      for (const r of replies) {
        expect(r.http).toBe(504);
        expect(r.json).toEqual({ status: 0, statusdesc: 'requestTimeout' });
      }
      await setFault(sim, {});
      const healthy = await Promise.all(Array.from({ length: 20 }, () => api('/bet/betacceptlist', session)));
      for (const r of healthy) expect(r.json.status).toBe(1);
    });

    it('an unreachable upstream answers requestFailed', async () => {
      const orphan = await injectTestGateway({ url: 'http://127.0.0.1:1' });
      try {
        const res = await injectJson(orphan, '/api/authlogin', { account_id: 'demo01', password: Password });
        expect(res.http).toBe(502);
        expect(res.json).toEqual({ status: 0, statusdesc: 'requestFailed' });
      } finally {
        await orphan.close();
      }
    });

    it('a malformed upstream reply answers systemError; an upstream error envelope passes through', async () => {
      await setFault(sim, { call: 'version', malformedRate: 1 });
      const malformed = await api('/version', {});
      expect(malformed.http).toBe(500);
      expect(malformed.json).toEqual({ status: 0, statusdesc: 'systemError' });
      await setFault(sim, { call: 'version', errorRate: 1 });
      const failed = await api('/version', {});
      expect(failed.json).toEqual({ status: 0, statusdesc: 'systemError' });
    });

    it('releases the one-at-a-time lock when the upstream times out', async () => {
      const quick = await injectTestGateway(sim, { callTimeoutMs: { fast: 300, normal: 300, slow: 300 } });
      try {
        const session = await signIn('demo05', quick);
        await setFault(sim, { call: 'userbalance', timeoutRate: 1 });
        const body = { ...session, parent_id: 'ag01' };
        expect((await injectJson(quick, '/api/userbalance', body)).json.statusdesc).toBe('requestTimeout');
        await setFault(sim, {});
        expect((await injectJson(quick, '/api/userbalance', body)).json.status).toBe(1);
      } finally {
        await quick.close();
      }
    });
  });

  describe('security', () => {
    it('sends a CSP for the app and its websocket only, no sniffing, no framing', async () => {
      // The websocket sources name the host the page was served from.
      const host = { host: '127.0.0.1:4711' };
      const res = await api('/version', {}, host);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:4711 wss://127.0.0.1:4711`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(
        (await inject(app, { url: '/healthz', headers: host })).headers.get('content-security-policy'),
      ).toBe(csp);
    });

    it('refuses foreign origins on /api and lets the allowlist and same-origin through', async () => {
      const before = await simCallsTotal(sim);
      const foreign = await api('/version', {}, { origin: 'https://evil.example' });
      expect(foreign.http).toBe(403);
      expect(foreign.json).toEqual({ status: 0, statusdesc: 'NoUserAccessRight' });
      expect((await api('/version', {}, { origin: 'null' })).http).toBe(403);
      expect(await simCallsTotal(sim)).toBe(before);
      expect((await api('/version', {}, { origin: 'https://app.example' })).json.status).toBe(1);
      const sameOrigin = { host: '127.0.0.1:4711', origin: 'http://127.0.0.1:4711' };
      expect((await api('/version', {}, sameOrigin)).json.status).toBe(1);
    });
  });

  describe('login signing', () => {
    it('signs login bodies for an upstream that requires the signature', async () => {
      const signedSim = await startTestSim({ loginSigningKey: 'sign-key-1' });
      const signing = await injectTestGateway(signedSim, { loginSigningKey: 'sign-key-1' }, logs);
      const plain = await injectTestGateway(signedSim);
      try {
        const body = { account_id: 'demo01', password: Password };
        const ok = await injectJson(signing, '/api/authlogin', body);
        expect(ok.json.status).toBe(1);
        tokens.push(ok.json.member_profile.player_info[0].session_token);
        // A signature the browser made up is replaced by the gateway's own.
        const forged = await injectJson(signing, '/api/switchlogin', { ...body, signature: 'f'.repeat(64) });
        expect(forged.json.status).toBe(1);
        tokens.push(forged.json.member_profile.player_info[0].session_token);
        // Without the key the upstream refuses the login.
        expect((await injectJson(plain, '/api/authlogin', body)).json.statusdesc).toBe('loginFailed');
        expect((await post(`${signedSim.url}/authlogin`, body)).json.statusdesc).toBe('loginFailed');
      } finally {
        await plain.close();
        await signing.close();
        await signedSim.close();
      }
    });
  });

  it('logs no session token and no password (captured at debug level during every test above)', () => {
    const text = logs.text();
    expect(logs.lines.length).toBeGreaterThan(50);
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain(Password);
    expect(text).not.toContain('not-it');
  });
});
