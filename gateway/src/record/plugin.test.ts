import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../app.ts';
import { configFromEnv } from '../config.ts';
import { readRecording } from './reader.ts';

describe('RECORD_DIR wiring', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reads RECORD_DIR and the rotation bounds from the environment', () => {
    expect(configFromEnv({}).recordDir).toBeUndefined();
    const config = configFromEnv({
      RECORD_DIR: '/tmp/odds',
      RECORD_MAX_BYTES: '1000',
      RECORD_MAX_AGE_MS: '60000',
    });
    expect(config).toMatchObject({ recordDir: '/tmp/odds', recordMaxBytes: 1000, recordMaxAgeMs: 60_000 });
    expect(() => configFromEnv({ RECORD_MAX_BYTES: '-1' })).toThrow(/RECORD_MAX_BYTES/);
  });

  it('app.recorder exists only with recordDir, and closing the app completes its file', async () => {
    const off = await buildGateway({ upstreamUrl: 'http://127.0.0.1:9', webDist: undefined, warmTopics: [] });
    expect(off.recorder).toBeNull();
    await off.close();

    const dir = mkdtempSync(join(tmpdir(), 'gw-rec-'));
    dirs.push(dir);
    const app = await buildGateway({
      upstreamUrl: 'http://127.0.0.1:9',
      webDist: undefined,
      warmTopics: [],
      recordDir: dir,
    });
    expect(app.recorder).not.toBeNull();
    app.recorder?.record({ t: 1, call: 'uxmenu', params: {}, body: { status: 1, data: { sports: [] } } });
    await app.close();
    const read = await readRecording(dir);
    expect(read.problems).toEqual([]);
    expect(read.headers[0]).toMatchObject({ source: 'gateway', upstream: 'http://127.0.0.1:9' });
    expect(read.entries).toHaveLength(1);
  });
});
