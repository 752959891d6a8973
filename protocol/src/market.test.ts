import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDelta, diffModel, type Model } from './diff.ts';
import { stateHash } from './hash.ts';
import {
  createMarketNormalizer,
  normalizeMarket,
  normalizeMenu,
  parseMarketData,
  parseMenuData,
} from './market.ts';
import type { MarketData } from './rows.ts';

// The example of protocol/ODDS-DATA.md, verbatim.
const oddsDataExample = {
  leagues: [[101, 1, 'England Premier League', 1, 0, 1, 'England']],
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
  ],
  links: [[5001, 5002]],
  heads: [[5001, 1, 3, 101, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]],
  odds: [
    ['5001-HDP-0', 5001, 'HDP', -0.25, 0, [1.93, 1.97], null],
    ['5001-OU-0', 5001, 'OU', 2.75, 0, [1.88, 2.02], null],
  ],
};

function parsed(input: unknown): MarketData {
  const r = parseMarketData(input);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function match(
  id: number,
  kickoff: number,
  extra: Partial<{ type: number; sport: number; live: unknown }> = {},
) {
  return [
    id,
    101,
    `H${id}`,
    `A${id}`,
    extra.type ?? 1,
    0,
    extra.sport ?? 1,
    0,
    1,
    kickoff,
    0,
    0,
    extra.live ?? null,
    '',
  ];
}
const head = (id: number, group: number, sport = 1) => [
  id,
  sport,
  group,
  101,
  1,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
];

describe('normalizeMarket', () => {
  it('gives the child the parent liveState (ODDS-DATA.md example)', () => {
    const model = normalizeMarket(parsed(oddsDataExample));
    expect(model.match['5002']?.liveState).toEqual([1, 0, 3, 3120, 0, 0]);
    expect(model.match['5001']?.liveState).toEqual([1, 0, 3, 3120, 0, 0]);
    expect(model.parent).toEqual({ '5002': { parentId: 5001 } });
    expect(model.child).toEqual({ '5001': { ids: [5002] } });
    expect(model.live).toEqual([5001]);
    expect(model.early).toEqual([]);
    expect(model.today).toEqual([]);
    expect(model.league['101']).toEqual({
      id: 101,
      sportId: 1,
      name: 'England Premier League',
      flag: 1,
      code: 0,
      sortOrder: 1,
      country: 'England',
    });
    expect(model.head['5001']).toMatchObject({
      matchId: 5001,
      group: 3,
      hdp: 2,
      ou: 2,
      oe: 1,
      oxt: 1,
      orz: 0,
    });
    expect(model.odds['5001-HDP-0']).toEqual({
      id: '5001-HDP-0',
      matchId: 5001,
      betType: 'HDP',
      line: -0.25,
      status: 0,
      prices: [1.93, 1.97],
      labels: null,
    });
  });

  it('passes liveState only to type 3 children, not to other linked matches', () => {
    const data = structuredClone(oddsDataExample);
    (data.matches[1] as unknown[])[4] = 1;
    const model = normalizeMarket(parsed(data));
    expect(model.match['5002']?.liveState).toBeNull();
    expect(model.parent['5002']).toEqual({ parentId: 5001 });
  });

  it('keeps a type 3 child own liveState when no link names its parent', () => {
    const data = structuredClone(oddsDataExample);
    data.links = [];
    (data.matches[1] as unknown[])[12] = [0, 0, 1, 60, 0, 0];
    const model = normalizeMarket(parsed(data));
    expect(model.match['5002']?.liveState).toEqual([0, 0, 1, 60, 0, 0]);
  });

  it('lists matches by header group and sorts by kickoff then id', () => {
    const data = {
      leagues: [[101, 1, 'L', 0, 0, 1, 'X']],
      matches: [match(30, 2000), match(10, 3000), match(20, 2000), match(40, 1000), match(50, 1000)],
      links: [],
      heads: [head(30, 2), head(10, 2), head(20, 2), head(40, 1), head(50, 3)],
      odds: [],
    };
    const model = normalizeMarket(parsed(data));
    expect(model.today).toEqual([20, 30, 10]);
    expect(model.early).toEqual([40]);
    expect(model.live).toEqual([50]);
  });

  it('lists a linked child under its parent only, children sorted like the lists', () => {
    const data = {
      leagues: [[101, 1, 'L', 0, 0, 1, 'X']],
      matches: [
        match(1, 500),
        match(3, 500, { type: 3 }),
        match(2, 500, { type: 3 }),
        match(4, 400, { type: 3 }),
      ],
      links: [
        [1, 3],
        [1, 2],
        [1, 4],
      ],
      heads: [head(1, 3), head(2, 3), head(3, 3)],
      odds: [],
    };
    const model = normalizeMarket(parsed(data));
    expect(model.live).toEqual([1]);
    expect(model.child['1']).toEqual({ ids: [4, 2, 3] });
  });

  it('drops excluded sports 22 and 33, orphan heads, links and odds; last duplicate wins', () => {
    const data = {
      leagues: [
        [101, 1, 'L', 0, 0, 1, 'X'],
        [102, 22, 'Excluded', 0, 0, 1, 'X'],
      ],
      matches: [match(1, 1), match(2, 1, { sport: 33 }), match(1, 5)],
      links: [
        [1, 9],
        [1, 1],
      ],
      heads: [head(1, 1), head(2, 1), head(9, 1)],
      odds: [
        ['a', 1, 'HDP', 0, 0, [1.9, 1.9], null],
        ['b', 2, 'HDP', 0, 0, [1.9, 1.9], null],
        ['c', 9, 'HDP', 0, 0, [1.9, 1.9], null],
      ],
    };
    const model = normalizeMarket(parsed(data));
    expect(Object.keys(model.league)).toEqual(['101']);
    expect(Object.keys(model.match)).toEqual(['1']);
    expect(model.match['1']?.kickoff).toBe(5);
    expect(Object.keys(model.head)).toEqual(['1']);
    expect(Object.keys(model.odds)).toEqual(['a']);
    expect(model.parent).toEqual({});
    expect(model.early).toEqual([1]);
  });

  it('is plain JSON: survives a JSON round trip unchanged', () => {
    const model = normalizeMarket(parsed(oddsDataExample));
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });
});

describe('parseMarketData', () => {
  it('accepts the ODDS-DATA.md example', () => {
    expect(parseMarketData(oddsDataExample).ok).toBe(true);
  });

  it('names the bad row, its key and the element', () => {
    const data = structuredClone(oddsDataExample);
    (data.matches[1] as unknown[])[12] = [1, 0];
    const r = parseMarketData(data);
    expect(r).toEqual({
      ok: false,
      error: expect.stringContaining('matches[1] (key 5002) element 12 (liveState)'),
    });
  });

  it('rejects an unknown market group in a header', () => {
    const data = structuredClone(oddsDataExample);
    (data.heads[0] as unknown[])[2] = 4;
    const r = parseMarketData(data);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('heads[0] (key 5001) element 2 (group)');
  });

  it('rejects a missing array and a __proto__ odds id', () => {
    const { links: _, ...noLinks } = oddsDataExample;
    expect(parseMarketData(noLinks)).toEqual({ ok: false, error: expect.stringContaining('links') });
    const data = structuredClone(oddsDataExample);
    (data.odds[0] as unknown[])[0] = '__proto__';
    const r = parseMarketData(data);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('odds[0]');
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const r = parseMarketData(value);
        expect(r.ok).toBe(false);
        const m = parseMenuData(value);
        expect(typeof m.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on rows with arbitrary elements', () => {
    const row = fc.array(fc.oneof(fc.anything(), fc.integer(), fc.string()), { maxLength: 16 });
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 3 }),
        fc.constantFrom('leagues', 'matches', 'links', 'heads', 'odds'),
        (rows, key) => {
          const data = { ...structuredClone(oddsDataExample), [key]: rows };
          const r = parseMarketData(data);
          if (!r.ok) expect(r.error).toMatch(new RegExp(`^${key}`));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('normalizeMenu', () => {
  it('keys sports by id and drops sports 22 and 33', () => {
    const r = parseMenuData({
      sports: [
        [1, 'Soccer', 10, 5, 3, 8, 1],
        [22, 'Hidden', 1, 1, 1, 1, 1],
        [33, 'Hidden', 1, 1, 1, 1, 1],
      ],
    });
    if (!r.ok) throw new Error(r.error);
    expect(normalizeMenu(r.value)).toEqual({
      sports: { '1': { id: 1, name: 'Soccer', early: 10, today: 5, live: 3, parlay: 8, outright: 1 } },
    });
  });

  it('carries the configured menu orders (sports_order) as entities keyed default and by currency', () => {
    const r = parseMenuData({
      sports: [[1, 'Soccer', 1, 1, 1, 1, 1]],
      sports_order: { default: [2, 1], BDT: [10, 1] },
    });
    if (!r.ok) throw new Error(r.error);
    expect(normalizeMenu(r.value).order).toEqual({ default: { sports: [2, 1] }, BDT: { sports: [10, 1] } });
    expect(parseMenuData({ sports: [], sports_order: { default: ['x'] } }).ok).toBe(false);
  });

  it('names the bad sports row', () => {
    expect(parseMenuData({ sports: [[1, 'Soccer', -1, 0, 0, 0, 0]] })).toEqual({
      ok: false,
      error: expect.stringContaining('sports[0] (key 1) element 2 (early)'),
    });
  });
});

describe('createMarketNormalizer (incremental)', () => {
  const small = fc.integer({ min: 0, max: 2 });
  const matchId = fc.integer({ min: 1, max: 6 });
  const leagueArb = fc.tuple(
    fc.constantFrom(101, 102),
    fc.constantFrom(1, 1, 22),
    fc.constantFrom('L', 'M'),
    fc.constantFrom(0, 1),
    fc.constant(0),
    small,
    fc.constant('C'),
  );
  const liveArb = fc.option(
    fc.tuple(small, small, fc.constantFrom(1, 2, 3), fc.integer({ min: 0, max: 3000 }), small, small),
  );
  const matchArb = fc.tuple(
    matchId,
    fc.constantFrom(101, 102),
    fc.constantFrom('H', 'H2'),
    fc.constant('A'),
    fc.constantFrom(1, 2, 3, 3),
    fc.constantFrom(0, 1),
    fc.constantFrom(1, 1, 33),
    fc.constantFrom(0, 1),
    fc.constant(1),
    fc.constantFrom(1000, 2000),
    fc.constant(0),
    fc.constant(0),
    liveArb,
    fc.constantFrom('', 'Corners'),
  );
  const linkArb = fc.tuple(matchId, matchId);
  const headArb = fc.tuple(
    matchId,
    fc.constant(1),
    fc.constantFrom(1, 2, 3),
    fc.constant(101),
    ...Array.from({ length: 12 }, () => small),
  );
  const oddsArb = fc
    .tuple(
      matchId,
      fc.constantFrom('HDP', 'OU'),
      fc.constantFrom(null, -0.25, 2.5, '1/2'),
      fc.constantFrom(0, 5),
      fc.array(fc.constantFrom(1.93, 1.97, -0, 0, 2.02), { maxLength: 3 }),
      fc.constantFrom(null, ['a', 'b']),
    )
    .map(([m, bt, line, status, prices, labels]) => [`${m}-${bt}`, m, bt, line, status, prices, labels]);
  const arbs: Record<keyof MarketData, fc.Arbitrary<unknown[]>> = {
    leagues: leagueArb as fc.Arbitrary<unknown[]>,
    matches: matchArb as fc.Arbitrary<unknown[]>,
    links: linkArb as fc.Arbitrary<unknown[]>,
    heads: headArb as fc.Arbitrary<unknown[]>,
    odds: oddsArb as fc.Arbitrary<unknown[]>,
  };
  const names = Object.keys(arbs) as (keyof MarketData)[];
  const dataArb = fc.record({
    leagues: fc.array(leagueArb, { maxLength: 3 }),
    matches: fc.array(matchArb, { maxLength: 8 }),
    links: fc.array(linkArb, { maxLength: 4 }),
    heads: fc.array(headArb, { maxLength: 8 }),
    odds: fc.array(oddsArb, { maxLength: 10 }),
  });
  // One edit of a reply's rows: what a next poll can bring (and what a broken upstream can).
  const editArb = fc.constantFrom(...names).chain((array) =>
    fc.oneof(
      fc.record({
        array: fc.constant(array),
        kind: fc.constant('replace' as const),
        at: fc.nat(),
        row: arbs[array],
      }),
      fc.record({
        array: fc.constant(array),
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        row: arbs[array],
      }),
      fc.record({ array: fc.constant(array), kind: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({
        array: fc.constant(array),
        kind: fc.constant('element' as const),
        at: fc.nat(),
        element: fc.nat({ max: 15 }),
        value: fc.oneof(
          small,
          fc.constant(-0),
          fc.constant(null),
          fc.constant('x'),
          fc.constant([1.5]),
          fc.constant({}),
        ),
      }),
    ),
  );
  type Edit = {
    array: keyof MarketData;
    kind: 'replace' | 'insert' | 'remove' | 'element';
    at: number;
    row?: unknown[];
    element?: number;
    value?: unknown;
  };
  function applyEdits(data: Record<string, unknown[]>, edits: Edit[]): Record<string, unknown[]> {
    // A fresh copy, as a new reply's JSON.parse gives (equal rows are never the same arrays).
    const next = JSON.parse(JSON.stringify(data)) as Record<string, unknown[]>;
    for (const e of edits) {
      const rows = next[e.array] as unknown[];
      const at = rows.length === 0 ? 0 : e.at % rows.length;
      if (e.kind === 'insert') rows.splice(at, 0, e.row);
      else if (rows.length === 0) continue;
      else if (e.kind === 'replace') rows[at] = e.row;
      else if (e.kind === 'remove') rows.splice(at, 1);
      else {
        const row = rows[at] as unknown[];
        row[(e.element as number) % row.length] = e.value;
      }
    }
    // JSON drops -0 to 0; an edit may bring it back, as JSON.parse('-0') does.
    return next;
  }
  function fullNormalize(input: unknown) {
    const parsed = parseMarketData(input);
    return parsed.ok ? { ok: true, value: normalizeMarket(parsed.value) } : parsed;
  }

  it('deep-equals a full parse + normalize after any sequence of row edits, bad rows included', () => {
    fc.assert(
      fc.property(dataArb, fc.array(fc.array(editArb, { maxLength: 4 }), { maxLength: 8 }), (data, steps) => {
        const normalizer = createMarketNormalizer();
        let reply = data as unknown as Record<string, unknown[]>;
        const first = normalizer.normalize(reply);
        expect(first).toEqual(fullNormalize(reply));
        for (const edits of steps) {
          reply = applyEdits(reply, edits as Edit[]);
          const before = JSON.stringify(reply);
          const incremental = normalizer.normalize(reply);
          expect(incremental).toEqual(fullNormalize(reply));
          expect(JSON.stringify(reply)).toBe(before);
          if (incremental.ok)
            expect(stateHash(incremental.value as unknown as Model)).toBe(
              stateHash(normalizeMarket(reply as unknown as MarketData) as unknown as Model),
            );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('declares its changed keys so diffModel compares only those, with the same ops', () => {
    const sortedOps = (ops: unknown[]) => ops.map((op) => JSON.stringify(op)).sort();
    fc.assert(
      fc.property(dataArb, fc.array(fc.array(editArb, { maxLength: 3 }), { maxLength: 8 }), (data, steps) => {
        const normalizer = createMarketNormalizer();
        let reply = data as unknown as Record<string, unknown[]>;
        const first = normalizer.normalize(reply);
        let prev = first.ok ? (first.value as unknown as Model) : undefined;
        for (const edits of steps) {
          reply = applyEdits(reply, edits as Edit[]);
          const next = normalizer.normalize(reply);
          if (!next.ok) continue;
          const model = next.value as unknown as Model;
          if (prev !== undefined) {
            // A fresh full normalize carries no declarations: the reference diff.
            const reference = fullNormalize(reply) as { value: Model };
            const full = diffModel(prev, reference.value);
            const hinted = diffModel(prev, model);
            expect(sortedOps(hinted)).toEqual(sortedOps(full));
            // The state hash: canonical (key order and -0 do not count, as on the wire).
            expect(stateHash(applyDelta(prev, hinted))).toBe(stateHash(reference.value));
            const oddsIds = (reply.odds as unknown[][]).map((row) => row[0]);
            if (new Set(oddsIds).size === oddsIds.length) expect(hinted).toEqual(full);
          }
          prev = model;
        }
      }),
      { numRuns: 300 },
    );
  });

  /** Two successive replies through one normalizer: the ODDS-DATA.md example, then one price moved. */
  function oneOddsRowMoved() {
    const normalizer = createMarketNormalizer();
    const a = normalizer.normalize(structuredClone(oddsDataExample));
    const changed = structuredClone(oddsDataExample);
    (changed.odds[1] as unknown[])[5] = [1.9, 2.0];
    const b = normalizer.normalize(changed);
    if (!a.ok || !b.ok) throw new Error('invalid');
    return { a, b };
  }

  it('a poll that changes prices only is diffed on the changed keys (declared, not scanned)', () => {
    const { a, b } = oneOddsRowMoved();
    // A record that is not the declared base falls back to a full comparison: same ops.
    const copy = { ...a.value, odds: { ...a.value.odds } } as unknown as Model;
    const ops = diffModel(a.value as unknown as Model, b.value as unknown as Model);
    expect(ops).toEqual(diffModel(copy, b.value as unknown as Model));
    expect(ops).toEqual([['odds', '5001-OU-0', { prices: [1.9, 2.0] }]]);
    // The declaration is what the diff trusts: an undeclared change at another key is not seen.
    const tampered = b.value.odds as Record<string, unknown>;
    const key = '5001-HDP-0';
    const original = tampered[key];
    tampered[key] = { ...(original as object), status: 9 };
    expect(diffModel(a.value as unknown as Model, b.value as unknown as Model)).toEqual(ops);
    tampered[key] = original;
  });

  it('keeps the last lists and records while links, heads, match keys and kickoffs hold, and reorders on a kickoff', () => {
    const data = {
      leagues: oddsDataExample.leagues,
      matches: [match(7001, 1000), match(7002, 2000), match(7003, 3000)],
      links: [],
      heads: [7001, 7002, 7003].map((id) => [id, 1, 1, 101, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      odds: [['7001-HDP-0', 7001, 'HDP', 0, 0, [1.9, 1.9], null]],
    };
    const normalizer = createMarketNormalizer();
    const a = normalizer.normalize(structuredClone(data));
    const priced = structuredClone(data);
    (priced.odds[0] as unknown[])[5] = [1.8, 2.0];
    const b = normalizer.normalize(priced);
    if (!a.ok || !b.ok) throw new Error('invalid');
    expect(b.value.early).toBe(a.value.early);
    expect(b.value.head).toBe(a.value.head);
    expect(b.value.child).toBe(a.value.child);
    // A later kickoff for the first match: the same keys, another order.
    const moved = structuredClone(priced);
    (moved.matches[0] as unknown[])[9] = 4000;
    const c = normalizer.normalize(moved);
    expect(c).toEqual(fullNormalize(moved));
    if (!c.ok) throw new Error('invalid');
    expect(c.value.early).toEqual([7002, 7003, 7001]);
  });

  it('reuses the entity of a row equal to the previous reply’s, rebuilds a changed one', () => {
    const { a, b } = oneOddsRowMoved();
    expect(b.value.odds['5001-HDP-0']).toBe(a.value.odds['5001-HDP-0']);
    expect(b.value.match['5001']).toBe(a.value.match['5001']);
    expect(b.value.odds['5001-OU-0']).not.toBe(a.value.odds['5001-OU-0']);
    expect(b.value.odds['5001-OU-0']?.prices).toEqual([1.9, 2.0]);
  });

  it('a child takes a changed parent liveState without touching the previous model', () => {
    const normalizer = createMarketNormalizer();
    const a = normalizer.normalize(structuredClone(oddsDataExample));
    const moved = structuredClone(oddsDataExample);
    (moved.matches[0] as unknown[])[12] = [1, 0, 3, 3180, 0, 0];
    const b = normalizer.normalize(moved);
    if (!a.ok || !b.ok) throw new Error('invalid');
    expect(a.value.match['5002']?.liveState).toEqual([1, 0, 3, 3120, 0, 0]);
    expect(b.value.match['5002']?.liveState).toEqual([1, 0, 3, 3180, 0, 0]);
  });

  it('words a bad row like parseMarketData and keeps the last good reply for reuse', () => {
    const normalizer = createMarketNormalizer();
    normalizer.normalize(structuredClone(oddsDataExample));
    const bad = structuredClone(oddsDataExample) as unknown as { odds: unknown[][] };
    (bad.odds[0] as unknown[])[4] = 7;
    expect(normalizer.normalize(bad)).toEqual(parseMarketData(bad));
    expect(normalizer.normalize(null)).toEqual(parseMarketData(null));
    const again = normalizer.normalize(structuredClone(oddsDataExample));
    expect(again).toEqual({ ok: true, value: normalizeMarket(oddsDataExample as unknown as MarketData) });
  });
});
