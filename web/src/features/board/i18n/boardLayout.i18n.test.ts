import { describe } from 'vitest';
import { itTranslatesEveryKey } from '../../../shared/i18n/namespaceTest.ts';
import en from './en.ts';

describe('boardLayout namespace', () => {
  itTranslatesEveryKey(en, async (language) => (await import(`./${language}.ts`)).default);
});
