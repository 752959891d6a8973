/**
 * Account calls (SPEC sections 4 and 7) on top of the client: logins, profile, balance, settings,
 * password, nickname. Replies arrive checked against protocol's reply schemas (shared/api.ts); a
 * login counts only when protocol's `accountFromLogin` accepts it (status 1 or "1" and a complete
 * member_profile).
 */
import {
  accountFromLogin,
  type BalanceReply,
  type LoggedInAccount,
  type LoginReply,
  type SettingsRequest,
} from '@sportsbook/protocol';
import type { ApiClient, ApiResult } from '../../shared/api.ts';
import { type Auth, failure, mapOutcome, type Outcome } from '../../shared/result.ts';

export interface Balance {
  /** Available balance, major units as the upstream sends them (display only). */
  readonly available: number;
  readonly cash: number;
  readonly outstanding: number;
}

/** A login's (or profile reload's) account, or the catalogue code of why there is none. */
export type LoginOutcome = Outcome<LoggedInAccount>;
/** The wallet, and whether the reply asks for a profile reload (`retrieve_profile`). */
export type BalanceOutcome = Outcome<{ balance: Balance; retrieveProfile: boolean }>;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * SPEC section 4: anything but status 1/"1" with a complete member_profile is a failed login. The
 * reply's fields were checked against LoginReply by the client (a malformed one is systemError).
 */
export function loginOutcome(result: ApiResult<LoginReply>): LoginOutcome {
  if (!result.ok) return failure(result.error.code);
  const account = accountFromLogin(result.value);
  return account ? { ok: true, value: account } : failure('loginFailed');
}

export function balanceFromWallet(account: LoggedInAccount): Balance {
  return {
    available: account.wallet.available_balance,
    cash: account.wallet.cash_balance,
    outstanding: account.wallet.frozen_balance,
  };
}

export function balanceOutcome(result: ApiResult<BalanceReply>): BalanceOutcome {
  if (!result.ok) return failure(result.error.code);
  const { balance, account_balance, outstanding_balance, retrieve_profile } = result.value;
  if (!isNumber(balance) || !isNumber(account_balance) || !isNumber(outstanding_balance)) {
    return failure('unableToGetBalanceAtTheMoment');
  }
  return {
    ok: true,
    value: {
      balance: { available: balance, cash: account_balance, outstanding: outstanding_balance },
      retrieveProfile: retrieve_profile === true || retrieve_profile === 1 || retrieve_profile === '1',
    },
  };
}

/** A call whose success carries nothing to read. */
export type StatusOutcome = Outcome<null>;
const status = (result: ApiResult<object>): StatusOutcome => mapOutcome(result, () => null);

export type SettingsFields = Omit<SettingsRequest, 'account_id' | 'session_token'>;
/** The member's saved settings (flat; {} when none). */
export type SettingsOutcome = Outcome<Readonly<Record<string, unknown>>>;

export function accountCalls(api: ApiClient) {
  return {
    login: async (body: { account_id: string; password: string }, signal?: AbortSignal) =>
      loginOutcome(await api.call('authlogin', body, { signal })),
    switchLogin: async (body: { account_id: string; password: string }, signal?: AbortSignal) =>
      loginOutcome(await api.call('switchlogin', body, { signal })),
    tokenLogin: async (token: string, signal?: AbortSignal) =>
      loginOutcome(await api.call('securelogin', { token }, { signal })),
    profile: async (auth: Auth, signal?: AbortSignal) =>
      loginOutcome(await api.call('userprofile', auth, { signal })),
    /** operator_type 2 uses the separate balance call (SPEC section 6). */
    balance: async (auth: Auth, parentId: string | number, operatorType: number, signal?: AbortSignal) =>
      balanceOutcome(
        await api.call(
          operatorType === 2 ? 'vuserbalance' : 'userbalance',
          { ...auth, parent_id: parentId },
          { signal },
        ),
      ),
    saveSettings: async (auth: Auth, settings: SettingsFields, signal?: AbortSignal) =>
      status(await api.call('usersettings', { ...auth, ...settings }, { signal })),
    /** usersettings with no fields reads the member's saved settings (flat; {} when none). */
    loadSettings: async (auth: Auth, signal?: AbortSignal): Promise<SettingsOutcome> => {
      const result = await api.call('usersettings', auth, { signal });
      return mapOutcome(result, (reply) => reply.settings ?? {});
    },
    changePassword: async (
      auth: Auth,
      form: { currentPassword: string; newPassword: string; confirmPassword: string },
    ) =>
      status(
        await api.call('changepassword', {
          ...auth,
          old_password: form.currentPassword,
          new_password: form.newPassword,
          confirm_password: form.confirmPassword,
        }),
      ),
    setNickname: async (auth: Auth, nickname: string) =>
      status(await api.call('addsecondary', { ...auth, nickname })),
  };
}
export type AccountCalls = ReturnType<typeof accountCalls>;

export function authOf(account: LoggedInAccount): Auth {
  return { account_id: account.info.account_id, session_token: account.info.session_token };
}
