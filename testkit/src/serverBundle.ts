/**
 * A server entry bundled once per test process, with the production build's settings
 * (scripts/build.ts `bundleServer`: esbuild, one ES module for node20, the workspace packages
 * compiled in through their `source` export, every npm package left as an import). The process
 * tests and the chaos scenarios start real gateway and simulator processes from it: plain node loads the bundle in less
 * than half the CPU time that `--import tsx` spends compiling the sources at every start (the
 * chaos scenarios measured 2.9 s against 6.2 s), and one bundle serves every start of a worker.
 *
 * It is written under the package's `.tmp/` (git-ignored) so that its npm imports resolve from the
 * repo's node_modules and the simulator finds its media beside it, and removed when the process
 * exits; a worker ended without its exit handlers leaves one behind, removed by the next process
 * that bundles.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));

export type ServerSource = 'gateway/src/server.ts' | 'upstream-sim/src/server.ts';

const bundles = new Map<ServerSource, Promise<string>>();

/** npm packages stay imports (the production build's rule); node builtins and workspaces are bundled. */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@sportsbook/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The path of this process's bundle of `source` (built on first use). */
export function serverBundle(source: ServerSource): Promise<string> {
  let bundle = bundles.get(source);
  if (!bundle) {
    const dir = join(root, source.split('/')[0] as string, '.tmp');
    const out = join(dir, `test-${process.pid}-server.js`);
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      const pid = Number(/^test-(\d+)-server\.js(\.map)?$/.exec(name)?.[1]);
      if (pid > 0 && !alive(pid)) rmSync(join(dir, name), { force: true });
    }
    process.once('exit', () => remove(out));
    outs.push(out);
    // esbuild is loaded here, not at import: most files that import the testkit never bundle.
    bundle = import('esbuild')
      .then(({ build }) =>
        build({
          absWorkingDir: root,
          entryPoints: [source],
          outfile: out,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          conditions: ['source'],
          sourcemap: 'linked',
          logLevel: 'warning',
          plugins: [externalNpmPackages],
        }),
      )
      .then(() => out);
    // A failed build is not cached: the next caller tries again and sees the error.
    bundle.catch(() => bundles.delete(source));
    bundles.set(source, bundle);
  }
  return bundle;
}

const outs: string[] = [];

function remove(out: string): void {
  rmSync(out, { force: true });
  rmSync(`${out}.map`, { force: true });
}

/**
 * Removes this process's bundles now (a test file's afterAll: Vitest may end a worker without its
 * exit handlers); the next `serverBundle` call builds again.
 */
export function removeServerBundles(): void {
  for (const out of outs.splice(0)) remove(out);
  bundles.clear();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
