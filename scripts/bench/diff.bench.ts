/**
 * Diff benchmark: a 1,000-match in-play model (~8 odds rows per match) with 1% of its prices
 * moved, as the gateway sees it every poll of a busy live topic. Measures, side by side in one
 * tinybench run: our `diffModel` plus the incremental hash update vs fast-json-patch's `compare`
 * (RFC 6902) on the same two objects, and the encoded sizes of both deltas.
 */
import type {
  Delta,
  HeadRow,
  LeagueRow,
  LinkRow,
  MarketData,
  MarketModel,
  MatchRow,
  OddsRow,
} from '@sportsbook/protocol';
import {
  applyDelta,
  createHasher,
  diffModel,
  normalizeMarket,
  parseMarketData,
  stateHash,
} from '@sportsbook/protocol';
import jsonpatch from 'fast-json-patch';
import { Bench } from 'tinybench';
import type { Benchmark } from './run.ts';

/** mulberry32: a seeded PRNG, so every run benchmarks the same data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const price = (r: () => number) => Math.round((1.5 + r()) * 1000) / 1000;

/** ~1,000 live soccer matches in 50 leagues; every tenth is a parent with a corners child. */
export function buildLiveMarket(matches = 1000, seed = 1): MarketData {
  const r = rng(seed);
  const leagues: LeagueRow[] = [];
  for (let i = 0; i < 50; i++)
    leagues.push([1000 + i, 1, `League ${i}`, i < 10 ? 1 : 0, 0, i, `Country ${i % 20}`]);
  const rows: MatchRow[] = [];
  const links: LinkRow[] = [];
  const heads: HeadRow[] = [];
  const odds: OddsRow[] = [];
  const start = 1763798400000;
  for (let i = 0; rows.length < matches; i++) {
    const id = 500000 + i * 2;
    const leagueId = 1000 + (i % 50);
    const kickoff = start + Math.floor(r() * 8) * 900_000;
    const live: MatchRow[12] = [
      Math.floor(r() * 4),
      Math.floor(r() * 3),
      r() < 0.5 ? 1 : 3,
      Math.floor(r() * 5400),
      0,
      0,
    ];
    const parent = i % 10 === 0;
    rows.push([
      id,
      leagueId,
      `Home ${i}`,
      `Away ${i}`,
      parent ? 2 : 1,
      0,
      1,
      1,
      1,
      kickoff,
      0,
      i % 3 === 0 ? 1 : 0,
      live,
      '',
    ]);
    heads.push([id, 1, 3, leagueId, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const lines = [
      ['HDP', -0.25],
      ['HDP', -0.5],
      ['OU', 2.5],
      ['OU', 2.75],
      ['HDPH', 0],
      ['OUH', 1.25],
      ['OE', null],
    ] as const;
    lines.forEach(([betType, line], j) => {
      odds.push([`${id}-${betType}-${j}`, id, betType, line, 0, [price(r), price(r)], null]);
    });
    odds.push([`${id}-1X2-7`, id, '1X2', null, 0, [price(r) + 0.5, price(r) + 1.5, price(r) + 2], null]);
    if (parent && rows.length < matches) {
      const childId = id + 1;
      rows.push([
        childId,
        leagueId,
        `Home ${i} (Corners)`,
        `Away ${i} (Corners)`,
        3,
        0,
        1,
        1,
        0,
        kickoff,
        0,
        0,
        null,
        'Corners',
      ]);
      links.push([id, childId]);
      heads.push([childId, 1, 3, leagueId, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
      odds.push([`${childId}-HDP-0`, childId, 'HDP', -1.5, 0, [price(r), price(r)], null]);
      odds.push([`${childId}-OU-1`, childId, 'OU', 9.5, 0, [price(r), price(r)], null]);
    }
  }
  return { leagues, matches: rows, links, heads, odds };
}

/** A copy of `data` with `share` of all prices moved by a few ticks. */
export function movePrices(data: MarketData, share: number, seed = 2): MarketData {
  const r = rng(seed);
  const next = structuredClone(data);
  for (const row of next.odds) {
    row[5] = row[5].map((p) =>
      r() < share ? Math.round((p + (r() < 0.5 ? -0.01 : 0.01)) * 1000) / 1000 : p,
    );
  }
  return next;
}

/** parseMarketData + normalizeMarket, throwing on a bad model (benchmarks build valid ones). */
export function must(data: MarketData): MarketModel {
  const parsed = parseMarketData(data);
  if (!parsed.ok) throw new Error(parsed.error);
  return normalizeMarket(parsed.value);
}

/** A number for the tables: en-US grouping, `digits` decimals. */
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const bench: Benchmark = {
  name: 'diff',
  description:
    '1,000-match in-play model (~8 odds rows per match), 1% of prices moved: `diffModel` + incremental hash vs fast-json-patch `compare` on the same objects.',
  async run() {
    const prevData = buildLiveMarket();
    const nextData = movePrices(prevData, 0.01);
    const prev = must(prevData);
    const next = must(nextData);
    const priceCount = prevData.odds.reduce((n, row) => n + row[5].length, 0);
    const movedPrices = prevData.odds.reduce(
      (n, row, i) => n + row[5].filter((p, j) => p !== nextData.odds[i]?.[5][j]).length,
      0,
    );

    // Correctness before speed: the delta and the RFC 6902 patch both reproduce `next`.
    const delta: Delta = diffModel(prev, next);
    const patch = jsonpatch.compare(prev, next);
    const hasher = createHasher(prev);
    hasher.apply(delta, next);
    if (hasher.value !== stateHash(next)) throw new Error('incremental hash diverged');
    if (JSON.stringify(applyDelta(prev, delta)) !== JSON.stringify(next))
      throw new Error('delta does not reproduce next');
    const patched = jsonpatch.applyPatch(structuredClone(prev), structuredClone(patch)).newDocument;
    if (JSON.stringify(patched) !== JSON.stringify(next)) throw new Error('patch does not reproduce next');

    const deltaBytes = Buffer.byteLength(JSON.stringify(delta));
    const patchBytes = Buffer.byteLength(JSON.stringify(patch));
    const snapBytes = Buffer.byteLength(JSON.stringify(next));

    // Re-applying the same (delta, next) is idempotent for the hasher (it subtracts the cached
    // hash of each touched entity and adds the new one), so every iteration does one full update.
    const timed = createHasher(prev);
    const b = new Bench({ name: 'diff', time: 3000, warmup: true });
    b.add('diffModel + hasher.apply (ours)', () => {
      const d = diffModel(prev, next);
      timed.apply(d, next);
    });
    b.add('fast-json-patch compare (RFC 6902)', () => {
      jsonpatch.compare(prev, next);
    });
    b.add('applyDelta (client side)', () => {
      applyDelta(prev, delta);
    });
    b.add('parseMarketData + normalizeMarket (1,000 matches)', () => {
      const p = parseMarketData(nextData);
      if (p.ok) normalizeMarket(p.value);
    });
    b.add('stateHash (full, for comparison)', () => {
      stateHash(next);
    });
    await b.run();

    const ops: Record<string, number> = {};
    const rows: string[] = [];
    for (const task of b.tasks) {
      const res = task.result;
      if (res.state !== 'completed') throw new Error(`${task.name}: ${res.state}`);
      ops[task.name] = res.throughput.mean;
      rows.push(
        `| ${task.name} | ${fmt(res.throughput.mean)} | ${fmt(res.latency.mean, 3)} | ${fmt(res.latency.p99, 3)} | ±${fmt(res.latency.rme, 2)}% | ${res.latency.samplesCount} |`,
      );
    }
    const oursOps = ops['diffModel + hasher.apply (ours)'] ?? 0;
    const patchOps = ops['fast-json-patch compare (RFC 6902)'] ?? 1;
    const speedRatio = oursOps / patchOps;
    const byteRatio = patchBytes / deltaBytes;

    const markdown = [
      `Model: ${fmt(Object.keys(prev.match).length)} matches, ${fmt(Object.keys(prev.odds).length)} odds rows, ${fmt(priceCount)} prices; ${fmt(movedPrices)} prices moved (${fmt((movedPrices / priceCount) * 100, 2)}%). Snapshot: ${fmt(snapBytes)} bytes of JSON.`,
      '',
      '| task | ops/s | mean ms | p99 ms | rme | samples |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      '| encoding of the same change | ops | bytes |',
      '|---|---:|---:|',
      `| ours (\`diffModel\`) | ${fmt(delta.length)} | ${fmt(deltaBytes)} |`,
      `| RFC 6902 (\`fast-json-patch\` compare) | ${fmt(patch.length)} | ${fmt(patchBytes)} |`,
      '',
      `Speed: diffModel + incremental hash is **${fmt(speedRatio, 2)}x** the ops/s of fast-json-patch compare.`,
      `Size: the RFC 6902 patch is **${fmt(byteRatio, 2)}x** the bytes of our delta (ours is ${fmt((deltaBytes / patchBytes) * 100, 1)}% of it).`,
    ].join('\n');
    return {
      markdown,
      numbers: {
        oursOpsPerSec: oursOps,
        jsonPatchOpsPerSec: patchOps,
        speedRatio,
        deltaBytes,
        patchBytes,
        byteRatio,
        snapshotBytes: snapBytes,
        movedPrices,
      },
    };
  },
};

export default bench;
