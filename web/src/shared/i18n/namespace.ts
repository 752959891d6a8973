/**
 * A feature's own i18n namespace (`book`, `rooms`, ...): one resource file per language, each its
 * own chunk, added to an i18next instance when a page of the feature needs it or the language
 * changes. English is always loaded too (the fallback).
 */
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
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

/** `t` of a namespace, once its resources for the current language are loaded. */
export function useNamespace(namespace: string, load: (instance: I18n, language: string) => Promise<void>) {
  const { t, i18n } = useTranslation(namespace);
  const [, setLoaded] = useState(0);
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
  return { t, i18n };
}
