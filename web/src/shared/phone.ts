/**
 * The phone layout switch. Layout is CSS media queries first; this hook is only
 * for the few components that render differently on a phone (the header's drawer, the bet slip's
 * bottom sheet). The query is phoneQuery.ts's, the same one every CSS file's `@media (--phone)` gets.
 */
import { useSyncExternalStore } from 'react';
import { PhoneQuery } from './phoneQuery.ts';

export { PhoneQuery };

/**
 * The query's one list (its `matches` is evaluated on every read). `useSyncExternalStore` reads the
 * snapshot on every render of every component that asks, forty times and more in /desktop's load,
 * and each `matchMedia` call parsed the query and made a new list. Made again if `matchMedia` is
 * replaced (a test's stand-in).
 */
let phoneList: { matchMedia: typeof globalThis.matchMedia; list: MediaQueryList } | undefined;

function phoneQueryList(): MediaQueryList | undefined {
  const matchMedia = globalThis.matchMedia;
  if (typeof matchMedia !== 'function') return undefined;
  if (phoneList?.matchMedia !== matchMedia)
    phoneList = { matchMedia, list: matchMedia.call(globalThis, PhoneQuery) };
  return phoneList.list;
}

/** True when the window is phone-sized now (false where there is no matchMedia). */
export function isPhone(): boolean {
  return phoneQueryList()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQueryList();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Re-renders when the window crosses the phone breakpoint. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
