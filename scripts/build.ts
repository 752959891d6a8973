/**
 * `npm run build`: the production build (deploy/README.md). Each server entry is bundled by esbuild
 * into one ES module under its package's `dist/`, with the workspace packages it imports
 * (`@sportsbook/protocol`, consumed as TypeScript source everywhere else) compiled in and every npm
 * package left as an import, resolved from the image's production-only node_modules. The build
 * fails when a bundle would import a package that is not a production dependency of its package
 * (or of a workspace package compiled into it): the image has no dev dependencies, so such a
 * bundle would fail at start in production only. Then the web app is built into web/dist
 * (`--servers-only` skips it).
 *
 * Nothing changes for development: tsx, Vitest and Vite keep reading the sources through the
 * `source` export condition.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A server entry: the source, the bundle, and the package whose production dependencies it may use. */
export interface ServerEntry {
  readonly source: string;
  readonly output: string;
  readonly pkg: string;
}

/** Everything that ships in the image and runs without tsx. Paths are relative to the repo root. */
export const ServerEntries: readonly ServerEntry[] = [
  { source: 'gateway/src/server.ts', output: 'gateway/dist/server.js', pkg: 'gateway' },
  { source: 'upstream-sim/src/server.ts', output: 'upstream-sim/dist/server.js', pkg: 'upstream-sim' },
  // GATEWAY_PROCESSES=N workers on one port; forks gateway/dist/server.js when compiled.
  { source: 'scripts/cluster-primary.ts', output: 'scripts/dist/cluster-primary.js', pkg: 'scripts' },
];

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as PackageJson;
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/** Workspace packages by name -> their folder. */
function workspaces(): Map<string, string> {
  const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  return new Map(rootPkg.workspaces.map((dir) => [readPackage(dir).name, dir]));
}

/** Keeps every npm package external; workspace packages are compiled in from their sources. */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@sportsbook/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The problems of one bundle: an imported npm package that is not a production dependency of the
 * entry's package or of a workspace package compiled into it, or a test-only workspace compiled in.
 */
export function bundleProblems(
  entry: ServerEntry,
  metafile: Metafile,
  spaces: Map<string, string>,
): string[] {
  const folders = new Map([...spaces].map(([name, dir]) => [dir, name]));
  const bundled = new Set<string>([entry.pkg]);
  for (const input of Object.keys(metafile.inputs)) {
    const dir = input.split('/')[0] as string;
    if (folders.has(dir)) bundled.add(dir);
  }
  const problems: string[] = [];
  const allowed = new Set<string>();
  for (const dir of bundled) {
    if (dir === 'testkit') problems.push(`${entry.output}: compiles in the test-only @sportsbook/testkit`);
    for (const dep of Object.keys(readPackage(dir).dependencies ?? {})) allowed.add(dep);
  }
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:')) continue;
      const name = packageOf(imported.path);
      if (!allowed.has(name))
        problems.push(
          `${entry.output}: imports ${name}, not a production dependency of ${[...bundled].join(', ')}`,
        );
    }
  }
  return problems;
}

/**
 * Bundles one server entry (a path from the repo root) into `outfile` (from the repo root, or
 * absolute) exactly as the production build does. The chaos scenarios run their gateway and
 * simulator processes from such a bundle: plain node loads it in less than half the CPU time that
 * `--import tsx` spends on the sources.
 */
export async function bundleServer(source: string, outfile: string): Promise<Metafile> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalNpmPackages],
    banner: { js: `// Built by scripts/build.ts from ${source}; do not edit.` },
  });
  return result.metafile;
}

/** Bundles every server entry; throws naming every problem. Returns the bundles' paths. */
export async function buildServers(): Promise<string[]> {
  const spaces = workspaces();
  const problems: string[] = [];
  for (const dir of new Set(ServerEntries.map((e) => dirname(e.output))))
    rmSync(join(root, dir), { recursive: true, force: true });
  for (const entry of ServerEntries) {
    const metafile = await bundleServer(entry.source, entry.output);
    problems.push(...bundleProblems(entry, metafile, spaces));
  }
  if (problems.length > 0) throw new Error(`build: ${problems.join('\n  ')}`);
  return ServerEntries.map((e) => join(root, e.output));
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const started = Date.now();
  const outputs = await buildServers();
  for (const out of outputs) console.log(`[build] ${relative(root, out)}`);
  if (!process.argv.includes('--servers-only')) {
    const web = spawnSync('npm', ['run', 'build', '-w', '@sportsbook/web'], { cwd: root, stdio: 'inherit' });
    if (web.status !== 0) process.exit(web.status ?? 1);
    console.log('[build] web/dist');
  }
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
