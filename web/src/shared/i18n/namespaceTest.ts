/**
 * Test helper (imported by *.i18n.test.ts only): every language of a feature's i18n namespace has
 * every English key, each translated (not the English text, unless listed), placeholders kept.
 */
import { Languages } from '@sportsbook/protocol';
import { expect, it } from 'vitest';

export function itTranslatesEveryKey(
  en: Readonly<Record<string, string>>,
  load: (language: string) => Promise<Readonly<Record<string, string>>>,
  untranslated: ReadonlySet<string> = new Set(),
): void {
  it.each(Languages.filter((l) => l !== 'en'))(
    '%s has every English key, each translated, placeholders kept',
    async (language) => {
      const dict = await load(language);
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(dict)) {
        expect(text.trim(), key).not.toBe('');
        if (!untranslated.has(key)) expect(text, `${language} ${key}`).not.toBe(en[key]);
        for (const v of (en[key] ?? '').match(/\{\{\w+\}\}/g) ?? []) expect(text, key).toContain(v);
      }
    },
  );
}
