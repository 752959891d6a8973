/**
 * The `rooms` i18n namespace (tournament lobby, room page, create wizard, tutorial and tour): one
 * resource file per language, each its own chunk, loaded when a rooms page needs it.
 */
import { namespaceLoader } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const RoomsNamespace = 'rooms';

export const loadRooms = namespaceLoader(RoomsNamespace, loaders);
