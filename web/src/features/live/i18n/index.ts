/**
 * The `live` i18n namespace (live TV, highlights, standings and brackets): one resource file per
 * language, each its own chunk, added when a live page needs it (shared/i18n/namespace.ts).
 */
import { namespaceLoader, useNamespace } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const LiveNamespace = 'live';

export const loadLive = namespaceLoader(LiveNamespace, loaders);

/** `t` of the live namespace, once its resources for the current language are loaded. */
export function useLiveText() {
  return useNamespace(LiveNamespace, loadLive);
}
