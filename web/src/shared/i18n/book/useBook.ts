import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookNamespace, loadBook } from './index.ts';

/** `t` of the book namespace, once its resources for the current language are loaded. */
export function useBook() {
  const { t, i18n } = useTranslation(BookNamespace);
  const [, setLoaded] = useState(0);
  const language = i18n.language;
  useEffect(() => {
    if (i18n.hasResourceBundle(language, BookNamespace) && i18n.hasResourceBundle('en', BookNamespace))
      return;
    let live = true;
    void loadBook(i18n, language).then(() => {
      if (live) setLoaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return { t, i18n };
}
