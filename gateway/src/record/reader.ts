/**
 * Reads recordings (RECORDING.md) and keeps what is readable: a truncated gzip tail (a crash, a
 * copy cut short) yields every line before the cut; a corrupt line is skipped; a file or line of a
 * newer format version is refused. Each problem names the file and line, and the caller decides
 * whether to go on with the rest.
 */
import { closeSync, createReadStream, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parseHeader, parseReply, type RecordedReply, type RecordingHeader } from './format.ts';

export const ProblemKind = {
  corrupt: 'corrupt',
  newerVersion: 'newerVersion',
  truncated: 'truncated',
  header: 'header',
  io: 'io',
} as const;
export type ProblemKind = (typeof ProblemKind)[keyof typeof ProblemKind];

export interface RecordingProblem {
  kind: ProblemKind;
  file: string;
  /** 1-based line number in the decompressed file (0 when the problem is the whole file). */
  line: number;
  message: string;
}

export interface Recording {
  files: string[];
  /** The header of each file that had a readable one, in file order. */
  headers: RecordingHeader[];
  /** Every readable reply, ordered by receive time (stable). */
  entries: RecordedReply[];
  problems: RecordingProblem[];
}

export interface ReadOptions {
  /** Called as each problem is found (the CLI prints it at once). */
  onProblem?: (problem: RecordingProblem) => void;
}

/** `path` is a recording file or a directory of them (a gateway's RECORD_DIR, rotated parts). */
export function recordingFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith('.ndjson.gz') || name.endsWith('.ndjson'))
    .sort()
    .map((name) => join(path, name));
}

export function describeProblem(p: RecordingProblem): string {
  return p.line > 0 ? `${p.file}:${p.line}: ${p.message}` : `${p.file}: ${p.message}`;
}

function gzipMagic(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } catch {
    // The read stream reports the error with its code.
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Streams one file's lines (decompressing when it starts with the gzip magic). Resolves with the
 * number of complete lines and the decompression error, if any, after every readable line was given.
 */
function streamLines(
  file: string,
  onLine: (text: string, line: number) => boolean,
): Promise<{ lines: number; error?: Error; partial?: string }> {
  return new Promise((resolve) => {
    const source = createReadStream(file);
    let lineNo = 0;
    let rest = '';
    let stopped = false;
    let settled = false;
    const done = (error?: Error) => {
      if (settled) return;
      settled = true;
      source.destroy();
      const partial = rest.length > 0 && !stopped ? rest : undefined;
      resolve({ lines: lineNo, ...(error ? { error } : {}), ...(partial !== undefined ? { partial } : {}) });
    };
    const take = (text: string) => {
      if (stopped) return;
      rest += text;
      let from = 0;
      let nl = rest.indexOf('\n', from);
      while (nl >= 0) {
        const line = rest.slice(from, nl);
        from = nl + 1;
        lineNo += 1;
        if (!onLine(line, lineNo)) {
          stopped = true;
          rest = '';
          done();
          return;
        }
        nl = rest.indexOf('\n', from);
      }
      rest = rest.slice(from);
    };
    source.on('error', (err) => done(err));
    const text: Readable = gzipMagic(file) ? source.pipe(createGunzip()) : source;
    text.setEncoding('utf8');
    text.on('data', (chunk: string) => take(chunk));
    text.on('error', (err: Error) => done(err));
    text.on('end', () => done());
  });
}

/** Reads one file or a directory of rotated files. Never throws for damaged content. */
export async function readRecording(
  path: string | readonly string[],
  options: ReadOptions = {},
): Promise<Recording> {
  const files: string[] = [];
  const problems: RecordingProblem[] = [];
  const report = (p: RecordingProblem) => {
    problems.push(p);
    options.onProblem?.(p);
  };
  for (const p of typeof path === 'string' ? [path] : path) {
    try {
      files.push(...recordingFiles(p));
    } catch (err) {
      report({ kind: ProblemKind.io, file: p, line: 0, message: (err as Error).message });
    }
  }
  const headers: RecordingHeader[] = [];
  const entries: RecordedReply[] = [];

  for (const file of files) {
    const before = entries.length;
    const result = await streamLines(file, (text, line) => {
      if (text.trim() === '') return true;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        report({
          kind: ProblemKind.corrupt,
          file,
          line,
          message: `corrupt line skipped (${(err as Error).message})`,
        });
        return true;
      }
      if (line === 1) {
        const header = parseHeader(value);
        if (header.ok) {
          headers.push(header.value);
          return true;
        }
        if (header.newerVersion !== undefined) {
          report({ kind: ProblemKind.newerVersion, file, line, message: `file refused: ${header.error}` });
          return false;
        }
        // No header (cut from the front, or written by hand): the lines describe themselves.
        if (parseReply(value).ok) {
          report({
            kind: ProblemKind.header,
            file,
            line,
            message: 'no header; reading the lines as version 1',
          });
        } else {
          report({ kind: ProblemKind.header, file, line, message: `bad header skipped (${header.error})` });
          return true;
        }
      }
      const reply = parseReply(value);
      if (reply.ok) entries.push(reply.value);
      else
        report({
          kind: reply.newerVersion !== undefined ? ProblemKind.newerVersion : ProblemKind.corrupt,
          file,
          line,
          message: `line skipped: ${reply.error}`,
        });
      return true;
    });
    const read = entries.length - before;
    if (result.error) {
      const code = (result.error as NodeJS.ErrnoException).code;
      const isIo = code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR';
      report({
        kind: isIo ? ProblemKind.io : ProblemKind.truncated,
        file,
        line: isIo ? 0 : result.lines + 1,
        message: isIo
          ? result.error.message
          : `${result.error.message} after line ${result.lines}: the file is cut short (crash or partial copy); ${read} replies before it are kept`,
      });
    } else if (result.partial !== undefined) {
      // The writer always ends a line with a newline: a tail without one is an interrupted write.
      let kept = false;
      try {
        const reply = parseReply(JSON.parse(result.partial));
        if (reply.ok) {
          entries.push(reply.value);
          kept = true;
        }
      } catch {
        // reported below
      }
      if (!kept) {
        report({
          kind: ProblemKind.truncated,
          file,
          line: result.lines + 1,
          message: 'incomplete last line skipped (the file ends mid-line)',
        });
      }
    }
  }
  entries.sort((a, b) => a.t - b.t);
  return { files, headers, entries, problems };
}
