/**
 * Parsing a big odds reply without parsing what did not change. A market
 * topic's reply is `{ ..., "data": { "leagues": [rows], "matches": [rows], ... } }` of ~0.5 MB, and
 * from one poll to the next only a few rows change (prices, clocks). `createReplyParser().parse`
 * takes the reply's bytes as received and returns what `JSON.parse` of their UTF-8 text returns,
 * but each row under `data` is compared with the previous reply's bytes (`Buffer.compare` of two
 * ranges: a native memory comparison that allocates nothing): a row whose bytes are unchanged is
 * the previous reply's row value (the same array object, so the market normalizer reuses its
 * entity by identity), and only changed rows are decoded and parsed. Runs of unchanged rows are
 * compared 16 rows at a time, so a quiet collection costs a few comparisons, and the reply is
 * never decoded into one big string.
 *
 * Exactness: the result deep-equals `JSON.parse(bytes.toString())`. The scan only finds where
 * values start and end (JSON's structural characters are ASCII, and no byte of a multi-byte UTF-8
 * character is below 0x80, so the scan can work on bytes); every value it returns is either
 * `JSON.parse` of its exact text or the previous value of identical bytes. Anything it does not
 * expect (not an object, a `__proto__` key, a syntax error, a byte order mark) makes it start over
 * with `JSON.parse` of the whole text, which also throws `JSON.parse`'s own SyntaxError for a
 * malformed reply. An array under `data` that holds scalars is parsed whole (a scalar's bytes can
 * be a prefix of another's). Row values must not be mutated by the caller (they are handed out
 * again).
 *
 * Memory: the parser keeps the last reply's bytes and each row's offsets in it, nothing older.
 */

/** A reply's parsed value. */
export interface ReplyParser {
  /** `JSON.parse(bytes.toString())`, sharing unchanged rows with the previous reply's value. Throws like it. */
  parse(bytes: Buffer): unknown;
  /**
   * With `seconds`: the match rows of the last `parse` whose only change is their clock seconds
   * (`SecondsPatch`), each still the previous reply's row in the value until the caller resolves it.
   * Patches not taken before the next `parse` are resolved there by parsing the row.
   */
  take(): SecondsPatch[];
}

/**
 * A `data.matches` row whose bytes differ from the previous reply's row at the same place only in
 * the clock seconds (liveState element 3, a canonical non-negative integer on both sides). The
 * parsed value holds the previous row (the same array, with the old seconds) until one of these is
 * called, once: `apply` writes the new seconds into that array in place (every holder of the
 * array, the market model's match entity included, sees them: no new object), `reparse` puts
 * `JSON.parse` of the row's own bytes in its place. Either way the value then deep-equals
 * `JSON.parse` of the reply.
 */
export interface SecondsPatch {
  /** The previous reply's row, now the value's row. */
  readonly row: readonly unknown[];
  /** Its key (row element 0) as a record key. */
  readonly key: string;
  /** The row's liveState array (row element 12), which `apply` changes in place. */
  readonly liveState: unknown[];
  readonly seconds: number;
  apply(): void;
  reparse(): void;
}

/** The row element holding the liveState array, and the liveState element holding the seconds. */
const LiveStateIndex = 12;
const SecondsIndex = 3;
/** Longer digit runs are left to the slow path (no precision question). */
const MaxSecondsDigits = 9;

/** One array under `data` in the last reply: each row's place in its bytes, and its value. */
interface Rows {
  readonly starts: number[];
  readonly ends: number[];
  readonly values: unknown[];
}

interface Previous {
  readonly bytes: Buffer;
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

const ZERO = 48;
const NINE = 57;

class Scan {
  pos = 0;
  readonly rows = new Map<string, Rows>();
  /** Seconds-only match rows found (only when `seconds`). */
  readonly patches: SecondsPatch[] = [];

  constructor(
    private readonly b: Buffer,
    private readonly prev: Previous | undefined,
    private readonly seconds = false,
  ) {}

  /** The byte at `p` (NaN past the end, which matches nothing). */
  private byte(p: number): number {
    return p < this.b.length ? (this.b[p] as number) : Number.NaN;
  }

  private space(): void {
    const b = this.b;
    const n = b.length;
    let p = this.pos;
    while (p < n) {
      const c = b[p];
      if (c !== SPACE && c !== LF && c !== CR && c !== TAB) break;
      p++;
    }
    this.pos = p;
  }

  private at(): number {
    this.space();
    return this.byte(this.pos);
  }

  private expect(c: number): void {
    if (this.at() !== c) throw giveUp;
    this.pos++;
  }

  /** The index after the string token that starts at `p` (a quote). */
  private stringEnd(p: number): number {
    const b = this.b;
    let from = p + 1;
    for (;;) {
      const q = b.indexOf(QUOTE, from);
      if (q < 0) throw giveUp;
      let slashes = 0;
      for (let i = q - 1; b[i] === BACKSLASH; i--) slashes++;
      if (slashes % 2 === 0) return q + 1;
      from = q + 1;
    }
  }

  /** The index after the JSON value that starts at `p` (its syntax is JSON.parse's to check). */
  private valueEnd(p: number): number {
    const b = this.b;
    const n = b.length;
    const c = this.byte(p);
    if (c === QUOTE) return this.stringEnd(p);
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      let depth = 0;
      while (p < n) {
        const d = b[p];
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
    while (p < n) {
      const d = b[p];
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

  /** The value whose text is bytes `start` to `end`. */
  private parseRange(start: number, end: number): unknown {
    return JSON.parse(this.b.toString('utf8', start, end));
  }

  /** Any value, parsed from its own text. */
  private value(): unknown {
    this.space();
    const start = this.pos;
    this.pos = this.valueEnd(start);
    return this.parseRange(start, this.pos);
  }

  private key(): string {
    this.space();
    const start = this.pos;
    if (this.byte(start) !== QUOTE) throw giveUp;
    this.pos = this.stringEnd(start);
    // JSON.parse of the key's own text: escapes, and the control characters JSON refuses.
    const key = this.parseRange(start, this.pos) as string;
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
    if (this.pos !== this.b.length) throw giveUp;
    return out;
  }

  /** Whether bytes `pos`.. hold the previous reply's bytes `from` to `to`. */
  private same(pos: number, from: number, to: number): boolean {
    const prev = (this.prev as Previous).bytes;
    const end = pos + to - from;
    return end <= this.b.length && this.b.compare(prev, from, to, pos, end) === 0;
  }

  /**
   * An array under `data`: rows that kept their bytes (and place among the rows) are the previous
   * reply's values; the others are parsed.
   */
  private rowArray(name: string): unknown {
    const b = this.b;
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
    let i = 0;
    for (;;) {
      this.space();
      const pos = this.pos;
      // A run of rows whose bytes are unchanged (separators included): their values are reused.
      if (prev !== undefined) {
        const count = Math.min(Chunk, prev.starts.length - i);
        let matched = 0;
        if (count > 1 && this.same(pos, prev.starts[i] as number, prev.ends[i + count - 1] as number)) {
          matched = count;
        } else if (count > 0 && this.same(pos, prev.starts[i] as number, prev.ends[i] as number)) {
          matched = 1;
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
      const c = b[pos];
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
      const kept =
        this.seconds && name === 'matches' && prev !== undefined && i < prev.starts.length
          ? this.secondsOnly(values, pos, end, prev, i)
          : undefined;
      values.push(kept ?? this.parseRange(pos, end));
      this.pos = end;
      i++;
      if (!this.nextRow()) return values;
    }
  }

  /**
   * The start and end of element `index` of the array at `p` (undefined when the bytes are not an
   * array with that many elements).
   */
  private element(p: number, index: number): [number, number] | undefined {
    if (this.byte(p) !== OPEN_ARRAY) return undefined;
    let q = p + 1;
    for (let k = 0; ; k++) {
      this.pos = q;
      this.space();
      const start = this.pos;
      const c = this.byte(start);
      if (Number.isNaN(c) || c === CLOSE_ARRAY || c === COMMA) return undefined;
      const end = this.valueEnd(start);
      if (k === index) return [start, end];
      this.pos = end;
      if (this.at() !== COMMA) return undefined;
      q = this.pos + 1;
    }
  }

  /** Whether bytes `from` to `to` are a canonical non-negative integer of at most MaxSecondsDigits digits. */
  private static digits(b: Buffer, from: number, to: number): boolean {
    const n = to - from;
    if (n < 1 || n > MaxSecondsDigits || (n > 1 && b[from] === ZERO)) return false;
    for (let p = from; p < to; p++) {
      const c = b[p] as number;
      if (c < ZERO || c > NINE) return false;
    }
    return true;
  }

  /**
   * The new match row at `pos`..`end` against the previous reply's row `i`: when the two differ
   * only in the clock seconds, the previous row value (kept, with a patch to resolve), else
   * undefined (the row is parsed).
   */
  private secondsOnly(
    values: unknown[],
    pos: number,
    end: number,
    prev: Rows,
    i: number,
  ): unknown[] | undefined {
    const old = prev.values[i];
    const oldStart = prev.starts[i] as number;
    const oldEnd = prev.ends[i] as number;
    if (!Array.isArray(old)) return undefined;
    const liveState = old[LiveStateIndex] as unknown;
    if (!Array.isArray(liveState) || typeof liveState[SecondsIndex] !== 'number') return undefined;
    const back = this.pos;
    let span: [number, number] | undefined;
    try {
      const ls = this.element(pos, LiveStateIndex);
      span = ls === undefined || ls[1] > end ? undefined : this.element(ls[0], SecondsIndex);
    } catch (err) {
      if (err !== giveUp) throw err;
      span = undefined;
    }
    this.pos = back;
    if (span === undefined || span[1] > end) return undefined;
    const [s, e] = span;
    const head = s - pos;
    const tail = end - e;
    const oldTokenStart = oldStart + head;
    const oldTokenEnd = oldEnd - tail;
    const b = this.b;
    const before = (this.prev as Previous).bytes;
    if (
      oldTokenEnd <= oldTokenStart ||
      b.compare(before, oldStart, oldTokenStart, pos, s) !== 0 ||
      b.compare(before, oldTokenEnd, oldEnd, e, end) !== 0 ||
      !Scan.digits(b, s, e) ||
      !Scan.digits(before, oldTokenStart, oldTokenEnd)
    )
      return undefined;
    const seconds = Number(b.toString('latin1', s, e));
    // The previous value no longer says what its bytes say (not expected): parse.
    if (liveState[SecondsIndex] !== Number(before.toString('latin1', oldTokenStart, oldTokenEnd)))
      return undefined;
    const index = values.length;
    const bytes = b;
    let done = false;
    this.patches.push({
      row: old,
      key: String(old[0]),
      liveState,
      seconds,
      apply() {
        if (done) return;
        done = true;
        liveState[SecondsIndex] = seconds;
      },
      reparse() {
        if (done) return;
        done = true;
        values[index] = JSON.parse(bytes.toString('utf8', pos, end));
      },
    });
    return old;
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

/**
 * A parser for one topic's successive replies (it keeps the last one's rows). `seconds`: match
 * rows whose only change is the clock seconds are handed out as patches (`take`) instead of parsed.
 */
export function createReplyParser(options: { seconds?: boolean } = {}): ReplyParser {
  let prev: Previous | undefined;
  let pending: SecondsPatch[] = [];
  return {
    take() {
      const taken = pending;
      pending = [];
      return taken;
    },
    parse(bytes) {
      // Patches nobody took (the reply was dropped): the kept rows must say what their bytes say.
      for (const patch of pending) patch.reparse();
      pending = [];
      const scan = new Scan(bytes, prev, options.seconds === true);
      try {
        const value = scan.reply();
        prev = { bytes, rows: scan.rows };
        pending = scan.patches;
        return value;
      } catch (err) {
        prev = undefined;
        if (err !== giveUp && !(err instanceof SyntaxError)) throw err;
        // As a fetch-style text() decodes it: a leading byte order mark is not part of the text.
        const text = bytes.toString('utf8');
        return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      }
    },
  };
}
