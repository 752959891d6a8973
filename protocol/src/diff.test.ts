import fc from 'fast-check';
import jsonpatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import type { Delta, Model } from './diff.ts';
import { applyDelta, diffModel, mergeDeltas, parseDelta } from './diff.ts';
import { createHasher, stateHash } from './hash.ts';
import type { MarketModel } from './market.ts';
import { emptyMarketModel, normalizeMarket, parseMarketData } from './market.ts';
import type { HeadRow, LeagueRow, LinkRow, LiveState, MarketData, MatchRow, OddsRow } from './rows.ts';

// ---------------------------------------------------------------------------------------------
// Arbitraries: random valid MarketData and random mutations of it.

const kickoffs = [1763798400000, 1763802000000, 1763805600000];
const liveStateArb: fc.Arbitrary<LiveState | null> = fc.option(
  fc.tuple(
    fc.nat(5),
    fc.nat(5),
    fc.constantFrom(0, 1, 2, 3, 4, 5, 9),
    fc.nat(6000),
    fc.nat(2),
    fc.nat(2),
  ) as fc.Arbitrary<LiveState>,
  { nil: null },
);
const priceArb = fc.integer({ min: 1010, max: 9990 }).map((p) => p / 1000);

function oddsRowsFor(matchId: number, kinds: number[], prices: number[]): OddsRow[] {
  return kinds.map((kind, i): OddsRow => {
    const p = (j: number) => prices[(i * 3 + j) % prices.length] ?? 1.9;
    if (kind === 0)
      return [`${matchId}-HDP-${i}`, matchId, 'HDP', i === 0 ? 0 : -0.25 * i, 0, [p(0), p(1)], null];
    if (kind === 1) return [`${matchId}-OU-${i}`, matchId, 'OU', 2.5 + i, 0, [p(0), p(1)], null];
    if (kind === 2) return [`${matchId}-1X2-${i}`, matchId, '1X2', null, 0, [p(0), p(1), p(2)], null];
    // A correct-score row: long prices and labels arrays (where a sparse patch pays off).
    const labels = ['1-0', '2-0', '2-1', '0-0', '1-1', '0-1', '0-2', '1-2', 'AOS'];
    return [`${matchId}-CS-${i}`, matchId, 'CS', null, 0, labels.map((_, j) => p(j)), labels];
  });
}

const matchSpecArb = fc.record({
  id: fc.integer({ min: 1, max: 60 }),
  league: fc.constantFrom(101, 102, 103),
  type: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>,
  status: fc.constantFrom(0, 0, 0, 5, 1, 2) as fc.Arbitrary<0 | 1 | 2 | 5>,
  kickoff: fc.constantFrom(...kickoffs),
  live: liveStateArb,
  group: fc.option(fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, { nil: undefined, freq: 6 }),
  odds: fc.array(fc.nat(3), { maxLength: 4 }),
  prices: fc.array(priceArb, { minLength: 1, maxLength: 6 }),
  sport: fc.constantFrom(1, 1, 1, 2, 22),
});
type MatchSpec = typeof matchSpecArb extends fc.Arbitrary<infer T> ? T : never;

function rowsOf(spec: MatchSpec): { match: MatchRow; head?: HeadRow; odds: OddsRow[] } {
  const match: MatchRow = [
    spec.id,
    spec.league,
    `Home ${spec.id}`,
    `Away ${spec.id}`,
    spec.type,
    spec.status,
    spec.sport,
    spec.live ? 1 : 0,
    1,
    spec.kickoff,
    0,
    0,
    spec.live,
    spec.type === 3 ? 'Corners' : '',
  ];
  const head: HeadRow | undefined =
    spec.group === undefined
      ? undefined
      : [spec.id, spec.sport, spec.group, spec.league, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  return { match, head, odds: oddsRowsFor(spec.id, spec.odds, spec.prices) };
}

const leaguesOf = (): LeagueRow[] => [
  [101, 1, 'England Premier League', 1, 0, 1, 'England'],
  [102, 1, 'Spain La Liga', 1, 0, 2, 'Spain'],
  [103, 2, 'NBA', 0, 25, 3, 'USA'],
];

const marketDataArb: fc.Arbitrary<MarketData> = fc
  .record({
    specs: fc.uniqueArray(matchSpecArb, { selector: (s) => s.id, maxLength: 14 }),
    links: fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 })), {
      maxLength: 8,
    }),
  })
  .map(({ specs, links }) => {
    const rows = specs.map(rowsOf);
    return {
      leagues: leaguesOf(),
      matches: rows.map((r) => r.match),
      links: links as LinkRow[],
      heads: rows.flatMap((r) => (r.head ? [r.head] : [])),
      odds: rows.flatMap((r) => r.odds),
    };
  });

type Mutation =
  | { kind: 'price'; i: number; j: number; price: number }
  | { kind: 'oddsStatus'; i: number }
  | { kind: 'removeOdds'; i: number }
  | { kind: 'status'; i: number; status: 0 | 1 | 2 | 5 }
  | { kind: 'liveState'; i: number; live: LiveState | null }
  | { kind: 'kickoff'; i: number; kickoff: number }
  | { kind: 'group'; i: number; group: 1 | 2 | 3 }
  | { kind: 'removeMatch'; i: number }
  | { kind: 'addMatch'; spec: MatchSpec }
  | { kind: 'label'; i: number; label: string }
  | { kind: 'link'; parent: number; child: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('price' as const), i: fc.nat(), j: fc.nat(), price: priceArb }),
  },
  fc.record({ kind: fc.constant('oddsStatus' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('removeOdds' as const), i: fc.nat() }),
  fc.record({
    kind: fc.constant('status' as const),
    i: fc.nat(),
    status: fc.constantFrom(0, 1, 2, 5) as fc.Arbitrary<0 | 1 | 2 | 5>,
  }),
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('liveState' as const), i: fc.nat(), live: liveStateArb }),
  },
  fc.record({
    kind: fc.constant('kickoff' as const),
    i: fc.nat(),
    kickoff: fc.constantFrom(...kickoffs, 1763700000000),
  }),
  fc.record({
    kind: fc.constant('group' as const),
    i: fc.nat(),
    group: fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>,
  }),
  fc.record({ kind: fc.constant('removeMatch' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('addMatch' as const), spec: matchSpecArb }),
  fc.record({ kind: fc.constant('label' as const), i: fc.nat(), label: fc.string({ maxLength: 5 }) }),
  fc.record({
    kind: fc.constant('link' as const),
    parent: fc.integer({ min: 1, max: 60 }),
    child: fc.integer({ min: 1, max: 60 }),
  }),
);

function at<T>(list: T[], i: number): T | undefined {
  return list.length === 0 ? undefined : list[i % list.length];
}

/** Applies mutations to a copy of the data (the input stays untouched). */
function mutate(input: MarketData, mutations: Mutation[]): MarketData {
  const d = structuredClone(input);
  for (const m of mutations) {
    switch (m.kind) {
      case 'price': {
        const row = at(d.odds, m.i);
        if (row && row[5].length > 0) row[5][m.j % row[5].length] = m.price;
        break;
      }
      case 'oddsStatus': {
        const row = at(d.odds, m.i);
        if (row) row[4] = row[4] === 0 ? 5 : 0;
        break;
      }
      case 'removeOdds':
        if (d.odds.length > 0) d.odds.splice(m.i % d.odds.length, 1);
        break;
      case 'status': {
        const row = at(d.matches, m.i);
        if (row) row[5] = m.status;
        break;
      }
      case 'liveState': {
        const row = at(d.matches, m.i);
        if (row) row[12] = m.live;
        break;
      }
      case 'kickoff': {
        const row = at(d.matches, m.i);
        if (row) row[9] = m.kickoff;
        break;
      }
      case 'group': {
        const row = at(d.heads, m.i);
        if (row) row[2] = m.group;
        break;
      }
      case 'removeMatch': {
        const row = at(d.matches, m.i);
        if (!row) break;
        const id = row[0];
        d.matches = d.matches.filter((r) => r[0] !== id);
        d.heads = d.heads.filter((r) => r[0] !== id);
        d.odds = d.odds.filter((r) => r[1] !== id);
        break;
      }
      case 'addMatch': {
        if (d.matches.some((r) => r[0] === m.spec.id)) break;
        const rows = rowsOf(m.spec);
        d.matches.push(rows.match);
        if (rows.head) d.heads.push(rows.head);
        d.odds.push(...rows.odds);
        break;
      }
      case 'label': {
        const row = d.odds.find((r) => r[6] !== null);
        const labels = row?.[6];
        if (labels && labels.length > 0) labels[m.i % labels.length] = m.label;
        break;
      }
      case 'link':
        d.links.push([m.parent, m.child]);
        break;
    }
  }
  return d;
}

function model(data: MarketData): MarketModel {
  const r = parseMarketData(data);
  if (!r.ok) throw new Error(r.error);
  return normalizeMarket(r.value);
}

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
const deepFreeze = <T>(v: T): T => {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
};

const stepArb = fc.array(mutationArb, { minLength: 1, maxLength: 6 });
const RUNS = { numRuns: 300 };

// ---------------------------------------------------------------------------------------------

describe('diffModel and applyDelta: worked examples', () => {
  const base = {
    leagues: leaguesOf(),
    matches: [
      [5001, 101, 'Arsenal', 'Chelsea', 2, 0, 1, 1, 1, 1763798400000, 0, 1, [1, 0, 3, 3120, 0, 0], ''],
      [
        5002,
        101,
        'Arsenal (Corners)',
        'Chelsea (Corners)',
        3,
        0,
        1,
        1,
        0,
        1763798400000,
        0,
        0,
        null,
        'Corners',
      ],
      [5003, 102, 'Sevilla', 'Betis', 1, 0, 1, 1, 1, 1763802000000, 0, 0, [0, 0, 1, 600, 0, 0], ''],
    ],
    links: [[5001, 5002]],
    heads: [
      [5001, 1, 3, 101, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
      [5003, 1, 3, 102, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
    odds: [
      ['5001-HDP-0', 5001, 'HDP', -0.25, 0, [1.93, 1.97], null],
      ['5001-OU-0', 5001, 'OU', 2.75, 0, [1.88, 2.02], null],
    ],
  } as MarketData;

  it('sends one price move as a sparse patch of the changed field only', () => {
    const next = structuredClone(base);
    (next.odds[0] as OddsRow)[5][0] = 1.95;
    const delta = diffModel(model(base), model(next));
    expect(delta).toEqual([['odds', '5001-HDP-0', { prices: { '0': 1.95 } }]]);
    expect(JSON.stringify(delta)).toBe('[["odds","5001-HDP-0",{"prices":{"0":1.95}}]]');
    // RFC 6902 for the same change: [{"op":"replace","path":"/odds/5001-HDP-0/prices/0","value":1.95}]
    expect(JSON.stringify(delta).length).toBeLessThan(
      JSON.stringify(jsonpatch.compare(model(base), model(next))).length,
    );
  });

  it('sends a goal to the parent and to its corners child (liveState passes down)', () => {
    const next = structuredClone(base);
    (next.matches[0] as MatchRow)[12] = [2, 0, 3, 3300, 0, 0];
    expect(diffModel(model(base), model(next))).toEqual([
      ['match', '5001', { liveState: [2, 0, 3, 3300, 0, 0] }],
      ['match', '5002', { liveState: [2, 0, 3, 3300, 0, 0] }],
    ]);
  });

  it('removes a match with its head, odds and list entry', () => {
    const next = structuredClone(base);
    next.matches = next.matches.filter((r) => r[0] !== 5003);
    next.heads = next.heads.filter((r) => r[0] !== 5003);
    expect(diffModel(model(base), model(next))).toEqual([
      ['match', '5003'],
      ['head', '5003'],
      ['live', 1, 1],
    ]);
  });

  it('adds a match as a full entity and a splice into the list', () => {
    const next = structuredClone(base);
    next.matches.push([5004, 102, 'Girona', 'Getafe', 1, 0, 1, 1, 1, 1763798000000, 0, 0, null, '']);
    next.heads.push([5004, 1, 3, 102, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const delta = diffModel(model(base), model(next));
    expect(delta.at(-1)).toEqual(['live', 0, 0, 5004]);
    expect(delta).toContainEqual(['head', '5004', expect.objectContaining({ matchId: 5004, hdp: 1 })]);
    expect(applyDelta(model(base), delta)).toEqual(model(next));
  });

  it('is empty when nothing changed, and applying it returns the same model', () => {
    const m = model(base);
    expect(diffModel(m, model(structuredClone(base)))).toEqual([]);
    expect(applyDelta(m, [])).toBe(m);
  });

  it('patches a long array sparsely and a length change with "length"', () => {
    const labels = ['1-0', '2-0', '2-1', '0-0', '1-1', '0-1', '0-2', '1-2', 'AOS'];
    const prev = { odds: { cs: { prices: [1, 2, 3, 4, 5, 6, 7, 8, 9], labels } } };
    const next = { odds: { cs: { prices: [1, 2, 3, 4, 5, 6.5, 7, 8, 9], labels: labels.slice(0, 8) } } };
    const delta = diffModel(prev, next);
    expect(delta).toEqual([['odds', 'cs', { prices: { '5': 6.5 }, labels: { length: 8 } }]]);
    expect(applyDelta(prev, delta)).toEqual(next);
  });

  it('replaces an entity that lost a field with a remove then a full upsert', () => {
    const prev = { c: { k: { a: 1, b: 2 } } };
    const next = { c: { k: { a: 1 } } };
    const delta = diffModel(prev, next);
    expect(delta).toEqual([
      ['c', 'k'],
      ['c', 'k', { a: 1 }],
    ]);
    expect(applyDelta(prev, delta)).toEqual(next);
  });

  it('ignores __proto__ keys in a received delta (no prototype pollution)', () => {
    const m = emptyMarketModel();
    const delta = JSON.parse('[["odds","__proto__",{"polluted":1}],["__proto__","x",{"a":1}]]') as Delta;
    const out = applyDelta(m, delta) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out.odds)).toBe(Object.prototype);
  });
});

describe('laws (property tests)', () => {
  it('applyDelta(a, diffModel(a, b)) deep-equals b and has stateHash(b); input never mutated', () => {
    fc.assert(
      fc.property(marketDataArb, stepArb, (data, muts) => {
        const a = deepFreeze(model(data));
        const b = model(mutate(data, muts));
        const delta = diffModel(a, b);
        const out = applyDelta(a, delta);
        expect(out).toEqual(b);
        expect(stateHash(out)).toBe(stateHash(b));
        // The delta survives the wire.
        expect(applyDelta(a, JSON.parse(JSON.stringify(delta)) as Delta)).toEqual(b);
        expect(parseDelta(JSON.parse(JSON.stringify(delta))).ok).toBe(true);
      }),
      RUNS,
    );
  });

  it('keeps the identity of every entity and collection the delta does not touch', () => {
    fc.assert(
      fc.property(marketDataArb, stepArb, (data, muts) => {
        const a = model(data);
        const delta = diffModel(a, model(mutate(data, muts)));
        const out = applyDelta(a, delta) as unknown as Model;
        const touched = new Set(delta.map((op) => `${op[0]}/${typeof op[1] === 'string' ? op[1] : ''}`));
        const touchedColls = new Set(delta.map((op) => op[0]));
        for (const coll of Object.keys(a)) {
          const before = (a as unknown as Model)[coll];
          const after = out[coll];
          if (!touchedColls.has(coll)) expect(after).toBe(before);
          else if (!Array.isArray(before)) {
            for (const key of Object.keys(before as object)) {
              if (!touched.has(`${coll}/${key}`)) {
                expect((after as Record<string, unknown>)[key]).toBe(
                  (before as Record<string, unknown>)[key],
                );
              }
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('is empty exactly when nothing changed', () => {
    fc.assert(
      fc.property(marketDataArb, stepArb, (data, muts) => {
        const a = model(data);
        const b = model(mutate(data, muts));
        expect(diffModel(a, model(structuredClone(data)))).toEqual([]);
        expect(diffModel(a, b).length === 0).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      RUNS,
    );
  });

  it('is never larger than the RFC 6902 JSON Patch of the same change (fast-json-patch compare)', () => {
    fc.assert(
      fc.property(marketDataArb, stepArb, (data, muts) => {
        const a = model(data);
        const b = model(mutate(data, muts));
        const delta = diffModel(a, b);
        const patch = jsonpatch.compare(a, b);
        if (patch.length === 0) expect(delta).toEqual([]);
        else expect(bytes(delta)).toBeLessThan(bytes(patch));
      }),
      RUNS,
    );
  });

  it('mergeDeltas: apply(apply(m, a), b) equals apply(m, merge(a, b)), over chains of deltas', () => {
    fc.assert(
      fc.property(marketDataArb, fc.array(stepArb, { minLength: 2, maxLength: 5 }), (data, steps) => {
        const models = [model(data)];
        let d = data;
        for (const muts of steps) {
          d = mutate(d, muts);
          models.push(model(d));
        }
        const deltas = models.slice(1).map((m, i) => diffModel(models[i] as MarketModel, m));
        const first = models[0] as MarketModel;
        const last = models.at(-1) as MarketModel;
        // Pairwise law.
        const [a, b] = deltas as [Delta, Delta];
        expect(applyDelta(first, mergeDeltas(a, b))).toEqual(applyDelta(applyDelta(first, a), b));
        // A slow client's whole backlog conflated into one delta.
        const merged = deltas.reduce(mergeDeltas, [] as Delta);
        const out = applyDelta(first, merged);
        expect(out).toEqual(last);
        expect(stateHash(out)).toBe(stateHash(last));
        // Merging is associative in effect (the gateway may conflate in any grouping).
        const right = deltas.reduceRight((acc, x) => mergeDeltas(x, acc), [] as Delta);
        expect(applyDelta(first, right)).toEqual(last);
      }),
      RUNS,
    );
  });

  it('incremental hasher equals stateHash after every delta (with and without the next model)', () => {
    fc.assert(
      fc.property(marketDataArb, fc.array(stepArb, { minLength: 1, maxLength: 5 }), (data, steps) => {
        let prev = model(data);
        const given = createHasher(prev);
        const derived = createHasher(prev);
        expect(given.value).toBe(stateHash(prev));
        let d = data;
        for (const muts of steps) {
          d = mutate(d, muts);
          const next = model(d);
          const delta = diffModel(prev, next);
          given.apply(delta, next);
          const out = derived.apply(delta);
          expect(given.value).toBe(stateHash(next));
          expect(derived.value).toBe(stateHash(next));
          expect(out).toEqual(next);
          prev = next;
        }
      }),
      RUNS,
    );
  });

  it('hashes equal models equally and (almost surely) different models differently', () => {
    fc.assert(
      fc.property(marketDataArb, stepArb, (data, muts) => {
        const a = model(data);
        const b = model(mutate(data, muts));
        expect(stateHash(a) === stateHash(b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      RUNS,
    );
  });

  it('diffs from the empty model to a full snapshot and back', () => {
    fc.assert(
      fc.property(marketDataArb, (data) => {
        const m = model(data);
        const empty = emptyMarketModel();
        expect(applyDelta(empty, diffModel(empty, m))).toEqual(m);
        expect(applyDelta(m, diffModel(m, empty))).toEqual(empty);
      }),
      RUNS,
    );
  });
});

describe('parseDelta', () => {
  it('never throws and accepts only well-formed ops', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const r = parseDelta(v);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
    expect(
      parseDelta([
        ['odds', 'k', { a: 1 }],
        ['odds', 'k'],
        ['live', 0, 1, 5],
        ['live', [1, 2]],
      ]).ok,
    ).toBe(true);
    expect(parseDelta([['odds', 'k', 5]])).toEqual({
      ok: false,
      error: 'ops[0]: element 2 must be an object',
    });
    expect(parseDelta([['live', -1, 0]]).ok).toBe(false);
    expect(parseDelta({}).ok).toBe(false);
  });
});
