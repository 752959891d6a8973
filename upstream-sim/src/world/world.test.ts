import {
  ExcludedSportIds,
  HeadMarkets,
  type MarketData,
  MarketGroup,
  type MarketGroupName,
  MarketTypes,
  type UxMarketRequest,
} from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import { checkMarketData } from './conformance.ts';
import { createWorld, type MatchEnd, type World, type WorldOptions } from './index.ts';
import { type BetType, HeadIndex, SportProfiles } from './sports.ts';
import { gmt8Day } from './state.ts';

// 20:00 GMT+8 on a Saturday: today's card runs four hours to midnight.
const START = Date.UTC(2025, 10, 22, 12, 0);
const GROUPS: MarketGroupName[] = ['early', 'today', 'live'];
const BOARD_TYPES = MarketTypes.filter((t): t is UxMarketRequest['market_type'] => t !== 'mmo');

function small(seed: number, extra: Partial<WorldOptions> = {}): WorldOptions {
  return {
    seed,
    liveMatches: 30,
    todayMatches: 20,
    earlyMatches: 15,
    outrights: 4,
    startTime: START,
    ...extra,
  };
}

/** Every reply the odds host can give, in a fixed order. */
function everything(w: World): unknown[] {
  const out: unknown[] = [w.now(), w.menu()];
  for (const sport of SportProfiles) {
    for (const group of GROUPS) {
      for (const type of BOARD_TYPES) out.push(w.market({ sport_id: sport.id, market_type: type, group }));
      out.push(w.myanmar({ sport_id: sport.id, group }));
    }
  }
  return out;
}

function allReplies(w: World): MarketData[] {
  const out: MarketData[] = [];
  for (const sport of SportProfiles) {
    for (const group of GROUPS) {
      for (const type of BOARD_TYPES) out.push(w.market({ sport_id: sport.id, market_type: type, group }));
      out.push(w.myanmar({ sport_id: sport.id, group }));
    }
  }
  for (const d of out.slice()) for (const m of d.matches) out.push(w.match(m[0]) as MarketData);
  return out;
}

describe('world determinism', () => {
  it('gives the same evening for the same seed and the same advance() calls', () => {
    const a = createWorld(small(42));
    const b = createWorld(small(42));
    const endsA: MatchEnd[] = [];
    const endsB: MatchEnd[] = [];
    a.onMatchEnd((e) => endsA.push(e));
    b.onMatchEnd((e) => endsB.push(e));
    expect(JSON.stringify(everything(a))).toBe(JSON.stringify(everything(b)));
    for (const ms of [1000, 37_000, 600_000, 2_500, 3_600_000]) {
      a.advance(ms);
      b.advance(ms);
      expect(JSON.stringify(everything(a))).toBe(JSON.stringify(everything(b)));
    }
    expect(endsA.length).toBeGreaterThan(0);
    expect(JSON.stringify(endsA)).toBe(JSON.stringify(endsB));
  });

  it('gives a different evening for a different seed', () => {
    expect(JSON.stringify(everything(createWorld(small(1))))).not.toBe(
      JSON.stringify(everything(createWorld(small(2)))),
    );
  });

  it('is independent of how the same sim time is cut into advance() calls', () => {
    const a = createWorld(small(5));
    const b = createWorld(small(5));
    a.advance(90_000);
    for (let i = 0; i < 90; i++) b.advance(1000);
    expect(JSON.stringify(everything(a))).toBe(JSON.stringify(everything(b)));
  });

  it('does not change state when queried (queries draw no random numbers)', () => {
    const a = createWorld(small(9));
    const b = createWorld(small(9));
    for (let i = 0; i < 30; i++) {
      everything(a);
      allReplies(a);
      a.advance(20_000);
      b.advance(20_000);
    }
    expect(JSON.stringify(everything(a))).toBe(JSON.stringify(everything(b)));
  });

  it('continues identically after snapshotState/restoreState into a fresh world', () => {
    const a = createWorld(small(11, { tickMs: 5000 }));
    a.advance(45 * 60_000);
    const snap = JSON.parse(JSON.stringify(a.snapshotState())) as unknown;
    const b = createWorld(small(11, { tickMs: 5000 }));
    b.restoreState(snap);
    expect(JSON.stringify(everything(b))).toBe(JSON.stringify(everything(a)));
    const endsA: MatchEnd[] = [];
    const endsB: MatchEnd[] = [];
    a.onMatchEnd((e) => endsA.push(e));
    b.onMatchEnd((e) => endsB.push(e));
    a.advance(2 * 3_600_000);
    b.advance(2 * 3_600_000);
    expect(JSON.stringify(everything(b))).toBe(JSON.stringify(everything(a)));
    expect(endsB).toEqual(endsA);
  });

  it('rejects a snapshot that is not one', () => {
    const w = createWorld(small(1));
    expect(() => w.restoreState({ v: 2 })).toThrow(TypeError);
  });
});

describe('a fast evening', () => {
  it('ends every match that was live exactly once, with a consistent score', () => {
    const w = createWorld(small(7, { tickMs: 10_000, cancelRate: 0.2 }));
    const liveAtStart = w.market({ sport_id: 1, market_type: 'hdpou', group: 'live' }).matches.length;
    expect(liveAtStart).toBeGreaterThan(0);
    const started = new Set<number>();
    const collect = (): void => {
      for (const sport of SportProfiles) {
        for (const m of w.market({ sport_id: sport.id, market_type: 'hdpou', group: 'live' }).matches)
          started.add(m[0]);
      }
    };
    const ends = new Map<number, MatchEnd[]>();
    w.onMatchEnd((e) => {
      ends.set(e.matchId, [...(ends.get(e.matchId) ?? []), e]);
      // The world is consistent when the listener runs.
      expect(w.matchRow(e.matchId)?.[5]).toBe(e.status);
      expect(w.score(e.matchId)).toEqual(e.score);
    });
    collect();
    const firstWave = new Set(started);
    for (let i = 0; i < 12; i++) {
      w.advance(30 * 60_000);
      collect();
    }
    // Six hours on, everything live at the start is long over.
    for (const id of firstWave) expect(ends.get(id)?.length, `match ${id}`).toBe(1);
    let cancelled = 0;
    let completed = 0;
    for (const [id, list] of ends) {
      expect(list).toHaveLength(1);
      const end = list[0] as MatchEnd;
      expect([1, 2]).toContain(end.status);
      const s = end.score;
      if (end.status === 2) {
        cancelled++;
        expect(s.cancelled).toBe(true);
      } else completed++;
      if (w.matchRow(id)?.[4] === 4) continue;
      expect(s.firstGoal === null).toBe(s.home + s.away === 0);
      expect(s.lastGoal === null).toBe(s.home + s.away === 0);
      expect(s.htHome).toBeLessThanOrEqual(s.home);
      expect(s.htAway).toBeLessThanOrEqual(s.away);
      const q = w.quote(`${id}-${w.match(id)?.odds[0]?.[2]}-0`);
      expect(q?.matchStatus).toBe(end.status);
      expect(q?.status).toBe(5);
    }
    expect(completed).toBeGreaterThan(0);
    expect(cancelled).toBeGreaterThan(0);
    // New matches kept entering: the evening is still going.
    const live = w.menu().sports.reduce((n, row) => n + row[4], 0);
    expect(live).toBeGreaterThan(0);
    expect(started.size).toBeGreaterThan(firstWave.size);
  });

  it('plays a match faster with a higher speed factor', () => {
    const slow = createWorld(small(3, { liveMatches: 10, todayMatches: 0, earlyMatches: 0 }));
    const fast = createWorld(small(3, { liveMatches: 10, todayMatches: 0, earlyMatches: 0, speed: 10 }));
    let slowEnds = 0;
    let fastEnds = 0;
    slow.onMatchEnd(() => slowEnds++);
    fast.onMatchEnd(() => fastEnds++);
    slow.advance(12 * 60_000);
    fast.advance(12 * 60_000);
    expect(fastEnds).toBeGreaterThan(slowEnds);
  });

  it('stops calling a listener after it unsubscribes', () => {
    const w = createWorld(small(4, { tickMs: 30_000 }));
    let calls = 0;
    let others = 0;
    const off = w.onMatchEnd(() => calls++);
    w.onMatchEnd(() => others++);
    off();
    w.advance(3 * 3_600_000);
    expect(calls).toBe(0);
    expect(others).toBeGreaterThan(0);
  });
});

describe('rows', () => {
  const w = createWorld(small(21, { liveMatches: 60 }));
  w.advance(17 * 60_000);

  it('conform to the protocol row types in every reply', () => {
    for (const data of allReplies(w)) expect(checkMarketData(data)).toEqual([]);
  });

  it('put each match in the group its kick-off and state give relative to now()', () => {
    const now = w.now();
    const today = gmt8Day(now);
    for (const sport of SportProfiles) {
      for (const group of GROUPS) {
        const data = w.market({ sport_id: sport.id, market_type: 'hdpou', group });
        for (const h of data.heads) expect(h[2]).toBe(MarketGroup[group]);
        for (const m of data.matches) {
          if (m[4] === 3) continue;
          if (group === 'live') {
            expect(m[7]).toBe(1);
            expect(m[9]).toBeLessThanOrEqual(now);
          } else {
            expect(m[7]).toBe(0);
            expect(m[9]).toBeGreaterThan(now);
            if (group === 'today') expect(gmt8Day(m[9])).toBe(today);
            else expect(gmt8Day(m[9])).toBeGreaterThan(today);
          }
        }
      }
    }
  });

  it('counts in the heads exactly the odds rows of the match (uxmatch)', () => {
    let checked = 0;
    for (const sport of SportProfiles) {
      for (const group of GROUPS) {
        for (const m of w.market({ sport_id: sport.id, market_type: 'hdpou', group }).matches) {
          const data = w.match(m[0]) as MarketData;
          for (const head of data.heads) {
            const counts = new Array<number>(HeadMarkets.length).fill(0);
            for (const o of data.odds) {
              const idx = HeadIndex[o[2] as BetType];
              if (o[1] === head[0] && idx !== undefined) counts[idx] = (counts[idx] ?? 0) + 1;
            }
            expect(head.slice(4)).toEqual(counts);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('links every child to a parent in the same reply, with liveState null for the consumer to copy', () => {
    const data = w.market({ sport_id: 1, market_type: 'hdpou', group: 'live' });
    const children = data.matches.filter((m) => m[4] === 3);
    expect(children.length).toBeGreaterThan(0);
    for (const c of children) {
      expect(c[12]).toBeNull();
      const link = data.links.find((l) => l[1] === c[0]);
      const parent = data.matches.find((m) => m[0] === link?.[0]);
      expect(parent?.[4]).toBe(2);
      expect(parent?.[12]).not.toBeNull();
      expect(c[9]).toBe(parent?.[9]);
    }
    const one = w.match(children[0]?.[0] ?? 0) as MarketData;
    expect(one.links).toHaveLength(1);
  });

  it('never shows the excluded sports', () => {
    const excluded = new Set<number>(ExcludedSportIds);
    for (const row of w.menu().sports) expect(excluded.has(row[0])).toBe(false);
    for (const data of allReplies(w)) {
      for (const m of data.matches) expect(excluded.has(m[6])).toBe(false);
      for (const l of data.leagues) expect(excluded.has(l[1])).toBe(false);
    }
    expect(w.market({ sport_id: 22, market_type: 'hdpou', group: 'live' }).matches).toEqual([]);
  });

  it('offers leagues the league filter can tell apart: flag 1, flag 0 and code 25', () => {
    const leagues = new Map<number, readonly unknown[]>();
    for (const data of allReplies(w)) for (const l of data.leagues) leagues.set(l[0], l);
    const rows = [...leagues.values()];
    expect(rows.some((l) => l[3] === 1)).toBe(true);
    expect(rows.some((l) => l[3] === 0 && l[4] !== 25)).toBe(true);
    expect(rows.some((l) => l[4] === 25)).toBe(true);
  });

  it('quotes quarter lines so quarter-line settlement is exercised', () => {
    const lines = allReplies(w)
      .flatMap((d) => d.odds)
      .filter((o) => (o[2] === 'HDP' || o[2] === 'OU') && typeof o[3] === 'number')
      .map((o) => o[3] as number);
    expect(lines.some((l) => Math.abs((l * 4) % 2) === 1)).toBe(true);
  });

  it('keeps HDP and OU main lines near evens with a realistic margin', () => {
    const rows = w
      .market({ sport_id: 1, market_type: 'hdpou', group: 'today' })
      .odds.filter((o) => (o[2] === 'HDP' || o[2] === 'OU') && o[0].endsWith('-0') && o[4] === 0);
    expect(rows.length).toBeGreaterThan(5);
    for (const o of rows) {
      const [p1, p2] = o[5] as [number, number];
      expect(p1).toBeGreaterThan(1.6);
      expect(p2).toBeGreaterThan(1.6);
      const overround = 1 / p1 + 1 / p2 - 1;
      expect(overround).toBeGreaterThan(0.03);
      expect(overround).toBeLessThan(0.08);
    }
  });

  it('serves outrights as type 4 matches with one OR row of team names', () => {
    const data = [...GROUPS].flatMap(
      (g) => w.market({ sport_id: 1, market_type: 'outright', group: g }).matches,
    );
    expect(data.length).toBeGreaterThan(0);
    for (const m of data) {
      expect(m[4]).toBe(4);
      const q = w.quote(`${m[0]}-OR-0`);
      expect(q?.labels?.length).toBe(q?.prices.length);
      expect(q?.labels?.length).toBeGreaterThan(4);
    }
  });

  it('serves Myanmar rows with body strings and the giver', () => {
    const data = w.myanmar({ sport_id: 1, group: 'today' });
    expect(data.odds.length).toBeGreaterThan(0);
    expect(data.odds.every((o) => o[2] === 'MHDP' || o[2] === 'MOU')).toBe(true);
    expect(checkMarketData(data)).toEqual([]);
  });

  it('counts the menu from the same matches the boards show', () => {
    for (const row of w.menu().sports) {
      const groups = [row[2], row[3], row[4]];
      GROUPS.forEach((g, i) => {
        const shown = w
          .market({ sport_id: row[0], market_type: 'hdpou', group: g })
          .matches.filter((m) => m[4] !== 3);
        expect(shown.length).toBe(groups[i]);
      });
    }
  });
});

describe('quotes', () => {
  it('bump the version exactly when the row changes, with stable odds ids', () => {
    const w = createWorld(small(8));
    const ids = w.market({ sport_id: 1, market_type: 'hdpou', group: 'live' }).odds.map((o) => o[0]);
    let changed = 0;
    for (let t = 0; t < 60; t++) {
      const before = new Map(ids.map((id) => [id, w.quote(id)]));
      w.advance(1000);
      for (const id of ids) {
        const a = before.get(id);
        const b = w.quote(id);
        if (!a || !b) continue;
        const same =
          a.line === b.line &&
          a.status === b.status &&
          JSON.stringify(a.prices) === JSON.stringify(b.prices) &&
          JSON.stringify(a.labels) === JSON.stringify(b.labels);
        if (same) expect(b.version).toBe(a.version);
        else {
          expect(b.version).toBe(a.version + 1);
          changed++;
        }
      }
    }
    expect(changed).toBeGreaterThan(0);
    expect(w.quote('no-such-id')).toBeUndefined();
  });

  it('suspends markets (status 5) around a goal', () => {
    const w = createWorld(small(12, { liveMatches: 60 }));
    let seen = false;
    for (let i = 0; i < 600 && !seen; i++) {
      const before = new Map(
        w
          .market({ sport_id: 1, market_type: 'hdpou', group: 'live' })
          .matches.map((m) => [m[0], (m[12]?.[0] ?? 0) + (m[12]?.[1] ?? 0)]),
      );
      w.advance(1000);
      for (const m of w.market({ sport_id: 1, market_type: 'hdpou', group: 'live' }).matches) {
        const prev = before.get(m[0]);
        if (m[4] === 3 || prev === undefined || !m[12] || m[12][0] + m[12][1] === prev) continue;
        expect(w.quote(`${m[0]}-HDP-0`)?.status).toBe(5);
        seen = true;
      }
    }
    expect(seen).toBe(true);
  });
});

describe('options', () => {
  it('rejects bad knobs', () => {
    expect(() => createWorld(small(1, { tickMs: 0 }))).toThrow(RangeError);
    expect(() => createWorld(small(1, { liveMatches: -1 }))).toThrow(RangeError);
    expect(() => createWorld(small(1, { cancelRate: 2 }))).toThrow(RangeError);
    expect(() => createWorld(small(1.5))).toThrow(RangeError);
    expect(() => createWorld(small(1)).advance(-1)).toThrow(RangeError);
  });

  it('lists results by kick-off window, with final scores', () => {
    const w = createWorld(small(6, { tickMs: 30_000 }));
    w.advance(4 * 3_600_000);
    const rows = w.results({ sportId: 1, from: START - 3 * 3_600_000, to: START + 3_600_000 });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.sportId).toBe(1);
      if (r.status === 1 && r.score) expect(r.score.htHome).toBeLessThanOrEqual(r.score.home);
    }
    expect(rows.some((r) => r.status === 1 && r.score !== null)).toBe(true);
  });
});
