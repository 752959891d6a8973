/**
 * /maintenance (SPEC section 2). Reached when the upstream answers `maintenance`
 * or the gateway's `list/site` topic says so (shared/siteStatus.ts). A logged-in player's page
 * watches the topic through its own stream and goes back to the page it came from when the
 * maintenance ends (an "open" that a stream cut off since the page came heard first is checked with
 * one call: SiteWatch.tsx); "Try again" goes back at once (the next call's answer decides) for
 * everyone.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { authOf } from '../features/account/accountApi.ts';
import { api, TransportCode } from '../shared/api.ts';
import { returnPath, SiteMaintenanceCode } from '../shared/siteStatus.ts';
import { OddsStreamProvider } from '../shared/stream/react.tsx';
import { useAccount } from './contexts.ts';
import { SiteWatch } from './SiteWatch.tsx';

export default function Maintenance() {
  const { t } = useTranslation();
  const account = useAccount();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPath(location.search, account ? '/desktop' : '/');
  const back = useCallback(() => void navigate(target, { replace: true }), [navigate, target]);
  const accountId = account?.info.account_id;
  const token = account?.info.session_token;
  // A read without side effects: an answer other than `maintenance` says the site is open; no
  // answer (the gateway unreachable) says nothing.
  const confirmOpen = useCallback(async () => {
    if (accountId === undefined || token === undefined) return false;
    const result = await api.call('userprofile', { account_id: accountId, session_token: token });
    if (result.ok) return true;
    const code = result.error.code;
    return code !== SiteMaintenanceCode && code !== TransportCode.failed && code !== TransportCode.timeout;
  }, [accountId, token]);
  return (
    <main className="standalone" aria-labelledby="page-title" data-testid="maintenance">
      <h1 id="page-title">{t('maintenance.title')}</h1>
      <p>{t('maintenance.text')}</p>
      <p>
        <button type="button" onClick={back}>
          {t('maintenance.retry')}
        </button>
      </p>
      {account ? (
        <OddsStreamProvider credentials={authOf(account)}>
          <SiteWatch onOpen={back} confirmOpen={confirmOpen} />
        </OddsStreamProvider>
      ) : null}
    </main>
  );
}
