import { useNamespace } from '../../shared/i18n/namespace.ts';
import { loadRooms, RoomsNamespace } from './i18n/index.ts';

/** `t` of the rooms namespace, once its resources for the current language are loaded. */
export function useRoomsText() {
  return useNamespace(RoomsNamespace, loadRooms);
}
