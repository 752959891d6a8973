import { useMemo } from 'react';
import { SessionContext, useAccount } from '../../app/contexts.ts';
import type { Auth } from '../../shared/result.ts';

/** The logged-in player's session fields and currency, and a reporter for catalogue codes. */
export function useInfoAccount(): { auth: Auth | null; currency: string; report: (code: string) => void } {
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
