/**
 * The app header: operator brand, balance (available, cash, outstanding) with a refresh, nickname or
 * account id (and a notice when the account is view only), switch account, odds type, language, theme, the GMT+8 clock, unread messages and logout.
 * On a phone it folds into a compact bar (brand, available balance, messages, menu
 * button); the menu opens a drawer with the navigation and the account area (player, settings,
 * logout).
 */
import { isViewOnly } from '@sportsbook/protocol';
import { lazy, type MouseEvent, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../features/account/LanguageSelect.tsx';
import { OddsTypeSelect } from '../features/account/OddsTypeSelect.tsx';
import { SwitchAccount } from '../features/account/SwitchAccount.tsx';
import { ThemeSelect } from '../features/account/ThemeSelect.tsx';
import { operator } from '../shared/config.ts';
import { useIsPhone } from '../shared/phone.ts';
import { openPopup } from '../shared/popups.ts';
import { Clock } from './Clock.tsx';
import { SessionContext, useAccount } from './contexts.ts';
import { formatAmount } from './Money.tsx';
import { Nav } from './Nav.tsx';

export function Brand() {
  return (
    <span className="brand">
      {operator.logoUrl ? <img src={operator.logoUrl} alt={operator.name} height={32} /> : operator.name}
    </span>
  );
}

/** The operator's logo per theme from getlogo, a lazy chunk: the landing page keeps its budget. */
const OperatorLogo = lazy(() => import('../features/live/OperatorLogo.tsx'));

/** The logged-in header's brand: the operator's logo once getlogo answers, the build-time brand until then. */
function HeaderBrand() {
  return (
    <Suspense fallback={<Brand />}>
      <OperatorLogo fallback={<Brand />} />
    </Suspense>
  );
}

export function Header({ unread }: { unread: number }) {
  const { t, i18n } = useTranslation();
  const session = SessionContext.useActorRef();
  const account = useAccount();
  const balance = SessionContext.useSelector((s) => s.context.balance);
  const fetching = SessionContext.useSelector((s) => s.matches({ loggedIn: { balance: 'fetching' } }));
  const navigate = useNavigate();
  const phone = useIsPhone();
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();
  // A followed link closes the drawer.
  useEffect(() => {
    if (pathname) setDrawer(false);
  }, [pathname]);
  useEffect(() => {
    if (!phone) setDrawer(false);
  }, [phone]);
  // Escape closes the drawer, like any dialog.
  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawer(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);
  if (!account) return null;
  const currency = account.wallet.currency_code;
  const name = account.info.nickname.trim() !== '' ? account.info.nickname : account.info.account_id;
  const amount = (n: number | undefined) =>
    n === undefined ? '-' : `${currency} ${formatAmount(n, i18n.language)}`;

  const logout = () => {
    // Home first: the guard must not turn the logout into a "?redirect=" back to this page.
    navigate('/', { replace: true });
    session.send({ type: 'session.logout' });
  };

  const messages = (
    <button
      type="button"
      className="link"
      onClick={() => openPopup('/info/message')}
      aria-label={`${t('header.messages')}: ${t('header.unread', { n: unread })}`}
    >
      {t('header.messages')} <span className="badge">{unread}</span>
    </button>
  );

  /** The balance with its refresh. On a phone the available balance stands in the bar, not in the
   * drawer, and the drawer's refresh is not a `.link`, so it does not close the drawer. */
  const balanceList = (opts: { available: boolean; refreshClassName: string | undefined }) => (
    <>
      <dl className="balance" aria-label={t('header.balance')}>
        {opts.available ? (
          <div>
            <dt>{t('header.available')}</dt>
            <dd data-testid="balance-available">{amount(balance?.available)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('header.cash')}</dt>
          <dd>{amount(balance?.cash)}</dd>
        </div>
        <div>
          <dt>{t('header.outstanding')}</dt>
          <dd>{amount(balance?.outstanding)}</dd>
        </div>
      </dl>
      {/* Beside the list, not in it: a <dl> holds only its groups (axe definition-list). */}
      <button
        type="button"
        className={opts.refreshClassName}
        onClick={() => session.send({ type: 'balance.refresh' })}
        disabled={fetching}
      >
        {t('header.refreshBalance')}
      </button>
    </>
  );

  if (phone) {
    // Buttons in the drawer (info links, messages) close it; selects and inputs do not.
    const closeOnAction = (e: MouseEvent) => {
      if ((e.target as Element).closest('a, button.link')) setDrawer(false);
    };
    return (
      <header className="app-header phone-bar">
        <HeaderBrand />
        <span className="phone-balance" title={t('header.available')}>
          <span className="visually-hidden">{t('header.available')} </span>
          <span data-testid="balance-available">{amount(balance?.available)}</span>
        </span>
        <button
          type="button"
          className="menu-button"
          aria-expanded={drawer}
          aria-controls="app-drawer"
          aria-label={t('header.menu')}
          onClick={() => setDrawer(true)}
        >
          <span aria-hidden="true">☰</span>
          {unread > 0 ? <span className="badge">{unread}</span> : null}
        </button>
        {drawer ? (
          <div className="drawer-backdrop" onClick={() => setDrawer(false)} aria-hidden="true" />
        ) : null}
        {drawer ? (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the links and buttons inside have their own keys
          <div
            className="drawer"
            id="app-drawer"
            role="dialog"
            aria-modal="true"
            aria-label={t('header.menu')}
            onClick={closeOnAction}
          >
            <div className="drawer-top">
              <span className="player" title={t('header.player')}>
                {name}
              </span>
              <button
                type="button"
                className="drawer-close"
                // biome-ignore lint/a11y/noAutofocus: focus moves into the dialog that just opened
                autoFocus
                aria-label={t('header.closeMenu')}
                onClick={() => setDrawer(false)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
            {balanceList({ available: false, refreshClassName: undefined })}
            {isViewOnly(account.info) ? (
              <span className="view-only" role="status" data-view-only="">
                {t('header.viewOnly')}
              </span>
            ) : null}
            {messages}
            <Nav />
            <section className="account-area" aria-label={t('header.settings')}>
              <h2>{t('header.settings')}</h2>
              <SwitchAccount />
              <OddsTypeSelect />
              <LanguageSelect />
              <ThemeSelect />
              <Clock />
              <button type="button" onClick={logout}>
                {t('header.logout')}
              </button>
            </section>
          </div>
        ) : null}
      </header>
    );
  }

  return (
    <header className="app-header">
      <HeaderBrand />
      {balanceList({ available: true, refreshClassName: 'link' })}
      <span className="player" title={t('header.player')}>
        {name}
      </span>
      <SwitchAccount />
      {isViewOnly(account.info) ? (
        <span className="view-only" role="status" data-view-only="">
          {t('header.viewOnly')}
        </span>
      ) : null}
      <OddsTypeSelect />
      <LanguageSelect />
      <ThemeSelect />
      <Clock />
      {messages}
      <button type="button" onClick={logout}>
        {t('header.logout')}
      </button>
    </header>
  );
}
