/**
 * The entry grid's rows (number, Big, Small, bet type) and its keyboard rule: Enter moves to the
 * next field, and on the last row's last field adds rows first.
 */
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import { blankRow, type EntryRow } from './rows.ts';

const StartRows = 5;
/** The fields of a row in the order Enter walks them (`data-cell="<row>-<field>"`). */
export const Fields = ['number', 'big', 'small', 'betType'] as const;

const startRows = () => Array.from({ length: StartRows }, (_, i) => blankRow(i + 1));

export function useEntryRows() {
  const [rows, setRows] = useState<EntryRow[]>(startRows);
  const grid = useRef<HTMLFieldSetElement>(null);
  const clear = useCallback(() => setRows(startRows()), []);
  const setRow = (id: number, change: Partial<EntryRow>) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const addRows = () =>
    setRows((all) => {
      const next = Math.max(0, ...all.map((r) => r.id)) + 1;
      const betType = all.at(-1)?.betType ?? 'D_1';
      return [...all, ...Array.from({ length: StartRows }, (_, i) => blankRow(next + i, betType))];
    });
  /** Enter moves to the next field; on the last row's last field it adds rows first. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, row: number, field: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const last = row === rows.length - 1 && field === Fields.length - 1;
    if (last) addRows();
    const [nextRow, nextField] = field === Fields.length - 1 ? [row + 1, 0] : [row, field + 1];
    const focus = () =>
      grid.current?.querySelector<HTMLElement>(`[data-cell="${nextRow}-${nextField}"]`)?.focus();
    // At once, so fast typing lands in the next field; after the render when rows were added.
    if (last) requestAnimationFrame(focus);
    else focus();
  };
  return { rows, grid, setRow, addRows, clear, onKeyDown };
}

export type EntryRows = ReturnType<typeof useEntryRows>;
