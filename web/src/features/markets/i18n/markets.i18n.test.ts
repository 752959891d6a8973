import { describe } from 'vitest';
import { itTranslatesEveryKey } from '../../../shared/i18n/namespaceTest.ts';
import en from './en.ts';

describe('markets namespace', () => {
  // "{{home}} or {{away}}" is only placeholders and a word in English; every language has its own.
  itTranslatesEveryKey(en, async (language) => (await import(`./${language}.ts`)).default);
});
