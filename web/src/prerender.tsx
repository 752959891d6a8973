/**
 * The landing page as HTML, rendered at build time (vite.config.ts `prerenderLanding`) into
 * index.html's root, so a phone paints the login form before any JavaScript has loaded.
 * main.tsx hydrates it when the first render would be the same markup: a visitor on `/`
 * in English with nothing stored (no session, no remembered login id); otherwise it renders afresh.
 */
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App.tsx';
import { createI18n } from './shared/i18n/index.ts';

/** The language the landing page is prerendered in. */
export const PrerenderLanguage = 'en';

function LandingRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <App
        i18n={createI18n(PrerenderLanguage)}
        session={{ launchToken: null, storedSession: null }}
        Router={LandingRouter}
      />
    </StrictMode>,
  );
}
