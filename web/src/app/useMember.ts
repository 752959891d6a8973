import { useMemo } from 'react';
import type { Auth } from '../shared/result.ts';
import { SessionContext, useAccount } from './contexts.ts';

/**
 * The logged-in member as a page needs it: the session pair for calls, the wallet's currency, and a
 * reporter for catalogue codes (the session machine's `error.report`). Used by most features; it
 * lives in app/ beside the session context it reads, because shared/ imports nothing from app/.
 */
export function useMember(): { auth: Auth | null; currency: string; report: (code: string) => void } {
  const account = useAccount();
  const session = SessionContext.useActorRef();
  const accountId = account?.info.account_id;
  const token = account?.info.session_token;
  const auth = useMemo(
    () => (accountId && token ? { account_id: accountId, session_token: token } : null),
    [accountId, token],
  );
  const report = useMemo(() => (code: string) => session.send({ type: 'error.report', code }), [session]);
  return { auth, currency: account?.wallet.currency_code ?? 'MYR', report };
}
