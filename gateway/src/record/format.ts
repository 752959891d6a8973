/**
 * The odds recording format (RECORDING.md): gzip NDJSON, a header line then one line per upstream
 * odds reply. Parsing is from `unknown` so a damaged or foreign file gives a clear reason per line.
 */
import { canonicalJson, isRecord } from '@sportsbook/protocol';

/** JSON with sorted object keys (protocol's one definition): one spelling per params object. */
export { canonicalJson };

export const RecordingFormat = 'sportsbook-odds-recording';
export const RecordingVersion = 1;

/** The odds calls a recording may hold (the odds host's paths, `/odds/<call>`). */
export const OddsCalls = ['uxmenu', 'uxmarket', 'uxmatch', 'uxmatch2'] as const;
export type OddsCall = (typeof OddsCalls)[number];

export interface RecordingHeader {
  format: typeof RecordingFormat;
  version: number;
  /** UTC ms when this file was opened. */
  startedAt: number;
  /** Base URL of the upstream that was recorded. */
  upstream: string;
  /** What wrote it: `gateway` (RECORD_DIR) or `record` (the standalone recorder). */
  source?: string;
  /** Position of this file in a rotated series (0 for the first). */
  part?: number;
  /** Free-form details (simulator world options, topics, node name). */
  meta?: Record<string, unknown>;
}

export interface RecordedReply {
  /** Receive time, UTC ms. */
  t: number;
  call: OddsCall;
  /** The request body sent to `/odds/<call>`. */
  params: Record<string, unknown>;
  /** The upstream's reply JSON, as received. */
  body: unknown;
}

export type LineParse<T> = { ok: true; value: T } | { ok: false; error: string; newerVersion?: number };

export function isOddsCall(value: unknown): value is OddsCall {
  return typeof value === 'string' && (OddsCalls as readonly string[]).includes(value);
}

export function parseHeader(value: unknown): LineParse<RecordingHeader> {
  if (!isRecord(value) || value.format !== RecordingFormat) {
    return { ok: false, error: `not a recording header (expected "format":"${RecordingFormat}")` };
  }
  const { version, startedAt, upstream } = value;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, error: `bad header version ${JSON.stringify(version)}` };
  }
  if (version > RecordingVersion) {
    return {
      ok: false,
      error: `written by a newer format version ${version}; this reader knows version ${RecordingVersion} (update the code)`,
      newerVersion: version,
    };
  }
  if (typeof startedAt !== 'number' || !Number.isFinite(startedAt)) {
    return { ok: false, error: 'header has no numeric startedAt' };
  }
  if (typeof upstream !== 'string') return { ok: false, error: 'header has no upstream' };
  return { ok: true, value: value as unknown as RecordingHeader };
}

export function parseReply(value: unknown): LineParse<RecordedReply> {
  if (!isRecord(value)) return { ok: false, error: 'not a JSON object' };
  // A line may carry its own version when a later format adds kinds of lines.
  if (value.v !== undefined) {
    if (typeof value.v !== 'number' || value.v > RecordingVersion) {
      return {
        ok: false,
        error: `line of a newer format version ${String(value.v)}; this reader knows version ${RecordingVersion}`,
        ...(typeof value.v === 'number' ? { newerVersion: value.v } : {}),
      };
    }
  }
  const { t, call, params } = value;
  if (typeof t !== 'number' || !Number.isFinite(t)) return { ok: false, error: 'no numeric "t"' };
  if (!isOddsCall(call)) return { ok: false, error: `unknown call ${JSON.stringify(call)}` };
  if (!isRecord(params)) return { ok: false, error: '"params" is not an object' };
  if (!('body' in value)) return { ok: false, error: 'no "body"' };
  return { ok: true, value: { t, call, params, body: value.body } };
}

/** The lookup key of a call with its params: `uxmarket {"group":"live",...}`. */
export function replyKey(call: string, params: unknown): string {
  return `${call} ${canonicalJson(params ?? {})}`;
}
