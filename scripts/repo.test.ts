import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
// The native TypeScript 7 compiler (package alias `typescript-native`) checks the same rules
// three to four times faster than 5.9's; 5.9 stays the `typescript` package for the tools that
// need its JS API (this file's comment reader, openapi-typescript). Its own path, because both
// packages name their binary `tsc` and either may own node_modules/.bin/tsc.
const nativeTsc = `${root}node_modules/typescript-native/bin/tsc`;
// One checker per project: by default the native compiler splits the files among four checkers,
// and each resolves the types the files share again. On the suite's 2 busy cores that costs CPU
// and gains no time: measured under load, 47 -> 21 s CPU for the web project, 28 -> 19 s for the
// node packages. The two projects run side by side instead (one process per core).
const OneChecker = ['--checkers', '1'];

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
  it.concurrent('typechecks the node packages (protocol, upstream-sim, gateway, scripts)', async () => {
    const { code, output } = await exitOf(nativeTsc, ['-p', 'tsconfig.json', '--noEmit', ...OneChecker]);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 240_000);

  it.concurrent('typechecks the web app and its end-to-end tests', async () => {
    const { code, output } = await exitOf(nativeTsc, ['-p', 'web/tsconfig.json', '--noEmit', ...OneChecker]);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 240_000);

  it('passes Biome lint and format checks', async () => {
    const { code, output } = await exitOf(bin('biome'), ['check', '.', '--max-diagnostics=20']);
    expect(code, output).toBe(0);
  }, 120_000);
});

// A comment says why the code is as it is (the rule, the constraint, the failure it prevents);
// which issue or session brought the code is history, and history is in git (`git log -S`,
// `git blame`). A number in a comment or a test's name means nothing to a reader without the
// tracker and goes stale, so the sources and the packages' docs never cite one.
const HistoryCite = /\bissues? \d+|\(#\d+\)|\bsession \d+/i;
const SourceRoots = [
  'protocol/src',
  'upstream-sim/src',
  'gateway/src',
  'testkit/src',
  'scripts',
  'web/src',
  'web/e2e',
  'web/tools',
];
// The packages' docs. Not BENCHMARKS.md, RELIABILITY.md, CAPACITY.md or the top-level docs' history
// sections: those record measured history by design.
const DocRoots = ['protocol', 'upstream-sim', 'gateway', 'testkit', 'scripts', 'web'];
// Cites allowed, `<file>: <text>`, each with why.
const AllowedCites: ReadonlyMap<string, string> = new Map([
  [
    'gateway/FEED.md: (BENCHMARKS.md, "Issue 20, last round")',
    "a pointer to BENCHMARKS.md's section of that title; BENCHMARKS.md records measured history by design",
  ],
]);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

const TestCall = /^(describe|it|test)(\.\w+)*$/;

/** Every comment of a source file and every test's name (`describe`/`it`/`test`, `.each` too). */
function commentsAndTestNames(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const seen = new Set<number>();
  const found: string[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      found.push(text.slice(r.pos, r.end));
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    if (ts.isCallExpression(node)) {
      const callee = ts.isCallExpression(node.expression) ? node.expression.expression : node.expression;
      const title = node.arguments[0];
      if (TestCall.test(callee.getText(file)) && title && ts.isStringLiteralLike(title))
        found.push(title.text);
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return found;
}

/** `<file>: <cite in context>` for every cite not allowed. */
function citesIn(path: string, texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    for (const line of text.split('\n')) {
      if (!HistoryCite.test(line)) continue;
      const allowed = [...AllowedCites.keys()].some(
        (key) => key.startsWith(`${path}: `) && line.includes(key.slice(path.length + 2)),
      );
      if (!allowed) out.push(`${path}: ${line.trim()}`);
    }
  }
  return out;
}

describe('comments say why, not which issue', () => {
  it('no comment or test name in the sources cites an issue or a session', () => {
    const sources = [
      ...SourceRoots.flatMap((dir) => filesUnder(dir, (name) => /\.tsx?$/.test(name))),
      'vitest.config.ts',
      'web/vite.config.ts',
    ];
    expect(sources.length).toBeGreaterThan(500);
    // Only a file whose text cites anywhere is parsed (parsing all of them takes a minute).
    const cites = sources.flatMap((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      return HistoryCite.test(text) ? citesIn(path, commentsAndTestNames(path, text)) : [];
    });
    expect(cites).toEqual([]);
  }, 60_000);

  it("no comment in the web's CSS cites an issue or a session", () => {
    // CSS holds no strings that could cite: the whole text is checked.
    const sheets = filesUnder('web/src', (name) => name.endsWith('.css'));
    expect(sheets).toContain('web/src/styles.css');
    expect(sheets.flatMap((path) => citesIn(path, [readFileSync(join(root, path), 'utf8')]))).toEqual([]);
  });

  it("no package's doc cites an issue or a session", () => {
    const docs = DocRoots.flatMap((dir) => filesUnder(dir, (name) => name.endsWith('.md'))).filter(
      (path) => !/(^|\/)(BENCHMARKS|RELIABILITY|CAPACITY)\.md$/.test(path),
    );
    expect(docs).toContain('protocol/RULES.md');
    expect(docs.flatMap((path) => citesIn(path, [readFileSync(join(root, path), 'utf8')]))).toEqual([]);
  });

  it('reads comments (JSX ones too) and test names, not code', () => {
    const cite = ['iss', 'ue 7'].join(''); // built, so this file's own text cites nothing
    const probe = [
      `// a rule (${cite})`,
      `const s = 'code (${cite})';`,
      `describe('a name (${cite})', () => {});`,
      `it.each([1])('each (${cite})', () => {});`,
      `const j = <div>{/* jsx (${cite}) */}</div>;`,
    ].join('\n');
    const cited = commentsAndTestNames('probe.tsx', probe).filter((text) => HistoryCite.test(text));
    expect(cited.sort()).toEqual(
      [`// a rule (${cite})`, `/* jsx (${cite}) */`, `a name (${cite})`, `each (${cite})`].sort(),
    );
    expect(HistoryCite.test('a session token, issued 3 times')).toBe(false);
  });
});
