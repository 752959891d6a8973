/**
 * Match clocks on the web (wire protocol v2, protocol clock.ts): the gateway sends a running clock
 * once, as an anchor in the topic's `clock` collection, and the client ticks it locally.
 * `useMatchSeconds` reads the anchor of one match and re-renders its caller only when the shown
 * unit (a minute by default) changes, never on a per-second timer for every row.
 */
import { clockSecondsAt, type LiveState, type MatchClock } from '@sportsbook/protocol';
import { useEffect, useReducer } from 'react';
import { useTopicEntity } from './react.tsx';

/** How long until the clock anchored at `zero` next crosses a multiple of `unitMs`, at `now`. */
export function msToNextUnit(zero: number, now: number, unitMs: number): number {
  const elapsed = Math.max(0, now - zero);
  return unitMs - (elapsed % unitMs);
}

/**
 * The clock seconds of a match now: ticking from its anchor on `topic` when the clock runs, else
 * the liveState's seconds; null when the match is not in play. `unitMs` is how fine the caller
 * shows it (60,000 for minutes).
 */
export function useMatchSeconds(
  topic: string | null,
  matchId: number,
  liveState: LiveState | null,
  unitMs = 60_000,
): number | null {
  const clock = useTopicEntity<MatchClock>(liveState ? topic : null, 'clock', String(matchId));
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const now = Date.now();
  const zero = clock?.zero;
  useEffect(() => {
    if (zero === undefined) return;
    // A few ms past the boundary, so the new unit is the one shown.
    const timer = setTimeout(rerender, msToNextUnit(zero, Date.now(), unitMs) + 5);
    return () => clearTimeout(timer);
  });
  return clockSecondsAt(liveState, clock, now);
}
