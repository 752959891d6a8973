// @vitest-environment jsdom
/**
 * The board's note when it has no rows: "No matches", or, when the time filter alone hides the
 * board's matches, a line that says so with a button that shows every kick-off time.
 */
import { cleanup, fireEvent, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../shared/i18n/book/en.ts';
import { BoardNote } from './BoardHead.tsx';

afterEach(cleanup);

const t = (key: string) => (en as Record<string, string>)[key] ?? key;

describe('BoardNote', () => {
  it('an empty board says "No matches." and offers nothing to click', () => {
    const { container } = render(createElement(BoardNote, { status: 'ok', empty: true, t }));
    expect(container.textContent).toBe('No matches.');
    expect(container.querySelector('button')).toBeNull();
  });
  it('a board the time filter empties says so, and its button shows every time', () => {
    let shown = 0;
    const { container } = render(
      createElement(BoardNote, { status: 'ok', empty: true, t, onShowAllTimes: () => shown++ }),
    );
    const note = container.querySelector('[data-empty="time"]');
    expect(note?.textContent).toBe('No match kicks off in the chosen time. Show all times');
    const button = container.querySelector<HTMLButtonElement>('button[data-action="all-times"]');
    expect(button?.type).toBe('button');
    fireEvent.click(button as HTMLButtonElement);
    expect(shown).toBe(1);
  });
  it('a board with rows, loading or unavailable never shows the time line', () => {
    const show = () => undefined;
    for (const [status, empty, text] of [
      ['ok', false, ''],
      ['loading', true, 'Loading odds…'],
      ['error', true, 'Odds are not available right now.'],
    ] as const) {
      const { container } = render(createElement(BoardNote, { status, empty, t, onShowAllTimes: show }));
      expect(container.textContent).toBe(text);
      cleanup();
    }
  });
});
