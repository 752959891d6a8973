/**
 * Pop-up windows the app opens (SPEC section 2): info pages 1000x970, other pages 1280x720. On a
 * phone the same page opens as a new full-screen tab instead of a sized window. Every
 * window is kept until it closes, so that logout can close them all.
 */
import { PopupSize } from '@sportsbook/protocol';
import { isPhone } from './phone.ts';

export type PopupKind = keyof typeof PopupSize;

const open = new Map<string, Window>();

/** The pop-up kind of an app path: /info/* pages are info pop-ups. */
export function popupKindOf(path: string): PopupKind {
  return path === '/info' || path.startsWith('/info/') ? 'info' : 'other';
}

/** Opens (or re-focuses) the pop-up for `path`; one window per kind, reused like the product does. */
export function openPopup(path: string, kind: PopupKind = popupKindOf(path)): Window | null {
  const name = `sportsbook-${kind}`;
  const features = popupFeatures(kind, isPhone());
  const win =
    (features === undefined ? globalThis.open?.(path, name) : globalThis.open?.(path, name, features)) ??
    null;
  if (win) {
    open.set(name, win);
    win.focus?.();
  }
  return win;
}

/** The window features of a pop-up: its sized window, or none on a phone (a full-screen tab). */
export function popupFeatures(kind: PopupKind, phone: boolean): string | undefined {
  if (phone) return undefined;
  const { width, height } = PopupSize[kind];
  return `width=${width},height=${height},resizable=yes,scrollbars=yes`;
}

/** Closes every pop-up this window opened (logout). Returns how many were still open. */
export function closeAllPopups(): number {
  let closed = 0;
  for (const win of open.values()) {
    if (!win.closed) {
      win.close();
      closed++;
    }
  }
  open.clear();
  return closed;
}

/** Whether this window is one of the app's pop-ups: its name (kept over reloads) says so. */
export function isAppPopup(): boolean {
  return typeof window !== 'undefined' && window.name.startsWith('sportsbook-');
}

/**
 * A pop-up closes itself on logout (SPEC section 2): the window that opened it may have been
 * reloaded since and no longer hold it, so every pop-up hears the logout (shared/sessionChannel.ts)
 * and closes itself. A window that is not a pop-up stays (the guard sends it to the landing page).
 */
export function closeThisPopup(): void {
  if (isAppPopup()) window.close();
}
