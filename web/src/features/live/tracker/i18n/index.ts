/**
 * The `tracker` i18n namespace (the match tracker): one resource file per language, each its own
 * chunk, loaded when a tracker is shown.
 */
import { namespaceLoader, useNamespace } from '../../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const TrackerNamespace = 'tracker';

export const loadTracker = namespaceLoader(TrackerNamespace, loaders);

/** `t` of the tracker namespace, once its resources for the current language are loaded. */
export function useTrackerText() {
  return useNamespace(TrackerNamespace, loadTracker);
}
