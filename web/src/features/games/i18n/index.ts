/**
 * The `games` i18n namespace (the game lobbies): one resource file per language, each its own
 * chunk, loaded when a lobby needs it (as every feature's namespace does).
 */
import type { i18n as I18n } from 'i18next';
import { namespaceLoader, useNamespace } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const GamesNamespace = 'games';

export const loadGames: (instance: I18n, language: string) => Promise<void> = namespaceLoader(
  GamesNamespace,
  loaders,
);

/** `t` of the games namespace, once its resources for the current language are loaded. */
export function useGamesText() {
  return useNamespace(GamesNamespace, loadGames);
}
