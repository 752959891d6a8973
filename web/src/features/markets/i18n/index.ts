/**
 * The `markets` i18n namespace (the "more markets" panel: bet-type titles, selection names, the
 * panel's notices): one resource file per language, each its own chunk, loaded when a panel opens.
 */
import { namespaceLoader, useNamespace } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const MarketsNamespace = 'markets';

export const loadMarkets = namespaceLoader(MarketsNamespace, loaders);

/** `t` of the markets namespace, once its resources for the current language are loaded. */
export function useMarketsText() {
  return useNamespace(MarketsNamespace, loadMarkets);
}
