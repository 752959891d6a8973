/**
 * The state hash carried on every snap/delta frame, so a client can prove it holds exactly the
 * server's model. It is the sum modulo 2^64 of one 64-bit hash per entity (collection, key and
 * canonical JSON of the entity) and one per list: addition is commutative (no dependence on
 * iteration order) and invertible (an update subtracts the old entity's hash and adds the new),
 * so the incremental hasher costs O(changed entities), not O(state). Deterministic across
 * processes and machines: canonical JSON sorts object keys, the string hash reads UTF-16 code
 * units with 32-bit integer arithmetic only.
 */
import type { Collection, Delta, Entity, Model } from './diff.ts';
import { applyDelta } from './diff.ts';

const quotedKeys = new Map<string, string>();
function quoteKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    // Field names are few; a bound keeps odd inputs from growing the cache.
    if (quotedKeys.size < 4096) quotedKeys.set(k, q);
  }
  return q;
}

interface Shape {
  readonly keys: readonly string[];
  readonly sorted: string[];
}
const shapes = new Map<string, Shape[]>();
let shapeCount = 0;

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Entities of a collection share one key order: sort each shape once. Shapes are found by their
 * first key and checked key by key (no joined string per entity: this runs for every rehashed
 * entity of every poll).
 */
function sortedKeys(rec: object): string[] {
  const keys = Object.keys(rec);
  if (keys.length < 2) return keys;
  const first = keys[0] as string;
  const candidates = shapes.get(first);
  if (candidates !== undefined) {
    for (const shape of candidates) if (sameKeys(shape.keys, keys)) return shape.sorted;
  }
  const sorted = keys.slice().sort();
  // Shapes are few; a bound keeps odd inputs from growing the cache.
  if (shapeCount < 1024 && (candidates?.length ?? 0) < 16) {
    shapeCount++;
    if (candidates === undefined) shapes.set(first, [{ keys, sorted }]);
    else candidates.push({ keys, sorted });
  }
  return sorted;
}

/** JSON with object keys sorted at every level (arrays keep their order); same text as JSON.stringify. */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let s = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) s += ',';
          const v = value[i];
          s += v === undefined || typeof v === 'function' ? 'null' : canonicalJson(v);
        }
        return `${s}]`;
      }
      const rec = value as Record<string, unknown>;
      const keys = sortedKeys(rec);
      let s = '{';
      let first = true;
      for (const k of keys) {
        const v = rec[k];
        if (v === undefined || typeof v === 'function') continue;
        s += `${first ? '' : ','}${quoteKey(k)}:${canonicalJson(v)}`;
        first = false;
      }
      return `${s}}`;
    }
    default:
      return 'null';
  }
}

// A 64-bit string hash as two 32-bit halves (cyrb53's mixing, keeping all 64 bits), streamed:
// `begin`, then any number of `feed*` calls, then `finish`. Feeding the code units of a string in
// pieces gives the same hash as feeding the concatenated string, so entities are hashed from their
// fields without building their canonical JSON text (hashJson): the same hash, no allocation.
let h1 = 0;
let h2 = 0;
let outHi = 0;
let outLo = 0;

function begin(): void {
  h1 = 0xdeadbeef;
  h2 = 0x41c6ce57;
}

function feedUnit(ch: number): void {
  h1 = Math.imul(h1 ^ ch, 2654435761);
  h2 = Math.imul(h2 ^ ch, 1597334677);
}

/** The UTF-16 code units of `s`, as they are. */
function feedRaw(s: string): void {
  let a = h1;
  let b = h2;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    a = Math.imul(a ^ ch, 2654435761);
    b = Math.imul(b ^ ch, 1597334677);
  }
  h1 = a;
  h2 = b;
}

function finish(): void {
  let a = h1;
  let b = h2;
  a = Math.imul(a ^ (a >>> 16), 2246822507);
  a ^= Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507);
  b ^= Math.imul(a ^ (a >>> 13), 3266489909);
  outHi = b >>> 0;
  outLo = a >>> 0;
}

/** A string needs JSON escapes (quote, backslash, control characters, surrogates). */
function needsEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    if (ch < 0x20 || ch === 0x22 || ch === 0x5c || (ch >= 0xd800 && ch <= 0xdfff)) return true;
  }
  return false;
}

/** JSON.stringify(s)'s code units. */
function feedJsonString(s: string): void {
  if (needsEscape(s)) {
    feedRaw(JSON.stringify(s));
    return;
  }
  feedUnit(0x22);
  feedRaw(s);
  feedUnit(0x22);
}

const digits: number[] = [];
/** String(n)'s code units; integers without building the string. */
function feedNumber(n: number): void {
  if (!Number.isFinite(n)) {
    feedRaw('null');
    return;
  }
  if (!Number.isSafeInteger(n)) {
    feedRaw(String(n));
    return;
  }
  // String(-0) is "0".
  if (n < 0) feedUnit(0x2d);
  let v = n < 0 ? -n : n;
  let len = 0;
  do {
    digits[len++] = 0x30 + (v % 10);
    v = Math.floor(v / 10);
  } while (v > 0);
  while (len > 0) feedUnit(digits[--len] as number);
}

/** canonicalJson(value)'s code units, without building the text. */
function feedJson(value: unknown): void {
  switch (typeof value) {
    case 'number':
      feedNumber(value);
      return;
    case 'string':
      feedJsonString(value);
      return;
    case 'boolean':
      feedRaw(value ? 'true' : 'false');
      return;
    case 'object': {
      if (value === null) {
        feedRaw('null');
        return;
      }
      if (Array.isArray(value)) {
        feedUnit(0x5b);
        for (let i = 0; i < value.length; i++) {
          if (i > 0) feedUnit(0x2c);
          const v = value[i];
          if (v === undefined || typeof v === 'function') feedRaw('null');
          else feedJson(v);
        }
        feedUnit(0x5d);
        return;
      }
      const rec = value as Record<string, unknown>;
      const keys = sortedKeys(rec);
      feedUnit(0x7b);
      let first = true;
      for (const k of keys) {
        const v = rec[k];
        if (v === undefined || typeof v === 'function') continue;
        if (!first) feedUnit(0x2c);
        feedRaw(quoteKey(k));
        feedUnit(0x3a);
        feedJson(v);
        first = false;
      }
      feedUnit(0x7d);
      return;
    }
    default:
      feedRaw('null');
  }
}

/**
 * The 64-bit hash of `prefix + canonicalJson(value)` as 16 hex digits, computed without building
 * that text (the hash of every entity and list of the state hash is one of these).
 */
export function hashJson(prefix: string, value: unknown): string {
  begin();
  feedRaw(prefix);
  feedJson(value);
  finish();
  return hex(outHi, outLo);
}

/** The 64-bit hash of a string as 16 hex digits (hashJson's mixing over the string's code units). */
export function hashText(text: string): string {
  begin();
  feedRaw(text);
  finish();
  return hex(outHi, outLo);
}

function hex(hi: number, lo: number): string {
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

const TWO32 = 0x1_0000_0000;

/** A sum modulo 2^64 kept as two unsigned 32-bit halves. */
class Sum64 {
  hi = 0;
  lo = 0;
  add(hi: number, lo: number): void {
    const l = this.lo + lo;
    this.lo = l >>> 0;
    this.hi = (this.hi + hi + (l >= TWO32 ? 1 : 0)) >>> 0;
  }
  sub(hi: number, lo: number): void {
    const l = this.lo - lo;
    this.lo = l >>> 0;
    this.hi = (this.hi - hi - (l < 0 ? 1 : 0)) >>> 0;
  }
  toString(): string {
    return hex(this.hi, this.lo);
  }
}

/** Sets outHi/outLo to the hash of `${coll}\u0001${key}\u0001${canonicalJson(entity)}`. */
function entityHash(coll: string, key: string, entity: Entity): void {
  begin();
  feedRaw(coll);
  feedUnit(1);
  feedRaw(key);
  feedUnit(1);
  feedJson(entity);
  finish();
}

/** Sets outHi/outLo to the hash of `${coll}\u0002${canonicalJson(list)}`. */
function listHash(coll: string, list: readonly unknown[]): void {
  begin();
  feedRaw(coll);
  feedUnit(2);
  feedJson(list);
  finish();
}

function addCollection(sum: Sum64, coll: string, c: Collection, cache?: Map<string, [number, number]>): void {
  if (Array.isArray(c)) {
    listHash(coll, c);
    sum.add(outHi, outLo);
    cache?.set(`${coll}\u0002`, [outHi, outLo]);
    return;
  }
  const rec = c as Readonly<Record<string, Entity>>;
  for (const key in rec) {
    entityHash(coll, key, rec[key] as Entity);
    sum.add(outHi, outLo);
    cache?.set(`${coll}\u0001${key}`, [outHi, outLo]);
  }
}

/**
 * `a - b` of two state hashes (mod 2^64): the hash of a model without a part, from the hash of
 * the whole and of the part (the hash is a sum, so `stateHash(m) - stateHash({c: m.c})` is the
 * hash of `m` without collection `c`). Used for wire v1's view (protocol clock.ts).
 */
export function subtractHash(a: string, b: string): string {
  const sum = new Sum64();
  sum.add(Number.parseInt(a.slice(0, 8), 16), Number.parseInt(a.slice(8), 16));
  sum.sub(Number.parseInt(b.slice(0, 8), 16), Number.parseInt(b.slice(8), 16));
  return sum.toString();
}

/** The sum of every collection of `model` (each hash kept in `cache` when given). */
function fullPass(model: Model, cache?: Map<string, [number, number]>): Sum64 {
  const sum = new Sum64();
  for (const coll in model) addCollection(sum, coll, model[coll] as Collection, cache);
  return sum;
}

/** The state hash of a model: 16 lowercase hex digits. */
export function stateHash(model: Model): string {
  return fullPass(model).toString();
}

export interface StateHasher {
  /** The current state hash (equal to `stateHash(model)`). */
  readonly value: string;
  /** The model the hash describes. */
  readonly model: Model;
  /**
   * Moves to the model after `delta`. Pass `next` when the caller already holds it (the
   * gateway's freshly normalized model, the web's applyDelta result) to skip applying the delta
   * again; it must be the model after the delta. Returns the new model.
   */
  apply(delta: Delta, next?: Model): Model;
}

/** A hasher that may start from a hash it was given (`createHasher`'s `assumed`). */
export interface VerifiableHasher extends StateHasher {
  /**
   * True while the hash of the initial model is the one it was given (`createHasher`'s `assumed`)
   * and not yet computed: `verify` computes it.
   */
  readonly pending: boolean;
  /**
   * Hashes the whole current model and tells whether it equals `value`; from then on the hasher
   * holds the computed hash (no longer `pending`). True at once when nothing was assumed.
   */
  verify(): boolean;
}

/** Sets outHi/outLo to the hash of entity `key` of record `coll` of `m`; false when `m` has none. */
function hashEntityOf(m: Model, coll: string, key: string): boolean {
  const c = m[coll];
  const e = c !== undefined && !Array.isArray(c) ? (c as Record<string, Entity>)[key] : undefined;
  if (e === undefined || !Object.hasOwn(c as object, key)) return false;
  entityHash(coll, key, e);
  return true;
}

/** Sets outHi/outLo to the hash of list `coll` of `m`; false when it is not a list there. */
function hashListOf(m: Model, coll: string): boolean {
  const c = m[coll];
  if (!Array.isArray(c)) return false;
  listHash(coll, c);
  return true;
}

/** A state hash as its two 32-bit halves, or null when it is not 16 lowercase hex digits. */
function parseHash(hash: string): [number, number] | null {
  if (!/^[0-9a-f]{16}$/.test(hash)) return null;
  return [Number.parseInt(hash.slice(0, 8), 16), Number.parseInt(hash.slice(8), 16)];
}

/**
 * An incremental state hasher: one full pass now, then each `apply` rehashes only the entities
 * and lists the delta touches (a touched list is rehashed whole; lists change only when matches
 * come, go or move).
 *
 * With `assumed` (a snapshot frame's hash), there is no pass now: the hasher starts at that value
 * and `pending`. Each `apply` then hashes a touched entity's or list's old value from the model
 * before the delta when it was not hashed yet, so `value` after any deltas is exactly what the
 * eager hasher would give if `assumed` is the initial model's hash; `verify()` makes the full pass
 * later and says whether it was (a client shows a snapshot before the pass and still drops it
 * when its hash turns out wrong).
 */
export function createHasher(initial: Model, assumed?: string): VerifiableHasher {
  let cache = new Map<string, [number, number]>();
  let model = initial;
  const start = assumed === undefined ? null : parseHash(assumed);
  /** Ids whose hash `cache` holds or that are absent: while pending, a miss elsewhere means "not hashed yet". */
  let known: Set<string> | null = null;
  let sum: Sum64;
  if (start === null) {
    sum = fullPass(model, cache);
  } else {
    sum = new Sum64();
    sum.add(start[0], start[1]);
    known = new Set();
  }

  /**
   * `hash(m)` sets outHi/outLo to the hash of one entity or list of `m` and says whether `m` has
   * it. While pending, a touched id not hashed yet is first hashed in the model before the delta:
   * what the full pass of that model holds for it.
   */
  const rehash = (id: string, hash: (m: Model) => boolean, after: Model) => {
    const old = cache.get(id);
    if (old !== undefined) sum.sub(old[0], old[1]);
    else if (known !== null && !known.has(id) && hash(model)) sum.sub(outHi, outLo);
    known?.add(id);
    if (hash(after)) {
      sum.add(outHi, outLo);
      cache.set(id, [outHi, outLo]);
    } else {
      cache.delete(id);
    }
  };

  return {
    get value() {
      return sum.toString();
    },
    get model() {
      return model;
    },
    get pending() {
      return known !== null;
    },
    verify(): boolean {
      if (known === null) return true;
      const fullCache = new Map<string, [number, number]>();
      const full = fullPass(model, fullCache);
      const same = full.hi === sum.hi && full.lo === sum.lo;
      sum = full;
      cache = fullCache;
      known = null;
      return same;
    },
    apply(delta: Delta, next?: Model): Model {
      const after = next ?? applyDelta(model, delta);
      const listsDone = new Set<string>();
      for (const op of delta) {
        const coll = op[0];
        const second = op[1];
        if (typeof second === 'string') {
          rehash(`${coll}\u0001${second}`, (m) => hashEntityOf(m, coll, second), after);
        } else if (!listsDone.has(coll)) {
          listsDone.add(coll);
          rehash(`${coll}\u0002`, (m) => hashListOf(m, coll), after);
        }
      }
      model = after;
      return after;
    },
  };
}
