/**
 * Keyboard focus on the odds board: the board is ONE tab stop, however many prices
 * it shows. Every price button is rendered with `tabindex="-1"`; exactly one enabled price of the
 * board carries `tabindex="0"` (the "roving" cell), set here on the DOM, never through React props,
 * so moving it renders nothing. Arrow keys move the focus between prices; Enter and Space are the
 * button's own (they add the price to the slip).
 *
 * The grid a keyboard walks: a row is a match (`.match-row`), its prices in reading order.
 * - Left / Right: the previous / next enabled price of the match.
 * - Up / Down: the same price position (column, then line within the column) of the previous / next
 *   match that has an enabled price; the nearest enabled one when that position is closed.
 * - Home / End: the first / last enabled price of the match; Ctrl+Home / Ctrl+End: of the board.
 * No wrap: at an edge the focus stays. Suspended prices (disabled buttons) and hidden ones are skipped.
 *
 * The board calls these from ONE delegated keydown and focusin listener on its root (no listener per
 * cell; the board's 500 changes/s budget is untouched), and `ensureRovingCell` before a Tab moves
 * the focus, so that a tab stop exists even after the roving price closed or left the page.
 */

export const CellSelector = 'button.odds-cell';
const RowSelector = '.match-row';
const ColumnSelector = '.odds-col';

const isCell = (el: Element | null): el is HTMLButtonElement =>
  el instanceof HTMLButtonElement && el.matches(CellSelector);

/**
 * A price the keyboard may land on: open (not disabled) and shown (a phone card hides its other
 * markets with display: none; `checkVisibility` is missing only outside browsers).
 */
export const usable = (b: HTMLButtonElement): boolean => !b.disabled && (b.checkVisibility?.() ?? true);

const enabledCells = (root: ParentNode): HTMLButtonElement[] =>
  [...root.querySelectorAll<HTMLButtonElement>(CellSelector)].filter(usable);

/** A price's position in its match: the index of its column and its line within that column. */
function position(row: Element, cell: HTMLElement): { col: number; line: number } {
  const column = cell.closest(ColumnSelector);
  if (!column) return { col: 0, line: 0 };
  const col = [...row.querySelectorAll(ColumnSelector)].indexOf(column);
  const line = [...column.querySelectorAll(CellSelector)].indexOf(cell);
  return { col: Math.max(0, col), line: Math.max(0, line) };
}

/** The enabled price of `row` nearest to position `at` (column first, then line). */
function nearestIn(row: Element, at: { col: number; line: number }): HTMLButtonElement | null {
  let best: HTMLButtonElement | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const cell of enabledCells(row)) {
    const p = position(row, cell);
    const score = Math.abs(p.col - at.col) * 1_000 + Math.abs(p.line - at.line);
    if (score < bestScore) {
      best = cell;
      bestScore = score;
    }
  }
  return best;
}

export interface NavKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/** The keys the board takes from a focused price; any other key is left to the browser. */
export function isNavKey(e: NavKey): boolean {
  return (
    e.key === 'ArrowLeft' ||
    e.key === 'ArrowRight' ||
    e.key === 'ArrowUp' ||
    e.key === 'ArrowDown' ||
    e.key === 'Home' ||
    e.key === 'End'
  );
}

/** The price a key moves to from `from` on `board`, or null (not a move, or an edge). */
export function targetCell(board: Element, from: HTMLElement, e: NavKey): HTMLButtonElement | null {
  const row = from.closest(RowSelector);
  if (!row || !board.contains(row)) return null;
  const ctrl = e.ctrlKey === true || e.metaKey === true;
  if ((e.key === 'Home' || e.key === 'End') && ctrl) {
    const all = enabledCells(board);
    return (e.key === 'Home' ? all[0] : all.at(-1)) ?? null;
  }
  const inRow = enabledCells(row);
  switch (e.key) {
    case 'Home':
      return inRow[0] ?? null;
    case 'End':
      return inRow.at(-1) ?? null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      // `from` may itself be closed now: its place in the row's order is found among all prices.
      const all = [...row.querySelectorAll<HTMLButtonElement>(CellSelector)];
      const at = all.indexOf(from as HTMLButtonElement);
      const step = e.key === 'ArrowRight' ? 1 : -1;
      for (let i = at + step; i >= 0 && i < all.length; i += step) {
        const cell = all[i];
        if (cell && usable(cell)) return cell;
      }
      return null;
    }
    case 'ArrowUp':
    case 'ArrowDown': {
      const rows = [...board.querySelectorAll(RowSelector)];
      const at = position(row, from);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      for (let i = rows.indexOf(row) + step; i >= 0 && i < rows.length; i += step) {
        const next = rows[i];
        const cell = next ? nearestIn(next, at) : null;
        if (cell) return cell;
      }
      return null;
    }
    default:
      return null;
  }
}

/** Makes `cell` the board's one tab stop. */
export function makeRoving(board: Element, cell: HTMLElement): void {
  for (const other of board.querySelectorAll<HTMLElement>(`${CellSelector}[tabindex="0"]`)) {
    if (other !== cell) other.tabIndex = -1;
  }
  if (cell.tabIndex !== 0) cell.tabIndex = 0;
}

/**
 * Keeps one tab stop on the board: the roving price if it is still there and open, else the first
 * open price. Returns it (null when no price is open).
 */
export function ensureRovingCell(board: Element): HTMLButtonElement | null {
  const current = board.querySelector<HTMLButtonElement>(`${CellSelector}[tabindex="0"]`);
  if (current && usable(current)) return current;
  let first: HTMLButtonElement | null = null;
  for (const cell of board.querySelectorAll<HTMLButtonElement>(`${CellSelector}:not([disabled])`)) {
    if (usable(cell)) {
      first = cell;
      break;
    }
  }
  if (current) current.tabIndex = -1;
  if (first) first.tabIndex = 0;
  return first;
}

/**
 * The board's delegated keydown: an arrow, Home or End on a price moves the focus (and the tab stop)
 * and is consumed; true when it did.
 */
export function onBoardKey(board: Element, e: KeyboardEvent | (NavKey & { target: EventTarget | null })) {
  const from = e.target as Element | null;
  if (!isCell(from) || !isNavKey(e)) return false;
  const to = targetCell(board, from, e);
  if (to) {
    makeRoving(board, to);
    to.focus();
  }
  // An edge still consumes the key: the page must not scroll under a keyboard player's focus.
  return true;
}

/** The board's delegated focusin: a price that gets the focus (click, arrow, script) is the tab stop. */
export function onBoardFocus(board: Element, target: EventTarget | null): void {
  if (isCell(target as Element | null)) makeRoving(board, target as HTMLElement);
}

/**
 * Wires a board: keydown and focusin delegated to its root, and a Tab anywhere on the page first
 * makes sure the board has its tab stop. Returns the detach.
 */
export function attachBoardKeys(board: HTMLElement): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (onBoardKey(board, e)) e.preventDefault();
  };
  const onFocus = (e: FocusEvent) => onBoardFocus(board, e.target);
  const onTab = (e: KeyboardEvent) => {
    if (e.key === 'Tab') ensureRovingCell(board);
  };
  board.addEventListener('keydown', onKey);
  board.addEventListener('focusin', onFocus);
  const doc = board.ownerDocument;
  doc.addEventListener('keydown', onTab, true);
  return () => {
    board.removeEventListener('keydown', onKey);
    board.removeEventListener('focusin', onFocus);
    doc.removeEventListener('keydown', onTab, true);
  };
}
