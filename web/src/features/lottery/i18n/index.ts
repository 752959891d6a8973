/**
 * The `lottery` i18n namespace (the /w4d page): one resource file per language, each its own
 * chunk, added to the i18next instance when the page needs it (as shared/i18n/book does).
 */
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const LotteryNamespace = 'lottery';

/** Adds the lottery resources of `language` (and English, the fallback) if they are missing. */
export async function loadLottery(instance: I18n, language: string): Promise<void> {
  for (const lng of new Set(['en', language])) {
    if (instance.hasResourceBundle(lng, LotteryNamespace)) continue;
    const load = loaders[`./${lng}.ts`];
    if (!load) continue;
    instance.addResourceBundle(lng, LotteryNamespace, (await load()).default, true, true);
  }
}

/** `t` of the lottery namespace, once its resources for the current language are loaded. */
export function useLotteryText() {
  const { t, i18n } = useTranslation(LotteryNamespace);
  const [, setLoaded] = useState(0);
  const language = i18n.language;
  useEffect(() => {
    if (i18n.hasResourceBundle(language, LotteryNamespace) && i18n.hasResourceBundle('en', LotteryNamespace))
      return;
    let live = true;
    void loadLottery(i18n, language).then(() => {
      if (live) setLoaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return { t, i18n };
}
