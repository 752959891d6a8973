/**
 * Parsing a big odds reply without parsing what did not change (issue 20, item 2). A market
 * topic's reply is `{ ..., "data": { "leagues": [rows], "matches": [rows], ... } }` of ~0.5 MB, and
 * from one poll to the next only a few rows change (prices, clocks). `createReplyParser().parse`
 * returns what `JSON.parse` returns, but the text of each array under `data` is compared with the
 * previous reply's, row by row (two slices compared with `===`: a native memory comparison, ~30x
 * faster here than `startsWith`, which compares character by character): a row
 * whose text is unchanged is the previous reply's row value (the same array object, so the market
 * normalizer reuses its entity by identity), and only changed rows are parsed (`JSON.parse` of the
 * row's text). Runs of unchanged rows are compared in chunks, so a quiet collection costs a few
 * comparisons.
 *
 * Exactness: the result deep-equals `JSON.parse(text)`. The scan only finds where values start
 * and end; every value it returns is either `JSON.parse` of its exact text or the previous value
 * of an identical text. Anything it does not expect (not an object, a `__proto__` key, a syntax
 * error) makes it start over with `JSON.parse(text)`, which
 * also throws `JSON.parse`'s own SyntaxError for a malformed reply. Row values must not be mutated
 * by the caller (they are handed out again).
 *
 * Memory: the parser keeps the last reply's text and each row's offsets in it, nothing older.
 */

/** A reply's parsed value. */
export interface ReplyParser {
  /** `JSON.parse(text)`, sharing unchanged rows with the previous reply's value. Throws like it. */
  parse(text: string): unknown;
}

/** One array under `data` in the last reply: each row's place in its text, and its value. */
interface Rows {
  readonly starts: number[];
  readonly ends: number[];
  readonly values: unknown[];
}

interface Previous {
  readonly text: string;
  readonly rows: Map<string, Rows>;
}

/** A scan that met something it does not handle: start over with JSON.parse. */
const giveUp: unique symbol = Symbol('giveUp');

/** Rows compared at once before falling back to row by row. */
const Chunk = 16;

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

class Scan {
  pos = 0;
  readonly rows = new Map<string, Rows>();

  constructor(
    private readonly t: string,
    private readonly prev: Previous | undefined,
  ) {}

  private space(): void {
    const t = this.t;
    let p = this.pos;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c !== SPACE && c !== LF && c !== CR && c !== TAB) break;
      p++;
    }
    this.pos = p;
  }

  private at(): number {
    this.space();
    return this.t.charCodeAt(this.pos);
  }

  private expect(c: number): void {
    if (this.at() !== c) throw giveUp;
    this.pos++;
  }

  /** The index after the string token that starts at `p` (a quote). */
  private stringEnd(p: number): number {
    const t = this.t;
    let from = p + 1;
    for (;;) {
      const q = t.indexOf('"', from);
      if (q < 0) throw giveUp;
      let slashes = 0;
      for (let b = q - 1; t.charCodeAt(b) === BACKSLASH; b--) slashes++;
      if (slashes % 2 === 0) return q + 1;
      from = q + 1;
    }
  }

  /** The index after the JSON value that starts at `p` (its syntax is JSON.parse's to check). */
  private valueEnd(p: number): number {
    const t = this.t;
    const c = t.charCodeAt(p);
    if (c === QUOTE) return this.stringEnd(p);
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      let depth = 0;
      const n = t.length;
      while (p < n) {
        const d = t.charCodeAt(p);
        if (d === QUOTE) {
          p = this.stringEnd(p);
          continue;
        }
        if (d === OPEN_ARRAY || d === OPEN_OBJECT) depth++;
        else if (d === CLOSE_ARRAY || d === CLOSE_OBJECT) {
          depth--;
          if (depth === 0) return p + 1;
        }
        p++;
      }
      throw giveUp;
    }
    // A scalar: up to the next delimiter.
    const start = p;
    const n = t.length;
    while (p < n) {
      const d = t.charCodeAt(p);
      if (
        d === COMMA ||
        d === CLOSE_ARRAY ||
        d === CLOSE_OBJECT ||
        d === SPACE ||
        d === LF ||
        d === CR ||
        d === TAB
      )
        break;
      p++;
    }
    if (p === start) throw giveUp;
    return p;
  }

  /** Any value, parsed from its own text. */
  private value(): unknown {
    this.space();
    const start = this.pos;
    this.pos = this.valueEnd(start);
    return JSON.parse(this.t.slice(start, this.pos));
  }

  private key(): string {
    this.space();
    const start = this.pos;
    if (this.t.charCodeAt(start) !== QUOTE) throw giveUp;
    this.pos = this.stringEnd(start);
    // JSON.parse of the key's own text: escapes, and the control characters JSON refuses.
    const key = JSON.parse(this.t.slice(start, this.pos)) as string;
    // JSON.parse makes `__proto__` an own property; plain assignment would not.
    if (key === '__proto__') throw giveUp;
    this.expect(COLON);
    return key;
  }

  /** An object's members, each value from `member(key)`. */
  private object(member: (key: string) => unknown): Record<string, unknown> {
    this.expect(OPEN_OBJECT);
    const out: Record<string, unknown> = {};
    if (this.at() === CLOSE_OBJECT) {
      this.pos++;
      return out;
    }
    for (;;) {
      const key = this.key();
      out[key] = member(key);
      const c = this.at();
      this.pos++;
      if (c === CLOSE_OBJECT) return out;
      if (c !== COMMA) throw giveUp;
    }
  }

  /** The reply: an object whose `data` object's arrays are read row by row. */
  reply(): unknown {
    const out = this.object((key) =>
      key === 'data' && this.at() === OPEN_OBJECT
        ? this.object((name) => (this.at() === OPEN_ARRAY ? this.rowArray(name) : this.value()))
        : this.value(),
    );
    this.space();
    if (this.pos !== this.t.length) throw giveUp;
    return out;
  }

  /**
   * An array under `data`: rows that kept their text (and place among the rows) are the previous
   * reply's values; the others are parsed.
   */
  private rowArray(name: string): unknown {
    const t = this.t;
    this.space();
    const arrayStart = this.pos;
    this.expect(OPEN_ARRAY);
    const starts: number[] = [];
    const ends: number[] = [];
    const values: unknown[] = [];
    // A repeated key: JSON.parse keeps the last; so do the rows kept for the next reply.
    this.rows.set(name, { starts, ends, values });
    if (this.at() === CLOSE_ARRAY) {
      this.pos++;
      return values;
    }
    const prev = this.prev?.rows.get(name);
    const prevText = this.prev?.text ?? '';
    let i = 0;
    for (;;) {
      this.space();
      const pos = this.pos;
      // A run of rows whose text is unchanged (separators included): their values are reused.
      if (prev !== undefined) {
        const count = Math.min(Chunk, prev.starts.length - i);
        let matched = 0;
        if (count > 1) {
          const from = prev.starts[i] as number;
          const to = prev.ends[i + count - 1] as number;
          if (t.slice(pos, pos + to - from) === prevText.slice(from, to)) matched = count;
        }
        if (matched === 0 && count > 0) {
          const from = prev.starts[i] as number;
          const to = prev.ends[i] as number;
          if (t.slice(pos, pos + to - from) === prevText.slice(from, to)) matched = 1;
        }
        if (matched > 0) {
          const shift = pos - (prev.starts[i] as number);
          for (let j = i; j < i + matched; j++) {
            starts.push((prev.starts[j] as number) + shift);
            ends.push((prev.ends[j] as number) + shift);
            values.push(prev.values[j]);
          }
          i += matched;
          this.pos = ends[ends.length - 1] as number;
          if (!this.nextRow()) return values;
          continue;
        }
      }
      const c = t.charCodeAt(pos);
      // Rows are containers: a scalar's text can be a prefix of another's ("12" of "123"), so an
      // array holding scalars is parsed whole, as any other value, and not kept for the next reply.
      if (c !== OPEN_ARRAY && c !== OPEN_OBJECT) {
        this.rows.delete(name);
        this.pos = arrayStart;
        return this.value();
      }
      const end = this.valueEnd(pos);
      starts.push(pos);
      ends.push(end);
      values.push(JSON.parse(t.slice(pos, end)));
      this.pos = end;
      i++;
      if (!this.nextRow()) return values;
    }
  }

  /** After a row: true at a comma (another row follows), false at the closing bracket. */
  private nextRow(): boolean {
    const c = this.at();
    this.pos++;
    if (c === COMMA) return true;
    if (c === CLOSE_ARRAY) return false;
    throw giveUp;
  }
}

/** A parser for one topic's successive replies (it keeps the last one's rows). */
export function createReplyParser(): ReplyParser {
  let prev: Previous | undefined;
  return {
    parse(text) {
      const scan = new Scan(text, prev);
      try {
        const value = scan.reply();
        prev = { text, rows: scan.rows };
        return value;
      } catch (err) {
        prev = undefined;
        if (err !== giveUp && !(err instanceof SyntaxError)) throw err;
        return JSON.parse(text);
      }
    },
  };
}
