/**
 * The `book` i18n namespace (board, slip, info pages): one resource file per language, each its
 * own chunk, added to an i18next instance when a book page needs it or the language changes.
 */
import { namespaceLoader } from '../namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const BookNamespace = 'book';

/** Adds the book resources of `language` (and English, the fallback) if they are missing. */
export const loadBook = namespaceLoader(BookNamespace, loaders);
