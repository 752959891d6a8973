/**
 * A sweep over every connection of a node (heartbeats, pings) in slices that give the event loop
 * back between them. With 10,000 sockets a heartbeat sweep writes ~2,000 frames at once (each
 * idle socket every 5 s, one sweep a second); done in one go it holds the loop for tens of
 * milliseconds, and every other topic's poll, reply and broadcast waits behind it.
 */

export interface SweepOptions {
  /** The loop is given back once a slice has run this long (ms). */
  sliceMs?: number;
  /** Time source (ms; tests). */
  clock?: () => number;
  /** Runs the next slice later (tests: synchronously). */
  defer?: (next: () => void) => void;
}

/**
 * Calls `visit` for each item of `items` (a live Set: items added or removed meanwhile are
 * visited or skipped as its iterator does), in slices of at most `sliceMs` each, the next slice
 * on a later turn of the loop (`setImmediate`: after pending I/O). Resolves when every item was
 * visited.
 */
export function sweep<T>(items: Iterable<T>, visit: (item: T) => void, o: SweepOptions = {}): Promise<void> {
  const sliceMs = o.sliceMs ?? 5;
  const clock = o.clock ?? (() => performance.now());
  const defer = o.defer ?? ((next) => setImmediate(next));
  const it = items[Symbol.iterator]();
  return new Promise((resolve, reject) => {
    const slice = () => {
      try {
        const end = clock() + sliceMs;
        let n = 0;
        for (;;) {
          const r = it.next();
          if (r.done === true) {
            resolve();
            return;
          }
          visit(r.value);
          // The clock is read every 32 items: a visit that sends nothing costs less than reading it.
          if (++n % 32 === 0 && clock() >= end) break;
        }
        defer(slice);
      } catch (err) {
        reject(err);
      }
    };
    slice();
  });
}
