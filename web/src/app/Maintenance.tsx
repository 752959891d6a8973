/**
 * /maintenance (SPEC section 2). Reached when the upstream answers `maintenance`
 * or the gateway's `list/site` topic says so (shared/siteStatus.ts). A logged-in player's page
 * watches the topic through its own stream and goes back to the page it came from when the
 * maintenance ends; "Try again" goes back at once (the next call's answer decides) for everyone.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { authOf } from '../features/account/accountApi.ts';
import { returnPath } from '../shared/siteStatus.ts';
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
          <SiteWatch onOpen={back} />
        </OddsStreamProvider>
      ) : null}
    </main>
  );
}
