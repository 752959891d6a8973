/**
 * The recipes (ARCHITECTURE.md "Recipes" and their longer versions in protocol/CALLS.md,
 * gateway/FEED.md and web/README.md) against the code. A recipe is read step by step (a list item
 * or a paragraph); in each step:
 * - every file or folder written in backticks exists: a path from the repository's root or from the
 *   document's folder, or a bare file name in a folder the same step names. A path with a
 *   placeholder (`web/src/features/<feature>/<Name>Page.tsx`) needs the folder before its first
 *   placeholder;
 * - every symbol written in backticks is declared in a file the same step names: a name with a
 *   capital (`CallSchemas`, `TopicGate.admit`), a dotted name (`api.call`) or a call
 *   (`advance(head, model, pt)`). A plain lower-case word (a call or topic name: `rooms`,
 *   `esports2live`), an environment variable (`REDIS_URL`) or a code of the error catalogue
 *   (`matchHide`) is not a symbol.
 * So a file that moves, or a symbol renamed or moved to another file, fails here until the recipe
 * says where it went.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each recipe's text: from its heading to the next heading of the same or a higher level. */
const Recipes = [
  { doc: 'ARCHITECTURE.md', heading: '## Recipes' },
  { doc: 'protocol/CALLS.md', heading: '## Adding a call' },
  { doc: 'gateway/FEED.md', heading: '## Adding a topic kind' },
  { doc: 'web/README.md', heading: '### How to add a page' },
] as const;

const PathToken = /^[\w@.\-/<>]+(\.(ts|tsx|md|css|mjs|json)|\/)$/;
const SymbolToken = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)(<[^>]*>)?(\(.*\))?$/;
const SourceFile = /\.(ts|tsx|mjs)$/;

function section(doc: string, heading: string): string {
  const lines = readFileSync(join(root, doc), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith(heading));
  if (start < 0) throw new Error(`${doc} has no heading "${heading}"`);
  const level = heading.split(' ')[0]?.length ?? 2;
  const end = lines.findIndex(
    (l, i) => i > start && /^#+ /.test(l) && (l.split(' ')[0]?.length ?? 9) <= level,
  );
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** A step: a list item with its continuation lines, a paragraph, or a heading. */
function steps(text: string): string[] {
  const found: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) found.push(current.join(' '));
    current = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '' || /^#+ /.test(line) || /^\s*(\d+\.|-)\s/.test(line)) flush();
    if (line.trim() !== '') current.push(line.trim());
  }
  flush();
  return found;
}

const tokens = (step: string) => [...step.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

interface Resolved {
  /** The files a symbol of this step may be declared in. */
  files: string[];
  problems: string[];
}

function sourcesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => SourceFile.test(name))
    .map((name) => join(dir, name));
}

function resolvePaths(doc: string, step: string): Resolved {
  const problems: string[] = [];
  const files: string[] = [];
  const folders: string[] = [];
  const bare: string[] = [];
  const bases = [root, join(root, dirname(doc))];
  for (const token of tokens(step).filter((t) => PathToken.test(t))) {
    const placeholder = token.indexOf('<');
    if (placeholder >= 0) {
      const folder = token.slice(0, token.lastIndexOf('/', placeholder) + 1);
      if (folder !== '' && !bases.some((b) => existsSync(join(b, folder))))
        problems.push(`${token}: no folder ${folder}`);
      continue;
    }
    if (!token.includes('/')) {
      bare.push(token);
      continue;
    }
    const at = bases.map((b) => join(b, token)).find((p) => existsSync(p));
    if (at === undefined) problems.push(`${token}: no such file or folder`);
    else if (statSync(at).isDirectory()) folders.push(at);
    else files.push(at);
  }
  for (const name of bare) {
    const near = [...folders, ...files.map((f) => dirname(f))].map((d) => join(d, name));
    const at = near.find((p) => existsSync(p)) ?? bases.map((b) => join(b, name)).find((p) => existsSync(p));
    if (at === undefined) problems.push(`${name}: not in a folder this step names`);
    else files.push(at);
  }
  for (const folder of folders) files.push(...sourcesIn(folder));
  return { files: files.filter((f) => SourceFile.test(f)), problems };
}

const literal = (name: string) => name.replace(/\$/g, '\\$');

/** Whether `name` is declared in `text`: a function, constant, class, type, method or re-export. */
function declares(text: string, name: string): boolean {
  const n = literal(name);
  return (
    new RegExp(`\\b(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${n}\\b`).test(text) ||
    new RegExp(`export\\s*(?:type\\s*)?\\{[^}]*\\b${n}\\b[^}]*\\}`).test(text) ||
    new RegExp(
      `^\\s*(?:(?:public|private|protected|static|async|readonly|abstract)\\s+)*${n}\\s*[(<]`,
      'm',
    ).test(text) ||
    // A field of an interface or type: `readonly betPlacement?: boolean`.
    new RegExp(`^\\s*(?:readonly\\s+)?${n}\\??\\s*:`, 'm').test(text)
  );
}

/** Whether `member` is a method or property of something in `text`. */
const hasMember = (text: string, member: string) =>
  new RegExp(`\\b${literal(member)}\\??\\s*[(<:=]`).test(text);

/** The error catalogue's codes (`matchHide`, `requestProcessing`): words of the wire, not symbols. */
const CatalogueCodes = new Set(
  [...readFileSync(join(root, 'protocol/src/errors.ts'), 'utf8').matchAll(/^\s*\['(\w+)',/gm)].map(
    (m) => m[1] as string,
  ),
);

function symbolsOf(step: string): string[] {
  const found: string[] = [];
  for (const token of tokens(step)) {
    if (PathToken.test(token)) continue;
    const m = SymbolToken.exec(token);
    if (!m) continue;
    const name = m[1] as string;
    // An environment variable (`REDIS_URL`) or a catalogue code is not looked for in the code.
    if (/^[A-Z0-9_]+$/.test(name) || CatalogueCodes.has(name)) continue;
    if (/[A-Z]/.test(name) || name.includes('.') || m[3] !== undefined) found.push(name);
  }
  return found;
}

function checkStep(doc: string, step: string): string[] {
  const { files, problems } = resolvePaths(doc, step);
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  for (const symbol of symbolsOf(step)) {
    const [owner, member] = symbol.split('.') as [string, string | undefined];
    const ok = texts.some((t) => declares(t, owner) && (member === undefined || hasMember(t, member)));
    if (!ok) {
      problems.push(
        files.length === 0
          ? `${symbol}: the step names no source file to find it in`
          : `${symbol}: not declared in ${files.map((f) => f.slice(root.length)).join(', ')}`,
      );
    }
  }
  return problems.map((p) => `${doc}: ${p} (in "${step.slice(0, 70)}...")`);
}

describe('the recipes name files and symbols that exist', () => {
  it.each(Recipes)('$doc "$heading"', ({ doc, heading }) => {
    const text = section(doc, heading);
    const all = steps(text);
    expect(all.length).toBeGreaterThan(2);
    expect(all.flatMap((step) => checkStep(doc, step))).toEqual([]);
  });

  it('each ARCHITECTURE.md recipe says which two real instances it was checked against', () => {
    const text = section('ARCHITECTURE.md', '## Recipes');
    const recipes = text.split(/^### /m).slice(1);
    expect(recipes.length).toBe(3);
    for (const recipe of recipes)
      expect(recipe, recipe.split('\n')[0]).toMatch(/^Checked against: [\s\S]+? and [\s\S]+/m);
  });
});

describe('the recipe checker itself', () => {
  it('finds a moved file and a symbol that is not where the step says', () => {
    expect(checkStep('ARCHITECTURE.md', '1. `protocol/src/no-such-file.ts`: `Calls`')).toEqual([
      expect.stringContaining('no such file'),
      expect.stringContaining('Calls: the step names no source file'),
    ]);
    expect(checkStep('ARCHITECTURE.md', '1. `protocol/src/wire.ts`: `defineCall`')).toEqual([
      expect.stringContaining('defineCall: not declared in protocol/src/wire.ts'),
    ]);
    expect(
      checkStep('ARCHITECTURE.md', '1. `protocol/src/calls.ts`: `defineCall({ path })` in `Calls`'),
    ).toEqual([]);
  });
});
