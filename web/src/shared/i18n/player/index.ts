/**
 * The `player` i18n namespace (a player's history: settled history, statement lines, win/loss report, own
 * system parlays, switch account, last login, parlay totals): one resource file per language,
 * each its own chunk, loaded when a page of it needs it.
 */
import { namespaceLoader } from '../namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./usePlayer.ts',
  '!./*.test.ts',
]);

export const PlayerNamespace = 'player';

export const loadPlayer = namespaceLoader(PlayerNamespace, loaders);
