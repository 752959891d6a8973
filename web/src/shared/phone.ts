/**
 * The phone layout switch. Layout is CSS media queries first; this hook is only
 * for the few components that render differently on a phone (the header's drawer, the bet slip's
 * bottom sheet). The query is phoneQuery.ts's, the same one every CSS file's `@media (--phone)` gets.
 */
import { useSyncExternalStore } from 'react';
import { PhoneQuery } from './phoneQuery.ts';

export { PhoneQuery };

/** True when the window is phone-sized now (false where there is no matchMedia). */
export function isPhone(): boolean {
  return globalThis.matchMedia?.(PhoneQuery).matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = globalThis.matchMedia?.(PhoneQuery);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Re-renders when the window crosses the phone breakpoint. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
