/**
 * The recorder: appends upstream odds replies to gzip NDJSON files (RECORDING.md). A sync flush at
 * least every `flushMs` puts everything written so far into a decompressible state on disk, so a
 * crash loses at most that much. Files rotate by compressed size and by age; each starts with its
 * own header so any one file replays alone. Recording never throws into the caller: the feed must
 * keep serving players when the disk is full.
 */
import { once } from 'node:events';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { constants, createGzip, type Gzip } from 'node:zlib';
import { type RecordedReply, RecordingFormat, type RecordingHeader, RecordingVersion } from './format.ts';

export interface RecorderOptions {
  /** Directory for rotated files `odds-<UTC time>-<part>.ndjson.gz`. One of `dir` or `file`. */
  dir?: string;
  /** One file, never rotated (the standalone recorder's `--out`). */
  file?: string;
  /** Rotate when the current file's compressed size reaches this (default 64 MiB). */
  maxBytes?: number;
  /** Rotate when the current file is this old (default 1 hour). */
  maxAgeMs?: number;
  /** Sync-flush interval; a crash loses at most this much (default 1000 ms). */
  flushMs?: number;
  /** Compressed output waiting for the disk beyond this drops new replies (default 32 MiB). */
  maxPendingBytes?: number;
  /** Header fields. */
  upstream?: string;
  source?: string;
  meta?: Record<string, unknown>;
  now?: () => number;
  /** Disk errors and drops; the recorder stops writing after a disk error. */
  onError?: (err: Error) => void;
}

export interface RecorderStats {
  replies: number;
  /** Compressed bytes produced (all files). */
  bytes: number;
  files: number;
  dropped: number;
}

export interface Recorder {
  record(entry: RecordedReply): void;
  /** Sync-flushes now; resolves once the bytes are in the file (the timer does this every flushMs). */
  flush(): Promise<void>;
  /** Flushes and closes the current file. Idempotent. */
  close(): Promise<void>;
  stats(): RecorderStats;
  /** Paths written so far, oldest first. */
  readonly files: readonly string[];
}

interface Sink {
  path: string;
  gzip: Gzip;
  out: WriteStream;
  openedAt: number;
  bytes: number;
  dirty: boolean;
  done: Promise<void>;
}

function stamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export function createRecorder(options: RecorderOptions): Recorder {
  if ((options.dir === undefined) === (options.file === undefined)) {
    throw new Error('createRecorder needs exactly one of dir or file');
  }
  const now = options.now ?? Date.now;
  const rotate = options.dir !== undefined;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60 * 60_000;
  const maxPending = options.maxPendingBytes ?? 32 * 1024 * 1024;
  const onError = options.onError ?? (() => {});
  if (options.dir !== undefined) mkdirSync(options.dir, { recursive: true });

  const files: string[] = [];
  const stats: RecorderStats = { replies: 0, bytes: 0, files: 0, dropped: 0 };
  let sink: Sink | undefined;
  let closed = false;
  let failed = false;
  const finishing: Promise<void>[] = [];

  function open(): Sink {
    const openedAt = now();
    const part = files.length;
    const path =
      options.file ??
      join(options.dir as string, `odds-${stamp(openedAt)}-${String(part).padStart(4, '0')}.ndjson.gz`);
    const gzip = createGzip();
    const out = createWriteStream(path, { flags: rotate ? 'wx' : 'w' });
    const next: Sink = { path, gzip, out, openedAt, bytes: 0, dirty: false, done: Promise.resolve() };
    gzip.on('data', (chunk: Buffer) => {
      next.bytes += chunk.length;
      stats.bytes += chunk.length;
    });
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      onError(err);
    };
    gzip.on('error', fail);
    out.on('error', fail);
    gzip.pipe(out);
    next.done = once(out, 'close').then(
      () => undefined,
      () => undefined,
    );
    const header: RecordingHeader = {
      format: RecordingFormat,
      version: RecordingVersion,
      startedAt: openedAt,
      upstream: options.upstream ?? '',
      ...(options.source ? { source: options.source } : {}),
      part,
      ...(options.meta ? { meta: options.meta } : {}),
    };
    gzip.write(`${JSON.stringify(header)}\n`);
    next.dirty = true;
    files.push(path);
    stats.files = files.length;
    return next;
  }

  function finish(s: Sink): void {
    s.gzip.end();
    finishing.push(s.done);
  }

  function flush(): Promise<void> {
    const s = sink;
    if (!s?.dirty || failed) return Promise.resolve();
    s.dirty = false;
    return new Promise((resolve) => {
      // An empty write completes after every earlier write to the file: the flushed bytes are in.
      s.gzip.flush(constants.Z_SYNC_FLUSH, () => {
        if (s.out.destroyed || s.out.writableEnded) resolve();
        else s.out.write(Buffer.alloc(0), () => resolve());
      });
    });
  }

  const timer = setInterval(() => {
    void flush();
    // An idle recorder still closes an old file, so its tail is complete on disk.
    if (sink && rotate && now() - sink.openedAt >= maxAgeMs) {
      finish(sink);
      sink = undefined;
    }
  }, options.flushMs ?? 1000);
  timer.unref();

  return {
    files,
    flush,
    record(entry) {
      if (closed || failed) return;
      try {
        if (sink && rotate && (sink.bytes >= maxBytes || now() - sink.openedAt >= maxAgeMs)) {
          finish(sink);
          sink = undefined;
        }
        sink ??= open();
        if (sink.gzip.writableLength + sink.out.writableLength > maxPending) {
          stats.dropped += 1;
          if (stats.dropped === 1 || stats.dropped % 1000 === 0) {
            onError(new Error(`recorder falling behind the disk: ${stats.dropped} replies dropped`));
          }
          return;
        }
        const line = JSON.stringify({ t: entry.t, call: entry.call, params: entry.params, body: entry.body });
        sink.gzip.write(`${line}\n`);
        sink.dirty = true;
        stats.replies += 1;
      } catch (err) {
        failed = true;
        onError(err as Error);
      }
    },
    async close() {
      if (closed) {
        await Promise.all(finishing);
        return;
      }
      closed = true;
      clearInterval(timer);
      if (sink) finish(sink);
      sink = undefined;
      await Promise.all(finishing);
    },
    stats: () => ({ ...stats }),
  };
}
