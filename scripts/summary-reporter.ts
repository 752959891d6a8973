import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** An error of a failed attempt, as the runner keeps it on the test's result. */
interface AttemptError {
  readonly name?: string;
  readonly message?: string;
  readonly stack?: string;
}

/** Lines of an attempt's error worth reading in a CI log: its message and the first frames. */
const MessageLines = 12;
const StackFrames = 4;

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are what it removes
const ansi = /\u001b\[[0-9;]*m/g;

/**
 * Ends every run with the plain closing line `N passed, N failed, N skipped`, which CI reads. Before
 * it, every test that passed only on a retry, with the errors of its failed attempts: Vitest's own
 * reporters print nothing for them, so a flaky test's cause was lost with the attempt.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const retried: string[] = [];
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') {
          passed++;
          if (result.errors?.length) retried.push(describeRetried(mod, test, result.errors));
        } else if (result.state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed outside its tests (a setup hook, an import) counts as one failure,
      // even when its tests were all skipped because of it.
      if (mod.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    if (retried.length > 0)
      process.stdout.write(
        `\nPassed only on a retry (${retried.length}), with the errors of the failed attempts:\n${retried.join('\n')}`,
      );
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** One test that passed on a retry: where it is, then each failed attempt's error, indented. */
export function describeRetried(
  mod: Pick<TestModule, 'moduleId'>,
  test: Pick<TestCase, 'fullName'>,
  errors: readonly AttemptError[],
): string {
  const lines = [`  ${mod.moduleId} > ${test.fullName}`];
  for (const error of errors) {
    const message = `${error.name ?? 'Error'}: ${error.message ?? ''}`.replace(ansi, '').split('\n');
    const frames = (error.stack ?? '')
      .replace(ansi, '')
      .split('\n')
      .filter((line) => /^\s*at /.test(line) && !line.includes('/node_modules/'))
      .slice(0, StackFrames);
    for (const line of [...message.slice(0, MessageLines), ...frames]) lines.push(`    ${line.trimEnd()}`);
  }
  return `${lines.join('\n')}\n`;
}
