/**
 * Connects the long-lived actors: the session's credentials go to the preferences (for
 * usersettings); preference save errors go to the session's catalogue handling; the chosen language
 * and theme are applied to i18next and the document.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../shared/i18n/index.ts';
import { PreferencesContext, SessionContext, useAccount, useLayout } from './contexts.ts';

export function Wiring() {
  const session = SessionContext.useActorRef();
  const preferences = PreferencesContext.useActorRef();
  const account = useAccount();
  const layout = useLayout();
  const { i18n } = useTranslation();
  const token = account?.info.session_token ?? null;
  const accountId = account?.info.account_id ?? null;

  useEffect(() => {
    preferences.send({
      type: 'auth.set',
      auth: accountId && token ? { account_id: accountId, session_token: token } : null,
    });
  }, [preferences, accountId, token]);

  useEffect(() => {
    const subscription = preferences.on('prefs.failed', ({ code }) =>
      session.send({ type: 'error.report', code }),
    );
    return () => subscription.unsubscribe();
  }, [preferences, session]);

  const language = layout.pageDisplay.language;
  useEffect(() => {
    if (i18n.language !== language) void switchLanguage(i18n, language);
  }, [i18n, language]);

  const theme = layout.menu.theme;
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return null;
}
