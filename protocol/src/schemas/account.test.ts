import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callByName } from '../calls.ts';
import { AccountState } from '../constants.ts';
import { accountFromLogin, isViewOnly, type LoginReply, type MemberProfile } from './account.ts';
import { BodyLimits, replySchemas, requestSchemas, validateBody, validateReply } from './index.ts';

const auth = { account_id: 'player01', session_token: 'tok' };
const profile: MemberProfile = {
  player_info: [
    {
      account_id: 'player01',
      session_token: 'tok',
      nickname: '',
      has_secondary_account: 0,
      operator_type: 1,
      parent_id: 'agent9',
      comm_type: 'A',
    },
  ],
  player_wallet: [
    { available_balance: 1000.5, cash_balance: 1200, frozen_balance: 199.5, currency_code: 'MYR' },
  ],
  player_bet_limit: [{ sport_type: 1, bet_type: 'HDP', min_bet: 10, max_bet: 5000, max_payout: 50000 }],
};

describe('account request bodies', () => {
  it('login', () => {
    expect(validateBody('authlogin', { account_id: 'a', password: 'p' })).toEqual({
      ok: true,
      value: { account_id: 'a', password: 'p' },
    });
    expect(validateBody('authlogin', { account_id: 'a', password: 'p', signature: 'sig' }).ok).toBe(true);
    expect(validateBody('authlogin', { account_id: 'a', password: 1 })).toMatchObject({
      ok: false,
      error: { code: 'badRequest', field: 'password' },
    });
    expect(validateBody('authlogin', { account_id: 'a', password: 'p', admin: true })).toMatchObject({
      ok: false,
      error: { code: 'badRequest' },
    });
  });

  it('login with an empty id or password answers usernameRequired / passwordRequired (SPEC section 5)', () => {
    for (const call of ['authlogin', 'userlogin', 'switchlogin']) {
      for (const blank of [undefined, null, '', '   ']) {
        const id = blank === undefined ? { password: 'p' } : { account_id: blank, password: 'p' };
        expect(validateBody(call, id)).toMatchObject({
          ok: false,
          error: { code: 'usernameRequired', field: 'account_id' },
        });
        const pw = blank === undefined ? { account_id: 'a' } : { account_id: 'a', password: blank };
        expect(validateBody(call, pw)).toMatchObject({
          ok: false,
          error: { code: 'passwordRequired', field: 'password' },
        });
      }
      expect(validateBody(call, {})).toMatchObject({ ok: false, error: { code: 'usernameRequired' } });
    }
    // A login id too long is said as such, never the generic badRequest.
    for (const call of ['authlogin', 'userlogin', 'switchlogin']) {
      expect(validateBody(call, { account_id: 'a'.repeat(5000), password: 'p' })).toMatchObject({
        ok: false,
        error: { code: 'loginIdTooLong', field: 'account_id' },
      });
      expect(validateBody(call, { account_id: 'a'.repeat(64), password: 'p' }).ok).toBe(true);
    }
    expect(validateBody('securelogin', { token: '' })).toMatchObject({
      ok: false,
      error: { code: 'badRequest' },
    });
    expect(validateBody('authlogin', { account_id: 'a', password: 'p', admin: true })).toMatchObject({
      ok: false,
      error: { field: 'admin' },
    });
  });

  it('token launch, reload, balance', () => {
    expect(validateBody('securelogin', { token: 'abc' }).ok).toBe(true);
    expect(validateBody('securelogin', { token: '' }).ok).toBe(false);
    expect(validateBody('userprofile', auth).ok).toBe(true);
    expect(validateBody('userbalance', { ...auth, parent_id: 'agent9' }).ok).toBe(true);
    expect(validateBody('vuserbalance', { ...auth, parent_id: 77 }).ok).toBe(true);
    expect(validateBody('userbalance', auth)).toMatchObject({ ok: false, error: { field: 'parent_id' } });
  });

  it('settings', () => {
    expect(validateBody('usersettings', { ...auth, language: 'zh-CN', oddsType: 4, quickBet: true }).ok).toBe(
      true,
    );
    expect(validateBody('usersettings', { ...auth, language: 'fr' })).toMatchObject({
      ok: false,
      error: { field: 'language' },
    });
    expect(validateBody('usersettings', { ...auth, oddsType: 6 })).toMatchObject({
      ok: false,
      error: { field: 'oddsType' },
    });
  });

  it('change password: new and confirm 6-10 characters', () => {
    const body = (pw: string) => ({ ...auth, old_password: 'old', new_password: pw, confirm_password: pw });
    expect(validateBody('changepassword', body('abcde')).ok).toBe(false);
    expect(validateBody('changepassword', body('abcdef')).ok).toBe(true);
    expect(validateBody('changepassword', body('abcdefghij')).ok).toBe(true);
    expect(validateBody('changepassword', body('abcdefghijk'))).toMatchObject({
      ok: false,
      error: { field: 'new_password' },
    });
  });

  it('nickname: 6-15 letters or digits', () => {
    const body = (nickname: string) => ({ ...auth, nickname });
    expect(validateBody('addsecondary', body('abc12')).ok).toBe(false);
    expect(validateBody('addsecondary', body('abc123')).ok).toBe(true);
    expect(validateBody('addsecondary', body('abcdefghij12345')).ok).toBe(true);
    expect(validateBody('addsecondary', body('abcdefghij123456')).ok).toBe(false);
    expect(validateBody('addsecondary', body('abc_123')).ok).toBe(false);
  });

  it('unknown call names and calls without a schema', () => {
    expect(validateBody('nope', {})).toMatchObject({ ok: false, error: { code: 'unknownCall' } });
    expect(validateBody('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknownCall' } });
    expect(validateBody('version', { any: 'thing' })).toEqual({ ok: true, value: { any: 'thing' } });
    expect(validateBody('version', [1])).toMatchObject({ ok: false, error: { code: 'badRequest' } });
  });
});

describe('account replies', () => {
  it('login reply with member_profile', () => {
    const reply = { status: 1, statusdesc: '', member_profile: profile };
    const result = validateReply('authlogin', reply);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const account = accountFromLogin(result.value);
    expect(account?.info.account_id).toBe('player01');
    expect(account?.wallet.currency_code).toBe('MYR');
    expect(account?.betLimits).toHaveLength(1);
  });

  it('account_state (our extension) is optional; only suspend is view only', () => {
    const info = profile.player_info[0] as MemberProfile['player_info'][number];
    for (const state of ['active', 'suspend'])
      expect(
        validateReply('authlogin', {
          status: 1,
          statusdesc: '',
          member_profile: { ...profile, player_info: [{ ...info, account_state: state }] },
        }).ok,
      ).toBe(true);
    expect(isViewOnly(info)).toBe(false);
    expect(isViewOnly({ account_state: 'active' })).toBe(false);
    expect(isViewOnly({ account_state: 'suspend' })).toBe(true);
    // ViewOnlyAccountStates is the one source: exactly the suspended state is view only.
    expect(Object.values(AccountState).filter((s) => isViewOnly({ account_state: s }))).toEqual(['suspend']);
  });

  it('login fails without status 1 or without the profile arrays', () => {
    const failed: LoginReply[] = [
      { status: 0, statusdesc: 'loginFailed' },
      { status: '1', statusdesc: '' },
      { status: '1', statusdesc: '', member_profile: { ...profile, player_info: [] } },
      { status: '1', statusdesc: '', member_profile: { ...profile, player_wallet: [] } },
      { status: 2, statusdesc: '', member_profile: profile },
    ];
    for (const reply of failed) expect(accountFromLogin(reply)).toBeNull();
    expect(accountFromLogin({ status: '1', statusdesc: '', member_profile: profile })).not.toBeNull();
    expect(
      validateReply('userprofile', { status: 1, statusdesc: '', member_profile: { player_info: [] } }).ok,
    ).toBe(false);
  });

  it('balance reply', () => {
    const reply = {
      status: 1,
      statusdesc: '',
      balance: 10,
      account_balance: 12,
      outstanding_balance: 2,
      retrieve_profile: 1,
    };
    expect(validateReply('userbalance', reply).ok).toBe(true);
    expect(validateReply('userbalance', { status: 0, statusdesc: 'session_expired' }).ok).toBe(true);
    expect(validateReply('vuserbalance', { ...reply, balance: '10' })).toMatchObject({
      ok: false,
      error: { field: 'balance' },
    });
  });
});

describe('validateBody never throws (property)', () => {
  const names = Object.keys(requestSchemas);
  it('on garbage', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names, 'version', 'nope'),
        fc.anything({ withNullPrototype: true, withMap: true }),
        (name, body) => {
          const result = validateBody(name, body);
          expect(typeof result.ok).toBe('boolean');
          if (!result.ok) expect(typeof result.error.message).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('on objects shaped like the real bodies with garbage values', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.dictionary(
          fc.constantFrom(
            'account_id',
            'session_token',
            'password',
            'token',
            'parent_id',
            'nickname',
            'language',
          ),
          fc.anything(),
        ),
        (name, body) => {
          const result = validateBody(name, body);
          if (result.ok) expect(result.value).toBe(body);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('on huge, deep, cyclic and hostile input', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(validateBody('authlogin', deep)).toMatchObject({ ok: false, error: { code: 'badRequest' } });
    expect(validateBody('version', deep)).toMatchObject({
      ok: false,
      error: { message: 'body nested too deeply' },
    });
    const wide = Object.fromEntries(Array.from({ length: BodyLimits.maxNodes + 1 }, (_, i) => [`k${i}`, i]));
    expect(validateBody('version', wide)).toMatchObject({ ok: false, error: { message: 'body too large' } });
    expect(validateBody('authlogin', { account_id: 'a', password: 'p'.repeat(1_000_000) }).ok).toBe(false);
    const cyclic: Record<string, unknown> = { account_id: 'a' };
    cyclic.self = cyclic;
    expect(validateBody('version', cyclic).ok).toBe(false);
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('hostile');
        },
      },
    );
    expect(validateBody('authlogin', hostile)).toMatchObject({ ok: false, error: { code: 'badRequest' } });
    expect(validateBody('authlogin', new Date())).toMatchObject({ ok: false, error: { code: 'badRequest' } });
  });
});

describe('schema registry', () => {
  it('every schema is registered under the name of a call of calls.ts', () => {
    expect(Object.keys(requestSchemas).filter((name) => callByName(name) === undefined)).toEqual([]);
    expect(Object.keys(replySchemas).filter((name) => callByName(name) === undefined)).toEqual([]);
  });
});
