/**
 * The ops dashboard's arithmetic (gateway/OPS.md), pure: the polls a naive client fleet would
 * make against the ones the gateway makes, rates from counter readings, percentiles from histogram
 * buckets. The plugin feeds it readings of the hub and of the metrics registry.
 */

/** One topic as the dashboard counts it. */
export interface TopicLoad {
  /** Websocket subscribers on this node. */
  readonly subscribers: number;
  /** Its poll interval. */
  readonly intervalMs: number;
  /** Whether this node polls it (in-process: watched or warm; cluster: this node holds the lease). */
  readonly polled: boolean;
}

export interface Saving {
  /** Upstream polls per second if every subscriber polled each topic it watches itself. */
  readonly naivePerSecond: number;
  /** Upstream polls per second this node makes for them by its schedule (one per topic). */
  readonly sharedPerSecond: number;
  /** 1 - shared / naive, within [0, 1]; null when nobody watches anything. */
  readonly savedShare: number | null;
}

export function saving(topics: Iterable<TopicLoad>): Saving {
  let naive = 0;
  let shared = 0;
  for (const t of topics) {
    if (t.intervalMs <= 0) continue;
    naive += (t.subscribers * 1000) / t.intervalMs;
    if (t.polled) shared += 1000 / t.intervalMs;
  }
  return {
    naivePerSecond: naive,
    sharedPerSecond: shared,
    savedShare: naive > 0 ? Math.min(1, Math.max(0, 1 - shared / naive)) : null,
  };
}

/** Per-key rate between two counter readings `seconds` apart; a reset counter counts from zero. */
export function rates(
  previous: ReadonlyMap<string, number>,
  current: ReadonlyMap<string, number>,
  seconds: number,
): Record<string, number> {
  const out: Record<string, number> = {};
  if (seconds <= 0) return out;
  for (const [key, value] of current) {
    const before = previous.get(key) ?? 0;
    const delta = value >= before ? value - before : value;
    out[key] = delta / seconds;
  }
  return out;
}

/** A histogram's cumulative bucket counts by upper bound (`le`, Infinity last). */
export type Buckets = ReadonlyMap<number, number>;

/** The buckets observed between two readings (cumulative counts subtracted bound by bound). */
export function bucketDelta(previous: Buckets, current: Buckets): Map<number, number> {
  const out = new Map<number, number>();
  for (const [le, count] of current) out.set(le, Math.max(0, count - (previous.get(le) ?? 0)));
  return out;
}

/**
 * The q-quantile (0 < q <= 1) of cumulative buckets, interpolated linearly inside the bucket as
 * Prometheus's histogram_quantile does; the last finite bound when it falls in +Inf. Null when
 * the buckets are empty.
 */
export function quantile(buckets: Buckets, q: number): number | null {
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [le, count] of sorted) {
    if (count >= rank) {
      if (!Number.isFinite(le)) return lowerBound;
      const inBucket = count - lowerCount;
      return inBucket > 0 ? lowerBound + ((le - lowerBound) * (rank - lowerCount)) / inBucket : le;
    }
    lowerBound = le;
    lowerCount = count;
  }
  return lowerBound;
}

/** The node of a lease value `<node>:<fence>` (cluster/lease.ts); null for no lease. */
export function leaseHolder(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = value.lastIndexOf(':');
  return at > 0 ? value.slice(0, at) : value;
}
