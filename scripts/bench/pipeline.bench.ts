/**
 * Per-poll pipeline benchmark: what the gateway does with each reply of a big live
 * topic before any client sees it. A 1,000-match in-play reply (diff.bench.ts's model) where every
 * running clock ticks one second and 1% of prices move, as the upstream's next reply, parsed from
 * its JSON text like a real poll. Side by side in one run:
 * - full: `parseMarketData` (validate every row) + `normalizeMarket` (rebuild every entity) +
 *   `diffModel` + the incremental hash (the baseline: every row parsed and rebuilt each poll);
 * - incremental: `createMarketNormalizer` (rows equal to the previous reply's are neither
 *   validated nor rebuilt, so `diffModel` skips their entities by identity) + the same diff + hash;
 * - incremental from bytes (what the gateway's poller does now): `createReplyParser` (gateway
 *   feed/replyRows.ts: only rows whose bytes changed are decoded and parsed; the others are the
 *   previous reply's row objects) + the
 *   normalizer, whose records declare their changed keys (`diffModel` compares only those) and
 *   which keeps the last model's structure (parents, heads, lists) while it holds + diff + hash;
 * - the hash of every entity as canonical JSON text then hashed (`hashText(prefix +
 *   canonicalJson(e))`, the former way) vs streamed (`hashJson(prefix, e)`): the same hashes.
 * Measured as process CPU time in interleaved rounds (medians), not wall time: the machine is
 * shared. `npx tsx scripts/bench/run.ts --only pipeline`.
 */
import type { MarketData, MarketModel, Model } from '@sportsbook/protocol';
import {
  canonicalJson,
  createHasher,
  createMarketNormalizer,
  diffModel,
  hashJson,
  hashText,
} from '@sportsbook/protocol';
import { createReplyParser } from '../../gateway/src/feed/replyRows.ts';
import { buildLiveMarket, fmt, movePrices, must } from './diff.bench.ts';
import { median } from './fanout.bench.ts';
import type { Benchmark } from './run.ts';

/** The next second's reply: every running clock one second on, `share` of prices moved. */
function nextSecond(data: MarketData, seed: number): MarketData {
  const next = movePrices(data, 0.01, seed);
  for (const row of next.matches) {
    const live = row[12];
    if (live !== null && (live[2] === 1 || live[2] === 3)) live[3] += 1;
  }
  return next;
}

/** The baseline pipeline: JSON.parse, validate every row, rebuild every entity. */
const full = (text: string): MarketModel => must((JSON.parse(text) as { data: MarketData }).data);

const bench: Benchmark = {
  name: 'pipeline',
  description:
    'Per-poll pipeline of a 1,000-match in-play topic (clocks tick, 1% of prices move): full parse + normalize vs incremental, each + diff + incremental hash; entity hashing via canonical JSON text vs streamed. Process CPU time, interleaved rounds, medians.',
  async run() {
    // Two seconds of replies, alternated so every poll differs from the one before it.
    const a = buildLiveMarket();
    const b = nextSecond(a, 2);
    const texts = [JSON.stringify({ status: 1, data: a }), JSON.stringify({ status: 1, data: b })];
    // The poller reads bytes (replyRows.ts); the full pipelines decode them first, as before.
    const bytesOf = new Map(texts.map((t) => [t, Buffer.from(t)]));

    // Correctness before speed: both pipelines give the same models and the same hashes.
    const normalizer = createMarketNormalizer();
    for (const text of [...texts, ...texts]) {
      const inc = normalizer.normalize((JSON.parse(text) as { data: unknown }).data);
      if (!inc.ok || JSON.stringify(inc.value) !== JSON.stringify(full(text)))
        throw new Error('incremental normalize diverged');
    }

    const pipeline = (normalize: (text: string) => MarketModel) => {
      let i = 0;
      let prev = normalize(texts[1] as string);
      const hasher = createHasher(prev as unknown as Model);
      return () => {
        const next = normalize(texts[i++ % 2] as string);
        const delta = diffModel(prev as unknown as Model, next as unknown as Model);
        hasher.apply(delta, next as unknown as Model);
        prev = next;
      };
    };
    const incNormalizer = createMarketNormalizer();
    const incremental = (text: string): MarketModel => {
      const r = incNormalizer.normalize((JSON.parse(text) as { data: unknown }).data);
      if (!r.ok) throw new Error(r.error);
      return r.value;
    };

    const textNormalizer = createMarketNormalizer();
    const replyParser = createReplyParser();
    const fromBytes = (text: string): MarketModel => {
      const r = textNormalizer.normalize(
        (replyParser.parse(bytesOf.get(text) as Buffer) as { data: unknown }).data,
      );
      if (!r.ok) throw new Error(r.error);
      return r.value;
    };
    // The same models and diffs from bytes as from the full pipeline.
    {
      const check = createMarketNormalizer();
      const parser = createReplyParser();
      let prevText: MarketModel | undefined;
      let prevFull: MarketModel | undefined;
      for (const text of [...texts, ...texts]) {
        const r = check.normalize((parser.parse(Buffer.from(text)) as { data: unknown }).data);
        const f = full(text);
        if (!r.ok || JSON.stringify(r.value) !== JSON.stringify(f))
          throw new Error('bytes pipeline diverged');
        if (prevText !== undefined && prevFull !== undefined) {
          const a = diffModel(prevText as unknown as Model, r.value as unknown as Model);
          const b = diffModel(prevFull as unknown as Model, f as unknown as Model);
          if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('declared diff diverged');
        }
        prevText = r.value;
        prevFull = f;
      }
    }

    const model = full(texts[0] as string);
    const entities: [string, object][] = [];
    for (const coll of ['league', 'match', 'head', 'odds'] as const)
      for (const [key, e] of Object.entries(model[coll])) entities.push([`${coll}\u0001${key}\u0001`, e]);
    for (const [prefix, e] of entities)
      if (hashJson(prefix, e) !== hashText(prefix + canonicalJson(e))) throw new Error('hash diverged');

    // The machine is shared and often loaded: wall time is noise. Each task's cost is process
    // CPU time (all threads: GC helpers count), in interleaved rounds; the median round is kept.
    const tasks: [string, () => void][] = [
      [
        'JSON.parse of the reply (both pipelines)',
        () => {
          JSON.parse(texts[0] as string);
        },
      ],
      ['full: parse + validate + normalize + diff + hash', pipeline(full)],
      ['incremental: parse + changed rows + diff + hash', pipeline(incremental)],
      ['incremental from bytes: changed rows parsed + declared diff + hash', pipeline(fromBytes)],
      [
        `hash ${fmt(entities.length)} entities via canonical JSON text`,
        () => {
          for (const [prefix, e] of entities) hashText(prefix + canonicalJson(e));
        },
      ],
      [
        `hash ${fmt(entities.length)} entities streamed`,
        () => {
          for (const [prefix, e] of entities) hashJson(prefix, e);
        },
      ],
    ];
    const rounds = 15;
    const perRound = 10;
    const samples = tasks.map(() => [] as number[]);
    for (const [, fn] of tasks) for (let i = 0; i < perRound; i++) fn();
    for (let r = 0; r < rounds; r++) {
      tasks.forEach(([, fn], t) => {
        const c0 = process.cpuUsage();
        for (let i = 0; i < perRound; i++) fn();
        const c = process.cpuUsage(c0);
        samples[t]?.push((c.user + c.system) / 1000 / perRound);
      });
    }
    const spread = (xs: number[]) => {
      const s = [...xs].sort((x, y) => x - y);
      return `${fmt(s[Math.floor(s.length / 4)] ?? 0, 2)}-${fmt(s[Math.floor((3 * s.length) / 4)] ?? 0, 2)}`;
    };
    const rows = tasks.map(
      ([name], t) => `| ${name} | ${fmt(median(samples[t] ?? []), 2)} | ${spread(samples[t] ?? [])} |`,
    );
    const [parseMs, fullMs, incMs, textMs, textHashMs, streamHashMs] = samples.map(median);
    const pipelineRatio = (incMs ?? 0) / (fullMs ?? 1);
    const textRatio = (textMs ?? 0) / (fullMs ?? 1);
    const hashRatio = (streamHashMs ?? 0) / (textHashMs ?? 1);
    const markdown = [
      `Reply: ${fmt((texts[0] as string).length)} bytes of JSON, ${fmt(a.matches.length)} matches, ${fmt(a.odds.length)} odds rows; every running clock ticks and 1% of prices move between polls. CPU ms per run (process CPU time, ${rounds} interleaved rounds of ${perRound}).`,
      '',
      '| task | median CPU ms | interquartile |',
      '|---|---:|---:|',
      ...rows,
      '',
      `Incremental pipeline: **${fmt(pipelineRatio, 2)}x** the CPU of the full one (JSON.parse alone is ${fmt(parseMs ?? 0, 2)} ms of it); from bytes (the gateway's poller now): **${fmt(textRatio, 2)}x**. Streamed hashing: **${fmt(hashRatio, 2)}x** the CPU of hashing canonical JSON text, same hashes.`,
    ].join('\n');
    return {
      markdown,
      numbers: {
        parseMs: parseMs ?? 0,
        fullMs: fullMs ?? 0,
        incrementalMs: incMs ?? 0,
        pipelineRatio,
        fromBytesMs: textMs ?? 0,
        fromBytesRatio: textRatio,
        textHashMs: textHashMs ?? 0,
        streamHashMs: streamHashMs ?? 0,
        hashRatio,
      },
    };
  },
};

export default bench;
