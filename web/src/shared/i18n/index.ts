/**
 * i18next with the nine languages of SPEC section 1. Resources are flat (`keySeparator: false`):
 * UI keys (`login.submit`), the error catalogue (`error.<code>`, English from protocol's
 * errorMessagesEn) and the validation templates (`validation.<code>`, from validationMessagesEn).
 * English ships with the landing page; every other language is its own chunk, loaded on demand.
 * i18n.test.ts fails when any language misses a key of English.
 */
import { DefaultLanguage, isLanguage, type Language, Languages } from '@sportsbook/protocol';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadBook } from './book/index.ts';
import en from './locales/en.ts';

export type Dictionary = Readonly<Record<string, string>>;

const loaders = import.meta.glob<{ default: Dictionary }>([
  './locales/*.ts',
  '!./locales/en.ts',
  '!./locales/ui-en.ts',
]);

/** The module file of each language (`zh-CN` lives in zh-CN.ts). */
export function localeFile(language: Language): string {
  return `./locales/${language}.ts`;
}

export async function loadDictionary(language: Language): Promise<Dictionary> {
  if (language === 'en') return en;
  const load = loaders[localeFile(language)];
  if (!load) throw new Error(`no dictionary for ${language}`);
  return (await load()).default;
}

export function createI18n(language: Language = DefaultLanguage): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...Languages],
    resources: { en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  if (language !== 'en') void switchLanguage(instance, language);
  return instance;
}

/** Loads a language's dictionary if needed, then switches to it and marks the document. */
export async function switchLanguage(instance: I18n, language: string): Promise<void> {
  const target: Language = isLanguage(language) ? language : DefaultLanguage;
  if (!instance.hasResourceBundle(target, 'translation')) {
    instance.addResourceBundle(target, 'translation', await loadDictionary(target), true, true);
  }
  await loadBook(instance, target);
  await instance.changeLanguage(target);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(target);
}

/**
 * The BCP 47 tag of a language for `<html lang>` (screen readers, hyphenation, styles.css's `:lang()`
 * font stacks): the product's `tw` option is Khmer (`km`); every other code is already a tag.
 */
export function htmlLang(language: Language): string {
  return language === 'tw' ? 'km' : language;
}

/** Translates a catalogue UiAction's message: its i18n key, or the upstream's own text as is. */
export function catalogueText(
  t: (key: string, options?: Record<string, unknown>) => string,
  action: { i18nKey: string | null; message: string; params?: Readonly<Record<string, string>> },
): string {
  return action.i18nKey === null
    ? action.message
    : t(action.i18nKey, { ...action.params, defaultValue: action.message });
}
