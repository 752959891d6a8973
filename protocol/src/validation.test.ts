import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorMessagesEn } from './errors.ts';
import {
  alpha,
  alphanumeric,
  type ChangePasswordForm,
  email,
  ipv4,
  isValidPin,
  type LoginForm,
  letterAndNumber,
  maxLength,
  maxValue,
  minLength,
  minValue,
  mustDiffer,
  type NicknameForm,
  notSameAs,
  numeric,
  type RoomCreateForm,
  type RoomJoinForm,
  required,
  sameAs,
  selectOption,
  url,
  type ValidationError,
  validateChangePassword,
  validateLogin,
  validateNickname,
  validateParlayCount,
  validateRoomCreate,
  validateRoomJoin,
  validateStake,
  validateTokenLogin,
  validationI18nKey,
  validationMessagesEn,
} from './validation.ts';

const codes = (errors: ValidationError[]) => errors.map((e) => e.code);

describe('login', () => {
  it('needs account id and password', () => {
    expect(validateLogin({ account_id: 'abc', password: 'x' })).toEqual([]);
    expect(codes(validateLogin({ account_id: '  ', password: '' }))).toEqual([
      'usernameRequired',
      'passwordRequired',
    ]);
    expect(codes(validateLogin({} as LoginForm))).toEqual(['usernameRequired', 'passwordRequired']);
  });

  it('a login id over 64 characters is loginIdTooLong, said as such', () => {
    expect(validateLogin({ account_id: 'a'.repeat(64), password: 'x' })).toEqual([]);
    expect(validateLogin({ account_id: 'a'.repeat(5000), password: 'x' })).toEqual([
      { code: 'loginIdTooLong', field: 'account_id', params: { field: 'account_id', max: 64 } },
    ]);
    expect(validationI18nKey({ code: 'loginIdTooLong', field: 'account_id', params: {} })).toBe(
      'error.loginIdTooLong',
    );
  });

  it('token login needs a non-empty token', () => {
    expect(validateTokenLogin({ token: 't0k' })).toEqual([]);
    expect(validateTokenLogin({ token: '' })).toEqual([
      { code: 'required', field: 'token', params: { field: 'token' } },
    ]);
  });
});

describe('change password', () => {
  const form = (next: string, current = 'oldpass1', confirm = next): ChangePasswordForm => ({
    currentPassword: current,
    newPassword: next,
    confirmPassword: confirm,
  });

  it('accepts 6 and 10 characters, rejects 5 and 11', () => {
    expect(validateChangePassword(form('abcdef'))).toEqual([]);
    expect(validateChangePassword(form('abcdefghij'))).toEqual([]);
    expect(codes(validateChangePassword(form('abcde')))).toEqual(['minLength']);
    expect(codes(validateChangePassword(form('abcdefghijk')))).toEqual(['maxLength']);
    expect(validateChangePassword(form('abcde'))[0]?.params).toMatchObject({ min: 6, field: 'newPassword' });
  });

  it('requires all three fields', () => {
    expect(
      codes(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })),
    ).toEqual(['required', 'required', 'required']);
  });

  it('is case sensitive: confirm must match exactly, a case change is a different password', () => {
    expect(codes(validateChangePassword(form('Secret1', 'oldpass1', 'secret1')))).toEqual(['sameAs']);
    expect(validateChangePassword(form('Oldpass1', 'oldpass1'))).toEqual([]);
  });

  it('new must differ from current', () => {
    expect(codes(validateChangePassword(form('oldpass1', 'oldpass1')))).toEqual(['mustDiffer']);
  });

  it('never echoes a password into params', () => {
    for (const error of validateChangePassword(form('abcdefghijk')))
      expect(error.params).not.toHaveProperty('value');
  });
});

describe('nickname', () => {
  const nick = (nickname: string, hasSecondaryAccount = false): NicknameForm => ({
    nickname,
    hasSecondaryAccount,
  });

  it('accepts 6 and 15 letters or digits, rejects 5 and 16', () => {
    expect(validateNickname(nick('abc123'))).toEqual([]);
    expect(validateNickname(nick('abcdefghij12345'))).toEqual([]);
    expect(codes(validateNickname(nick('abc12')))).toEqual(['minLength']);
    expect(codes(validateNickname(nick('abcdefghij123456')))).toEqual(['maxLength']);
  });

  it('rejects anything but ASCII letters and digits', () => {
    expect(codes(validateNickname(nick('abc 123')))).toEqual(['alphanumeric']);
    expect(codes(validateNickname(nick('abc_123')))).toEqual(['alphanumeric']);
    expect(codes(validateNickname(nick('名字名字名字')))).toEqual(['alphanumeric']);
  });

  it('can be set once only', () => {
    expect(codes(validateNickname(nick('abc123', true)))).toEqual(['secondary_account_exists']);
  });
});

describe('tournament room create', () => {
  const room = (over: Partial<RoomCreateForm> = {}): RoomCreateForm => ({
    type: 1,
    rate: 100,
    limit: 10,
    leagueIds: [],
    matchIds: [1, 2, 3],
    ...over,
  });

  it('fee 10..1000: 9 and 1001 fail, 10 and 1000 pass', () => {
    expect(codes(validateRoomCreate(room({ rate: 9 })))).toEqual(['invalidRate']);
    expect(validateRoomCreate(room({ rate: 10 }))).toEqual([]);
    expect(validateRoomCreate(room({ rate: 1000 }))).toEqual([]);
    expect(codes(validateRoomCreate(room({ rate: 1001 })))).toEqual(['invalidRate']);
    expect(codes(validateRoomCreate(room({ rate: 10.5 })))).toEqual(['invalidRate']);
  });

  it('a free room has no fee to check', () => {
    expect(validateRoomCreate(room({ type: 3, rate: 0 }))).toEqual([]);
  });

  it('players 3..30: 2 and 31 fail, 3 and 30 pass', () => {
    expect(codes(validateRoomCreate(room({ limit: 2 })))).toEqual(['invalidLimit']);
    expect(validateRoomCreate(room({ limit: 3 }))).toEqual([]);
    expect(validateRoomCreate(room({ limit: 30 }))).toEqual([]);
    expect(codes(validateRoomCreate(room({ limit: 31 })))).toEqual(['invalidLimit']);
  });

  it('private rooms need a PIN of exactly 6 digits', () => {
    expect(validateRoomCreate(room({ type: 2, pin: '123456' }))).toEqual([]);
    expect(codes(validateRoomCreate(room({ type: 2, pin: '12345' })))).toEqual(['invalidPin']);
    expect(codes(validateRoomCreate(room({ type: 2, pin: '1234567' })))).toEqual(['invalidPin']);
    expect(codes(validateRoomCreate(room({ type: 2, pin: '12a456' })))).toEqual(['invalidPin']);
    expect(codes(validateRoomCreate(room({ type: 2, pin: '١٢٣٤٥٦' })))).toEqual(['invalidPin']);
    expect(codes(validateRoomCreate(room({ type: 2 })))).toEqual(['invalidPin']);
    expect(validateRoomCreate(room({ type: 1, pin: 'x' }))).toEqual([]);
  });

  it('matches 3..configured max', () => {
    expect(codes(validateRoomCreate(room({ matchIds: [1, 2] })))).toEqual(['minMatches']);
    expect(validateRoomCreate(room({ matchIds: [1, 2, 3, 4, 5], maxMatches: 5 }))).toEqual([]);
    expect(codes(validateRoomCreate(room({ matchIds: [1, 2, 3, 4, 5, 6], maxMatches: 5 })))).toEqual([
      'maxMatches',
    ]);
  });

  it('needs at least one league or match', () => {
    expect(codes(validateRoomCreate(room({ matchIds: [], leagueIds: [] })))).toContain('selectLeagueOrMatch');
  });

  it('a live parlay room needs 3 matches, a parlay 2', () => {
    expect(validateParlayCount(2)).toEqual([]);
    expect(codes(validateParlayCount(1))).toEqual(['atLeastTwoMatchToBetParlay']);
    expect(codes(validateParlayCount(2, { live: true }))).toEqual(['atLeastThreeMatchToBetParlay']);
    expect(validateParlayCount(3, { live: true })).toEqual([]);
    expect(validateParlayCount(12)).toEqual([]);
    expect(codes(validateParlayCount(13))).toEqual(['maxParlayTicket']);
    expect(validateParlayCount(10, { myanmar: true })).toEqual([]);
    expect(codes(validateParlayCount(11, { myanmar: true }))).toEqual(['maxParlayTicket']);
    expect(validateRoomCreate(room({ parlay: true, live: true }))).toEqual([]);
  });
});

describe('tournament room join', () => {
  const join = (over: Partial<RoomJoinForm> = {}): RoomJoinForm => ({
    type: 1,
    termsAccepted: true,
    ...over,
  });
  it('needs terms accepted and, for a private room, the PIN', () => {
    expect(validateRoomJoin(join())).toEqual([]);
    expect(codes(validateRoomJoin(join({ termsAccepted: false })))).toEqual(['termsRequired']);
    expect(validateRoomJoin(join({ type: 2, pin: '000000' }))).toEqual([]);
    expect(codes(validateRoomJoin(join({ type: 2, pin: '00000' })))).toEqual(['invalidPin']);
    expect(codes(validateRoomJoin(join({ type: 9 as 1 })))).toEqual(['selectOption']);
  });

  it('PIN law: valid exactly for 6 ASCII digits (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9 }), (pin) => {
        expect(isValidPin(pin)).toBe(/^[0-9]{6}$/.test(pin));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{6}$/), (pin) => {
        expect(isValidPin(pin)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('stake', () => {
  const limits = { minBet: 1000, maxBet: 500_000, maxPayout: 2_000_000 };
  it('checks risk against min and max, win against max payout, at the boundaries', () => {
    expect(codes(validateStake({ risk: 999, win: 900 }, limits))).toEqual(['betLowerMin']);
    expect(validateStake({ risk: 1000, win: 900 }, limits)).toEqual([]);
    expect(validateStake({ risk: 500_000, win: 2_000_000 }, limits)).toEqual([]);
    expect(codes(validateStake({ risk: 500_001, win: 1 }, limits))).toEqual(['betOverMax']);
    expect(codes(validateStake({ risk: 10_000, win: 2_000_001 }, limits))).toEqual(['betOverMaxPayout']);
    expect(codes(validateStake({ risk: 0, win: 0 }, { ...limits, minBet: 0 }))).toEqual(['betLowerMin']);
  });

  it('rejects amounts that are not integer minor units', () => {
    expect(codes(validateStake({ risk: 10.5, win: 1 }, limits))).toEqual(['badRequest']);
    expect(codes(validateStake({ risk: 10, win: 1 }, { ...limits, maxBet: Number.NaN }))).toEqual([
      'badRequest',
    ]);
  });

  it('law: accepted exactly when min <= risk <= max and win <= maxPayout (property)', () => {
    const minor = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(minor, minor, minor, minor, minor, (risk, win, a, b, maxPayout) => {
        const minBet = Math.min(a, b);
        const maxBet = Math.max(a, b);
        const ok = validateStake({ risk, win }, { minBet, maxBet, maxPayout }).length === 0;
        expect(ok).toBe(risk > 0 && risk >= minBet && risk <= maxBet && win <= maxPayout);
      }),
      { numRuns: 500 },
    );
  });
});

describe('generic templates', () => {
  it('each produces { code, field, params } or null', () => {
    expect(required('Start date', '')).toEqual({
      code: 'required',
      field: 'Start date',
      params: { field: 'Start date' },
    });
    expect(required('x', 0)).toBeNull();
    expect(minValue('page', 0, 1)?.params).toEqual({ field: 'page', min: 1, value: 0 });
    expect(minValue('page', 1, 1)).toBeNull();
    expect(maxValue('page', 101, 100)?.code).toBe('maxValue');
    expect(maxValue('page', 'abc', 100)?.code).toBe('notANumber');
    expect(minLength('n', 'ab', 3)?.code).toBe('minLength');
    expect(maxLength('n', 'abcd', 3)?.code).toBe('maxLength');
    expect(minLength('n', '😀😀😀', 3)).toBeNull();
    expect(alpha('a', 'abcXYZ')).toBeNull();
    expect(alpha('a', 'abc1')?.code).toBe('alpha');
    expect(alphanumeric('a', 'abc1')).toBeNull();
    expect(numeric('a', '0123')).toBeNull();
    expect(numeric('a', '-1')?.code).toBe('numeric');
    expect(email('e', 'a.b@example.com')).toBeNull();
    expect(email('e', 'a@b')?.code).toBe('email');
    expect(ipv4('ip', '192.168.0.255')).toBeNull();
    expect(ipv4('ip', '256.1.1.1')?.code).toBe('ipv4');
    expect(ipv4('ip', '01.1.1.1')?.code).toBe('ipv4');
    expect(sameAs('confirm', 'a', 'password', 'a')).toBeNull();
    expect(sameAs('confirm', 'a', 'password', 'A')?.params).toEqual({ field: 'confirm', other: 'password' });
    expect(notSameAs('new', 'a', 'old', 'a')?.code).toBe('notSameAs');
    expect(url('u', 'https://example.com/x')).toBeNull();
    expect(url('u', 'javascript:alert(1)')?.code).toBe('url');
    expect(letterAndNumber('p', 'abc1')).toBeNull();
    expect(letterAndNumber('p', 'abcd')?.code).toBe('letterAndNumber');
    expect(selectOption('sport', '', [1, 2])?.code).toBe('selectOption');
    expect(selectOption('sport', 1, [1, 2])).toBeNull();
    expect(mustDiffer('nickname', 'a', 'a')?.code).toBe('mustDiffer');
  });

  it('every code a validator emits has an English message', () => {
    const all = [
      ...validateRoomCreate({ type: 2, rate: 0, limit: 0, leagueIds: [], matchIds: [] }),
      ...validateRoomCreate({ type: 1, rate: 10, limit: 3, leagueIds: [1], matchIds: Array(99).fill(1) }),
      ...validateRoomJoin({ type: 5 as 1, termsAccepted: false }),
      ...validateChangePassword({ currentPassword: 'a', newPassword: 'a', confirmPassword: 'b' }),
      ...validateNickname({ nickname: '-', hasSecondaryAccount: false }),
      ...validateLogin({ account_id: '', password: '' }),
      ...validateStake({ risk: 1, win: 1 }, { minBet: 5, maxBet: 0, maxPayout: 0 }),
      ...validateParlayCount(0, { live: true }),
    ];
    const messages: Record<string, string> = { ...errorMessagesEn, ...validationMessagesEn };
    for (const error of all) expect(messages[validationI18nKey(error)], error.code).toBeTypeOf('string');
  });
});

describe('validators never throw (property)', () => {
  const hostile = fc.oneof(
    fc.anything(),
    fc.constant(
      new Proxy(
        {},
        {
          get() {
            throw new Error('hostile getter');
          },
        },
      ),
    ),
  );
  const validators: [string, (input: unknown) => unknown][] = [
    ['login', (i) => validateLogin(i as LoginForm)],
    ['token', (i) => validateTokenLogin(i as { token: string })],
    ['password', (i) => validateChangePassword(i as ChangePasswordForm)],
    ['nickname', (i) => validateNickname(i as NicknameForm)],
    ['roomCreate', (i) => validateRoomCreate(i as RoomCreateForm)],
    ['roomJoin', (i) => validateRoomJoin(i as RoomJoinForm)],
    ['stake', (i) => validateStake(i as never, i as never)],
    ['parlay', (i) => validateParlayCount(i as number, i as never)],
  ];
  for (const [name, validate] of validators) {
    it(name, () => {
      fc.assert(
        fc.property(hostile, (input) => {
          expect(Array.isArray(validate(input))).toBe(true);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('templates', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        for (const template of [alpha, alphanumeric, numeric, email, ipv4, url, letterAndNumber, required]) {
          template('f', a);
        }
        minValue('f', a, 1);
        maxValue('f', a, 1);
        minLength('f', a, 1);
        maxLength('f', a, 1);
        sameAs('f', a, 'g', b);
        notSameAs('f', a, 'g', b);
        selectOption('f', a, [b]);
        mustDiffer('f', a, b);
      }),
      { numRuns: 300 },
    );
  });
});
