/**
 * The run's closing summary, from a real Vitest run of a fixture: a test that fails its first
 * attempt and passes its retry is listed with the failed attempt's error and the line it failed
 * at (Vitest's own reporters print nothing for it), and the closing line CI reads stays last.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the repo (git-ignored, outside every project's and the typecheck's files) so that the
// fixture resolves vitest from the repo's node_modules.
mkdirSync(join(root, '.tmp'), { recursive: true });
const dir = mkdtempSync(join(root, '.tmp/summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['*.test.ts'] } };\n");
writeFileSync(
  join(dir, 'flaky.test.ts'),
  [
    "import { expect, it } from 'vitest';",
    'let attempts = 0;',
    "it('fails its first attempt', () => {",
    '  attempts++;',
    "  expect(attempts, 'the first attempt').toBe(2);",
    '});',
    "it('steady', () => expect(1).toBe(1));",
    '',
  ].join('\n'),
);

async function run(retry: number): Promise<string> {
  const vitest = join(root, 'node_modules/vitest/vitest.mjs');
  const args = ['run', '--root', dir, '--config', 'vitest.config.mjs', `--retry=${retry}`];
  args.push('--reporter', join(root, 'scripts/summary-reporter.ts'));
  try {
    return (await promisify(execFile)(process.execPath, [vitest, ...args], { cwd: dir })).stdout;
  } catch (err) {
    // A failed test exits 1; its output is what is checked.
    return (err as { stdout: string }).stdout;
  }
}

describe('the summary reporter', () => {
  it('lists a test that passed on its retry with the failed attempt’s error and line, then the closing line', async () => {
    const out = await run(1);
    expect(out).toContain('Passed only on a retry (1), with the errors of the failed attempts:');
    expect(out).toContain('flaky.test.ts > fails its first attempt');
    expect(out).toContain('AssertionError: the first attempt: expected 1 to be 2');
    expect(out).toMatch(/at .*flaky\.test\.ts:5:\d+/);
    expect(out).not.toContain('/node_modules/');
    expect(out.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed, 0 skipped');
  });
  it('lists nothing when no test needed a retry (a failure is counted, not listed as retried)', async () => {
    const out = await run(0);
    expect(out).not.toContain('Passed only on a retry');
    expect(out.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed, 0 skipped');
  });
});
