/**
 * The `virtual` i18n namespace: one resource file per language, each its own chunk, loaded when a
 * page of the feature needs it (as features/games/i18n does).
 */
import type { i18n as I18n } from 'i18next';
import { namespaceLoader, useNamespace } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const VirtualNamespace = 'virtual';

export const loadVirtual: (instance: I18n, language: string) => Promise<void> = namespaceLoader(
  VirtualNamespace,
  loaders,
);

/** `t` of the virtual namespace, once its resources for the current language are loaded. */
export function useVirtualText() {
  return useNamespace(VirtualNamespace, loadVirtual);
}
