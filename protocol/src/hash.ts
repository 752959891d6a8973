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

// A 64-bit string hash as two 32-bit halves (cyrb53's mixing, keeping all 64 bits).
let outHi = 0;
let outLo = 0;
function hash64(s: string): void {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  outHi = h2 >>> 0;
  outLo = h1 >>> 0;
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
    return this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0');
  }
}

function entityHash(coll: string, key: string, entity: Entity): void {
  hash64(`${coll}\u0001${key}\u0001${canonicalJson(entity)}`);
}

function listHash(coll: string, list: readonly unknown[]): void {
  hash64(`${coll}\u0002${canonicalJson(list)}`);
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

/** The state hash of a model: 16 lowercase hex digits. */
export function stateHash(model: Model): string {
  const sum = new Sum64();
  for (const coll in model) addCollection(sum, coll, model[coll] as Collection);
  return sum.toString();
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

/**
 * An incremental state hasher: one full pass now, then each `apply` rehashes only the entities
 * and lists the delta touches (a touched list is rehashed whole; lists change only when matches
 * come, go or move).
 */
export function createHasher(initial: Model): StateHasher {
  const sum = new Sum64();
  const cache = new Map<string, [number, number]>();
  let model = initial;
  for (const coll in model) addCollection(sum, coll, model[coll] as Collection, cache);

  const rehash = (id: string, compute: () => boolean) => {
    const old = cache.get(id);
    if (old !== undefined) sum.sub(old[0], old[1]);
    if (compute()) {
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
    apply(delta: Delta, next?: Model): Model {
      const after = next ?? applyDelta(model, delta);
      const listsDone = new Set<string>();
      for (const op of delta) {
        const coll = op[0];
        const second = op[1];
        if (typeof second === 'string') {
          rehash(`${coll}\u0001${second}`, () => {
            const c = after[coll];
            const e =
              c !== undefined && !Array.isArray(c) ? (c as Record<string, Entity>)[second] : undefined;
            if (e === undefined || !Object.hasOwn(c as object, second)) return false;
            entityHash(coll, second, e);
            return true;
          });
        } else if (!listsDone.has(coll)) {
          listsDone.add(coll);
          rehash(`${coll}\u0002`, () => {
            const c = after[coll];
            if (!Array.isArray(c)) return false;
            listHash(coll, c);
            return true;
          });
        }
      }
      model = after;
      return after;
    },
  };
}
