/**
 * Moving a logged-in page between routes through the app's own router, as its links do: a history
 * push and the popstate the router listens to. A `page.goto` per route would load the whole app
 * again (a new document, its scripts compiled and run, a new socket, the session restored) for each
 * route, where the tests that use this check what a route shows, not how the app loads.
 */
import type { Page } from 'playwright-core';
import { settled } from './support.ts';

/**
 * Moves the page to `path` (when it is not there already), then waits until the previous route's
 * content has gone and the new one has settled (`settled` with `options`). The page must show the
 * route of its address: right after a link's click the router may still show the previous route
 * (it keeps it while the new one's code loads), and a move back to that previous route would then
 * wait for its own elements to go.
 */
export async function navigate(
  page: Page,
  path: string,
  options?: Parameters<typeof settled>[1],
): Promise<void> {
  if (new URL(page.url()).pathname !== path) await leaveFor(page, path);
  await settled(page, options);
}

async function leaveFor(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const el of document.querySelectorAll('main > *, .info-layout > :not(nav)')) {
      el.setAttribute('data-left-route', '');
    }
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Not the path: a route the member may not use redirects (demo21 has no live casino, demo22 no
  // mini games), and the redirect's target is what a member there sees. The game lobbies are one
  // page that stays mounted from lobby to lobby: there, the lobby of the new path (or the page's
  // hidden marker when the member may not use it) is the sign. Polled every 100 ms, not every
  // animation frame (which would have the page render 60 frames a second while the route loads).
  await page
    .waitForFunction(
      (to) =>
        document.querySelector('[data-left-route]') === null ||
        (location.pathname === to &&
          document.querySelector(
            `.games-page [data-lobby="${to.slice(1)}"], .games-page[data-lobby-hidden]`,
          ) !== null),
      path,
      { polling: 100 },
    )
    .catch(async (err: unknown) => {
      const now = await page.evaluate(() => location.pathname);
      throw new Error(`navigating to ${path}, still at ${now}: ${String(err)}`);
    });
}
