/**
 * How many of a board page's matches to render: the first rows at once (or, for a page still
 * waiting for its rows, in the first step after they come), the rest in later steps.
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
 *
 * `stepped` false (a desktop's window): the whole page in one step. There the board's leagues stand
 * in view one under the other, and each step grew the leagues above the ones already shown and
 * pushed them down (a layout shift of 0.06-0.2 on /desktop's start at 1350x940: a price moving
 * under the pointer as the player goes for it). A phone's board is one column of cards under the
 * fold whose steps move nothing in view, and a phone is where the long task was.
 */
export function useRevealed(total: number, pageKey: string, stepped = true): number {
  // A page whose rows have not come yet (the board waits for its topic's snapshot) starts at none:
  // the snapshot arrives as a store update, rendered synchronously in the socket message's task
  // with its commit and effects, so its first rows come in the next step, a transition, instead.
  const start = total === 0 ? 0 : stepped ? FirstRows : total;
  const [state, setState] = useState({ pageKey, count: start });
  const count = state.pageKey === pageKey ? state.count : start;
  if (state.pageKey !== pageKey) setState({ pageKey, count: start });
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() =>
      startTransition(() =>
        setState((s) => ({ pageKey: s.pageKey, count: stepped ? nextRevealed(s.count) : total })),
      ),
    );
    return () => clearTimeout(timer);
  }, [count, total, stepped]);
  return count;
}
