import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMarket, normalizeMenu, parseMarketData, parseMenuData } from './market.ts';
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

  it('names the bad sports row', () => {
    expect(parseMenuData({ sports: [[1, 'Soccer', -1, 0, 0, 0, 0]] })).toEqual({
      ok: false,
      error: expect.stringContaining('sports[0] (key 1) element 2 (early)'),
    });
  });
});
