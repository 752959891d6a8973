import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { takeLaunchToken } from './app/redirect.ts';
import { loadLayout } from './features/account/layout.ts';
import { readAccount } from './features/account/storage.ts';
import { createI18n } from './shared/i18n/index.ts';
import './styles.css';

/** Renders the app into #root (or hydrates the prerendered landing page); src/boot.ts calls it. */
export function startApp(): void {
  const layout = loadLayout();
  document.documentElement.dataset.theme = layout.menu.theme;
  const i18n = createI18n(layout.pageDisplay.language);
  const launchToken = takeLaunchToken(window.location, window.history);
  const stored = readAccount();
  const root = document.getElementById('root');
  if (!root) return;
  const app = (
    <StrictMode>
      <App i18n={i18n} session={{ launchToken, storedSession: launchToken ? null : stored.session }} />
    </StrictMode>
  );
  // index.html holds the landing page prerendered in English for a visitor with nothing stored
  // (src/prerender.tsx). Hydrate it when this first render is that page; otherwise render afresh.
  const samePage =
    root.dataset.prerendered === 'landing' &&
    window.location.pathname === '/' &&
    launchToken === null &&
    stored.session === null &&
    stored.loginId === null &&
    !stored.rememberMe &&
    layout.pageDisplay.language === 'en';
  // In a transition React renders in slices of a few milliseconds instead of one long task, so a
  // phone's main thread stays free for input while the app hydrates or renders.
  startTransition(() => {
    if (samePage) hydrateRoot(root, app);
    else {
      root.replaceChildren();
      createRoot(root).render(app);
    }
  });
}
