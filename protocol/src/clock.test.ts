import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anchorClock,
  anchorClocks,
  ClockToleranceMs,
  clockSecondsAt,
  type MatchClock,
  viewDelta,
  viewModel,
  viewPart,
  type WireVersion,
} from './clock.ts';
import { applyDelta, diffModel, type Model } from './diff.ts';
import { createHasher, stateHash, subtractHash } from './hash.ts';
import { normalizeMarket } from './market.ts';
import type { LiveState, MarketData, MatchRow, OddsRow } from './rows.ts';

const T0 = 1_763_798_400_000;

describe('anchorClock', () => {
  it('anchors a running clock at the time it would read 0', () => {
    expect(anchorClock([0, 0, 1, 600, 0, 0], T0, undefined, undefined)).toEqual({ zero: T0 - 600_000 });
  });

  it('has no anchor while the clock stands (before kick-off, half time, penalties, full time)', () => {
    for (const period of [0, 2, 5, 9]) {
      expect(anchorClock([0, 0, period, 2700, 0, 0], T0, { zero: 1 }, [0, 0, 1, 2699, 0, 0])).toBeUndefined();
    }
    expect(anchorClock(null, T0, undefined, undefined)).toBeUndefined();
  });

  it('keeps the anchor (the same object) while the upstream liveState is unchanged, up to a stall', () => {
    const prev = { zero: T0 - 600_000 };
    const ls: LiveState = [0, 0, 1, 600, 0, 0];
    expect(anchorClock(ls, T0 + 2_900, prev, [...ls])).toBe(prev);
    // Silent for more than the tolerance past its last second: the upstream clock stalled.
    expect(anchorClock(ls, T0 + 3_100, prev, [...ls])).toBeUndefined();
    // Stopped, it stays stopped until the upstream moves, then runs from the new seconds.
    expect(anchorClock(ls, T0 + 9_000, undefined, [...ls])).toBeUndefined();
    expect(anchorClock([0, 0, 1, 601, 0, 0], T0 + 10_000, undefined, [...ls])).toEqual({
      zero: T0 - 591_000,
    });
  });

  it('keeps the whole clock record (the same object) while every anchor holds, a new one when one moves', () => {
    const raw = (seconds: number[]) =>
      normalizeMarket({
        leagues: [[1, 1, 'League', 1, 0, 1, 'X']],
        matches: seconds.map((s, i) => [
          100 + i,
          1,
          'H',
          'A',
          1,
          0,
          1,
          1,
          1,
          T0,
          0,
          0,
          [0, 0, 1, s, 0, 0],
          '',
        ]),
        links: [],
        heads: seconds.map((_, i) => [100 + i, 1, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        odds: [],
      } as unknown as MarketData) as unknown as Model;
    const a = anchorClocks(raw([600, 1200]), T0, undefined);
    const b = anchorClocks(raw([601, 1201]), T0 + 1_000, a);
    expect(b.clock).toBe(a.clock);
    expect(diffModel(a, b).filter((op) => op[0] === 'clock')).toEqual([]);
    // One clock jumps past the tolerance: a new record, and only that anchor moves.
    const c = anchorClocks(raw([602, 1300]), T0 + 2_000, b);
    expect(c.clock).not.toBe(b.clock);
    expect(diffModel(b, c).filter((op) => op[0] === 'clock')).toEqual([
      ['clock', '101', { zero: T0 + 2_000 - 1_300_000 }],
    ]);
    // A match leaves play: its anchor goes, the record is new.
    const d = anchorClocks(raw([603]), T0 + 3_000, c);
    expect(Object.keys(d.clock ?? {})).toEqual(['100']);
  });

  it('keeps the anchor within the tolerance and re-anchors beyond it', () => {
    const prev = { zero: T0 - 600_000 };
    // 5 s later the upstream reads 603 s: 2 s of drift, kept.
    expect(anchorClock([0, 0, 1, 603, 0, 0], T0 + 5_000, prev, [0, 0, 1, 600, 0, 0])).toBe(prev);
    // 5 s later it reads 602 s: 3 s of drift (a stalled upstream clock), re-anchored.
    expect(anchorClock([0, 0, 1, 602, 0, 0], T0 + 5_000, prev, [0, 0, 1, 600, 0, 0])).toEqual({
      zero: T0 + 5_000 - 602_000,
    });
  });
});

describe('clockSecondsAt', () => {
  it('ticks from the anchor, shows a standing clock as sent, and nothing out of play', () => {
    expect(clockSecondsAt([0, 0, 1, 0, 0, 0], { zero: T0 }, T0 + 61_999)).toBe(61);
    expect(clockSecondsAt([0, 0, 2, 2700, 0, 0], undefined, T0)).toBe(2700);
    expect(clockSecondsAt(null, undefined, T0)).toBeNull();
  });
});

describe('ticking locally matches the upstream clock within the tolerance', () => {
  it('at every poll and at any time between polls (1x clock, poll jitter and latency)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.array(
          fc.record({ gap: fc.integer({ min: 200, max: 3000 }), lag: fc.integer({ min: 0, max: 600 }) }),
          {
            minLength: 2,
            maxLength: 60,
          },
        ),
        (phase, polls) => {
          // The upstream's clock: whole seconds since kick-off, read when the upstream answers.
          const kickoff = T0 + phase;
          const upstreamAt = (t: number) => Math.floor((t - kickoff) / 1000);
          let t = kickoff + 1000;
          let clock: MatchClock | undefined;
          let prevLs: LiveState | undefined;
          let anchors = 0;
          for (const { gap, lag } of polls) {
            t += gap;
            const ls: LiveState = [0, 0, 1, upstreamAt(t), 0, 0];
            // The gateway's "now" comes after the upstream read its clock (latency).
            const pt = t + lag;
            const next = anchorClock(ls, pt, clock, prevLs);
            if (next !== clock) anchors++;
            clock = next;
            prevLs = ls;
            const ticked = clockSecondsAt(ls, clock, pt) as number;
            expect(Math.abs(ticked - upstreamAt(pt))).toBeLessThanOrEqual(ClockToleranceMs / 1000 + 1);
            // Half-way to the next poll, the client's own tick is still within the tolerance.
            const between = pt + gap / 2;
            const local = clockSecondsAt(ls, clock, between) as number;
            expect(Math.abs(local - upstreamAt(between))).toBeLessThanOrEqual(ClockToleranceMs / 1000 + 1);
          }
          // Jitter under the tolerance never re-anchors: the clock is sent once.
          expect(anchors).toBe(1);
        },
      ),
    );
  });

  it('while the upstream clock stalls (a paused replay) and after it runs again', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 200, max: 2000 }), stalled: fc.boolean() }), {
          minLength: 2,
          maxLength: 80,
        }),
        (polls) => {
          // The upstream's game time runs with the wall clock except while stalled.
          let game = 600_000;
          let pt = T0;
          let clock: MatchClock | undefined;
          let prevLs: LiveState | undefined;
          for (const { gap, stalled } of polls) {
            pt += gap;
            if (!stalled) game += gap;
            const ls: LiveState = [0, 0, 1, Math.floor(game / 1000), 0, 0];
            clock = anchorClock(ls, pt, clock, prevLs);
            prevLs = ls;
            // What the client shows at the poll: never further from the upstream than the
            // tolerance plus the upstream's 1 s resolution.
            const shown = clockSecondsAt(ls, clock, pt) as number;
            expect(Math.abs(shown - ls[3])).toBeLessThanOrEqual(ClockToleranceMs / 1000 + 1);
          }
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Views over seeded runs of a market: v1 is the model without clocks, v2 ticks nothing.

interface Poll {
  data: MarketData;
  pt: number;
}

const periodArb = fc.constantFrom(0, 1, 1, 1, 2, 3, 3, 4, 5, 9);

/** A run of polls of a small in-play market: clocks tick, periods and prices move. */
const runArb: fc.Arbitrary<Poll[]> = fc
  .record({
    matches: fc.integer({ min: 1, max: 6 }),
    steps: fc.array(
      fc.record({
        gap: fc.integer({ min: 300, max: 4000 }),
        stall: fc.boolean(),
        period: fc.option(fc.tuple(fc.nat(5), periodArb), { nil: undefined, freq: 4 }),
        price: fc.option(fc.tuple(fc.nat(11), fc.integer({ min: 1010, max: 3000 })), { nil: undefined }),
        goal: fc.option(fc.nat(5), { nil: undefined, freq: 5 }),
      }),
      { minLength: 1, maxLength: 25 },
    ),
  })
  .map(({ matches, steps }) => {
    const live: LiveState[] = Array.from({ length: matches }, (_, i) => [0, 0, 1, 60 * i, 0, 0]);
    const prices: number[] = Array.from({ length: matches * 2 }, () => 1.9);
    let pt = T0;
    const polls: Poll[] = [];
    const snapshot = (): Poll => {
      const rows: MatchRow[] = live.map((ls, i) => [
        100 + i,
        1,
        `H${i}`,
        `A${i}`,
        i === matches - 1 && i > 0 ? 3 : 1,
        0,
        1,
        1,
        1,
        T0,
        0,
        0,
        [...ls] as LiveState,
        '',
      ]);
      const odds: OddsRow[] = live.map((_, i) => [
        `${100 + i}-HDP-0`,
        100 + i,
        'HDP',
        0,
        0,
        [prices[2 * i] as number, prices[2 * i + 1] as number],
        null,
      ]);
      return {
        pt,
        data: {
          leagues: [[1, 1, 'League', 1, 0, 1, 'X']],
          matches: rows,
          // The last match is a corners child of the first (it shares the parent's liveState).
          links: matches > 1 ? [[100, 100 + matches - 1]] : [],
          heads: rows.map((r) => [r[0], 1, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
          odds,
        },
      };
    };
    polls.push(snapshot());
    for (const s of steps) {
      pt += s.gap;
      for (const ls of live) {
        if (!s.stall && (ls[2] === 1 || ls[2] === 3 || ls[2] === 4)) ls[3] += Math.round(s.gap / 1000);
      }
      if (s.period) {
        const ls = live[s.period[0] % matches] as LiveState;
        ls[2] = s.period[1] as LiveState[2];
      }
      if (s.goal !== undefined) (live[s.goal % matches] as LiveState)[0] += 1;
      if (s.price) prices[s.price[0] % prices.length] = s.price[1] / 1000;
      polls.push(snapshot());
    }
    return polls;
  });

/** The anchored models of a run, as the gateway's head stores them. */
function anchoredRun(polls: Poll[]): { raw: Model; model: Model; pt: number }[] {
  let prev: Model | undefined;
  return polls.map(({ data, pt }) => {
    const raw = normalizeMarket(structuredClone(data)) as unknown as Model;
    const model = anchorClocks(raw, pt, prev);
    prev = model;
    return { raw, model, pt };
  });
}

describe('wire views of an anchored model', () => {
  it('v1 is exactly the model without anchors: the v1 model and hash of before', () => {
    fc.assert(
      fc.property(runArb, (polls) => {
        for (const { raw, model } of anchoredRun(polls)) {
          expect(viewModel(1, model)).toEqual(raw);
          expect(stateHash(viewModel(1, model))).toBe(stateHash(raw));
          // The gateway derives v1's hash from the whole model's, minus the anchors'.
          expect(subtractHash(stateHash(model), stateHash({ clock: model.clock ?? {} }))).toBe(
            stateHash(raw),
          );
        }
      }),
    );
  });

  it('a client applying each version view delta holds that version model, and its hash agrees', () => {
    fc.assert(
      fc.property(runArb, (polls) => {
        const run = anchoredRun(polls);
        for (const v of [1, 2] as WireVersion[]) {
          const first = run[0] as { model: Model };
          // The server's incremental hasher and the client's, both from the view's snapshot.
          const server = createHasher(viewModel(v, first.model));
          // The gateway's way: each step's ops applied with only the touched entities projected.
          const gateway = createHasher(viewModel(v, first.model));
          let client: Model = structuredClone(viewModel(v, first.model));
          for (let i = 1; i < run.length; i++) {
            const before = (run[i - 1] as { model: Model }).model;
            const after = (run[i] as { model: Model }).model;
            const ops = viewDelta(v, before, after, diffModel(before, after));
            server.apply(ops);
            gateway.apply(ops, viewPart(v, after, ops));
            expect(gateway.value).toBe(server.value);
            client = applyDelta(client, structuredClone(ops));
            expect(client).toEqual(viewModel(v, after));
            expect(stateHash(client)).toBe(server.value);
            expect(server.value).toBe(stateHash(viewModel(v, after)));
          }
        }
      }),
    );
  });

  it('v2 carries every price change v1 carries, and no clock tick', () => {
    fc.assert(
      fc.property(runArb, (polls) => {
        const run = anchoredRun(polls);
        for (let i = 1; i < run.length; i++) {
          const before = (run[i - 1] as { model: Model }).model;
          const after = (run[i] as { model: Model }).model;
          const ops = diffModel(before, after);
          const odds = (d: ReturnType<typeof diffModel>) => d.filter((op) => op[0] === 'odds');
          expect(odds(viewDelta(2, before, after, ops))).toEqual(odds(viewDelta(1, before, after, ops)));
          // A running clock is never sent as seconds in v2.
          const v2 = viewModel(2, after);
          for (const [key, c] of Object.entries((after.clock ?? {}) as Record<string, MatchClock>)) {
            const m = (v2.match as Record<string, { liveState: LiveState }>)[key];
            expect(c.zero).toBeTypeOf('number');
            expect(m?.liveState[3]).toBe(0);
          }
        }
      }),
    );
  });

  it('sends nothing to v2 while clocks tick within the tolerance, and v1 every second', () => {
    const polls: Poll[] = [];
    const data = (secs: number, price: number): MarketData => ({
      leagues: [[1, 1, 'League', 1, 0, 1, 'X']],
      matches: [[7, 1, 'H', 'A', 1, 0, 1, 1, 1, T0, 0, 0, [1, 0, 3, secs, 0, 0], '']],
      links: [],
      heads: [[7, 1, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
      odds: [['7-HDP-0', 7, 'HDP', 0, 0, [price, 1.9], null]],
    });
    for (let s = 0; s < 30; s++)
      polls.push({ pt: T0 + 3_000_000 + s * 1000 + (s % 3) * 150, data: data(3000 + s, 1.9) });
    polls.push({ pt: T0 + 3_030_000, data: data(3030, 2.05) });
    const run = anchoredRun(polls);
    let v1Frames = 0;
    const v2Deltas: ReturnType<typeof diffModel>[] = [];
    for (let i = 1; i < run.length; i++) {
      const before = (run[i - 1] as { model: Model }).model;
      const after = (run[i] as { model: Model }).model;
      const ops = diffModel(before, after);
      if (viewDelta(1, before, after, ops).length > 0) v1Frames++;
      const v2 = viewDelta(2, before, after, ops);
      if (v2.length > 0) v2Deltas.push(v2);
    }
    expect(v1Frames).toBe(30);
    // Only the price change reaches v2.
    expect(v2Deltas).toEqual([[['odds', '7-HDP-0', { prices: [2.05, 1.9] }]]]);
  });

  it('gives a corners child the anchor of its parent', () => {
    const run = anchoredRun([
      {
        pt: T0,
        data: {
          leagues: [[1, 1, 'League', 1, 0, 1, 'X']],
          matches: [
            [5, 1, 'H', 'A', 1, 0, 1, 1, 1, T0, 0, 0, [0, 0, 1, 100, 0, 0], ''],
            [6, 1, 'H (C)', 'A (C)', 3, 0, 1, 1, 1, T0, 0, 0, [0, 0, 1, 99, 0, 0], 'Corners'],
          ],
          links: [[5, 6]],
          heads: [],
          odds: [],
        },
      },
    ]);
    const clock = (run[0] as { model: Model }).model.clock as Record<string, MatchClock>;
    expect(clock['6']).toBe(clock['5']);
    expect(clock['5']).toEqual({ zero: T0 - 100_000 });
  });
});
