/**
 * The board's tab stop (roving.ts `ensureRovingCell`) kept once the browser is idle, not in the
 * commit that changed the prices shown: whether a price is shown (`checkVisibility`) forces the new
 * rows' style and layout, and run in a commit's effects that was the largest part of the board's
 * first commits on a phone (one long task). After the frame has laid the rows out it costs little;
 * a Tab press makes sure of the tab stop first anyway (`attachBoardKeys`).
 */
import { ensureRovingCell } from './roving.ts';

/** `ensureRovingCell(board)` when the browser is idle (within a second); returns the cancel. */
export function ensureRovingCellWhenIdle(board: Element): () => void {
  const run = () => {
    ensureRovingCell(board);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 50);
  return () => clearTimeout(id);
}
