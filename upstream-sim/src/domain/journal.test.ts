import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileJournal } from './journal.ts';

describe('the clock mark of a file journal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-journal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the last marked time across a reopen, a shorter number replacing a longer one whole', () => {
    const first = fileJournal(dir);
    expect(first.loadClock()).toBeUndefined();
    first.markClock(1_768_017_600_123);
    first.markClock(42);
    // No close: a crash leaves what the last write put there.
    expect(readFileSync(join(dir, 'clock'), 'utf8').trim()).toBe('42');
    const second = fileJournal(dir);
    expect(second.loadClock()).toBe(42);
    first.close();
    second.close();
  });

  it('reads an unreadable mark as none', () => {
    writeFileSync(join(dir, 'clock'), 'garbage\n');
    const journal = fileJournal(dir);
    expect(journal.loadClock()).toBeUndefined();
    journal.close();
  });
});
