/**
 * A feature's own i18n namespace (`book`, `rooms`, ...): one resource file per language, each its
 * own chunk, added to an i18next instance when a page of the feature needs it or the language
 * changes. English is always loaded too (the fallback).
 *
 * A key is never shown: until the namespace's English (the fallback of every language)
 * is in, `useNamespace` suspends, so the nearest Suspense boundary (the page's loading status)
 * stands in for the page. The current language, when missing, loads behind English text.
 */
import type { i18n as I18n } from 'i18next';
import { use, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type NamespaceLoaders = Record<string, () => Promise<{ default: Readonly<Record<string, string>> }>>;

/** Adds the namespace's resources of `language` (and English) to `instance` if they are missing. */
export function namespaceLoader(namespace: string, loaders: NamespaceLoaders) {
  return async (instance: I18n, language: string): Promise<void> => {
    for (const lng of new Set(['en', language])) {
      if (instance.hasResourceBundle(lng, namespace)) continue;
      const load = loaders[`./${lng}.ts`];
      if (!load) continue;
      instance.addResourceBundle(lng, namespace, (await load()).default, true, true);
    }
  };
}

type Load = (instance: I18n, language: string) => Promise<void>;

/** The English load of each namespace per i18next instance, started once and shared by every
 * component that waits for it. */
const fallbackLoads = new WeakMap<I18n, Map<string, Promise<void>>>();

/**
 * Null when the namespace's English is in, else the promise of its load. A failed load (the chunk
 * did not come) settles too and is not tried again by rendering, so a page is never stuck behind it.
 */
export function fallbackLoad(instance: I18n, namespace: string, load: Load): Promise<void> | null {
  if (instance.hasResourceBundle('en', namespace)) return null;
  let loads = fallbackLoads.get(instance);
  if (!loads) {
    loads = new Map();
    fallbackLoads.set(instance, loads);
  }
  let pending = loads.get(namespace);
  if (!pending) {
    pending = load(instance, 'en').catch((err: unknown) => {
      console.error(`i18n namespace ${namespace} did not load`, err);
    });
    loads.set(namespace, pending);
  }
  return pending;
}

/**
 * A promise React reads as already fulfilled (it checks `status`), so `use(Ready)` returns at once.
 * `useNamespace` calls `use` on every render: a component that suspended on the load and is
 * replayed once it finished must call `use` again (React: "called use() to suspend in a previous
 * render but did not call use() when it finished", then error #467 on mount).
 */
const Ready: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/** `t` of a namespace: suspends until its English is loaded; the current language follows. */
export function useNamespace(namespace: string, load: Load) {
  const { t, i18n } = useTranslation(namespace);
  use(fallbackLoad(i18n, namespace, load) ?? Ready);
  const [loaded, setLoaded] = useState(0);
  const language = i18n.language;
  useEffect(() => {
    if (i18n.hasResourceBundle(language, namespace) && i18n.hasResourceBundle('en', namespace)) return;
    let live = true;
    void load(i18n, language).then(() => {
      if (live) setLoaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, language, namespace, load]);
  // react-i18next keeps `t` while resources are added, so a memoized reader of `t` (the board's
  // cells through a context) would keep the English fallback after the language's file came in
  // (price names stayed English in Thai). A new `t` once loaded re-renders them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` is the reason for a new function
  const current = useMemo(() => ((...args: Parameters<typeof t>) => t(...args)) as typeof t, [t, loaded]);
  return { t: current, i18n };
}
