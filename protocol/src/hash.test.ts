import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Delta, Model } from './diff.ts';
import { applyDelta, diffModel, mergeDeltas } from './diff.ts';
import { canonicalJson, createHasher, hashJson, hashText, stateHash } from './hash.ts';
import { emptyMarketModel } from './market.ts';

// Generic models (not only market ones): records of entities whose fields are scalars or arrays,
// plus ordered lists of unique ids. The hash and the diff are defined for any such model.
const fieldArb = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom('a', 'b', 'ü', '"q"', ''),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 5 }),
);
const entityArb = fc.dictionary(fc.constantFrom('x', 'y', 'z', 'w'), fieldArb, { maxKeys: 4 });
const recordArb = fc.dictionary(fc.constantFrom('1', '2', '3', '10', 'k', 'k-2'), entityArb, { maxKeys: 6 });
const listArb = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 10 });
const modelArb: fc.Arbitrary<Model> = fc.record({ a: recordArb, b: recordArb, l: listArb, m: listArb });

describe('stateHash', () => {
  it('is 16 hex digits and fixed for a fixed model (same on every machine)', () => {
    const model = { odds: { k: { prices: [1.93, 1.97], id: 'k' } }, live: [5001] };
    const h = stateHash(model);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    // Pinned: a change here breaks every client that checks hashes from an older gateway.
    expect(h).toBe('0bdbd27b1165827d');
    expect(h).toBe(stateHash({ live: [5001], odds: { k: { id: 'k', prices: [1.93, 1.97] } } }));
    expect(stateHash(emptyMarketModel())).toBe(stateHash(emptyMarketModel()));
  });

  it('does not depend on key insertion order', () => {
    fc.assert(
      fc.property(modelArb, (m) => {
        const reversed: Record<string, unknown> = {};
        for (const coll of Object.keys(m).reverse()) {
          const c = m[coll];
          if (Array.isArray(c)) reversed[coll] = c;
          else {
            const rec: Record<string, unknown> = {};
            for (const k of Object.keys(c as object).reverse()) {
              const e = (c as Record<string, Record<string, unknown>>)[k] as Record<string, unknown>;
              rec[k] = Object.fromEntries(Object.entries(e).reverse());
            }
            reversed[coll] = rec;
          }
        }
        expect(stateHash(reversed as Model)).toBe(stateHash(m));
      }),
      { numRuns: 300 },
    );
  });

  it('tells apart a value moved between keys, fields, collections or list positions', () => {
    expect(stateHash({ a: { k1: { x: 1 }, k2: { x: 2 } } })).not.toBe(
      stateHash({ a: { k1: { x: 2 }, k2: { x: 1 } } }),
    );
    expect(stateHash({ a: { k: { x: 1, y: 2 } } })).not.toBe(stateHash({ a: { k: { x: 2, y: 1 } } }));
    expect(stateHash({ a: { k: { x: 1 } }, b: {} })).not.toBe(stateHash({ a: {}, b: { k: { x: 1 } } }));
    expect(stateHash({ l: [1, 2] })).not.toBe(stateHash({ l: [2, 1] }));
  });

  it('canonical JSON sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });
});

describe('createHasher', () => {
  it('follows any sequence of deltas of generic models (with and without the next model)', () => {
    fc.assert(
      fc.property(modelArb, fc.array(modelArb, { minLength: 1, maxLength: 5 }), (first, rest) => {
        const given = createHasher(first);
        const derived = createHasher(first);
        let prev = first;
        for (const next of rest) {
          const delta = diffModel(prev, next);
          expect(applyDelta(prev, delta)).toEqual(next);
          given.apply(delta, next);
          expect(derived.apply(delta)).toEqual(next);
          expect(given.value).toBe(stateHash(next));
          expect(derived.value).toBe(stateHash(next));
          prev = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('follows a merged (conflated) delta too', () => {
    fc.assert(
      fc.property(modelArb, modelArb, modelArb, (m0, m1, m2) => {
        const hasher = createHasher(m0);
        hasher.apply(mergeDeltas(diffModel(m0, m1), diffModel(m1, m2)));
        expect(hasher.model).toEqual(m2);
        expect(hasher.value).toBe(stateHash(m2));
      }),
      { numRuns: 300 },
    );
  });

  it('touches only the changed entities: a one-entity delta leaves the others cached', () => {
    const model = { odds: { a: { p: [1, 2] }, b: { p: [3, 4] } }, live: [1] };
    const hasher = createHasher(model);
    const next = { ...model, odds: { ...model.odds, a: { p: [1, 2.5] } } };
    hasher.apply([['odds', 'a', { p: { '1': 2.5 } }]]);
    expect(hasher.model).toEqual(next);
    expect(hasher.value).toBe(stateHash(next));
  });
});

describe('createHasher with an assumed hash (a snapshot hashed later)', () => {
  const deltasArb = fc.array(modelArb, { minLength: 0, maxLength: 5 });

  it('gives the value of the eager hasher after any deltas, then verifies the whole model once', () => {
    fc.assert(
      fc.property(modelArb, deltasArb, deltasArb, fc.boolean(), (first, before, after, merged) => {
        const lazy = createHasher(first, stateHash(first));
        expect(lazy.pending).toBe(true);
        expect(lazy.value).toBe(stateHash(first));
        let prev = first;
        const step = (next: Model) => {
          const delta = diffModel(prev, next);
          if (merged) lazy.apply(mergeDeltas(delta, []), next);
          else expect(lazy.apply(delta)).toEqual(next);
          expect(lazy.value).toBe(stateHash(next));
          prev = next;
        };
        for (const next of before) step(next);
        expect(lazy.verify()).toBe(true);
        expect(lazy.pending).toBe(false);
        expect(lazy.value).toBe(stateHash(prev));
        for (const next of after) step(next);
        expect(lazy.verify()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('fails its verification when the assumed hash is not that of the model, whatever came after', () => {
    fc.assert(
      fc.property(modelArb, modelArb, deltasArb, (first, other, rest) => {
        fc.pre(stateHash(first) !== stateHash(other));
        const lazy = createHasher(first, stateHash(other));
        let prev = first;
        for (const next of rest) {
          lazy.apply(diffModel(prev, next));
          prev = next;
        }
        expect(lazy.verify()).toBe(false);
        // From then on it holds the model's real hash.
        expect(lazy.pending).toBe(false);
        expect(lazy.value).toBe(stateHash(prev));
      }),
      { numRuns: 300 },
    );
  });

  it('counts the old hash of an entity once when one delta touches it twice', () => {
    const model = { odds: { a: { p: [1] }, b: { p: [2] } }, live: [1, 2] };
    const twice: [string, Delta][] = [
      [
        'patched, then removed',
        [
          ['odds', 'a', { p: { '0': 3 } }],
          ['odds', 'a'],
        ],
      ],
      [
        'removed, then added back',
        [
          ['odds', 'a'],
          ['odds', 'a', { p: [4] }],
        ],
      ],
      [
        'a list spliced, then set',
        [
          ['live', 0, 1],
          ['live', [3]],
        ],
      ],
    ];
    for (const [what, delta] of twice) {
      const lazy = createHasher(model, stateHash(model));
      const next = lazy.apply(delta);
      expect(lazy.value, what).toBe(stateHash(next));
      expect(lazy.verify(), what).toBe(true);
    }
  });

  it('hashes the model at once when the assumed hash is not 16 hex digits', () => {
    const model = { odds: { a: { p: [1] } } };
    const hasher = createHasher(model, 'not a hash');
    expect(hasher.pending).toBe(false);
    expect(hasher.value).toBe(stateHash(model));
  });
});

describe('hashJson (streamed)', () => {
  // The string hash the state hash was defined by before streaming (cyrb53's mixing, 64 bits):
  // kept here as the reference, so a streamed hash that drifts from it fails.
  function referenceHash(s: string): string {
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
    return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
  }

  // Any JSON value, with the numbers and strings that need care: -0, decimals, exponents, huge
  // integers, quotes, backslashes, control characters, lone and paired surrogates.
  const trickyString = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('', '"', '\\', '\n\t\u0001\u001f', '\ud800', '\udc00x', '😀', '\u2028', '__proto__'),
  );
  const trickyNumber = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.constantFrom(-0, 0, 1e21, -1e21, 1e-7, 2 ** 53, -(2 ** 53) - 2, 123456789012345680000, 0.1 + 0.2),
  );
  const { json } = fc.letrec((tie) => ({
    json: fc.oneof(
      { depthSize: 'small' },
      trickyNumber,
      trickyString,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('json')),
      fc.dictionary(trickyString, tie('json')),
    ),
  }));

  it('equals the hash of prefix + canonicalJson(value) for any JSON value', () => {
    fc.assert(
      fc.property(trickyString, json, (prefix, value) => {
        const text = prefix + canonicalJson(value);
        expect(hashJson(prefix, value)).toBe(referenceHash(text));
        expect(hashText(text)).toBe(referenceHash(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('hashes what JSON.stringify writes for sorted keys (undefined fields skipped, arrays hold null)', () => {
    const value = { b: [1, undefined, () => 0], a: undefined, c: Number.NaN, d: -0 };
    expect(canonicalJson(value)).toBe('{"b":[1,null,null],"c":null,"d":0}');
    expect(hashJson('x', value)).toBe(referenceHash('x{"b":[1,null,null],"c":null,"d":0}'));
  });
});
