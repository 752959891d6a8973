import { Languages } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import en from './en.ts';

/** Texts that are the same in every language (none today: every text is translated). */
const Untranslated = new Set<string>();

describe('lottery namespace', () => {
  it.each(Languages.filter((l) => l !== 'en'))(
    '%s has every English key, each translated, placeholders kept',
    async (language) => {
      const dict = (await import(`./${language}.ts`)).default as Record<string, string>;
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(dict)) {
        expect(text.trim(), key).not.toBe('');
        if (!Untranslated.has(key)) expect(text, `${language} ${key}`).not.toBe(en[key]);
        for (const v of (en[key] ?? '').match(/\{\{\w+\}\}/g) ?? []) expect(text, key).toContain(v);
      }
    },
  );
});
