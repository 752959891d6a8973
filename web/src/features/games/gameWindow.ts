/**
 * The game window: a launched game opens in the app's 1280x720 pop-up (SPEC section 2,
 * shared/popups.ts: on a phone a full-screen tab; closed with every other pop-up on logout). The
 * window is opened at once, inside the click (so no pop-up blocker stops it), and sent to the
 * one-use launch URL when LaunchGame answers. When it closes, the caller refreshes the balance.
 */
import { openPopup } from '../../shared/popups.ts';

/** How often an open game window is checked for `closed` (real ms). */
export const GameWindowPollMs = 500;

/** Opens the game pop-up, blank until the launch URL is known; null when the browser blocked it. */
export function openGameWindow(): Window | null {
  return openPopup('about:blank', 'other');
}

/**
 * Calls `onClosed` once, when `win` is closed (polling its `closed` flag). Returns a stop function
 * that ends the watch without calling back.
 */
export function watchClosed(win: Pick<Window, 'closed'>, onClosed: () => void, everyMs = GameWindowPollMs) {
  let stopped = false;
  const id = setInterval(() => {
    if (stopped || !win.closed) return;
    stopped = true;
    clearInterval(id);
    onClosed();
  }, everyMs);
  return () => {
    stopped = true;
    clearInterval(id);
  };
}
