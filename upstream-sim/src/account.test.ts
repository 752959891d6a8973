// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.

import { AdminToken, startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('account calls over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a suspended account logs in with account_state suspend (view only, our extension)', async () => {
    const { json } = await t.call('/authlogin', { account_id: 'demo09', password: 'demo1234' });
    expect(json.status).toBe(1);
    expect(json.member_profile.player_info[0].account_state).toBe('suspend');
  });

  it('authlogin returns the spec member_profile', async () => {
    const { http, json } = await t.call('/authlogin', { account_id: 'demo01', password: 'demo1234' });
    expect(http).toBe(200);
    expect(json.status).toBe(1);
    const p = json.member_profile;
    expect(Object.keys(p.player_info[0]).sort()).toEqual(
      [
        'account_id',
        'account_state',
        'comm_type',
        'last_login_time',
        'password_expiry_time',
        'has_secondary_account',
        'nickname',
        'operator_type',
        'parent_id',
        'session_token',
      ].sort(),
    );
    expect(p.player_info[0].account_state).toBe('active');
    expect(p.player_wallet[0]).toEqual({
      available_balance: 10000,
      cash_balance: 10000,
      frozen_balance: 0,
      currency_code: 'MYR',
    });
    expect(p.player_bet_limit.find((l: any) => l.sport_type === 1)).toMatchObject({
      min_bet: 5,
      max_bet: 5000,
    });
  });

  it('answers the codes of wrong passwords, unknown ids and each account state', async () => {
    expect((await t.call('/authlogin', { account_id: 'demo02', password: 'nope1234' })).json.statusdesc).toBe(
      'invalid_password',
    );
    expect((await t.call('/authlogin', { account_id: 'ghost', password: 'demo1234' })).json.statusdesc).toBe(
      'account_not_exists',
    );
    const codes: Record<string, string> = {
      demo11: 'CLOSE',
      demo12: 'BLOCK',
      demo13: 'freeze',
      demo14: 'account_inactive',
    };
    for (const [id, code] of Object.entries(codes)) {
      const { json } = await t.call('/authlogin', { account_id: id, password: 'demo1234' });
      expect(json).toEqual({ status: 0, statusdesc: code });
    }
    expect((await t.call('/authlogin', { account_id: '', password: 'x' })).json.statusdesc).toBe(
      'usernameRequired',
    );
  });

  it('locks a login id after repeated failures for one minute (loginLimit)', async () => {
    for (let i = 0; i < 5; i++) await t.call('/authlogin', { account_id: 'demo04', password: 'wrong123' });
    const locked = await t.call('/authlogin', { account_id: 'demo04', password: 'demo1234' });
    expect(locked.json.statusdesc).toBe('loginLimit');
    t.wall.now += 61_000;
    expect((await t.call('/authlogin', { account_id: 'demo04', password: 'demo1234' })).json.status).toBe(1);
  });

  it('counts failures per account and client IP: a stranger cannot lock the owner out', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.9' };
    const owner = { 'x-forwarded-for': '198.51.100.7' };
    const attempt = (password: string, headers: Record<string, string>) =>
      t.call('/authlogin', { account_id: 'demo06', password }, headers);
    for (let i = 0; i < 5; i++)
      expect((await attempt('wrong123', attacker)).json.statusdesc).toBe('invalid_password');
    // The attacker's address is throttled, even with the right password...
    expect((await attempt('demo1234', attacker)).json.statusdesc).toBe('loginLimit');
    expect((await attempt('wrong123', attacker)).json.statusdesc).toBe('loginLimit');
    // ...while the owner's own address still gets in, and the same account from a third one too.
    expect((await attempt('demo1234', owner)).json.status).toBe(1);
    expect((await attempt('demo1234', { 'x-forwarded-for': '192.0.2.1' })).json.status).toBe(1);
    // The attacker's lock is per account: another account from the attacker's address is not locked.
    expect(
      (await t.call('/authlogin', { account_id: 'demo07', password: 'demo1234' }, attacker)).json.status,
    ).toBe(1);
    t.wall.now += 61_000;
    expect((await attempt('demo1234', attacker)).json.status).toBe(1);
  });

  it('believes X-Forwarded-For only from a trusted proxy (trustProxy false: the peer address)', async () => {
    const direct = await startTestSim({ trustProxy: false });
    try {
      for (let i = 0; i < 5; i++) {
        await direct.call(
          '/authlogin',
          { account_id: 'demo06', password: 'wrong123' },
          { 'x-forwarded-for': `203.0.113.${i}` },
        );
      }
      const spoofed = await direct.call(
        '/authlogin',
        { account_id: 'demo06', password: 'demo1234' },
        { 'x-forwarded-for': '198.51.100.7' },
      );
      expect(spoofed.json.statusdesc).toBe('loginLimit');
    } finally {
      await direct.close();
    }
  });

  it('expires idle sessions (session_expired) and rejects unknown tokens', async () => {
    const s = await t.login('demo05');
    expect((await t.call('/userbalance', { ...s, parent_id: 'ag01' })).json.status).toBe(1);
    t.wall.now += 31 * 60_000;
    expect((await t.call('/userbalance', { ...s, parent_id: 'ag01' })).json.statusdesc).toBe(
      'session_expired',
    );
    const bogus = await t.call('/userbalance', {
      account_id: 'demo05',
      session_token: 'nope',
      parent_id: 'ag01',
    });
    expect(bogus.json.statusdesc).toBe('session_not_exists');
    expect(bogus.http).toBe(401);
  });

  it('balance, vuserbalance for operator_type 2, and retrieve_profile after a change', async () => {
    const s = await t.login('demo01');
    const b = await t.call('/userbalance', { ...s, parent_id: 'ag01' });
    expect(b.json).toMatchObject({
      status: 1,
      balance: 10000,
      account_balance: 10000,
      outstanding_balance: 0,
      retrieve_profile: 0,
    });
    expect((await t.call('/vuserbalance', { ...s, parent_id: 'ag01' })).json.statusdesc).toBe(
      'permission_denied',
    );
    const v = await t.login('demo08');
    expect((await t.call('/vuserbalance', { ...v, parent_id: 'ag01' })).json.status).toBe(1);
    expect((await t.call('/userbalance', { ...v, parent_id: 'ag01' })).json.statusdesc).toBe(
      'permission_denied',
    );

    const adj = await t.call(
      '/admin/account',
      { account_id: 'demo01', adjust: 12.5 },
      { 'x-admin-token': AdminToken },
    );
    expect(adj.json.status).toBe(1);
    const profile = await t.call('/userprofile', s);
    expect(profile.json.member_profile.player_wallet[0].available_balance).toBe(10012.5);
    // A profile read (the gateway's session check) does not swallow the signal ...
    const after = await t.call('/userbalance', { ...s, parent_id: 'ag01' });
    expect(after.json).toMatchObject({ balance: 10012.5, retrieve_profile: 1 });
    // ... and a balance reply delivers it once.
    expect((await t.call('/userbalance', { ...s, parent_id: 'ag01' })).json.retrieve_profile).toBe(0);
  });

  it('saves settings, changes the password, sets the nickname once', async () => {
    const s = await t.login('demo06');
    const saved = await t.call('/usersettings', { ...s, oddsType: 4, acceptBetterOdds: true });
    expect(saved.json).toMatchObject({ status: 1, settings: { oddsType: 4, acceptBetterOdds: true } });
    expect((await t.call('/usersettings', { ...s, oddsType: 'x' })).json.statusdesc).toBe('badRequest');

    const wrong = await t.call('/changepassword', {
      ...s,
      old_password: 'bad12345',
      new_password: 'abc12345',
      confirm_password: 'abc12345',
    });
    expect(wrong.json.statusdesc).toBe('invalid_password');
    const changed = await t.call('/changepassword', {
      ...s,
      old_password: 'demo1234',
      new_password: 'abc12345',
      confirm_password: 'abc12345',
    });
    expect(changed.json.status).toBe(1);
    expect((await t.call('/authlogin', { account_id: 'demo06', password: 'demo1234' })).json.statusdesc).toBe(
      'invalid_password',
    );
    const s2 = await t.login('demo06', 'abc12345');

    expect((await t.call('/addsecondary', { ...s2, nickname: 'abc' })).json.statusdesc).toBe('badRequest');
    expect((await t.call('/addsecondary', { ...s2, nickname: 'Sixer2026' })).json.status).toBe(1);
    expect((await t.call('/addsecondary', { ...s2, nickname: 'Other2026' })).json.statusdesc).toBe(
      'secondary_account_exists',
    );
    const byNick = await t.call('/authlogin', { account_id: 'Sixer2026', password: 'abc12345' });
    expect(byNick.json.member_profile.player_info[0]).toMatchObject({
      account_id: 'demo06',
      nickname: 'Sixer2026',
      has_secondary_account: 1,
    });
  });

  it('token launch (securelogin) works once; switchlogin ends the other sessions', async () => {
    const { json } = await t.call(
      '/admin/account',
      { account_id: 'demo02', launch_token: true },
      { 'x-admin-token': AdminToken },
    );
    const first = await t.call('/securelogin', { token: json.token });
    expect(first.json.member_profile.player_info[0].account_id).toBe('demo02');
    expect((await t.call('/securelogin', { token: json.token })).json.statusdesc).toBe('invalidSession');

    const a = await t.login('demo03');
    const b = await t.call('/switchlogin', { account_id: 'demo03', password: 'demo1234' });
    expect(b.json.status).toBe(1);
    expect((await t.call('/userprofile', a)).json.statusdesc).toBe('session_not_exists');
  });

  it('a restricted account loses its session; a suspended one may look but not bet', async () => {
    const s = await t.login('load01');
    await t.call('/admin/account', { account_id: 'load01', state: 'block' }, { 'x-admin-token': AdminToken });
    expect((await t.call('/userprofile', s)).json.statusdesc).toBe('BLOCK');
    const v = await t.login('demo09');
    expect((await t.call('/userprofile', v)).json.status).toBe(1);
    const bet = await t.call('/bet/betsingle', {
      ...v,
      request_id: 'suspended-1',
      odds_id: 'x',
      selection: 0,
      price: 1.9,
      stake: 10,
    });
    expect(bet.json.statusdesc).toBe('suspend');
    expect((await t.call('/version', {})).json).toMatchObject({ status: 1, version: expect.any(String) });
  });
});
