/**
 * The web's one ticking clock: `useNow(everyMs)` is the wall time, re-read on every multiple of
 * `everyMs` since the epoch (so a 1 s clock turns with the second, as the header's clock shows it).
 * Every component asking for the same period shares one timer, which runs only while one of them is
 * mounted. A clock only: server data never ticks here (it comes from the stream layer, a machine, or
 * `useLoaded`).
 */
import { useCallback, useSyncExternalStore } from 'react';

interface Ticker {
  now: number;
  readonly listeners: Set<() => void>;
  timer: ReturnType<typeof setTimeout> | null;
}

const tickers = new Map<number, Ticker>();

function tickerFor(everyMs: number): Ticker {
  let ticker = tickers.get(everyMs);
  if (!ticker) {
    ticker = { now: Date.now(), listeners: new Set(), timer: null };
    tickers.set(everyMs, ticker);
  }
  // An idle ticker's time is old: the first reader after a pause sees now.
  if (ticker.timer === null) ticker.now = Date.now();
  return ticker;
}

function schedule(ticker: Ticker, everyMs: number): void {
  ticker.timer = setTimeout(
    () => {
      ticker.now = Date.now();
      schedule(ticker, everyMs);
      for (const listener of ticker.listeners) listener();
    },
    everyMs - (Date.now() % everyMs),
  );
}

/** The wall time (UTC ms), re-rendering its caller every `everyMs` (one shared timer per period). */
export function useNow(everyMs = 1000): number {
  const ticker = tickerFor(everyMs);
  const subscribe = useCallback(
    (listener: () => void) => {
      ticker.listeners.add(listener);
      if (ticker.timer === null) {
        ticker.now = Date.now();
        schedule(ticker, everyMs);
      }
      return () => {
        ticker.listeners.delete(listener);
        if (ticker.listeners.size === 0 && ticker.timer !== null) {
          clearTimeout(ticker.timer);
          ticker.timer = null;
        }
      };
    },
    [ticker, everyMs],
  );
  const read = useCallback(() => ticker.now, [ticker]);
  return useSyncExternalStore(subscribe, read, read);
}
