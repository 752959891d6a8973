import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalJson, type RecordedReply, RecordingFormat, replyKey } from './format.ts';
import { ProblemKind, readRecording } from './reader.ts';
import { createRecorder } from './writer.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rec-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function reply(i: number, t = 1_763_800_000_000 + i * 1000): RecordedReply {
  return {
    t,
    call: i % 3 === 0 ? 'uxmenu' : 'uxmarket',
    params: i % 3 === 0 ? {} : { sport_id: 1, market_type: 'hdpou', group: 'live' },
    body: { status: 1, statusdesc: 'success', data: { n: i, pad: 'odds '.repeat(i % 7) } },
  };
}

/** A v1 file from lines, to damage on purpose. */
function gzLines(lines: string[]): Buffer {
  return gzipSync(`${lines.join('\n')}\n`);
}
const header = JSON.stringify({ format: RecordingFormat, version: 1, startedAt: 1, upstream: 'http://x' });

describe('recorder and reader', () => {
  it('reads back exactly what was recorded, header first', async () => {
    const file = join(tempDir(), 'one.ndjson.gz');
    const rec = createRecorder({ file, upstream: 'http://sim', source: 'test', meta: { seed: 1 } });
    const written = Array.from({ length: 200 }, (_, i) => reply(i));
    for (const r of written) rec.record(r);
    await rec.close();
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      format: RecordingFormat,
      version: 1,
      upstream: 'http://sim',
    });
    const read = await readRecording(file);
    expect(read.problems).toEqual([]);
    expect(read.headers[0]?.meta).toEqual({ seed: 1 });
    expect(read.entries).toEqual(written);
    expect(rec.stats()).toMatchObject({ replies: 200, files: 1, dropped: 0 });
  });

  it('rotates by size, each file with its own header, and a directory reads as one recording', async () => {
    const dir = tempDir();
    const rec = createRecorder({ dir, maxBytes: 2_000, upstream: 'http://sim' });
    const written = Array.from({ length: 300 }, (_, i) => ({
      ...reply(i),
      body: { status: 1, data: { noise: `${i}-${(i * 7919) % 10007}-${'x'.repeat(i % 50)}` } },
    }));
    for (const r of written) {
      rec.record(r);
      // Compressed size is known once gzip has produced output; flushing every few replies does that.
      if (r.t % 10_000 === 0) await rec.flush();
    }
    await rec.close();
    expect(rec.files.length).toBeGreaterThan(2);
    const read = await readRecording(dir);
    expect(read.problems).toEqual([]);
    expect(read.headers.map((h) => h.part)).toEqual(rec.files.map((_, i) => i));
    expect(read.entries).toEqual(written);
  });

  it('rotates by age', async () => {
    const dir = tempDir();
    let clock = 0;
    const rec = createRecorder({ dir, maxAgeMs: 60_000, now: () => clock });
    for (let i = 0; i < 10; i++) {
      clock = i * 20_000;
      rec.record(reply(i, clock));
    }
    await rec.close();
    // Opened at 0, 60 000, 120 000, 180 000.
    expect(rec.files).toHaveLength(4);
    expect((await readRecording(dir)).entries).toHaveLength(10);
  });

  it('a crash after a flush loses nothing flushed: the unfinished file reads up to the flush', async () => {
    const dir = tempDir();
    const file = join(dir, 'live.ndjson.gz');
    const rec = createRecorder({ file });
    for (let i = 0; i < 50; i++) rec.record(reply(i));
    await rec.flush();
    // The file as a crash leaves it: no gzip trailer, the process gone.
    const crashed = join(dir, 'crashed.ndjson.gz');
    copyFileSync(file, crashed);
    await rec.close();
    const read = await readRecording(crashed);
    expect(read.entries).toHaveLength(50);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toMatchObject({ kind: ProblemKind.truncated, line: 52 });
    expect(read.problems[0]?.message).toMatch(/cut short.*50 replies/);
  });

  it('the flush timer makes recent replies readable while the file is open', async () => {
    const file = join(tempDir(), 'timer.ndjson.gz');
    const rec = createRecorder({ file, flushMs: 10 });
    rec.record(reply(1));
    // Awaiting the recorder's own flush would prove nothing: wait until the timer's bytes are there.
    await expect
      .poll(async () => (await readRecording(file)).entries.length, { timeout: 5000, interval: 20 })
      .toBe(1);
    await rec.close();
  });

  it('truncated gzip: keeps the lines before the cut and names the line', async () => {
    const lines = [header, ...Array.from({ length: 40 }, (_, i) => JSON.stringify(reply(i)))];
    const full = gzLines(lines);
    const file = join(tempDir(), 'cut.ndjson.gz');
    writeFileSync(file, full.subarray(0, Math.floor(full.length * 0.7)));
    const read = await readRecording(file);
    expect(read.entries.length).toBeGreaterThan(0);
    expect(read.entries.length).toBeLessThan(40);
    expect(read.entries).toEqual(Array.from({ length: read.entries.length }, (_, i) => reply(i)));
    const problem = read.problems.find((p) => p.kind === ProblemKind.truncated);
    expect(problem?.line).toBe(read.entries.length + 2);
  });

  it('corrupt lines are skipped with the line number; the rest is read', async () => {
    const lines = [
      header,
      JSON.stringify(reply(0)),
      '{"t":17638000010',
      JSON.stringify(reply(2)),
      JSON.stringify({ t: 5, call: 'uxnothing', params: {}, body: {} }),
      JSON.stringify(reply(4)),
    ];
    const file = join(tempDir(), 'corrupt.ndjson.gz');
    writeFileSync(file, gzLines(lines));
    const read = await readRecording(file);
    expect(read.entries).toEqual([reply(0), reply(2), reply(4)]);
    expect(read.problems.map((p) => [p.kind, p.line])).toEqual([
      [ProblemKind.corrupt, 3],
      [ProblemKind.corrupt, 5],
    ]);
    expect(read.problems[1]?.message).toContain('unknown call "uxnothing"');
  });

  it('a file of a newer format version is refused with a clear message; other files still read', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.ndjson.gz'), gzLines([header, JSON.stringify(reply(1))]));
    writeFileSync(
      join(dir, 'b.ndjson.gz'),
      gzLines([
        JSON.stringify({ format: RecordingFormat, version: 2, startedAt: 1, upstream: '' }),
        '{"x":1}',
      ]),
    );
    writeFileSync(
      join(dir, 'c.ndjson.gz'),
      gzLines([header, JSON.stringify({ ...reply(3), v: 2 }), JSON.stringify(reply(4))]),
    );
    const read = await readRecording(dir);
    expect(read.entries).toEqual([reply(1), reply(4)]);
    expect(read.problems.map((p) => [p.file.slice(-11), p.kind, p.line])).toEqual([
      ['b.ndjson.gz', ProblemKind.newerVersion, 1],
      ['c.ndjson.gz', ProblemKind.newerVersion, 2],
    ]);
    expect(read.problems[0]?.message).toMatch(/newer format version 2; this reader knows version 1/);
  });

  it('plain (uncompressed) NDJSON reads too', async () => {
    const file = join(tempDir(), 'plain.ndjson');
    writeFileSync(file, `${header}\n${JSON.stringify(reply(1))}\n`);
    expect((await readRecording(file)).entries).toEqual([reply(1)]);
  });

  it('a missing file is an io problem, not a throw', async () => {
    const read = await readRecording(join(tempDir(), 'nope.ndjson.gz'));
    expect(read.entries).toEqual([]);
    expect(read.problems[0]?.kind).toBe(ProblemKind.io);
  });
});

describe('replyKey', () => {
  it('is the same whatever the order of the params keys', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.string(), fc.boolean())), (params) => {
        const reversed = Object.fromEntries(Object.entries(params).reverse());
        expect(replyKey('uxmarket', reversed)).toBe(replyKey('uxmarket', params));
        expect(JSON.parse(canonicalJson(params))).toEqual(params);
      }),
      { numRuns: 300 },
    );
  });
});
