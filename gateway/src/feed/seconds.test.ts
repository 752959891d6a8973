/**
 * The in-place step of running clocks (replyRows.ts `SecondsPatch`, poller.ts `keepsAnchor`,
 * topic.ts `ticked`): a poll whose match rows changed only their clock seconds keeps the head's
 * entities and writes the seconds into them, with no v1 client on the node. Compared with the
 * slow path (the same poller and history, with a writer that never allows it) over random runs
 * of replies: the same seqs, the same v2 frames, hashes and snapshots, and a v1 client that comes
 * in between gets the same state and frames from then on.
 */
import { type Model, stateHash, viewModel } from '@sportsbook/protocol';
import fc from 'fast-check';
import pino from 'pino';
import { Counter } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamClient } from '../plugins/upstream.ts';
import { Poller } from './poller.ts';
import { Scheduler } from './scheduler.ts';
import { type EncodedDelta, TopicHistory, type TopicWriter } from './topic.ts';

const TOPIC = 'odds/1/hdpou/live';
const INTERVAL = 1000;
const T0 = 1_763_798_400_000;

type Row = (number | string | null | number[])[];

/** One poll's reply as the upstream sends it, or an outage. */
type Reply = { kind: 'ok'; text: string } | { kind: 'down' };

interface Step {
  tick: number;
  jitter: number;
  period?: [number, number];
  price?: [number, number];
  bad: boolean;
  down: boolean;
  link: boolean;
  /** A v1 client arrives (1), leaves (2), or nothing (0). */
  v1: number;
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  tick: fc.constantFrom(0, 1, 1, 1, 1, 2, 4),
  jitter: fc.constantFrom(0, 0, 0, 300, 900),
  period: fc.option(fc.tuple(fc.nat(4), fc.constantFrom(1, 2, 3, 9)), { nil: undefined, freq: 6 }),
  price: fc.option(fc.tuple(fc.nat(9), fc.integer({ min: 1100, max: 2900 })), { nil: undefined, freq: 3 }),
  bad: fc.boolean().map((b) => b && Math.random() < 0.15),
  down: fc.boolean().map((b) => b && Math.random() < 0.1),
  link: fc.boolean().map((b) => b && Math.random() < 0.1),
  v1: fc.constantFrom(0, 0, 0, 0, 0, 0, 1, 2),
});

/** The replies of a small live market: clocks tick (or stall), periods, scores, prices and links move. */
function replies(matches: number, steps: readonly Step[]): Reply[] {
  const live = Array.from({ length: matches }, (_, i) => [i % 3, 0, 1, 60 * i + 1, 0, 0]);
  const prices = Array.from({ length: matches }, () => 1.9);
  let linked = false;
  const reply = (bad: boolean): Reply => {
    const rows: Row[] = live.map((ls, i) => [
      100 + i,
      1,
      `H"${i}`,
      `A ${i}`,
      linked && i === 1 ? 3 : 1,
      0,
      1,
      1,
      1,
      T0 + i,
      0,
      0,
      [...ls],
      '',
    ]);
    if (bad) (rows[0] as Row)[4] = 'x';
    const data = {
      leagues: [[1, 1, 'League', 1, 0, 1, 'X']],
      matches: rows,
      links: linked && matches > 1 ? [[100, 101]] : [],
      heads: live.map((_, i) => [100 + i, 1, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      odds: live.map((_, i) => [`${100 + i}-HDP-0`, 100 + i, 'HDP', 0, 0, [prices[i] as number, 1.9], null]),
    };
    return { kind: 'ok', text: JSON.stringify({ status: 1, statusdesc: '', data }) };
  };
  const out = [reply(false)];
  for (const s of steps) {
    for (const ls of live) if (ls[2] === 1 || ls[2] === 3) (ls[3] as number) += s.tick;
    if (s.period) (live[s.period[0] % matches] as number[])[2] = s.period[1];
    if (s.price) prices[s.price[0] % matches] = s.price[1] / 1000;
    if (s.link) linked = !linked;
    out.push(s.down ? { kind: 'down' } : reply(s.bad));
  }
  return out;
}

/** The upstream client's contract for a market topic: the reply's bytes through the caller's parser. */
function upstreamOf(next: () => Reply): Pick<UpstreamClient, 'post'> {
  return {
    post: async (_path, _body, options) => {
      const reply = next();
      if (reply.kind === 'down') throw Object.assign(new Error('down'), { kind: 'network' });
      const bytes = Buffer.from(reply.text);
      const body = options.parse ? options.parse(bytes) : JSON.parse(reply.text);
      return { httpStatus: 200, body, bytes };
    },
  };
}

interface Side {
  history: TopicHistory;
  poller: Poller;
  /** v1 and v2 frames sent, as text without the epoch-free parts that differ by run. */
  frames: string[][];
}

function side(run: readonly Reply[], scheduler: Scheduler, inPlace: boolean, maxAgeMs: number): Side {
  const history = new TopicHistory(TOPIC, { maxCount: 8, maxAgeMs });
  const frames: string[][] = [[], [], []];
  history.listener = {
    onFirstSnapshot: () => {},
    onDelta: (_log, d: EncodedDelta) => {
      for (const v of [1, 2] as const) {
        const f = d.views?.[v];
        if (f !== undefined) frames[v]?.push(f.buf.toString());
      }
    },
    onStatus: () => {},
    onReset: () => {},
  };
  // The slow path: the same history behind a writer that never offers its head.
  const writer: TopicWriter = inPlace
    ? history
    : {
        publish: (model, pt, moved) => history.publish(model, pt, moved),
        setStale: (stale, at) => history.setStale(stale, at),
      };
  let i = 0;
  const poller = new Poller({
    name: TOPIC,
    topic: { kind: 'odds', sport: 1, market: 'hdpou', group: 'live' } as never,
    intervalMs: INTERVAL,
    timeoutMs: 5000,
    maxBackoffMs: INTERVAL,
    upstream: upstreamOf(() => run[Math.min(i++, run.length - 1)] as Reply),
    writer,
    log: pino({ level: 'silent' }),
    polls: new Counter({
      name: 'polls',
      help: 'polls',
      labelNames: ['topic_kind', 'outcome'],
      registers: [],
    }),
    scheduler,
    random: () => 0.5,
  });
  return { history, poller, frames };
}

/** What a client of version `v` is served now, without the run's random epoch. */
function served(h: TopicHistory, v: 1 | 2) {
  const log = h.view(v);
  const snap = log.snapshot();
  const frame = snap === undefined ? undefined : (JSON.parse(snap.buf.toString()) as Record<string, unknown>);
  if (frame !== undefined) delete frame.epoch;
  return { seq: log.seq, hash: log.hash, snap: frame };
}

describe('seconds-only steps in place', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves what the slow path serves, over random runs of replies and v1 clients coming and going', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(stepArb, { minLength: 2, maxLength: 25 }),
        fc.constantFrom(2500, 600_000),
        async (matches, steps, maxAgeMs) => {
          vi.setSystemTime(T0);
          const run = replies(matches, steps);
          const scheduler = new Scheduler();
          const fast = side(run, scheduler, true, maxAgeMs);
          const slow = side(run, scheduler, false, maxAgeMs);
          // A v2 client on each from the start (the hub's subscribe).
          fast.history.view(2).watch();
          slow.history.view(2).watch();
          fast.poller.start();
          slow.poller.start();
          let v1 = 0;
          for (const s of [undefined, ...steps]) {
            await vi.advanceTimersByTimeAsync(INTERVAL + (s?.jitter ?? 0));
            if (s?.v1 === 1) {
              v1++;
              fast.history.view(1).watch();
              slow.history.view(1).watch();
            } else if (s?.v1 === 2 && v1 > 0) {
              v1--;
              fast.history.view(1).unwatch(Date.now());
              slow.history.view(1).unwatch(Date.now());
            }
            expect(fast.history.seq).toBe(slow.history.seq);
            expect(fast.history.model === undefined).toBe(slow.history.model === undefined);
            if (slow.history.model !== undefined) {
              expect(stateHash(fast.history.model as Model)).toBe(stateHash(slow.history.model));
              expect(served(fast.history, 2)).toEqual(served(slow.history, 2));
              if (v1 > 0) expect(served(fast.history, 1)).toEqual(served(slow.history, 1));
            }
            expect(fast.frames[2]).toEqual(slow.frames[2]);
            expect(fast.frames[1]).toEqual(slow.frames[1]);
          }
          fast.poller.stop();
          slow.poller.stop();
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('keeps the match entity of a seconds-only row (no new object) and moves the seq, v2 unchanged', async () => {
    const steps: Step[] = Array.from({ length: 3 }, () => ({
      tick: 1,
      jitter: 0,
      bad: false,
      down: false,
      link: false,
      v1: 0,
    }));
    const run = replies(2, steps);
    const scheduler = new Scheduler();
    const fast = side(run, scheduler, true, 600_000);
    fast.history.view(2).watch();
    fast.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const matchOf = () => (fast.history.model as Model).match as Record<string, { liveState: number[] }>;
    const entity = matchOf()['100'];
    const v2 = served(fast.history, 2);
    expect(entity?.liveState[3]).toBe(1);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    const now = matchOf()['100'];
    expect(now).toBe(entity);
    expect(now?.liveState[3]).toBe(3);
    expect(fast.history.seq).toBe(2);
    expect(served(fast.history, 2)).toEqual(v2);
    expect(fast.frames[2]).toEqual([]);
    // A v1 client now: the v1 state with the seconds as the upstream sent them last.
    fast.history.view(1).watch();
    const model = fast.history.model as Model;
    expect(served(fast.history, 1).hash).toBe(stateHash(viewModel(1, model)));
    fast.poller.stop();
  });

  it('writes a linked child’s own seconds into its row unparsed: shown nowhere, no step of their own', async () => {
    // Match 101 is a corners child of 100 from the start; both clocks tick each poll.
    const steps: Step[] = Array.from({ length: 4 }, (_, i) => ({
      tick: 1,
      jitter: 0,
      bad: false,
      down: false,
      link: i === 0,
      v1: 0,
    }));
    const run = replies(2, steps).slice(1);
    const scheduler = new Scheduler();
    const fast = side(run, scheduler, true, 600_000);
    const slow = side(run, scheduler, false, 600_000);
    for (const s of [fast, slow]) {
      s.history.view(2).watch();
      s.poller.start();
    }
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(INTERVAL);
    // Each of the three polls after the first: the child's row taken in place, the parent's too.
    expect(fast.poller.hiddenInPlace).toBe(3);
    expect(slow.poller.hiddenInPlace).toBe(0);
    const child = ((fast.history.model as Model).match as Record<string, { liveState: number[] }>)['101'];
    expect(child?.liveState).toBe(
      ((fast.history.model as Model).match as Record<string, { liveState: number[] }>)['100']?.liveState,
    );
    expect(fast.history.seq).toBe(slow.history.seq);
    expect(stateHash(fast.history.model as Model)).toBe(stateHash(slow.history.model as Model));
    expect(served(fast.history, 2)).toEqual(served(slow.history, 2));
    expect(fast.frames[2]).toEqual(slow.frames[2]);
    fast.poller.stop();
    slow.poller.stop();
  });
});
