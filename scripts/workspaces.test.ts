/**
 * The workspace boundaries, checked on every source file: production code never imports the
 * testkit, no file reaches into another package's folder by relative path, and every
 * `@sportsbook/*` import is declared in the importing package's package.json (production code in
 * `dependencies`; tests may also use `devDependencies`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const Packages = ['protocol', 'upstream-sim', 'gateway', 'web', 'scripts', 'testkit'] as const;

/**
 * Test code: test files, the testkit, the browser tests, and the harnesses that drive the real
 * stack from scripts (benchmarks, chaos scenarios). Everything else is production.
 */
const TestFolders = ['testkit/', 'web/e2e/', 'scripts/bench/', 'scripts/chaos/'];
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || TestFolders.some((folder) => file.startsWith(folder));
/** The board benchmark's page bundles the web app's components from source. */
const mayReachAcross = (file: string) => file.startsWith('scripts/bench/');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Module specifiers of static imports, re-exports and dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const pattern =
    /\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec) found.push(spec);
  }
  return found;
}

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifests = new Map(
  Packages.map((pkg) => [pkg, JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8')) as Manifest]),
);

const files = Packages.flatMap((pkg) => [...sources(pkg)]).map((file) => ({
  file,
  pkg: file.slice(0, file.indexOf('/')) as (typeof Packages)[number],
  imports: specifiers(readFileSync(join(root, file), 'utf8')),
}));

describe('workspace boundaries', () => {
  it('finds the sources and their imports', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(
      specifiers("import { a } from 'x';\nexport * from \"./y.ts\";\nawait import('z');\nimport './c.css';"),
    ).toEqual(['x', './y.ts', 'z', './c.css']);
  });

  it('production code never imports the testkit', () => {
    const offenders = files
      .filter(({ file }) => !isTestCode(file))
      .filter(({ imports }) => imports.some((spec) => spec.startsWith('@sportsbook/testkit')))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it("no file imports another package's files by relative path", () => {
    const offenders: string[] = [];
    for (const { file, pkg, imports } of files) {
      if (mayReachAcross(file)) continue;
      for (const spec of imports.filter((s) => s.startsWith('.'))) {
        const target = relative(root, resolve(root, dirname(file), spec));
        if (target !== pkg && !target.startsWith(`${pkg}/`)) offenders.push(`${file} -> ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("every @sportsbook import is declared in the importing package's package.json", () => {
    const missing: string[] = [];
    for (const { file, pkg, imports } of files) {
      const manifest = manifests.get(pkg) ?? {};
      const declared = new Set(Object.keys(manifest.dependencies ?? {}));
      if (isTestCode(file))
        for (const name of Object.keys(manifest.devDependencies ?? {})) declared.add(name);
      for (const spec of imports.filter((s) => s.startsWith('@sportsbook/'))) {
        const name = spec.split('/').slice(0, 2).join('/');
        if (name !== `@sportsbook/${pkg}` && !declared.has(name)) missing.push(`${file} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
