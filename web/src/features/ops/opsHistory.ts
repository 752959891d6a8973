/** The ops charts' history: the last HistoryPoints frames' figures, one point a second (pure). */
import type { OpsFrame } from '@sportsbook/protocol';

/** Points kept per chart series (one a second). */
export const HistoryPoints = 300;

export interface OpsHistory {
  at: number[];
  clients: number[];
  saved: (number | null)[];
  naive: number[];
  shared: number[];
  upstream: number[];
}

export const emptyHistory = (): OpsHistory => ({
  at: [],
  clients: [],
  saved: [],
  naive: [],
  shared: [],
  upstream: [],
});

/** The history with one frame appended, at most HistoryPoints long (pure). */
export function appendFrame(h: OpsHistory, f: OpsFrame): OpsHistory {
  const keep = <T>(xs: T[], x: T) => [...xs.slice(-(HistoryPoints - 1)), x];
  const upstream = Object.values(f.upstreamPerSecond).reduce((a, b) => a + b, 0);
  return {
    at: keep(h.at, f.at / 1000),
    clients: keep(h.clients, f.clients),
    saved: keep(h.saved, f.savedShare === null ? null : f.savedShare * 100),
    naive: keep(h.naive, f.naivePerSecond),
    shared: keep(h.shared, f.sharedPerSecond),
    upstream: keep(h.upstream, upstream),
  };
}
