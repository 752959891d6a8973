/**
 * The guided tour of the rooms (SPEC section 1: 10 steps): lobby, filters, create, fee and seats,
 * PIN, matches, join, bet, ranking, prizes. Each step names the page element it points at
 * (`data-tour`), when that element is on the page. Progress lives in the layout key's tour flags
 * (`menu.tour`: done, step).
 */
import type { TournamentLimits } from '@sportsbook/protocol';

export const TourSteps = [
  'lobby',
  'filters',
  'create',
  'fee-seats',
  'pin',
  'matches',
  'join',
  'bet',
  'ranking',
  'prizes',
] as const satisfies readonly string[] & { length: typeof TournamentLimits.tourSteps };
export type TourStep = (typeof TourSteps)[number];

export interface TourFlags {
  done: boolean;
  step: number;
}

/** The step to show, or null when the tour is done. A stored step out of range starts over. */
export function tourStep(flags: TourFlags): number | null {
  if (flags.done) return null;
  return Number.isInteger(flags.step) && flags.step >= 0 && flags.step < TourSteps.length ? flags.step : 0;
}

export type TourMove = 'next' | 'back' | 'skip' | 'replay';

/** The flags after a move: next past the last step, and skip, finish the tour; replay starts it over. */
export function moveTour(flags: TourFlags, move: TourMove): TourFlags {
  const step = tourStep(flags) ?? 0;
  switch (move) {
    case 'next':
      return step + 1 >= TourSteps.length ? { done: true, step: 0 } : { done: false, step: step + 1 };
    case 'back':
      return { done: false, step: Math.max(0, step - 1) };
    case 'skip':
      return { done: true, step: 0 };
    case 'replay':
      return { done: false, step: 0 };
  }
}
