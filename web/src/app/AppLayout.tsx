/**
 * The logged-in layout every protected page lives in: header, navigation, marquee. Holds the
 * messages actor (unread count, marquee) for as long as the player is logged in, and tells it the
 * language shown so that the marquee (the upstream's text) follows a language switch.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { authOf } from '../features/account/accountApi.ts';
import { messagesMachine } from '../features/account/messagesMachine.ts';
import { useIsPhone } from '../shared/phone.ts';
import { SessionContext } from './contexts.ts';
import { Header } from './Header.tsx';
import { Nav } from './Nav.tsx';

export function AppLayout({ popup = false }: { popup?: boolean }) {
  const session = SessionContext.useActorRef();
  const account = SessionContext.useSelector((s) => s.context.account);
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // RequireAuth renders this only when logged in.
  const auth = account ? authOf(account) : { account_id: '', session_token: '' };
  const messages = useActorRef(messagesMachine, { input: { auth, language } });
  const unread = useSelector(messages, (s) => s.context.unread);
  const marquee = useSelector(messages, (s) => s.context.marquee);
  // On a phone the navigation lives in the header's drawer.
  const phone = useIsPhone();

  const outletContext = useMemo(
    () => ({ refreshMessages: () => messages.send({ type: 'messages.refresh' }) }),
    [messages],
  );

  // Ignored by the machine while the language is the one it loaded with.
  useEffect(() => {
    messages.send({ type: 'messages.language', language });
  }, [messages, language]);

  useEffect(() => {
    const subscription = messages.on('error', ({ code }) => session.send({ type: 'error.report', code }));
    return () => subscription.unsubscribe();
  }, [messages, session]);

  if (popup) {
    return (
      <div className="popup-layout">
        <Outlet context={outletContext} />
      </div>
    );
  }
  return (
    <div className="app-layout">
      <Header unread={unread} />
      {phone ? null : <Nav />}
      {marquee.length > 0 && (
        <div className="marquee" role="marquee" aria-label={t('messages.marquee')}>
          <span>{marquee.map((m) => m.content).join('   •   ')}</span>
        </div>
      )}
      <main>
        <Outlet context={outletContext} />
      </main>
    </div>
  );
}

/** Info pages live in their own pop-up window: the same session, without header and navigation. */
export function PopupLayout() {
  return <AppLayout popup />;
}
