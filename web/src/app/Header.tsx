/**
 * The app header: operator brand, balance (available, cash, outstanding) with a refresh, nickname or
 * account id (and a notice when the account is view only), odds type, language, theme, the GMT+8 clock, unread messages and logout.
 */
import { isViewOnly } from '@sportsbook/protocol';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSelect } from '../features/account/LanguageSelect.tsx';
import { OddsTypeSelect } from '../features/account/OddsTypeSelect.tsx';
import { ThemeSelect } from '../features/account/ThemeSelect.tsx';
import { operator } from '../shared/config.ts';
import { openPopup } from '../shared/popups.ts';
import { Clock } from './Clock.tsx';
import { SessionContext, useAccount } from './contexts.ts';
import { formatAmount } from './Money.tsx';

export function Brand() {
  return (
    <span className="brand">
      {operator.logoUrl ? <img src={operator.logoUrl} alt={operator.name} height={32} /> : operator.name}
    </span>
  );
}

export function Header({ unread }: { unread: number }) {
  const { t, i18n } = useTranslation();
  const session = SessionContext.useActorRef();
  const account = useAccount();
  const balance = SessionContext.useSelector((s) => s.context.balance);
  const fetching = SessionContext.useSelector((s) => s.matches({ loggedIn: { balance: 'fetching' } }));
  const navigate = useNavigate();
  if (!account) return null;
  const currency = account.wallet.currency_code;
  const name = account.info.nickname.trim() !== '' ? account.info.nickname : account.info.account_id;
  const amount = (n: number | undefined) =>
    n === undefined ? '-' : `${currency} ${formatAmount(n, i18n.language)}`;

  const logout = () => {
    // Home first: the guard must not turn the logout into a "?redirect=" back to this page.
    navigate('/', { replace: true });
    session.send({ type: 'logout' });
  };

  return (
    <header className="app-header">
      <Brand />
      <dl className="balance" aria-label={t('header.balance')}>
        <div>
          <dt>{t('header.available')}</dt>
          <dd data-testid="balance-available">{amount(balance?.available)}</dd>
        </div>
        <div>
          <dt>{t('header.cash')}</dt>
          <dd>{amount(balance?.cash)}</dd>
        </div>
        <div>
          <dt>{t('header.outstanding')}</dt>
          <dd>{amount(balance?.outstanding)}</dd>
        </div>
        <button
          type="button"
          className="link"
          onClick={() => session.send({ type: 'balance.refresh' })}
          disabled={fetching}
        >
          {t('header.refreshBalance')}
        </button>
      </dl>
      <span className="player" title={t('header.player')}>
        {name}
      </span>
      {isViewOnly(account.info) ? (
        <span className="view-only" role="status" data-view-only="">
          {t('header.viewOnly')}
        </span>
      ) : null}
      <OddsTypeSelect />
      <LanguageSelect />
      <ThemeSelect />
      <Clock />
      <button
        type="button"
        className="link"
        onClick={() => openPopup('/info/message')}
        aria-label={`${t('header.messages')}: ${t('header.unread', { n: unread })}`}
      >
        {t('header.messages')} <span className="badge">{unread}</span>
      </button>
      <button type="button" onClick={logout}>
        {t('header.logout')}
      </button>
    </header>
  );
}
