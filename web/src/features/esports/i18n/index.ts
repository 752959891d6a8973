/**
 * The `esports` i18n namespace (/esports2 and /efresult): one resource file per language, each its
 * own chunk, loaded when an e-sports page is shown (shared/i18n/namespace.ts).
 */
import { namespaceLoader, useNamespace } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const EsportsNamespace = 'esports';

export const loadEsports = namespaceLoader(EsportsNamespace, loaders);

/** `t` of the esports namespace, once its resources for the current language are loaded. */
export function useEsportsText() {
  return useNamespace(EsportsNamespace, loadEsports);
}
