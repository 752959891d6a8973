/**
 * The site's maintenance, without polling. Two signals send every page to
 * /maintenance:
 * - a call's answer: any /api reply with the catalogue's `maintenance` code (shared/api.ts calls
 *   `noteMaintenance`);
 * - the gateway's shared topic `list/site` (one `version` poll for every player; protocol
 *   listFeed.ts), watched by the logged-in layout while it is open (app/SiteWatch.tsx).
 * The way back: the /maintenance page of a logged-in player watches the same topic and returns to
 * the page the player was on once it says the maintenance is over (a stream that could not connect
 * during it, and so never heard it begin, has its "over" checked with one call: app/SiteWatch.tsx); a logged-out visitor (no stream
 * without a session) goes back with "Try again" (the next call's answer decides).
 */
import { SiteMaintenanceCode } from '@sportsbook/protocol';

export { SiteMaintenanceCode };

type Listener = () => void;
const listeners = new Set<Listener>();

/** Something said the site is in maintenance: every listener (the app's redirect) hears it. */
export function noteMaintenance(): void {
  for (const listener of [...listeners]) listener();
}

/** Listens for `noteMaintenance`; returns the unsubscribe function. */
export function onMaintenance(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The /maintenance URL that remembers `current` (a path with its query) to come back to. */
export function maintenancePath(current: string): string {
  if (current === '' || current === '/' || current.startsWith('/maintenance')) return '/maintenance';
  return `/maintenance?redirect=${encodeURIComponent(current)}`;
}

/** Where /maintenance goes back to: its remembered same-app path, else `fallback`. */
export function returnPath(search: string, fallback: string): string {
  const wanted = new URLSearchParams(search).get('redirect');
  // Only same-app paths: "//host" and "/\host" would leave the site.
  if (wanted?.startsWith('/') && !wanted.startsWith('//') && !wanted.startsWith('/\\')) return wanted;
  return fallback;
}
