/**
 * The in-play engine. One tick moves the sim clock by tickMs: matches kick off, clocks run,
 * goals come from a Poisson process on each side's rate, markets are suspended around goals and
 * red cards, lines and prices are recomputed (pricing.ts), matches reach half-time and full time
 * or are abandoned, and replacements enter so that an evening keeps going.
 */
import { Period } from '@sportsbook/protocol';
import { priceSeries } from '../esports/pricing.ts';
import { playSeries, type SeriesState } from '../esports/series.ts';
import { enqueue, pickSport, profileOf, spawnMatch, spawnOutright } from './generator.ts';
import { outrightPrices, type PricedMarket, type PriceInput, priceMarkets } from './pricing.ts';
import { beforeStep, observeStep } from './radar.ts';
import type { ScoringProfile, SportProfile } from './sports.ts';
import { type Ctx, gmt8Day, gmt8DayStart, type MatchState } from './state.ts';
import type { MatchScore } from './types.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Live prices are recomputed this often (sim time) between events, plus on every event. */
const LIVE_REPRICE_MS = 10 * SECOND;
/** Pre-match prices drift on a slow round. */
const PRE_ROUND_MS = MINUTE;
/** Ended matches are kept this long for results() and late quote() calls. */
const RETAIN_MS = 48 * HOUR;

function pointsMoments(p: ScoringProfile): { mean: number; sq: number } {
  let w = 0;
  let m = 0;
  let s = 0;
  for (const [pts, weight] of p.pointsPerEvent) {
    w += weight;
    m += pts * weight;
    s += pts * pts * weight;
  }
  return { mean: m / w, sq: s / w };
}

function drawPoints(ctx: Ctx, p: ScoringProfile): number {
  if (p.pointsPerEvent.length === 1) return p.pointsPerEvent[0]?.[0] ?? 1;
  const idx = ctx.rng.weighted(p.pointsPerEvent.map(([, w]) => w));
  return p.pointsPerEvent[idx]?.[0] ?? 1;
}

function scoringOf(m: MatchState, sport: SportProfile): ScoringProfile {
  return m.childKind >= 0 ? (sport.children[m.childKind] ?? sport) : sport;
}

function remaining(m: MatchState, sport: SportProfile): { rem1: number; rem: number } {
  const half = sport.halfSec;
  switch (m.period) {
    case Period.pre:
      return { rem1: half, rem: 2 * half };
    case Period.firstHalf: {
      const rem1 = Math.max(0, half - m.clock) + m.stoppage1 / 2;
      return { rem1, rem: rem1 + half + m.stoppage2 / 2 };
    }
    case Period.halfTime:
      return { rem1: 0, rem: half + m.stoppage2 / 2 };
    case Period.secondHalf:
      return { rem1: 0, rem: Math.max(0, 2 * half + m.stoppage2 - m.clock) };
    default:
      return { rem1: 0, rem: 0 };
  }
}

function priceInput(m: MatchState, sport: SportProfile, clockOf: MatchState): PriceInput {
  const scoring = scoringOf(m, sport);
  const { mean, sq } = pointsMoments(scoring);
  const { rem1, rem } = remaining(clockOf, sport);
  return {
    model: scoring.model,
    lineStep: scoring.lineStep,
    pointsMean: mean,
    pointsSq: sq,
    draws: sport.draws || m.childKind >= 0,
    home: m.h,
    away: m.a,
    htHome: m.htH,
    htAway: m.htA,
    rem1,
    rem,
    rateH: m.rateH * Math.exp(m.biasH),
    rateA: m.rateA * Math.exp(m.biasA),
  };
}

function sameArray<T>(a: readonly T[] | null, b: readonly T[] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Recomputes one match's markets; versions bump only where something visible changed. */
function repriceOne(m: MatchState, sport: SportProfile, clockOf: MatchState, suspended: boolean): void {
  if (m.type === 4) return;
  const slots = m.markets.map((mk) => [mk.bt, mk.slot] as const);
  const previous: (PricedMarket | undefined)[] = m.markets.map((mk) =>
    mk.version === 0
      ? undefined
      : { line: mk.line, prices: mk.prices, labels: mk.labels, open: mk.status === 0 },
  );
  const priced = m.series
    ? priceSeries(m.series, m.biasH - m.biasA, slots)
    : priceMarkets(priceInput(m, sport, clockOf), slots, previous);
  for (let i = 0; i < m.markets.length; i++) {
    const mk = m.markets[i];
    const p = priced[i];
    if (!mk || !p) continue;
    const status: 0 | 5 = suspended || !p.open ? 5 : 0;
    if (
      mk.version > 0 &&
      mk.line === p.line &&
      mk.status === status &&
      sameArray(mk.prices, p.prices) &&
      sameArray(mk.labels, p.labels)
    )
      continue;
    mk.line = p.line;
    mk.prices = p.prices;
    mk.labels = p.labels;
    mk.status = status;
    mk.version++;
  }
}

export function reprice(ctx: Ctx, m: MatchState): void {
  const sport = profileOf(m);
  const now = ctx.state.now;
  const suspended = m.phase === 2 || now < m.suspendedUntil || now < m.holdUntil;
  repriceOne(m, sport, m, suspended);
  for (const id of m.childIds) {
    const c = ctx.byId.get(id);
    if (c) repriceOne(c, sport, m, suspended);
  }
}

function suspendAll(ctx: Ctx, m: MatchState): void {
  const mark = (x: MatchState): void => {
    for (const mk of x.markets) {
      // A market never priced yet (a match being played forward) has nothing to suspend.
      if (mk.status === 5 || mk.version === 0) continue;
      mk.status = 5;
      mk.version++;
    }
  };
  mark(m);
  for (const id of m.childIds) {
    const c = ctx.byId.get(id);
    if (c) mark(c);
  }
}

function drift(ctx: Ctx, m: MatchState, size: number): void {
  const { rng } = ctx;
  // Bounded random walk: the market's opinion wanders but never far from the truth.
  m.biasH = Math.max(-0.25, Math.min(0.25, m.biasH * 0.98 + (rng.next() - 0.5) * size));
  m.biasA = Math.max(-0.25, Math.min(0.25, m.biasA * 0.98 + (rng.next() - 0.5) * size));
}

export function scoreOf(m: MatchState): MatchScore {
  const score: MatchScore = {
    home: m.h,
    away: m.a,
    htHome: m.htH ?? m.h,
    htAway: m.htA ?? m.a,
    firstGoal: m.fg,
    lastGoal: m.lg,
  };
  if (m.status === 2) score.cancelled = true;
  return score;
}

function finish(ctx: Ctx, m: MatchState, status: 1 | 2): void {
  const now = ctx.state.now;
  const close = (x: MatchState): void => {
    x.phase = 2;
    x.status = status;
    x.endedAt = now;
    if (status === 1) x.period = Period.fullTime;
    x.rev++;
    for (const mk of x.markets) {
      if (mk.status === 5) continue;
      mk.status = 5;
      mk.version++;
    }
    ctx.ends.push({
      matchId: x.id,
      sportId: x.sportId,
      leagueId: x.leagueId,
      status,
      score: scoreOf(x),
      endedAt: now,
      ...(x.winner !== null ? { winner: x.winner } : {}),
    });
  };
  close(m);
  for (const id of m.childIds) {
    const c = ctx.byId.get(id);
    if (c) close(c);
  }
}

function addPoints(m: MatchState, side: 'H' | 'A', points: number): void {
  if (side === 'H') m.h += points;
  else m.a += points;
  if (m.fg === null) m.fg = side;
  m.lg = side;
}

/** Scores this many events for each side in an order drawn at random (first/last goal need it). */
function scoreEvents(ctx: Ctx, m: MatchState, scoring: ScoringProfile, nH: number, nA: number): void {
  let h = nH;
  let a = nA;
  while (h + a > 0) {
    const home = ctx.rng.next() * (h + a) < h;
    if (home) h--;
    else a--;
    addPoints(m, home ? 'H' : 'A', drawPoints(ctx, scoring));
  }
}

/** Plays `dt` game seconds of a live match; the match tracker (radar.ts) reads what it did. */
function step(ctx: Ctx, m: MatchState, dt: number): void {
  const before = beforeStep(m);
  playStep(ctx, m, dt);
  observeStep(ctx, m, before);
}

/** Plays `dt` game seconds of a live match at sim time `now`. */
function playStep(ctx: Ctx, m: MatchState, dt: number): void {
  const sport = profileOf(m);
  const now = ctx.state.now;
  const { rng } = ctx;
  m.rev++;
  if (m.series) {
    stepSeries(ctx, m, m.series, dt);
    return;
  }
  if (m.period === Period.halfTime) {
    m.breakLeft -= dt;
    if (m.breakLeft <= 0) {
      m.period = Period.secondHalf;
      m.clock = sport.halfSec;
      m.nextReprice = now;
    }
    return;
  }
  const end = m.period === Period.firstHalf ? sport.halfSec + m.stoppage1 : 2 * sport.halfSec + m.stoppage2;
  const play = Math.max(0, Math.min(dt, end - m.clock));
  if (m.cancelAt !== null && m.cancelAt >= 0 && m.cancelAt < m.clock + play) {
    finish(ctx, m, 2);
    return;
  }
  const { mean } = pointsMoments(sport);
  const nH = rng.poisson((m.rateH / mean) * play);
  const nA = rng.poisson((m.rateA / mean) * play);
  let event = nH + nA > 0;
  scoreEvents(ctx, m, sport, nH, nA);
  for (const id of m.childIds) {
    const c = ctx.byId.get(id);
    if (!c) continue;
    c.rev++;
    const cs = scoringOf(c, sport);
    const cm = pointsMoments(cs).mean;
    const cH = rng.poisson((c.rateH / cm) * play);
    const cA = rng.poisson((c.rateA / cm) * play);
    if (cH + cA > 0) c.nextReprice = now;
    scoreEvents(ctx, c, cs, cH, cA);
  }
  if (sport.redCards) {
    // About one red card in eight matches; the side down a player scores less, concedes more.
    const p = (0.07 / (2 * sport.halfSec)) * play;
    for (const side of ['H', 'A'] as const) {
      if (!rng.chance(p)) continue;
      event = true;
      if (side === 'H') {
        m.redH++;
        m.rateH *= 0.75;
        m.rateA *= 1.15;
      } else {
        m.redA++;
        m.rateA *= 0.75;
        m.rateH *= 1.15;
      }
    }
  }
  if (nH + nA > 0 && sport.model === 'poisson' && rng.chance(0.1)) {
    // A video review holds the whole match (status 5) for a minute.
    m.holdUntil = now + MINUTE;
    m.status = 5;
  }
  if (event) {
    m.suspendedUntil = Math.max(m.suspendedUntil, now + rng.int(8, 20) * SECOND);
    m.nextReprice = Math.max(m.suspendedUntil, m.holdUntil);
    suspendAll(ctx, m);
  }
  m.clock += play;
  if (m.clock >= end) {
    if (m.period === Period.firstHalf) {
      m.period = Period.halfTime;
      m.breakLeft = sport.breakSec;
      m.htH = m.h;
      m.htA = m.a;
      for (const id of m.childIds) {
        const c = ctx.byId.get(id);
        if (c) {
          c.htH = c.h;
          c.htA = c.a;
        }
      }
      m.nextReprice = now;
    } else {
      if (!sport.draws && m.h === m.a) addPoints(m, rng.chance(0.5) ? 'H' : 'A', 1); // overtime decides it
      finish(ctx, m, 1);
      return;
    }
  }
  if (m.status === 5 && now >= m.holdUntil) {
    m.status = 0;
    m.nextReprice = now;
  }
}

/** E-sports (esports/series.ts): map by map; the map score is the match score; a map's end suspends. */
function stepSeries(ctx: Ctx, m: MatchState, series: SeriesState, dt: number): void {
  if (m.cancelAt !== null && m.cancelAt >= 0 && m.cancelAt < series.elapsed + dt) {
    finish(ctx, m, 2);
    return;
  }
  const { mapEnded, over } = playSeries(series, dt);
  const winners = series.maps.flatMap((x) => (x.winner ? [x.winner] : []));
  m.h = winners.filter((w) => w === 'H').length;
  m.a = winners.length - m.h;
  m.fg = winners[0] ?? null;
  m.lg = winners[winners.length - 1] ?? null;
  m.clock = series.clock;
  m.period = series.phase === 'break' ? Period.halfTime : Period.firstHalf;
  if (over) {
    finish(ctx, m, 1);
    return;
  }
  if (mapEnded) {
    const now = ctx.state.now;
    m.suspendedUntil = Math.max(m.suspendedUntil, now + ctx.rng.int(8, 20) * SECOND);
    m.nextReprice = m.suspendedUntil;
    suspendAll(ctx, m);
  }
}

function kickoff(ctx: Ctx, m: MatchState): void {
  const now = ctx.state.now;
  if (m.type === 4) {
    // An outright settles at its "kick-off": the winner drawn by title chances.
    const labels = m.markets[0]?.labels ?? [];
    m.winner = labels[ctx.rng.weighted(m.strengths ?? labels.map(() => 1))] ?? null;
    finish(ctx, m, 1);
    return;
  }
  if (m.cancelAt === -1) {
    finish(ctx, m, 2);
    return;
  }
  m.phase = 1;
  m.period = Period.firstHalf;
  m.clock = 0;
  m.rev++;
  m.nextReprice = now;
  if (m.series) playSeries(m.series, 0); // map 1 starts at kick-off
  for (const id of m.childIds) {
    const c = ctx.byId.get(id);
    if (c) {
      c.phase = 1;
      c.rev++;
    }
  }
  ctx.live.push(m);
}

/** Runs one engine tick. Ends are queued in ctx.ends for the caller to emit. */
export function tick(ctx: Ctx): void {
  const st = ctx.state;
  st.now += ctx.tickMs;
  st.tick++;
  const now = st.now;
  const dt = (ctx.tickMs / SECOND) * ctx.speed;

  while (ctx.pending.length > 0 && (ctx.pending[0] as MatchState).kickoff <= now) {
    kickoff(ctx, ctx.pending.shift() as MatchState);
  }

  let ended = 0;
  for (const m of ctx.live) {
    if (m.phase !== 1) continue;
    step(ctx, m, dt);
    if (m.phase !== 1) {
      ended++;
      continue;
    }
    const suspended = now < m.suspendedUntil || now < m.holdUntil;
    if (!suspended && now >= m.nextReprice) {
      drift(ctx, m, 0.01);
      reprice(ctx, m);
      m.nextReprice = now + LIVE_REPRICE_MS + ctx.rng.int(0, 4) * SECOND;
    }
  }
  if (ended > 0) ctx.live = ctx.live.filter((m) => m.phase === 1);

  if (now >= st.nextPreRound) {
    st.nextPreRound = now + PRE_ROUND_MS;
    for (const m of ctx.pending) {
      if (!ctx.rng.chance(0.05)) continue;
      if (m.type === 4) {
        const or = m.markets[0];
        if (or && m.strengths) {
          m.strengths = m.strengths.map((s) => s * Math.exp((ctx.rng.next() - 0.5) * 0.1));
          const prices = outrightPrices(m.strengths);
          if (!sameArray(prices, or.prices)) {
            or.prices = prices;
            or.version++;
          }
        }
        continue;
      }
      drift(ctx, m, 0.04);
      reprice(ctx, m);
    }
  }

  replenish(ctx);

  const day = gmt8Day(now);
  if (day !== st.day) {
    st.day = day;
    topUpEarly(ctx);
  }
  if (now >= st.nextPrune) {
    st.nextPrune = now + HOUR;
    prune(ctx);
  }
}

/** Each main match or outright that ended this tick is replaced, so an evening keeps going. */
function replenish(ctx: Ctx): void {
  const now = ctx.state.now;
  for (const end of ctx.ends) {
    const m = ctx.byId.get(end.matchId);
    if (!m || m.type === 3) continue;
    if (m.type === 4) {
      const league = ctx.leagues.get(m.leagueId);
      if (league) addOutright(ctx, spawnOutright(ctx, league, now + ctx.rng.int(24, 72) * HOUR));
      continue;
    }
    const kick = now + ctx.rng.int(1, 6) * 5 * MINUTE;
    addPending(ctx, spawnMatch(ctx, kick));
  }
}

function addPending(ctx: Ctx, m: MatchState): void {
  reprice(ctx, m);
  enqueue(ctx, m);
}

function addOutright(ctx: Ctx, m: MatchState): void {
  enqueue(ctx, m);
}

function earlyCount(ctx: Ctx): number {
  const today = gmt8Day(ctx.state.now);
  let n = 0;
  for (const m of ctx.pending) if (m.type !== 4 && gmt8Day(m.kickoff) > today) n++;
  return n;
}

/** At each GMT+8 midnight, the early card is filled back up to its target. */
function topUpEarly(ctx: Ctx): void {
  const missing = ctx.targets.early - earlyCount(ctx);
  for (let i = 0; i < missing; i++) addPending(ctx, spawnMatch(ctx, earlyKickoff(ctx)));
}

function earlyKickoff(ctx: Ctx): number {
  const day = gmt8Day(ctx.state.now) + ctx.rng.int(1, 3);
  // Evening and night kick-offs (GMT+8 12:00 to 03:55 next day) on 5-minute marks.
  return gmt8DayStart(day) + 12 * HOUR + ctx.rng.int(0, 191) * 5 * MINUTE;
}

function prune(ctx: Ctx): void {
  const cutoff = ctx.state.now - RETAIN_MS;
  const keep = (m: MatchState): boolean => !(m.phase === 2 && m.endedAt !== null && m.endedAt < cutoff);
  if (ctx.state.matches.every(keep)) return;
  const kept: MatchState[] = [];
  for (const m of ctx.state.matches) {
    if (keep(m)) {
      kept.push(m);
      continue;
    }
    ctx.byId.delete(m.id);
    for (const mk of m.markets) ctx.markets.delete(mk.id);
  }
  ctx.state.matches = kept;
}

/**
 * The opening card: live matches already under way (played forward from their kick-off with the
 * same engine, events before the start are history), today's matches up to GMT+8 midnight, early
 * matches on the next days, and outrights.
 */
export function populate(ctx: Ctx): void {
  const { rng, state } = ctx;
  const now = state.now;
  for (let i = 0; i < ctx.targets.live; i++) {
    const sport = pickSport(rng);
    const span = ((2 * sport.halfSec + sport.breakSec) * SECOND) / ctx.speed;
    const started = now - Math.floor(rng.range(0.02, 0.95) * span);
    const m = spawnMatch(ctx, started, sport);
    if (m.cancelAt === -1) m.cancelAt = null; // already kicked off
    playForward(ctx, m);
  }
  const midnight = gmt8DayStart(gmt8Day(now) + 1);
  for (let i = 0; i < ctx.targets.today; i++) {
    const room = Math.max(0, midnight - now - 5 * MINUTE);
    // Later today when there is room; just after now when the day is nearly over.
    const kick = now + 5 * MINUTE + Math.floor((rng.next() * room) / (5 * MINUTE)) * 5 * MINUTE;
    addPending(ctx, spawnMatch(ctx, Math.min(kick, midnight - 1)));
  }
  for (let i = 0; i < ctx.targets.early; i++) addPending(ctx, spawnMatch(ctx, earlyKickoff(ctx)));
  const leagues = [...ctx.leagues.values()].filter((l) => l.flag === 1);
  for (let i = 0; i < ctx.targets.outrights && leagues.length > 0; i++) {
    const league = leagues[i % leagues.length] as (typeof leagues)[number];
    addOutright(ctx, spawnOutright(ctx, league, now + rng.int(6, 96) * HOUR));
  }
}

/** Plays a match from its kick-off to now in coarse steps, without suspensions in the past. */
function playForward(ctx: Ctx, m: MatchState): void {
  const now = ctx.state.now;
  const stepMs = 30 * SECOND;
  kickoff(ctx, m);
  const saved = m.cancelAt;
  m.cancelAt = null;
  for (let t = m.kickoff + stepMs; t <= now; t += stepMs) {
    step(ctx, m, (stepMs / SECOND) * ctx.speed);
    if (m.phase !== 1) break;
  }
  m.status = 0;
  m.holdUntil = 0;
  m.suspendedUntil = 0;
  if (m.phase !== 1) {
    throw new Error('a live match ended while being played forward');
  }
  if (saved !== null && saved > m.clock) m.cancelAt = saved;
  else if (saved !== null)
    m.cancelAt = m.clock + ctx.rng.next() * Math.max(0, 2 * profileOf(m).halfSec - m.clock);
  m.nextReprice = now;
  drift(ctx, m, 0.02);
  reprice(ctx, m);
  m.nextReprice = now + ctx.rng.int(0, 9) * SECOND;
}
