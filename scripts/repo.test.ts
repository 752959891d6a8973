import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;

async function exitOf(cmd: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

// The whole repo typechecks under strict TypeScript and passes the one linter/formatter, so a type
// error or an unformatted file fails `npm test` (and CI), not just a developer's editor.
describe('repository hygiene', () => {
  it('typechecks the node packages (protocol, upstream-sim, gateway, scripts)', async () => {
    const { code, output } = await exitOf(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 240_000);

  it('typechecks the web app and its end-to-end tests', async () => {
    const { code, output } = await exitOf(bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 240_000);

  it('passes Biome lint and format checks', async () => {
    const { code, output } = await exitOf(bin('biome'), ['check', '.', '--max-diagnostics=20']);
    expect(code, output).toBe(0);
  }, 120_000);
});
