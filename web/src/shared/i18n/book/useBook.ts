import { useNamespace } from '../namespace.ts';
import { BookNamespace, loadBook } from './index.ts';

/** `t` of the book namespace, once its resources for the current language are loaded. */
export function useBook() {
  return useNamespace(BookNamespace, loadBook);
}
