/**
 * Deltas between two models (market or menu): the `ops` of a `delta` frame. Encoding and examples:
 * protocol/WIRE.md. A model is an object of collections; a collection is either a record of
 * entities (plain objects whose field values are JSON scalars, null or arrays, never objects) or
 * an ordered list of scalars (the early/today/live id lists).
 *
 * Ops, applied in order:
 * - `[coll, key]`: remove entity `key`.
 * - `[coll, key, patch]`: upsert: merge `patch`'s fields into the entity (or create it). A field
 *   value that is an object is a sparse array patch `{ "<index>": value, "length"?: n }` of the
 *   field's array; any other value replaces the field.
 * - `[coll, index, deleteCount, ...items]`: splice a list.
 * - `[coll, items]`: replace a whole list.
 */
import { isRecord } from './guards.ts';
import type { Parsed } from './market.ts';

/** An entity: a plain object (an interface type is fine; fields are read by name). */
export type Entity = object;
type Fields = Readonly<Record<string, unknown>>;
export type Collection = Readonly<Record<string, Entity>> | readonly unknown[];
export type Model = { readonly [collection: string]: Collection };

export type RemoveOp = [collection: string, key: string];
export type UpsertOp = [collection: string, key: string, patch: Record<string, unknown>];
export type SpliceOp = [collection: string, index: number, deleteCount: number, ...items: unknown[]];
export type SetListOp = [collection: string, items: unknown[]];
export type DeltaOp = RemoveOp | UpsertOp | SpliceOp | SetListOp;
/** The empty delta is `[]`: nothing changed, nothing is sent. */
export type Delta = DeltaOp[];

type SparsePatch = Record<string, unknown>;

/** Deep equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const k in ra) {
    count++;
    if (!(k in rb) || !jsonEqual(ra[k], rb[k])) return false;
  }
  for (const _ in rb) count--;
  return count === 0;
}

const jsonLength = (v: unknown): number => JSON.stringify(v)?.length ?? 0;

/** The shorter of a sparse patch and the whole new array. */
function arrayPatch(a: readonly unknown[], b: readonly unknown[]): unknown {
  const sparse: SparsePatch = {};
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) if (!jsonEqual(a[i], b[i])) sparse[i] = b[i];
  for (let i = common; i < b.length; i++) sparse[i] = b[i];
  if (a.length !== b.length) sparse.length = b.length;
  return jsonLength(sparse) < jsonLength(b) ? sparse : b;
}

const REPLACE = Symbol('replace');
const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

function scalarArraysEqual(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x !== b[i] && (typeof x !== 'object' || x === null || !jsonEqual(x, b[i]))) return false;
  }
  return true;
}

/** Changed fields of an entity, `undefined` when equal, REPLACE when a field disappeared. */
function entityPatch(ea: Entity, eb: Entity): Record<string, unknown> | undefined | typeof REPLACE {
  const a = ea as Fields;
  const b = eb as Fields;
  let patch: Record<string, unknown> = EMPTY;
  let changed = false;
  let shared = 0;
  // for-in (not Object.keys) walks entities of one shape through V8's enum cache, allocation-free.
  for (const k in b) {
    const av = a[k];
    const bv = b[k];
    if (av === bv) {
      shared++;
      continue;
    }
    if (av === undefined && !Object.hasOwn(a, k)) {
      if (!changed) patch = {};
      patch[k] = bv;
      changed = true;
      continue;
    }
    shared++;
    if (Array.isArray(av) && Array.isArray(bv)) {
      if (!scalarArraysEqual(av, bv)) {
        if (!changed) patch = {};
        patch[k] = arrayPatch(av, bv);
        changed = true;
      }
      continue;
    }
    if (jsonEqual(av, bv)) continue;
    // An object field cannot be expressed (an object patch means a sparse array patch).
    if (isRecord(bv)) return REPLACE;
    if (!changed) patch = {};
    patch[k] = bv;
    changed = true;
  }
  // Every key of b that a has was counted; a has more keys only when a field disappeared.
  let count = 0;
  for (const _ in a) count++;
  if (shared !== count) return REPLACE;
  return changed ? patch : undefined;
}

/**
 * The ops turning entity `a` into entity `b` of record `coll` (either may be absent), appended to
 * `out`: what `diffModel` emits for one key. For deltas built key by key (protocol clock.ts views).
 */
export function diffEntity(
  coll: string,
  key: string,
  a: Entity | undefined,
  b: Entity | undefined,
  out: Delta,
): void {
  if (a === b) return;
  if (b === undefined) {
    out.push([coll, key]);
    return;
  }
  if (a === undefined) {
    out.push([coll, key, b as Record<string, unknown>]);
    return;
  }
  const patch = entityPatch(a, b);
  if (patch === REPLACE) out.push([coll, key], [coll, key, b as Record<string, unknown>]);
  else if (patch !== undefined) out.push([coll, key, patch]);
}

/** Splices turning list a into list b (ids unique), or undefined when a set is needed. */
function listSplices(
  a: readonly unknown[],
  b: readonly unknown[],
): [number, number, ...unknown[]][] | undefined {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  if (start === endA && start === endB) return [];
  const posInA = new Map<unknown, number>();
  for (let i = start; i < endA; i++) {
    if (posInA.has(a[i])) return undefined;
    posInA.set(a[i], i);
  }
  // Longest increasing subsequence of a-positions of b's elements: those stay, the rest move.
  const seenB = new Set<unknown>();
  const tails: number[] = [];
  const tailIdx: number[] = [];
  const prev = new Int32Array(endB - start).fill(-1);
  for (let j = start; j < endB; j++) {
    if (seenB.has(b[j])) return undefined;
    seenB.add(b[j]);
    const p = posInA.get(b[j]);
    if (p === undefined) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((tails[mid] as number) < p) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = p;
    tailIdx[lo] = j;
    prev[j - start] = lo > 0 ? (tailIdx[lo - 1] as number) : -1;
  }
  const keepB: number[] = [];
  for (let j = tailIdx[tails.length - 1] ?? -1; j >= 0; j = prev[j - start] as number) keepB.push(j);
  keepB.reverse();
  const splices: [number, number, ...unknown[]][] = [];
  let ia = start;
  let ib = start;
  const anchors = keepB.map((j) => [posInA.get(b[j]) as number, j] as const);
  anchors.push([endA, endB]);
  for (const [pa, pb] of anchors) {
    if (pa > ia || pb > ib) splices.push([ib, pa - ia, ...b.slice(ib, pb)]);
    ia = pa + 1;
    ib = pb + 1;
  }
  return splices;
}

function diffList(coll: string, a: readonly unknown[], b: readonly unknown[], out: Delta): void {
  if (a.length === b.length) {
    let same = true;
    for (let i = 0; i < a.length; i++) {
      if (!jsonEqual(a[i], b[i])) {
        same = false;
        break;
      }
    }
    if (same) return;
  }
  const splices = listSplices(a, b);
  const set: SetListOp = [coll, b.slice()];
  if (splices === undefined) {
    out.push(set);
    return;
  }
  const ops: SpliceOp[] = splices.map((s) => [coll, ...s]);
  let spliceBytes = 0;
  for (const op of ops) spliceBytes += jsonLength(op) + 1;
  if (spliceBytes <= jsonLength(set)) out.push(...ops);
  else out.push(set);
}

/**
 * What a producer knows of how a record collection was built from an earlier one
 * (`declareChanges`): `next` has exactly `base`'s keys, and at every key not in `keys` it holds
 * the same entity object as `base`.
 */
interface DeclaredChanges {
  readonly base: object;
  /** In `for...in` order of `next`, without repeats. */
  readonly keys: readonly string[];
}

const declared = new WeakMap<object, DeclaredChanges>();

/** A canonical array-index key ("0", "17", not "017" or "-1"): `for...in` visits these first, ascending. */
function isIndexKey(key: string): boolean {
  const n = Number(key);
  return Number.isInteger(n) && n >= 0 && n < 4294967295 && String(n) === key;
}

/**
 * Declares that record `next` was built from record `base` with changes at `keys` only: the same
 * key set, and the same entity object at every other key. `diffModel(prev, next)` then compares
 * only those keys when `prev`'s collection is `base` itself (the same object). The producer (the
 * market normalizer) says only what it knows. `keys` are either all array-index keys (any order)
 * or all other strings, in the order `next` got them (a record iterates those in insertion
 * order); the ops are then exactly a full comparison's. Mixed keys declare nothing.
 */
export function declareChanges(next: object, base: object, keys: readonly string[]): void {
  if (next === base) return;
  let index = 0;
  for (const key of keys) if (isIndexKey(key)) index++;
  if (index === keys.length && index > 1) {
    const sorted = [...keys].sort((x, y) => Number(x) - Number(y));
    declared.set(next, { base, keys: sorted.filter((k, i) => k !== sorted[i - 1]) });
  } else if (index === 0) {
    declared.set(next, { base, keys: keys.length > 1 ? [...new Set(keys)] : keys });
  } else if (keys.length === 1) {
    declared.set(next, { base, keys });
  }
}

/**
 * The keys at which record `next` may differ from record `base`: none when they are the same
 * object, the keys declared (`declareChanges`) when `next` was declared against `base`,
 * undefined when unknown.
 */
export function declaredChanges(next: object, base: object): readonly string[] | undefined {
  if (next === base) return [];
  const known = declared.get(next);
  return known !== undefined && known.base === base ? known.keys : undefined;
}

/**
 * The smallest delta turning `prev` into `next`: per entity only the changed fields, removals by
 * key, list edits as splices (or one whole list when that is shorter). `[]` when nothing changed.
 * Entities that are the same object in both models are skipped without comparing.
 */
export function diffModel(prev: Model, next: Model): Delta {
  const out: Delta = [];
  for (const coll in next) {
    const a = prev[coll];
    const b = next[coll] as Collection;
    if (a === b) continue;
    if (Array.isArray(b)) {
      diffList(coll, Array.isArray(a) ? a : [], b, out);
      continue;
    }
    const ra = (a !== undefined && !Array.isArray(a) ? a : {}) as Readonly<Record<string, Entity>>;
    const rb = b as Readonly<Record<string, Entity>>;
    // Declared by the producer against this very `prev` collection: only those keys can differ.
    const known = declared.get(rb);
    if (known !== undefined && known.base === a) {
      for (const key of known.keys) diffEntity(coll, key, ra[key], rb[key], out);
      continue;
    }
    for (const key in rb) diffEntity(coll, key, ra[key], rb[key], out);
    for (const key in ra) if (!(key in rb)) out.push([coll, key]);
  }
  for (const coll in prev) {
    if (coll in next) continue;
    const a = prev[coll] as Collection;
    if (Array.isArray(a)) out.push([coll, []]);
    else for (const key in a) out.push([coll, key]);
  }
  return out;
}

function applySparse(old: readonly unknown[], patch: SparsePatch): unknown[] {
  const length = typeof patch.length === 'number' ? patch.length : old.length;
  const out = old.length > length ? old.slice(0, length) : old.slice();
  for (const k in patch) {
    if (k === 'length') continue;
    const i = Number(k);
    if (Number.isInteger(i) && i >= 0 && i < length) out[i] = patch[k];
  }
  // A malformed patch must not leave holes (they would serialize as null but hash differently).
  for (let i = out.length; i < length; i++) out[i] = null;
  for (let i = 0; i < out.length; i++) if (!(i in out)) out[i] = null;
  return out;
}

function applyField(old: unknown, patch: unknown): unknown {
  return isRecord(patch) && Array.isArray(old) ? applySparse(old, patch) : patch;
}

function mergeEntity(old: Entity | undefined, patch: Record<string, unknown>): Entity {
  if (old === undefined) return patch;
  const out: Record<string, unknown> = { ...old };
  for (const k in patch) {
    if (k === '__proto__') continue;
    out[k] = applyField((old as Fields)[k], patch[k]);
  }
  return out;
}

const isUnsafeKey = (k: string) => k === '__proto__';

/**
 * Applies a delta, returning a new model. Never mutates `model`: touched collections are copied
 * once, untouched collections and entities keep their identity (React re-renders only those that
 * changed). The empty delta returns `model` itself.
 */
export function applyDelta<M extends Model>(model: M, delta: Delta): M {
  if (delta.length === 0) return model;
  const copies: Record<string, Record<string, Entity> | unknown[]> = {};
  for (const op of delta) {
    const coll = op[0];
    if (isUnsafeKey(coll)) continue;
    const second = op[1];
    if (typeof second === 'string') {
      if (isUnsafeKey(second)) continue;
      let rec = copies[coll] as Record<string, Entity> | undefined;
      if (rec === undefined) {
        const src = model[coll];
        rec = Array.isArray(src) || src === undefined ? {} : { ...(src as Record<string, Entity>) };
        copies[coll] = rec;
      }
      if (op.length === 2) delete rec[second];
      else rec[second] = mergeEntity(rec[second], (op as UpsertOp)[2]);
    } else if (Array.isArray(second)) {
      copies[coll] = second.slice();
    } else {
      let list = copies[coll] as unknown[] | undefined;
      if (list === undefined) {
        const src = model[coll];
        list = Array.isArray(src) ? src.slice() : [];
        copies[coll] = list;
      }
      const [, index, deleteCount, ...items] = op as SpliceOp;
      list.splice(index, deleteCount, ...items);
    }
  }
  return { ...model, ...copies };
}

function composeSparse(a: SparsePatch, b: SparsePatch): SparsePatch {
  if (typeof b.length !== 'number') {
    const out: SparsePatch = { ...a, ...b };
    if (typeof a.length === 'number') out.length = a.length;
    else delete out.length;
    return out;
  }
  const out: SparsePatch = {};
  for (const k in a) if (k !== 'length' && Number(k) < b.length) out[k] = a[k];
  for (const k in b) out[k] = b[k];
  return out;
}

function composeField(a: unknown, b: unknown): unknown {
  if (!isRecord(b)) return b;
  if (Array.isArray(a)) return applySparse(a, b);
  if (isRecord(a)) return composeSparse(a, b);
  return b;
}

function composePatch(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const k in b) {
    if (k === '__proto__') continue;
    out[k] = k in a ? composeField(a[k], b[k]) : b[k];
  }
  return out;
}

interface KeyState {
  coll: string;
  key: string;
  removed: boolean;
  patch: Record<string, unknown> | undefined;
}

/**
 * One delta equal to applying `a` then `b`: `applyDelta(applyDelta(m, a), b)` deep-equals
 * `applyDelta(m, mergeDeltas(a, b))`. Entity ops collapse per key; list splices are kept in order
 * (a whole-list set drops the list's earlier ops). The gateway conflates a slow client's pending
 * deltas with it; when the merged delta grows past a snapshot's size, send a snapshot instead.
 */
export function mergeDeltas(a: Delta, b: Delta): Delta {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const entities = new Map<string, KeyState>();
  const lists = new Map<string, DeltaOp[]>();
  for (const op of [...a, ...b]) {
    const [coll, second] = op;
    if (typeof second === 'string') {
      const id = `${coll}\u0000${second}`;
      let state = entities.get(id);
      if (state === undefined) {
        state = { coll, key: second, removed: false, patch: undefined };
        entities.set(id, state);
      }
      if (op.length === 2) {
        state.removed = true;
        state.patch = undefined;
      } else {
        const patch = (op as UpsertOp)[2];
        state.patch = state.patch === undefined ? patch : composePatch(state.patch, patch);
      }
    } else if (Array.isArray(second)) {
      lists.set(coll, [op]);
    } else {
      const ops = lists.get(coll);
      if (ops === undefined) lists.set(coll, [op]);
      else ops.push(op);
    }
  }
  const out: Delta = [];
  for (const s of entities.values()) {
    if (s.removed) out.push([s.coll, s.key]);
    if (s.patch !== undefined) out.push([s.coll, s.key, s.patch]);
  }
  for (const ops of lists.values()) out.push(...ops);
  return out;
}

/** Validates a delta from `unknown` (a received `ops`). Never throws. */
export function parseDelta(input: unknown): Parsed<Delta> {
  if (!Array.isArray(input)) return { ok: false, error: 'ops: must be an array' };
  for (let i = 0; i < input.length; i++) {
    const op: unknown = input[i];
    const bad = (why: string): Parsed<Delta> => ({ ok: false, error: `ops[${i}]: ${why}` });
    if (!Array.isArray(op) || op.length < 2) return bad('must be an array of at least 2 elements');
    const [coll, second] = op as unknown[];
    if (typeof coll !== 'string' || coll.length === 0) return bad('element 0 must be a collection name');
    if (typeof second === 'string') {
      if (op.length > 3) return bad('an entity op has at most 3 elements');
      if (op.length === 3 && !isRecord(op[2])) return bad('element 2 must be an object');
    } else if (Array.isArray(second)) {
      if (op.length !== 2) return bad('a list set has exactly 2 elements');
    } else if (Number.isSafeInteger(second) && (second as number) >= 0) {
      const del = op[2];
      if (!(Number.isSafeInteger(del) && (del as number) >= 0))
        return bad('element 2 must be a delete count');
    } else {
      return bad('element 1 must be a key, an index or a list');
    }
  }
  return { ok: true, value: input as Delta };
}
