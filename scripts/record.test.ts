import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecording, replyKey } from '@sportsbook/gateway';
import { parseTopic } from '@sportsbook/protocol';
import { startSim } from '@sportsbook/upstream-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { intervalOf, type RecordProgress, recordUpstream } from './record.ts';

const factors = { live: 1, today: 5, early: 10, menu: 5, match: 1 };

describe('standalone recorder (npm run record)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('polls each topic on the gateway intervals', () => {
    const topic = (name: string) => {
      const parsed = parseTopic(name);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value;
    };
    expect(intervalOf(topic('odds/1/hdpou/live'), 1000, factors)).toBe(1000);
    expect(intervalOf(topic('odds/1/hdpou/early'), 1000, factors)).toBe(10_000);
    expect(intervalOf(topic('menu'), 1000, factors)).toBe(5000);
    expect(intervalOf(topic('match/7'), 1000, factors)).toBe(1000);
  });

  it('records every topic from an upstream into one readable file, stopped early by a signal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'record-'));
    dirs.push(dir);
    const out = join(dir, 'evening.ndjson.gz');
    const sim = await startSim({ clock: 'manual', world: { liveMatches: 4 } });
    const stop = new AbortController();
    const progress: RecordProgress[] = [];
    try {
      const recording = recordUpstream({
        upstream: sim.url,
        out,
        durationMs: 600_000,
        topics: ['menu', 'odds/1/hdpou/live'],
        pollIntervalMs: 10,
        groupFactors: factors,
        signal: stop.signal,
        onProgress: (p) => progress.push(p),
      });
      // Stop once the file holds a few polls of each topic (flushed at close).
      const calls = async (call: string) => {
        const m = await sim.app.sim.metrics.registry.getSingleMetricAsString('upstream_sim_calls_total');
        const line = m.split('\n').find((l) => l.includes(`call="${call}"`));
        return Number(line?.slice(line.lastIndexOf(' ') + 1) ?? 0);
      };
      await expect.poll(() => calls('uxmenu'), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      stop.abort();
      const result = await recording;
      expect(result.failures).toBe(0);
      expect(progress.at(-1)?.replies).toBe(result.replies);
      const read = await readRecording(out);
      expect(read.problems).toEqual([]);
      expect(read.headers[0]).toMatchObject({
        source: 'record',
        upstream: sim.url,
        meta: { topics: ['menu', 'odds/1/hdpou/live'] },
      });
      const keys = new Set(read.entries.map((e) => replyKey(e.call, e.params)));
      expect(keys).toEqual(
        new Set([
          replyKey('uxmenu', {}),
          replyKey('uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'live' }),
        ]),
      );
      expect(read.entries.length).toBe(result.replies);
      expect(read.entries.every((e) => (e.body as { status: number }).status === 1)).toBe(true);
    } finally {
      stop.abort();
      await sim.close();
    }
  });
});
