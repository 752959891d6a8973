/**
 * The two browser storage keys of SPEC section 9 (names in protocol's StorageKey):
 * - account: the remembered login id (remember-me) and the current session, so that a reload or a
 *   pop-up window of the app stays logged in; cleared on logout.
 * - layout: the layout preferences (layout.ts).
 * Everything read back is `unknown` and checked; a broken value counts as absent.
 */
import { StorageKey } from '@sportsbook/protocol';
import type { Auth } from '../../shared/result.ts';

export interface StoredAccount {
  rememberMe: boolean;
  /** Kept only with remember-me. */
  loginId: string | null;
  session: Auth | null;
}

const empty: StoredAccount = { rememberMe: false, loginId: null, session: null };

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readJson(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working without persistence.
  }
}

export function readAccount(): StoredAccount {
  const value = readJson(StorageKey.account);
  if (typeof value !== 'object' || value === null) return { ...empty };
  const v = value as Record<string, unknown>;
  const session = v.session as Record<string, unknown> | null | undefined;
  const sessionOk =
    typeof session === 'object' &&
    session !== null &&
    typeof session.account_id === 'string' &&
    typeof session.session_token === 'string';
  return {
    rememberMe: v.rememberMe === true,
    loginId: v.rememberMe === true && typeof v.loginId === 'string' ? v.loginId : null,
    session: sessionOk
      ? { account_id: session.account_id as string, session_token: session.session_token as string }
      : null,
  };
}

export function writeAccount(account: StoredAccount): void {
  writeJson(StorageKey.account, {
    rememberMe: account.rememberMe,
    loginId: account.rememberMe ? account.loginId : null,
    session: account.session,
  });
}

/** After a login: the session, and the login id only with remember-me. */
export function rememberSession(session: Auth, rememberMe: boolean, loginId: string | null): void {
  writeAccount({ rememberMe, loginId: rememberMe ? loginId : null, session });
}

/** After a logout or a failed login: the session goes, a remembered login id stays. With `token`,
 * only if the stored session is that one (a window following another's logout must not drop a
 * session logged in since). */
export function forgetSession(token?: string): void {
  const current = readAccount();
  if (token !== undefined && current.session !== null && current.session.session_token !== token) return;
  writeAccount({ ...current, session: null });
}
