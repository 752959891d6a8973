/**
 * The ops dashboard's websocket `/ops/ws` (gateway/OPS.md): the operator sends one `auth` frame
 * with the configured operator token; the gateway then sends an `ops` frame every second with its
 * node's live figures. Parsers never throw.
 */
import type { Static } from 'typebox';
import Type from 'typebox';
import type { Parsed } from './market.ts';
import { schemaCheck } from './schemaCheck.ts';

/** Close codes of /ops/ws: bad or missing token (also: no dashboard configured). */
export const OpsCloseCode = { badToken: 4401, authTimeout: 4408 } as const;

export const OpsAuthFrame = Type.Object({ op: Type.Literal('auth'), token: Type.String({ maxLength: 512 }) });
export type OpsAuthFrame = Static<typeof OpsAuthFrame>;

const Rate = Type.Number({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });

export const OpsTopicRow = Type.Object({
  topic: Type.String(),
  subscribers: Count,
  intervalMs: Count,
  stale: Type.Boolean(),
  /** The node holding the topic's Redis lease (cluster), or this node (in-process); null: none. */
  leader: Type.Union([Type.String(), Type.Null()]),
});
export type OpsTopicRow = Static<typeof OpsTopicRow>;

/** A gateway node of the cluster as it last reported itself (in-process: this node only). */
export const OpsNodeRow = Type.Object({ node: Type.String(), clients: Count, topics: Count });
export type OpsNodeRow = Static<typeof OpsNodeRow>;

export const OpsFrame = Type.Object({
  t: Type.Literal('ops'),
  /** Server time, ms since the epoch. */
  at: Count,
  node: Type.String(),
  /** Every node's clients and topics (cluster: each node reports itself through Redis every second). */
  nodes: Type.Array(OpsNodeRow),
  /** Authenticated player websockets on this node. */
  clients: Count,
  topics: Type.Array(OpsTopicRow),
  /** Upstream calls per second by call path (odds polls and proxied calls), over the last second. */
  upstreamPerSecond: Type.Record(Type.String(), Rate),
  /** The polls a naive client fleet would make (each subscriber polling its topics itself) ... */
  naivePerSecond: Rate,
  /** ... the gateway's polls for the same topics, and the share saved (null: nobody watches). */
  sharedPerSecond: Rate,
  savedShare: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  /** Poll-to-fan-out latency of deltas over the last second, ms; null when none were sent. */
  latencyMs: Type.Object({
    p50: Type.Union([Type.Number(), Type.Null()]),
    p95: Type.Union([Type.Number(), Type.Null()]),
    p99: Type.Union([Type.Number(), Type.Null()]),
  }),
  /** Totals since the node started. */
  slow: Type.Object({ conflated: Count, closed: Count }),
  /** Refusals since the node started, by reason: websocket caps and gate, and `/api` rate limits. */
  refusals: Type.Record(Type.String(), Count),
});
export type OpsFrame = Static<typeof OpsFrame>;

const checkFrame = schemaCheck(OpsFrame);
const checkAuth = schemaCheck(OpsAuthFrame);

/** JSON text checked against a compiled schema; never throws. */
function parseWith<T>(check: { Check(value: unknown): value is T }, text: string, what: string): Parsed<T> {
  try {
    const value: unknown = JSON.parse(text);
    return check.Check(value) ? { ok: true, value } : { ok: false, error: `not ${what}` };
  } catch {
    return { ok: false, error: 'not JSON' };
  }
}

export function parseOpsFrame(text: string): Parsed<OpsFrame> {
  return parseWith(checkFrame, text, 'an ops frame');
}

export function parseOpsAuth(text: string): Parsed<OpsAuthFrame> {
  return parseWith(checkAuth, text, 'an auth frame');
}
