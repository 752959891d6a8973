/**
 * The simulator's request log lines are quiet by default (the gateway polls several calls a second,
 * which would bury `npm start`'s banner) and shown at LOG_LEVEL=debug.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildSim } from './app.ts';

async function linesAt(level: string): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = buildSim({ logger: { level, stream }, clock: 'manual' });
  try {
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/odds/uxmenu', payload: {} });
    expect(res.statusCode).toBeLessThan(500);
    await app.inject({ method: 'POST', url: '/nosuchcall', payload: {} });
  } finally {
    await app.close();
  }
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('simulator request logs', () => {
  it('leaves out request lines at info and keeps them at debug', async () => {
    const info = await linesAt('info');
    expect(info).not.toContain('incoming request');
    expect(info).not.toContain('request completed');
    const debug = await linesAt('debug');
    expect(debug).toContain('incoming request');
    expect(debug).toContain('request completed');
  });
});
