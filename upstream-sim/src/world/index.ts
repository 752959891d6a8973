/**
 * The simulator's odds world: a deterministic evening of sports from a seed. See
 * upstream-sim/WORLD.md for the knobs, what moves and the measured costs.
 */
import { isRecord, type MatchRow } from '@sportsbook/protocol';
import { seriesView } from '../esports/series.ts';
import { populate, scoreOf, tick } from './engine.ts';
import { createLeagues, enqueue } from './generator.ts';
import { isTracked, radarMatch, radarOf } from './radar.ts';
import { Rng } from './rng.ts';
import { sportProfile } from './sports.ts';
import { type Ctx, gmt8Day, type MatchState, type WorldState } from './state.ts';
import type { MatchEnd, MatchResultRow, OddsQuote, World, WorldOptions } from './types.ts';
import { Views } from './views.ts';

/** Past 3/4 of regulation time (the engine plays two halves of `halfSec` game seconds). */
function isLate(m: MatchState): boolean {
  const half = sportProfile(m.sportId)?.halfSec;
  return half !== undefined && m.clock * 4 >= half * 2 * 3;
}

export type { MatchEnd, MatchResultRow, MatchScore, OddsQuote, World, WorldOptions } from './types.ts';

const MAX_MATCHES = 100_000;

function count(name: string, value: unknown, fallback?: number): number {
  const v = value === undefined ? fallback : value;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > MAX_MATCHES) {
    throw new RangeError(`${name} must be an integer in 0..${MAX_MATCHES}: ${String(value)}`);
  }
  return v;
}

function validate(o: WorldOptions): { tickMs: number; speed: number; cancelRate: number; outrights: number } {
  if (!Number.isSafeInteger(o.seed)) throw new RangeError(`seed must be an integer: ${o.seed}`);
  if (!Number.isSafeInteger(o.startTime) || o.startTime < 0)
    throw new RangeError(`startTime must be UTC ms: ${o.startTime}`);
  count('liveMatches', o.liveMatches);
  count('todayMatches', o.todayMatches);
  count('earlyMatches', o.earlyMatches);
  const outrights = count('outrights', o.outrights, 6);
  const tickMs = o.tickMs ?? 1000;
  if (!Number.isSafeInteger(tickMs) || tickMs < 10 || tickMs > 3_600_000)
    throw new RangeError(`tickMs must be 10..3600000: ${tickMs}`);
  const speed = o.speed ?? 1;
  if (!(speed > 0 && speed <= 1000)) throw new RangeError(`speed must be in (0, 1000]: ${speed}`);
  const cancelRate = o.cancelRate ?? 0.03;
  if (!(cancelRate >= 0 && cancelRate <= 1))
    throw new RangeError(`cancelRate must be in [0, 1]: ${cancelRate}`);
  return { tickMs, speed, cancelRate, outrights };
}

interface Snapshot {
  v: 1;
  state: WorldState;
  liveIds: number[];
}

function isSnapshot(s: unknown): s is Snapshot {
  if (!isRecord(s)) return false;
  const x = s as Partial<Snapshot>;
  const st = x.state as Partial<WorldState> | undefined;
  return (
    x.v === 1 &&
    Array.isArray(x.liveIds) &&
    isRecord(st) &&
    st.v === 1 &&
    typeof st.now === 'number' &&
    typeof st.rng === 'number' &&
    Array.isArray(st.matches) &&
    Array.isArray(st.leagues)
  );
}

/**
 * Tells every listener of every match end. A failing listener must not leave the tick half-emitted
 * for the others: every listener hears every end, then the first failure is thrown.
 */
export function emitEnds(ends: readonly MatchEnd[], listeners: Iterable<(end: MatchEnd) => void>): void {
  let failure: unknown;
  for (const end of ends) {
    for (const listener of listeners) {
      try {
        listener(end);
      } catch (err) {
        failure ??= err;
      }
    }
  }
  if (failure !== undefined) throw failure;
}

export function createWorld(options: WorldOptions): World {
  const knobs = validate(options);
  const opts: WorldOptions = { ...options };
  const rng = new Rng(options.seed);
  const state: WorldState = {
    v: 1,
    now: options.startTime,
    carry: 0,
    tick: 0,
    rng: rng.state,
    nextMatchId: 10_001,
    day: gmt8Day(options.startTime),
    nextPreRound: options.startTime,
    nextPrune: options.startTime,
    leagues: [],
    matches: [],
  };
  const ctx: Ctx = {
    state,
    rng,
    speed: knobs.speed,
    tickMs: knobs.tickMs,
    cancelRate: knobs.cancelRate,
    targets: {
      live: options.liveMatches,
      today: options.todayMatches,
      early: options.earlyMatches,
      outrights: knobs.outrights,
    },
    byId: new Map(),
    leagues: new Map(),
    pending: [],
    live: [],
    markets: new Map(),
    ends: [],
  };
  state.leagues = createLeagues(rng);
  for (const l of state.leagues) ctx.leagues.set(l.id, l);
  populate(ctx);
  ctx.ends.length = 0;
  const views = new Views(ctx);
  const listeners = new Set<(end: MatchEnd) => void>();

  const emit = (): void => {
    if (ctx.ends.length === 0) return;
    emitEnds(ctx.ends.splice(0), listeners);
  };

  const quote = (oddsId: string): OddsQuote | undefined => {
    const hit = ctx.markets.get(oddsId);
    if (!hit) return undefined;
    const { market: mk, match: m } = hit;
    return {
      oddsId: mk.id,
      matchId: m.id,
      sportId: m.sportId,
      leagueId: m.leagueId,
      betType: mk.bt,
      line: mk.line,
      status: mk.status,
      prices: mk.prices,
      labels: mk.labels,
      matchStatus: m.status,
      live: m.phase === 1,
      parlay: m.parlay === 1,
      kickoff: m.kickoff,
      version: mk.version,
      goals: m.h + m.a,
      late: m.phase === 1 && isLate(m),
    };
  };

  const rebuild = (s: Snapshot): void => {
    ctx.state = s.state;
    ctx.rng.state = s.state.rng;
    ctx.byId.clear();
    ctx.leagues.clear();
    ctx.markets.clear();
    for (const l of s.state.leagues) ctx.leagues.set(l.id, l);
    for (const m of s.state.matches) {
      ctx.byId.set(m.id, m);
      for (const mk of m.markets) ctx.markets.set(mk.id, { market: mk, match: m });
    }
    ctx.pending = [];
    for (const m of s.state.matches) if (m.phase === 0 && m.type !== 3) enqueue(ctx, m);
    ctx.live = s.liveIds
      .map((id) => ctx.byId.get(id))
      .filter((m): m is MatchState => m !== undefined && m.phase === 1);
    ctx.ends = [];
    views.reset();
  };

  return {
    options: opts,
    now: () => ctx.state.now,
    advance(ms: number): void {
      if (!(Number.isFinite(ms) && ms >= 0))
        throw new RangeError(`advance needs a non-negative number of ms: ${ms}`);
      ctx.state.carry += ms;
      while (ctx.state.carry >= ctx.tickMs) {
        ctx.state.carry -= ctx.tickMs;
        tick(ctx);
        emit();
      }
    },
    menu: () => views.menu(),
    market: (req) => views.market(req.sport_id, req.market_type, req.group),
    match(matchId: number) {
      const m = ctx.byId.get(matchId);
      return m ? views.match(m) : undefined;
    },
    myanmar: (req) => views.myanmar(req.sport_id, req.group),
    quote,
    matchRow(matchId: number): MatchRow | undefined {
      const m = ctx.byId.get(matchId);
      return m ? views.matchRow(m) : undefined;
    },
    score(matchId: number) {
      const m = ctx.byId.get(matchId);
      if (!m || m.phase === 0) return null;
      return scoreOf(m);
    },
    radar(matchId: number, limit?: number) {
      const m = ctx.byId.get(matchId);
      return m && isTracked(m) ? radarOf(ctx, m, limit) : undefined;
    },
    trackedMatches(sportId?: number) {
      return ctx.live
        .filter((m) => m.phase === 1 && isTracked(m) && (sportId === undefined || m.sportId === sportId))
        .map((m) => radarMatch(ctx, m));
    },
    onMatchEnd(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    results(q) {
      const rows: MatchResultRow[] = [];
      for (const m of ctx.state.matches) {
        if (m.kickoff < q.from || m.kickoff >= q.to) continue;
        if (q.sportId !== undefined && m.sportId !== q.sportId) continue;
        rows.push({
          matchId: m.id,
          sportId: m.sportId,
          leagueId: m.leagueId,
          leagueName: ctx.leagues.get(m.leagueId)?.name ?? '',
          home: m.home,
          away: m.away,
          kickoff: m.kickoff,
          status: m.status,
          outright: m.type === 4,
          score: m.phase === 0 || m.type === 4 ? null : scoreOf(m),
          ...(m.winner !== null ? { winner: m.winner } : {}),
          ...(m.series ? { series: seriesView(m.series) } : {}),
        });
      }
      return rows.sort((x, y) => x.kickoff - y.kickoff || x.matchId - y.matchId);
    },
    snapshotState(): unknown {
      ctx.state.rng = ctx.rng.state;
      const snap: Snapshot = { v: 1, state: ctx.state, liveIds: ctx.live.map((m) => m.id) };
      return JSON.parse(JSON.stringify(snap)) as unknown;
    },
    restoreState(s: unknown): void {
      if (!isSnapshot(s)) throw new TypeError('not a world snapshot');
      rebuild(JSON.parse(JSON.stringify(s)) as Snapshot);
    },
  };
}
