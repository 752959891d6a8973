// @vitest-environment jsdom
/**
 * The board's tab stop is set once the browser is idle, not in the commit that changed the prices
 * (rovingIdle.ts): nothing happens synchronously, one open price carries the stop afterwards, and
 * a board that changes again first cancels the pending run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureRovingCellWhenIdle } from './rovingIdle.ts';

function board(): HTMLElement {
  const section = document.createElement('section');
  for (const disabled of [true, false, false]) {
    const b = document.createElement('button');
    b.className = 'odds-cell';
    b.tabIndex = -1;
    b.disabled = disabled;
    section.append(b);
  }
  document.body.append(section);
  return section;
}

const stops = (el: HTMLElement) => [...el.querySelectorAll('button')].map((b) => b.tabIndex);

describe('the board tab stop when idle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('leaves the DOM alone in the calling task and puts the stop on the first open price later', () => {
    const el = board();
    ensureRovingCellWhenIdle(el);
    expect(stops(el)).toEqual([-1, -1, -1]);
    vi.advanceTimersByTime(1000);
    expect(stops(el)).toEqual([-1, 0, -1]);
  });

  it('does nothing once cancelled (the board changed again or unmounted)', () => {
    const el = board();
    const cancel = ensureRovingCellWhenIdle(el);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(stops(el)).toEqual([-1, -1, -1]);
  });
});
