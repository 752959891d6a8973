/**
 * The `ops` i18n namespace (the /ops dashboard): one resource file per language, each its own
 * chunk, loaded when the page needs it (shared/i18n/namespace.ts).
 */
import { namespaceLoader, useNamespace } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const OpsNamespace = 'ops';

export const loadOps = namespaceLoader(OpsNamespace, loaders);

/** `t` of the ops namespace, once its resources for the current language are loaded. */
export function useOpsText() {
  return useNamespace(OpsNamespace, loadOps);
}
