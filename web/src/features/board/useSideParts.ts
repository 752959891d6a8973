/**
 * When /desktop's side parts (the sports menu, the replay bar, the board options) mount: once the
 * board has rendered its whole first page (`Board` `onSettled`), in a transition of a later task.
 * Mounted with the board, they rendered and subscribed to their streams in the same commits as its
 * first rows, and those commits were the longest tasks of the page's start on a phone. A board
 * that never settles (its stream never answers) does not keep them away for long. The bet slip is
 * not one of them: it cost little in the profiles (one slip, no stream of its own until a pick)
 * and tests and players reach for it as soon as a price shows. `now` (a desktop's window, a
 * virtual sport) mounts them at once: DesktopPage.tsx says why.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/** The longest the side parts wait for the board (ms). */
export const SidePartsWait = 8000;

export function useSideParts(now: boolean): { ready: boolean; onSettled: () => void } {
  const [ready, setReady] = useState(now);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSettled = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = setTimeout(() => startTransition(() => setReady(true)));
  }, []);
  useEffect(() => {
    if (now) setReady(true);
  }, [now]);
  useEffect(() => {
    const fallback = setTimeout(() => startTransition(() => setReady(true)), SidePartsWait);
    return () => {
      clearTimeout(fallback);
      if (timer.current !== undefined) clearTimeout(timer.current);
    };
  }, []);
  return { ready, onSettled };
}
