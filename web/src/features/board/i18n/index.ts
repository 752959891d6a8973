/**
 * The `boardLayout` i18n namespace: the board's layout controls (favourites only,
 * leagues, days, sorting, lines, periods, quick odds, Myanmar markets, sports order, the folding
 * toggles). One resource file per language, each its own chunk.
 */
import { namespaceLoader, useNamespace } from '../../../shared/i18n/namespace.ts';

const loaders = import.meta.glob<{ default: Readonly<Record<string, string>> }>([
  './*.ts',
  '!./index.ts',
  '!./*.test.ts',
]);

export const BoardLayoutNamespace = 'boardLayout';

export const loadBoardLayout = namespaceLoader(BoardLayoutNamespace, loaders);

/** `t` of the boardLayout namespace, once its resources for the current language are loaded. */
export function useBoardLayoutText() {
  return useNamespace(BoardLayoutNamespace, loadBoardLayout);
}
