/**
 * Redis key names (gateway/CLUSTER.md). A topic's keys share a `{hash tag}` so a Redis Cluster
 * would keep them in one slot, as the Lua scripts touching several of them require.
 */
import { KeyPrefix } from './redis.ts';

export interface TopicKeys {
  /** The leader's lease: `<node>:<fence>`, with a TTL. */
  readonly lease: string;
  /** Fencing counter: incremented by every successful acquisition. */
  readonly fence: string;
  /** Deltas, status changes and epoch starts, trimmed to the resume window. */
  readonly stream: string;
  /** Hash: the latest snapshot image {epoch, seq, hash, pt, id, data, stale, since}. */
  readonly snap: string;
  /** When the leader last polled (ms), so a new leader keeps the interval. */
  readonly polled: string;
}

export function topicKeys(topic: string): TopicKeys {
  const base = `${KeyPrefix}t:{${topic}}`;
  return {
    lease: `${base}:lease`,
    fence: `${base}:fence`,
    stream: `${base}:stream`,
    snap: `${base}:snap`,
    polled: `${base}:polled`,
  };
}

/** Stream ids are `<ms>-<n>`: compare numerically (both parts may exceed 2^53 only in theory). */
export function compareStreamIds(a: string, b: string): number {
  const [am = '0', an = '0'] = a.split('-');
  const [bm = '0', bn = '0'] = b.split('-');
  const ms = BigInt(am) - BigInt(bm);
  if (ms !== 0n) return ms < 0n ? -1 : 1;
  const n = BigInt(an) - BigInt(bn);
  return n === 0n ? 0 : n < 0n ? -1 : 1;
}
