import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnchorCounts, anchorClocks } from './clock.ts';
import { applyDelta, diffModel, type Model } from './diff.ts';
import { stateHash } from './hash.ts';
import { createMarketNormalizer, type NormalizerCounts, normalizeMarket, parseMarketData } from './market.ts';
import type { MarketData } from './rows.ts';

const T0 = 1_763_798_400_000;
const MatchIds = [11, 12, 13, 14, 15, 16];

/** A reply whose keys do not repeat (the upstream's usual shape), each match with two odds rows. */
const liveArb = fc.option(
  fc.tuple(
    fc.integer({ min: 0, max: 2 }),
    fc.integer({ min: 0, max: 2 }),
    fc.constantFrom(1, 2, 3, 5),
    fc.integer({ min: 0, max: 3000 }),
    fc.constant(0),
    fc.constant(0),
  ),
  { freq: 4 },
);
const matchRowArb = (id: number) =>
  fc.tuple(
    fc.constant(id),
    fc.constantFrom(101, 102),
    fc.constantFrom('H', 'H2'),
    fc.constant('A'),
    fc.constantFrom(1, 1, 3),
    fc.constantFrom(0, 1),
    fc.constantFrom(1, 1, 1, 1, 33),
    fc.constant(1),
    fc.constant(1),
    fc.constantFrom(1000, 2000, 3000),
    fc.constant(0),
    fc.constant(0),
    liveArb,
    fc.constantFrom('', 'Corners'),
  );
const headRowArb = (id: number) =>
  fc.tuple(
    fc.constant(id),
    fc.constant(1),
    fc.constantFrom(1, 2, 3),
    fc.constant(101),
    ...Array.from({ length: 12 }, () => fc.integer({ min: 0, max: 2 })),
  );
const oddsRowArb = (id: string, matchId: number) =>
  fc.tuple(
    fc.constant(id),
    fc.constant(matchId),
    fc.constantFrom('HDP', 'OU'),
    fc.constantFrom(null, -0.25, 2.5),
    fc.constantFrom(0, 5),
    fc.array(fc.constantFrom(1.93, 1.97, 2.02), { minLength: 2, maxLength: 2 }),
    fc.constant(null),
  );
const oddsIds = MatchIds.flatMap((m) => [`${m}-HDP`, `${m}-OU`]);
const dataArb = fc.record({
  leagues: fc.constant([
    [101, 1, 'L', 1, 0, 1, 'C'],
    [102, 1, 'M', 0, 0, 2, 'C'],
  ]),
  matches: fc.tuple(...MatchIds.map(matchRowArb)),
  links: fc.constantFrom(
    [],
    [
      [11, 12],
      [11, 13],
    ],
    [
      [11, 12],
      [12, 13],
      [14, 15],
    ],
  ),
  heads: fc.tuple(...MatchIds.map(headRowArb)),
  odds: fc.tuple(...oddsIds.map((id) => oddsRowArb(id, Number(id.split('-')[0])))),
});

/** One poll's change: most keep every key in place (prices, clocks, scores), a few move rows. */
const editArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'tick' as const }) },
  {
    weight: 4,
    arbitrary: fc.integer({ min: 0, max: oddsIds.length - 1 }).chain((i) =>
      oddsRowArb(oddsIds[i] as string, MatchIds[i >> 1] as number).map((row) => ({
        kind: 'odds' as const,
        i,
        row,
      })),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .integer({ min: 0, max: MatchIds.length - 1 })
      .chain((i) => matchRowArb(MatchIds[i] as number).map((row) => ({ kind: 'match' as const, i, row }))),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0, max: MatchIds.length - 1 })
      .chain((i) => headRowArb(MatchIds[i] as number).map((row) => ({ kind: 'head' as const, i, row }))),
  },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ kind: 'drop' as const, at })) },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ kind: 'swap' as const, at })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'league' as const }) },
);
type Edit = typeof editArb extends fc.Arbitrary<infer E> ? E : never;

/** The next reply: a fresh JSON copy (as a new reply's JSON.parse gives) with the edits applied. */
function nextReply(data: Record<string, unknown[]>, edits: readonly Edit[]): Record<string, unknown[]> {
  const next = JSON.parse(JSON.stringify(data)) as Record<string, unknown[][]>;
  for (const e of edits) {
    if (e.kind === 'tick') {
      for (const row of next.matches as unknown[][]) {
        const ls = row[12] as number[] | null;
        if (ls !== null && ls[2] !== 5) ls[3] = (ls[3] as number) + 1;
      }
    } else if (e.kind === 'odds') {
      const at = (next.odds as unknown[][]).findIndex((r) => r[0] === e.row[0]);
      if (at >= 0) (next.odds as unknown[][])[at] = [...e.row];
    } else if (e.kind === 'match') {
      const at = (next.matches as unknown[][]).findIndex((r) => r[0] === e.row[0]);
      if (at >= 0) (next.matches as unknown[][])[at] = JSON.parse(JSON.stringify(e.row));
    } else if (e.kind === 'head') {
      const at = (next.heads as unknown[][]).findIndex((r) => r[0] === e.row[0]);
      if (at >= 0) (next.heads as unknown[][])[at] = [...e.row];
    } else if (e.kind === 'league') {
      const first = (next.leagues as unknown[][])[0] as unknown[];
      first[2] = first[2] === 'L' ? 'L2' : 'L';
    } else {
      const rows = next[['matches', 'odds', 'heads'][e.at % 3] as string] as unknown[][];
      if (rows.length < 2) continue;
      const at = e.at % rows.length;
      if (e.kind === 'drop') rows.splice(at, 1);
      else rows.push(...rows.splice(at, 1));
    }
  }
  return next;
}

function fullNormalize(input: unknown): Model {
  const parsed = parseMarketData(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return normalizeMarket(parsed.value) as unknown as Model;
}

const stepsArb = fc.array(
  fc.record({
    edits: fc.array(editArb, { maxLength: 3 }),
    // Mostly a second later; sometimes late (a stalled upstream clock shows).
    ms: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 900, max: 1100 }) }, fc.constant(4000)),
  }),
  { minLength: 1, maxLength: 10 },
);

describe('the market model derived from the last poll (copy-on-write)', () => {
  it('equals the full rebuild: deep-equal models, the same diff ops in the same order, the same hashes', () => {
    const counts: NormalizerCounts = { derived: 0, rebuilt: 0, replaced: 0 };
    fc.assert(
      fc.property(dataArb, stepsArb, (data, steps) => {
        const normalizer = createMarketNormalizer(counts);
        let reply = data as unknown as Record<string, unknown[]>;
        const first = normalizer.normalize(JSON.parse(JSON.stringify(reply)));
        if (!first.ok) throw new Error(first.error);
        let prev = first.value as unknown as Model;
        for (const step of steps) {
          const last = reply;
          reply = nextReply(reply, step.edits);
          const before = JSON.stringify(reply);
          const next = normalizer.normalize(reply);
          if (!next.ok) throw new Error(next.error);
          const model = next.value as unknown as Model;
          const full = fullNormalize(reply);
          expect(model).toEqual(full);
          expect(JSON.stringify(model)).toBe(JSON.stringify(full));
          // The reference diff compares every key (a fresh rebuild declares nothing).
          const ops = diffModel(prev, model);
          expect(ops).toEqual(diffModel(prev, full));
          expect(stateHash(applyDelta(prev, ops))).toBe(stateHash(full));
          expect(stateHash(model)).toBe(stateHash(full));
          // The input reply is not touched, and records whose rows did not change are the last ones.
          expect(JSON.stringify(reply)).toBe(before);
          const same = (name: string) => JSON.stringify(reply[name]) === JSON.stringify(last[name]);
          if (same('matches') && same('links')) expect(model.match).toBe(prev.match);
          if (same('matches') && same('links') && same('odds')) expect(model.odds).toBe(prev.odds);
          prev = model;
        }
      }),
      { numRuns: 300 },
    );
    // The derivation ran (the generator mostly keeps every key in place).
    expect(counts.derived).toBeGreaterThan(counts.rebuilt);
  });

  it('keeps the identity of every unchanged entity and record; a poll with no change makes no new record', () => {
    const counts: NormalizerCounts = { derived: 0, rebuilt: 0, replaced: 0 };
    const normalizer = createMarketNormalizer(counts);
    const data = {
      leagues: [[101, 1, 'L', 1, 0, 1, 'C']],
      matches: [11, 12, 13].map((id) => [
        id,
        101,
        'H',
        'A',
        1,
        0,
        1,
        1,
        1,
        1000,
        0,
        0,
        [0, 0, 1, 600, 0, 0],
        '',
      ]),
      links: [],
      heads: [11, 12, 13].map((id) => [id, 1, 3, 101, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      odds: [11, 12, 13].map((id) => [`${id}-HDP`, id, 'HDP', 0, 0, [1.9, 1.9], null]),
    };
    const a = normalizer.normalize(structuredClone(data));
    // Nothing changed (a fresh parse of the same reply): the last records themselves.
    const b = normalizer.normalize(structuredClone(data));
    // One price moved: a new odds record sharing the other entities; the match record is the last.
    const priced = structuredClone(data);
    (priced.odds[1] as unknown[])[5] = [1.8, 2.0];
    const c = normalizer.normalize(priced);
    // One match's score changed: a new match record with only that entity replaced.
    const scored = structuredClone(priced);
    (scored.matches[2] as unknown[])[12] = [1, 0, 1, 600, 0, 0];
    const d = normalizer.normalize(scored);
    if (!a.ok || !b.ok || !c.ok || !d.ok) throw new Error('invalid');
    for (const record of ['league', 'match', 'parent', 'child', 'head', 'odds'] as const) {
      expect(b.value[record]).toBe(a.value[record]);
    }
    expect(c.value.match).toBe(a.value.match);
    expect(c.value.odds).not.toBe(b.value.odds);
    expect(c.value.odds['11-HDP']).toBe(a.value.odds['11-HDP']);
    expect(c.value.odds['13-HDP']).toBe(a.value.odds['13-HDP']);
    expect(d.value.odds).toBe(c.value.odds);
    expect(d.value.match).not.toBe(c.value.match);
    expect(d.value.match['11']).toBe(a.value.match['11']);
    expect(d.value.match['12']).toBe(a.value.match['12']);
    expect(d.value.match['13']?.liveState).toEqual([1, 0, 1, 600, 0, 0]);
    // Three polls derived from the last, replacing one entity each (none in the unchanged poll).
    expect(counts).toEqual({ derived: 3, rebuilt: 1, replaced: 2 });
    expect(diffModel(c.value as unknown as Model, d.value as unknown as Model)).toEqual([
      ['match', '13', { liveState: { 0: 1 } }],
    ]);
  });
});

describe('clock anchors recomputed only for the matches that changed', () => {
  it('equal the full pass over random polls (stalls, kick-offs, scores, linked children)', () => {
    const counts: AnchorCounts = { full: 0, incremental: 0, recomputed: 0 };
    fc.assert(
      fc.property(dataArb, stepsArb, (data, steps) => {
        const normalizer = createMarketNormalizer();
        let reply = data as unknown as Record<string, unknown[]>;
        const first = normalizer.normalize(JSON.parse(JSON.stringify(reply)));
        if (!first.ok) throw new Error(first.error);
        let pt = T0;
        let prev = anchorClocks(first.value as unknown as Model, pt, undefined, undefined, counts);
        for (const step of steps) {
          reply = nextReply(reply, step.edits);
          pt += step.ms;
          const next = normalizer.normalize(reply);
          if (!next.ok) throw new Error(next.error);
          const model = next.value as unknown as Model;
          const anchored = anchorClocks(model, pt, prev, undefined, counts);
          // A copy of the previous model is not one anchorClocks made: the full pass.
          const reference = anchorClocks(model, pt, { ...prev });
          expect(anchored).toEqual(reference);
          expect(diffModel(prev, anchored)).toEqual(diffModel(prev, reference));
          expect(stateHash(anchored)).toBe(stateHash(reference));
          prev = anchored;
        }
      }),
      { numRuns: 300 },
    );
    expect(counts.incremental).toBeGreaterThan(0);
  });

  it('computes no anchor for an unchanged match, and only the changed match’s anchor', () => {
    const data = (scores: number[]) =>
      ({
        leagues: [[101, 1, 'L', 1, 0, 1, 'C']],
        matches: scores.map((home, i) => [
          11 + i,
          101,
          'H',
          'A',
          1,
          0,
          1,
          1,
          1,
          1000,
          0,
          0,
          [home, 0, 1, 600, 0, 0],
          '',
        ]),
        links: [],
        heads: scores.map((_, i) => [11 + i, 1, 3, 101, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        odds: [],
      }) as unknown as MarketData;
    const normalizer = createMarketNormalizer();
    const model = (scores: number[]) => {
      const r = normalizer.normalize(data(scores));
      if (!r.ok) throw new Error(r.error);
      return r.value as unknown as Model;
    };
    const counts: AnchorCounts = { full: 0, incremental: 0, recomputed: 0 };
    const a = anchorClocks(model([0, 0, 0, 0]), T0, undefined, undefined, counts);
    expect(counts).toEqual({ full: 1, incremental: 0, recomputed: 4 });
    // The same reply a second later: no anchor computed, the same clock record.
    const b = anchorClocks(model([0, 0, 0, 0]), T0 + 1000, a, undefined, counts);
    expect(counts).toEqual({ full: 1, incremental: 1, recomputed: 4 });
    expect(b.clock).toBe(a.clock);
    // One goal: that match's anchor is computed again (and kept: its clock did not move).
    const c = anchorClocks(model([0, 1, 0, 0]), T0 + 1500, b, undefined, counts);
    expect(counts).toEqual({ full: 1, incremental: 2, recomputed: 5 });
    expect(c.clock).toBe(a.clock);
    // Four seconds of silence: the clocks stalled, every anchor is dropped (the full pass).
    const d = anchorClocks(model([0, 1, 0, 0]), T0 + 4100, c, undefined, counts);
    expect(counts.full).toBe(2);
    expect(d.clock).toEqual({});
  });
});
