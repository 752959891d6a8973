import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  ProblemKind,
  type RecordedReply,
  RecordingFormat,
  type RecordingProblem,
  readRecording,
  replyKey,
} from '@sportsbook/gateway';
import fc from 'fast-check';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { type ReplayUpstream, startReplayUpstream } from './server.ts';
import { formatGmt8, parseFrom, progressLine, Timeline } from './timeline.ts';

// 2025-11-22 21:00:00 GMT+8
const T0 = Date.UTC(2025, 10, 22, 13, 0, 0);
const market = { sport_id: 1, market_type: 'hdpou', group: 'live' };

/** One uxmarket reply per second for `n` seconds, the price carrying the second. */
function evening(n: number): RecordedReply[] {
  return Array.from({ length: n }, (_, i) => ({
    t: T0 + i * 1000,
    call: 'uxmarket' as const,
    params: market,
    body: { status: 1, statusdesc: 'success', data: { second: i } },
  }));
}

describe('Timeline', () => {
  it('plays at speed, pauses, seeks both ways and clamps to the recording', () => {
    let wall = 0;
    const tl = new Timeline(evening(600), { speed: 10, now: () => wall });
    expect(tl.position()).toBe(T0);
    wall = 1000;
    expect(tl.position()).toBe(T0 + 10_000);
    tl.pause();
    wall = 5000;
    expect(tl.position()).toBe(T0 + 10_000);
    tl.resume();
    wall = 5500;
    expect(tl.position()).toBe(T0 + 15_000);
    tl.seekBy(60_000);
    expect(tl.position()).toBe(T0 + 75_000);
    tl.seekBy(-120_000);
    expect(tl.position()).toBe(T0);
    tl.setSpeed(50);
    wall = 6500;
    expect(tl.position()).toBe(T0 + 50_000);
    wall = 1_000_000;
    expect(tl.position()).toBe(T0 + 599_000);
    expect(tl.state().ended).toBe(true);
    expect(() => tl.setSpeed(0)).toThrow(RangeError);
  });

  it('loops back to the start after the end', () => {
    let wall = 0;
    const tl = new Timeline(evening(10), { speed: 1, loop: true, now: () => wall });
    wall = 10_500;
    expect(tl.position()).toBe(T0 + 500);
    expect(tl.state().ended).toBe(false);
  });

  it('answers the latest reply at or before the position, and the first one before it', () => {
    const tl = new Timeline(evening(5), { mode: 'manual' });
    const second = (body: string | undefined) =>
      (JSON.parse(body ?? '{}') as { data: { second: number } }).data.second;
    expect(second(tl.lookup('uxmarket', market).body)).toBe(0);
    tl.seek(T0 + 2500);
    expect(second(tl.lookup('uxmarket', { group: 'live', market_type: 'hdpou', sport_id: 1 }).body)).toBe(2);
    expect(tl.lookup('uxmarket', { ...market, group: 'today' }).body).toBeUndefined();
  });

  it('lookup never answers a reply from the future (property)', () => {
    const tl = new Timeline(evening(100), { mode: 'manual' });
    fc.assert(
      fc.property(fc.integer({ min: T0 - 5000, max: T0 + 105_000 }), (at) => {
        tl.seek(at);
        const served = tl.lookup('uxmarket', market);
        const pos = tl.position();
        expect(served.t).toBe(Math.max(T0, Math.min(T0 + 99_000, T0 + Math.floor((pos - T0) / 1000) * 1000)));
      }),
      { numRuns: 300 },
    );
  });

  it('--from reads offsets, GMT+8 wall times of the recording day and refuses times outside it', () => {
    const start = T0 + 30_000; // 21:00:30 GMT+8
    const end = start + 3 * 3_600_000; // 00:00:30 next day
    expect(parseFrom('+5m', start, end)).toBe(start + 300_000);
    expect(parseFrom('+1h30m', start, end)).toBe(start + 5_400_000);
    expect(parseFrom('21:14', start, end)).toBe(T0 + 14 * 60_000);
    expect(parseFrom('21:00', start, end)).toBe(start);
    expect(parseFrom('23:59:59', start, end)).toBe(T0 + (2 * 3600 + 59 * 60 + 59) * 1000);
    expect(parseFrom('00:00', start, end)).toBe(T0 + 3 * 3_600_000);
    expect(() => parseFrom('20:00', start, end)).toThrow(/outside the recording/);
    expect(() => parseFrom('quarter past nine', start, end)).toThrow(/use \+5m/);
    expect(formatGmt8(T0)).toBe('2025-11-22 21:00:00');
  });

  it('the progress line shows position, total and speed', () => {
    const tl = new Timeline(evening(181), { mode: 'manual', speed: 10 });
    tl.seek(T0 + 65_000);
    expect(progressLine(tl.state())).toBe('21:01:05 GMT+8  1:05 / 3:00  x10  playing');
  });
});

describe('replay upstream server', () => {
  const running: ReplayUpstream[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function post(url: string, body: unknown) {
    const res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
  }

  it('serves recorded odds at the replay clock; the admin call seeks forward and back', async () => {
    const replay = await startReplayUpstream({
      recording: { files: [], headers: [], entries: evening(600), problems: [] },
      clock: 'manual',
      forward: false,
    });
    running.push(replay);
    const odds = async () =>
      ((await post(`${replay.url}/odds/uxmarket`, market)).body.data as { second: number }).second;
    expect(await odds()).toBe(0);
    const fwd = await post(`${replay.url}/admin/replay`, { action: 'seek', to: '21:05' });
    expect(fwd.body.replay).toMatchObject({ position: T0 + 300_000 });
    expect(await odds()).toBe(300);
    await post(`${replay.url}/admin/replay`, { action: 'seek', by: -120_000 });
    expect(await odds()).toBe(180);
    await post(`${replay.url}/admin/replay`, { action: 'seek', to: '+1m' });
    expect(await odds()).toBe(60);
    const bad = await post(`${replay.url}/admin/replay`, { action: 'speed', speed: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/speed must be/);
    // A view that was never recorded is empty, not an error.
    const other = await post(`${replay.url}/odds/uxmarket`, { ...market, group: 'early' });
    expect(other.body).toMatchObject({ status: 1, data: { matches: [] } });
    expect((await post(`${replay.url}/odds/uxmatch`, { match_id: 9 })).body.statusdesc).toBe('matchHide');
  });

  it('forwards accounts and bets to the simulator it starts', async () => {
    const replay = await startReplayUpstream({
      recording: { files: [], headers: [], entries: evening(3), problems: [] },
      clock: 'manual',
      sim: { world: { liveMatches: 2 } },
    });
    running.push(replay);
    expect(replay.sim).toBeDefined();
    const login = await post(`${replay.url}/authlogin`, { account_id: 'demo01', password: 'demo1234' });
    expect(login.body).toMatchObject({ status: 1, statusdesc: 'success' });
    const wrong = await post(`${replay.url}/authlogin`, { account_id: 'demo01', password: 'nope1234' });
    expect(wrong.body.statusdesc).toBe('invalid_password');
  });

  it('a corrupt file replays its readable part and reports each problem with its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    dirs.push(dir);
    const file = join(dir, 'bad.ndjson.gz');
    const header = JSON.stringify({ format: RecordingFormat, version: 1, startedAt: T0, upstream: 'x' });
    const lines = evening(5).map((e) => JSON.stringify(e));
    lines[2] = '{"t": oops';
    const full = gzipSync(`${[header, ...lines].join('\n')}\n`);
    writeFileSync(file, full.subarray(0, full.length - 6)); // and the gzip trailer cut off
    const problems: RecordingProblem[] = [];
    const replay = await startReplayUpstream({
      file,
      clock: 'manual',
      forward: false,
      onProblem: (p) => problems.push(p),
    });
    running.push(replay);
    expect(problems.map((p) => [p.kind, p.line])).toEqual([
      [ProblemKind.corrupt, 4],
      [ProblemKind.truncated, 7],
    ]);
    expect(replay.timeline.instants).toEqual([T0, T0 + 1000, T0 + 3000, T0 + 4000]);
    replay.stepTo(T0 + 2000);
    expect((await post(`${replay.url}/odds/uxmarket`, market)).body.data).toEqual({ second: 1 });
  });

  it('the shipped sample reads without problems, holds in-play soccer and stays under 2 MB', async () => {
    const file = new URL('../../recordings/sample.ndjson.gz', import.meta.url).pathname;
    expect(statSync(file).size).toBeLessThanOrEqual(2 * 1024 * 1024);
    const read = await readRecording(file);
    expect(read.problems).toEqual([]);
    const live = read.entries.filter((e) => replyKey(e.call, e.params) === replyKey('uxmarket', market));
    expect(live.length).toBeGreaterThan(60);
    expect((live.at(-1)?.t ?? 0) - (live[0]?.t ?? 0)).toBeGreaterThanOrEqual(60_000);
  });

  it('a file with nothing readable is a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    dirs.push(dir);
    const file = join(dir, 'v2.ndjson.gz');
    writeFileSync(
      file,
      gzipSync(`${JSON.stringify({ format: RecordingFormat, version: 2, startedAt: 1, upstream: '' })}\n`),
    );
    await expect(startReplayUpstream({ file, forward: false })).rejects.toThrow(
      /nothing to replay.*v2\.ndjson\.gz:1: file refused: written by a newer format version 2/,
    );
  });
});
