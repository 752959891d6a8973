import { describe, expect, it } from 'vitest';
import { durationsOf } from './testDurations.ts';

describe('the last run table the sequencer orders a fresh clone by', () => {
  it('reads finished files from a coloured Vitest log, a second or more, longest first', () => {
    const log = [
      ' \x1b[32m✓\x1b[39m \x1b[30m\x1b[46m e2e \x1b[49m\x1b[39m web/e2e/book.test.ts \x1b[2m(8 tests)\x1b[22m\x1b[33m 121505ms\x1b[39m',
      ' ✓  web  web/src/a.test.tsx (3 tests) 18ms',
      ' ❯  gateway  gateway/src/feed/feed.test.ts (12 tests | 1 failed) 9876ms',
      '     ✓ a test inside a file 5000ms',
      ' ✓  e2e  web/e2e/a11y.phone.test.ts (5 tests) 250049ms',
    ].join('\n');
    expect(durationsOf(log)).toEqual({
      'e2e:web/e2e/a11y.phone.test.ts': 250000,
      'e2e:web/e2e/book.test.ts': 121500,
      'gateway:gateway/src/feed/feed.test.ts': 9900,
    });
    expect(Object.keys(durationsOf(log))[0]).toBe('e2e:web/e2e/a11y.phone.test.ts');
  });
});
