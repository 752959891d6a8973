/**
 * What one delta changed, read off its ops (protocol/WIRE.md section 2) in O(ops): the board
 * notifies only the cells and rows whose entity a delta touched, and rebuilds its league grouping
 * only when the structure moved, instead of re-checking ~9,000 cells and regrouping ~1,000 matches
 * on every price tick.
 */
import type { Delta, Model } from '@sportsbook/protocol';

export interface ModelChanges {
  /**
   * The model the delta was applied to. A consumer that last saw another model missed a frame (or
   * started later) and must treat everything as changed.
   */
  readonly from: Model;
  /** Entity collection -> keys upserted or removed. */
  readonly entities: ReadonlyMap<string, ReadonlySet<string>>;
  /** Collections whose set of keys changed (an entity created or removed), and every list touched. */
  readonly shape: ReadonlySet<string>;
  /** Entity collection -> fields patched on entities that existed before (not created ones). */
  readonly fields: ReadonlyMap<string, ReadonlySet<string>>;
}

function add(map: Map<string, Set<string>>, coll: string, value: string): void {
  let set = map.get(coll);
  if (!set) {
    set = new Set();
    map.set(coll, set);
  }
  set.add(value);
}

/** The changes of `ops` applied to `from` (the model before the delta). */
export function deltaChanges(from: Model, ops: Delta): ModelChanges {
  const entities = new Map<string, Set<string>>();
  const shape = new Set<string>();
  const fields = new Map<string, Set<string>>();
  for (const op of ops) {
    const coll = op[0];
    const second = op[1];
    if (typeof second !== 'string') {
      // A splice or a whole-list replacement.
      shape.add(coll);
      continue;
    }
    add(entities, coll, second);
    const patch = op[2];
    if (patch === undefined) {
      shape.add(coll);
      continue;
    }
    const before = from[coll];
    const existed = before !== undefined && !Array.isArray(before) && Object.hasOwn(before as object, second);
    if (!existed) {
      shape.add(coll);
      continue;
    }
    for (const field in patch as Record<string, unknown>) add(fields, coll, field);
  }
  return { from, entities, shape, fields };
}

/** True when `changes` may have changed any of the given collections' key sets or the given fields. */
export function touches(
  changes: ModelChanges,
  rule: {
    readonly shape?: readonly string[];
    readonly fields?: Readonly<Record<string, readonly string[] | '*'>>;
  },
): boolean {
  for (const coll of rule.shape ?? []) if (changes.shape.has(coll)) return true;
  for (const [coll, names] of Object.entries(rule.fields ?? {})) {
    const patched = changes.fields.get(coll);
    if (!patched) continue;
    if (names === '*') return true;
    for (const name of names) if (patched.has(name)) return true;
  }
  return false;
}
