/**
 * The `book` i18n namespace (board, slip, info pages): one resource file per language, each its
 * own chunk, added to an i18next instance when a book page needs it or the language changes.
 */
import type { i18n as I18n } from 'i18next';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const BookNamespace = 'book';

/** Adds the book resources of `language` (and English, the fallback) if they are missing. */
export async function loadBook(instance: I18n, language: string): Promise<void> {
  for (const lng of new Set(['en', language])) {
    if (instance.hasResourceBundle(lng, BookNamespace)) continue;
    const load = loaders[`./${lng}.ts`];
    if (!load) continue;
    instance.addResourceBundle(lng, BookNamespace, (await load()).default, true, true);
  }
}
