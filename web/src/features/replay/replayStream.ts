/**
 * The replay bar's data: the replayer's state as an RxJS stream. Why a poll and not a topic: the
 * state lives in the replayer, a process beside the gateway that `GET /replay` relays only while a
 * replay is served (a developer's and demo tool, one bar per /desktop tab); a topic kind in the
 * gateway's feed for it would cost more than one small read per second while the bar is shown. The
 * first read decides: no replay served, the stream ends and nothing more is asked; else it reads
 * again every `everyMs`, one read at a time (a slow answer is never overlapped).
 */
import type { ReplayView } from '@sportsbook/protocol';
import { concat, defer, EMPTY, exhaustMap, filter, type Observable, of, switchMap, timer } from 'rxjs';

/** How often the replayer's state is read while a replay is served (real ms). */
export const ReplayRefreshMs = 1000;

/** The replayer's views: the first read's, then one every `everyMs`; nothing when none is served. */
export function replayViews(
  read: () => Promise<ReplayView | null>,
  everyMs = ReplayRefreshMs,
): Observable<ReplayView> {
  return defer(read).pipe(
    switchMap((first) =>
      first === null
        ? EMPTY
        : concat(
            of(first),
            timer(everyMs, everyMs).pipe(
              exhaustMap(() => defer(read)),
              filter((view): view is ReplayView => view !== null),
            ),
          ),
    ),
  );
}
