import { Languages } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import en from './en.ts';

/** Texts that may equal English: numbers, the PIN acronym, and words a language shares with English. */
const SameEverywhere = new Set(['room.players', 'field.pin', 'tour.pin.title', 'slip.mode.parlay']);
const SameIn: Record<string, ReadonlySet<string>> = { id: new Set(['filter.status']) };

describe('rooms namespace', () => {
  it.each(Languages.filter((l) => l !== 'en'))(
    '%s has every English key, each translated, placeholders kept',
    async (language) => {
      const dict = (await import(`./${language}.ts`)).default as Record<string, string>;
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      const english: string[] = [];
      for (const [key, text] of Object.entries(dict)) {
        expect(text.trim(), key).not.toBe('');
        for (const v of (en[key] ?? '').match(/\{\{\w+\}\}/g) ?? []) expect(text, key).toContain(v);
        if (text === en[key] && !SameEverywhere.has(key) && !SameIn[language]?.has(key)) english.push(key);
      }
      expect(english, 'left in English').toEqual([]);
    },
  );
});
