import { Languages } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import en from './en.ts';

/** Keys whose text may be the same as English in a language (names and symbols). */
const SameAsEnglish = new Set<string>([]);

describe('player namespace', () => {
  it.each(Languages.filter((l) => l !== 'en'))(
    '%s has every English key, each translated',
    async (language) => {
      const dict = (await import(`./${language}.ts`)).default as Record<string, string>;
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(dict)) {
        expect(text.trim(), key).not.toBe('');
        if (!SameAsEnglish.has(key)) expect(text, key).not.toBe(en[key]);
        for (const v of (en[key] ?? '').match(/\{\{\w+\}\}/g) ?? []) expect(text, key).toContain(v);
      }
    },
  );
});
