/**
 * False while React renders on the server or hydrates the prerendered landing page (src/prerender.tsx),
 * true from then on (and at once in a fresh client render). A form prerendered into index.html
 * stays inert (read-only fields, disabled buttons) until its handlers are attached, so nothing typed
 * or clicked before the JavaScript runs is lost or submitted natively.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
