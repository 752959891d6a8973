// @vitest-environment jsdom
import { ErrorCatalogue, Languages, validationMessagesEn } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import { catalogueText, createI18n, loadDictionary, switchLanguage } from './index.ts';
import en from './locales/en.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const others = Languages.filter((language) => language !== 'en');

describe('i18n resources', () => {
  it('English holds every catalogue message and validation template of protocol', () => {
    for (const entry of ErrorCatalogue) expect(en[entry.i18nKey as string]).toBe(entry.message);
    for (const [key, text] of Object.entries(validationMessagesEn)) expect(en[key]).toBe(text);
    expect(en['error.unknown']).toContain('{{code}}');
  });

  it.each(others)('%s has every key of English and no extra key', async (language) => {
    const dictionary = await loadDictionary(language);
    const missing = Object.keys(en).filter((key) => !(key in dictionary) || dictionary[key]?.trim() === '');
    const extra = Object.keys(dictionary).filter((key) => !(key in en));
    expect(missing, `missing in ${language}`).toEqual([]);
    expect(extra, `extra in ${language}`).toEqual([]);
  });

  it.each(others)('%s keeps the interpolation placeholders of every English message', async (language) => {
    const dictionary = await loadDictionary(language);
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(dictionary[key] ?? ''), `${language} ${key}`).toEqual(placeholders(text));
    }
  });

  it.each(others)('%s is a translation, not a copy of English', async (language) => {
    const dictionary = await loadDictionary(language);
    // "OK" and brand-like words may stay; a message never does.
    const copied = Object.keys(en).filter((key) => dictionary[key] === en[key] && key !== 'common.ok');
    expect(copied, `${language} copies English`).toEqual([]);
  });
});

describe('switching language', () => {
  it('loads the dictionary on demand and translates catalogue messages', async () => {
    const i18n = createI18n('en');
    expect(i18n.t('error.session_expired')).toBe('Session expired! Please login again to continue...');
    await switchLanguage(i18n, 'zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('login.submit')).toBe('登录');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('falls back to English for an unknown language code', async () => {
    const i18n = createI18n('en');
    await switchLanguage(i18n, 'xx');
    expect(i18n.language).toBe('en');
  });

  it('shows an upstream text with a space as is and interpolates the unknown-code message', () => {
    const i18n = createI18n('en');
    const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
    expect(catalogueText(t, { i18nKey: null, message: 'Upstream says no' })).toBe('Upstream says no');
    expect(catalogueText(t, { i18nKey: 'error.unknown', message: '', params: { code: 'zzz' } })).toBe(
      'An error occurred (zzz). Please try again.',
    );
  });
});
