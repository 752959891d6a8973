/**
 * The `replay` i18n namespace (the replay timeline bar): one resource file per language, each its
 * own chunk, loaded when the bar shows (shared/i18n/namespace.ts).
 */
import { namespaceLoader, useNamespace } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const ReplayNamespace = 'replay';

export const loadReplay = namespaceLoader(ReplayNamespace, loaders);

/** `t` of the replay namespace, once its resources for the current language are loaded. */
export function useReplayText() {
  return useNamespace(ReplayNamespace, loadReplay);
}
