import { useNamespace } from '../namespace.ts';
import { loadPlayer, PlayerNamespace } from './index.ts';

/** `t` of the player namespace, once its resources for the current language are loaded. */
export function usePlayer() {
  return useNamespace(PlayerNamespace, loadPlayer);
}
