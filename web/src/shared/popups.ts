/**
 * Pop-up windows the app opens (SPEC section 2): info pages 1000x970, other pages 1280x720. Every
 * window is kept until it closes, so that logout can close them all.
 */
import { PopupSize } from '@sportsbook/protocol';

export type PopupKind = keyof typeof PopupSize;

const open = new Map<string, Window>();

/** The pop-up kind of an app path: /info/* pages are info pop-ups. */
export function popupKindOf(path: string): PopupKind {
  return path === '/info' || path.startsWith('/info/') ? 'info' : 'other';
}

/** Opens (or re-focuses) the pop-up for `path`; one window per kind, reused like the product does. */
export function openPopup(path: string, kind: PopupKind = popupKindOf(path)): Window | null {
  const { width, height } = PopupSize[kind];
  const name = `sportsbook-${kind}`;
  const features = `width=${width},height=${height},resizable=yes,scrollbars=yes`;
  const win = globalThis.open?.(path, name, features) ?? null;
  if (win) {
    open.set(name, win);
    win.focus?.();
  }
  return win;
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
