/** The app: the session and preferences actors, i18n, and the router. */
import type { i18n as I18n } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useRoutes } from 'react-router';
import type { SessionInput } from '../features/account/sessionMachine.ts';
import { PreferencesContext, SessionContext } from './contexts.ts';
import { routes } from './routes.tsx';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * `Router` is the browser's history router; the build's prerender of the landing page
 * (src/prerender.tsx) passes a static one.
 */
export function App({
  i18n,
  session,
  Router = BrowserRouter,
}: {
  i18n: I18n;
  session: SessionInput;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesContext.Provider>
        <SessionContext.Provider options={{ input: session }}>
          <Router>
            <AppRoutes />
          </Router>
        </SessionContext.Provider>
      </PreferencesContext.Provider>
    </I18nextProvider>
  );
}
