/**
 * The logged-in layout every protected page lives in: header, navigation, marquee. Holds the tab's
 * one stream to the gateway (OddsStreamProvider: every page's topics share its socket) and the
 * messages actor (unread count) for as long as the player is logged in; the account stream
 * (`account/<id>`, AccountStreamSync) keeps the header's balance and unread count current. The marquee (the
 * upstream's text) is the topic `list/marquee/<language shown>`, so it follows a language switch.
 * `SiteWatch` follows `list/site`: a site going into maintenance sends the page to /maintenance.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { authOf } from '../features/account/accountApi.ts';
import { AccountStreamSync } from '../features/account/accountStream.tsx';
import { messagesMachine } from '../features/account/messagesMachine.ts';
import { useIsPhone } from '../shared/phone.ts';
import { OddsStreamProvider } from '../shared/stream/react.tsx';
import { SessionContext } from './contexts.ts';
import { Header } from './Header.tsx';
import { Marquee } from './Marquee.tsx';
import { Nav } from './Nav.tsx';
import { SiteWatch } from './SiteWatch.tsx';

export function AppLayout({ popup = false }: { popup?: boolean }) {
  const session = SessionContext.useActorRef();
  const account = SessionContext.useSelector((s) => s.context.account);
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // RequireAuth renders this only when logged in.
  const auth = account ? authOf(account) : { account_id: '', session_token: '' };
  const messages = useActorRef(messagesMachine, { input: { auth } });
  const unread = useSelector(messages, (s) => s.context.unread);
  // On a phone the navigation lives in the header's drawer.
  const phone = useIsPhone();

  const outletContext = useMemo(
    () => ({ refreshMessages: () => messages.send({ type: 'messages.refresh' }) }),
    [messages],
  );

  useEffect(() => {
    const subscription = messages.on('messages.failed', ({ code }) =>
      session.send({ type: 'error.report', code }),
    );
    return () => subscription.unsubscribe();
  }, [messages, session]);

  const credentials = account ? auth : null;
  if (popup) {
    return (
      <OddsStreamProvider credentials={credentials}>
        <AccountStreamSync messages={messages} />
        <SiteWatch />
        <div className="popup-layout">
          <Outlet context={outletContext} />
        </div>
      </OddsStreamProvider>
    );
  }
  return (
    <OddsStreamProvider credentials={credentials}>
      <AccountStreamSync messages={messages} />
      <SiteWatch />
      <div className="app-layout">
        <Header unread={unread} />
        {phone ? null : <Nav />}
        <Marquee language={language} label={t('messages.marquee')} />
        <main>
          <Outlet context={outletContext} />
        </main>
      </div>
    </OddsStreamProvider>
  );
}

/** Info pages live in their own pop-up window: the same session, without header and navigation. */
export function PopupLayout() {
  return <AppLayout popup />;
}
