/**
 * How many of a board page's matches to render: the first rows at once, the rest in later steps.
 */
import { startTransition, useEffect, useState } from 'react';

/** Matches of a page in a board's first render; the rest follow in steps (`nextRevealed`). */
export const FirstRows = 3;

/** The next step: half as many again, at least `FirstRows` (a page of 1,000 matches in 15 steps). */
export function nextRevealed(count: number): number {
  return count + Math.max(FirstRows, Math.floor(count / 2));
}

/**
 * How many of the page's `total` matches to render: `FirstRows` when the page (its topic and number)
 * is new, then more in each later task, in a transition, until all are in. A page's first render
 * (the stream's snapshot: every row mounts, each with its prices' subscriptions) was one
 * synchronous render of the whole page, a long task on a phone: a store update renders
 * synchronously, so React cannot slice it. The later steps are transitions, which React renders in
 * slices of a few milliseconds.
 */
export function useRevealed(total: number, pageKey: string): number {
  const [state, setState] = useState({ pageKey, count: FirstRows });
  const count = state.pageKey === pageKey ? state.count : FirstRows;
  if (state.pageKey !== pageKey) setState({ pageKey, count: FirstRows });
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() =>
      startTransition(() => setState((s) => ({ pageKey: s.pageKey, count: nextRevealed(s.count) }))),
    );
    return () => clearTimeout(timer);
  }, [count, total]);
  return count;
}
