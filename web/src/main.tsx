import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { takeLaunchToken } from './app/redirect.ts';
import { loadLayout } from './features/account/layout.ts';
import { readAccount } from './features/account/storage.ts';
import { createI18n } from './shared/i18n/index.ts';
import './styles.css';

const layout = loadLayout();
document.documentElement.dataset.theme = layout.menu.theme;
const i18n = createI18n(layout.pageDisplay.language);
const launchToken = takeLaunchToken(window.location, window.history);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} session={{ launchToken, storedSession: launchToken ? null : readAccount().session }} />
    </StrictMode>,
  );
}
