/**
 * Builds the world's leagues, teams, matches (with children) and outright events from the seeded
 * PRNG. Every draw goes through ctx.rng in a fixed order, so a seed fixes the whole evening.
 */
import { Period } from '@sportsbook/protocol';
import { ESportsId, newSeries, titleOfLeague } from '../esports/series.ts';
import { outrightPrices } from './pricing.ts';
import type { Rng } from './rng.ts';
import { type BetType, type SportProfile, SportProfiles, sportProfile, teamNames } from './sports.ts';
import type { Ctx, LeagueState, MarketState, MatchState } from './state.ts';

export function createLeagues(rng: Rng): LeagueState[] {
  const leagues: LeagueState[] = [];
  let id = 101;
  for (const sport of SportProfiles) {
    for (const [name, country, flag, code] of sport.leagues) {
      const count = sport.teamStyle === 'player' ? 32 : 20;
      leagues.push({
        id: id++,
        sportId: sport.id,
        name,
        flag,
        code,
        sortOrder: leagues.length + 1,
        country,
        teams: teamNames(sport.teamStyle, count, (n) => Math.floor(rng.next() * n)),
      });
    }
  }
  return leagues;
}

export function marketsFor(matchId: number, slots: readonly (readonly [BetType, number])[]): MarketState[] {
  const out: MarketState[] = [];
  for (const [bt, count] of slots) {
    for (let slot = 0; slot < count; slot++) {
      out.push({
        id: `${matchId}-${bt}-${slot}`,
        bt,
        slot,
        line: null,
        status: 0,
        prices: [],
        labels: null,
        version: 0,
      });
    }
  }
  return out;
}

function baseMatch(id: number, league: LeagueState, kickoff: number): MatchState {
  return {
    id,
    leagueId: league.id,
    sportId: league.sportId,
    type: 1,
    parentId: null,
    childIds: [],
    childKind: -1,
    childLabel: '',
    home: '',
    away: '',
    kickoff,
    neutral: 0,
    tv: 0,
    parlay: 1,
    status: 0,
    phase: 0,
    period: Period.pre,
    clock: 0,
    breakLeft: 0,
    stoppage1: 0,
    stoppage2: 0,
    h: 0,
    a: 0,
    htH: null,
    htA: null,
    fg: null,
    lg: null,
    redH: 0,
    redA: 0,
    rateH: 0,
    rateA: 0,
    biasH: 0,
    biasA: 0,
    suspendedUntil: 0,
    holdUntil: 0,
    nextReprice: 0,
    cancelAt: null,
    endedAt: null,
    rev: 0,
    markets: [],
    strengths: null,
    winner: null,
  };
}

function pickLeague(ctx: Ctx, sport: SportProfile): LeagueState {
  const leagues = [...ctx.leagues.values()].filter((l) => l.sportId === sport.id);
  // Main leagues carry more of the card, as on a real board.
  const idx = ctx.rng.weighted(leagues.map((l) => (l.flag === 1 ? 3 : l.code === 25 ? 1 : 2)));
  const league = leagues[idx];
  if (!league) throw new Error(`no league for sport ${sport.id}`);
  return league;
}

export function pickSport(rng: Rng): SportProfile {
  const sport = SportProfiles[rng.weighted(SportProfiles.map((s) => s.weight))];
  if (!sport) throw new Error('no sport');
  return sport;
}

/** A new main match (and its children) of a random sport; registered in ctx. */
export function spawnMatch(ctx: Ctx, kickoff: number, sport: SportProfile = pickSport(ctx.rng)): MatchState {
  const { rng } = ctx;
  const league = pickLeague(ctx, sport);
  const m = baseMatch(ctx.state.nextMatchId++, league, kickoff);
  const hi = rng.int(0, league.teams.length - 1);
  let ai = rng.int(0, league.teams.length - 2);
  if (ai >= hi) ai++;
  m.home = league.teams[hi] ?? 'Home';
  m.away = league.teams[ai] ?? 'Away';
  m.neutral = league.code === 25 && rng.chance(0.5) ? 1 : 0;
  m.tv = rng.chance(0.3) ? 1 : 0;
  m.parlay = rng.chance(0.9) ? 1 : 0;
  const perSecond = (sport.totalPoints / (2 * sport.halfSec)) * rng.range(0.8, 1.25);
  const homeShare = Math.min(
    0.8,
    Math.max(0.2, 0.5 + (m.neutral ? 0 : 0.04) + (rng.next() + rng.next() - 1) * sport.shareSpread),
  );
  m.rateH = perSecond * homeShare;
  m.rateA = perSecond * (1 - homeShare);
  m.stoppage1 =
    sport.maxStoppageSec > 0 ? rng.int(60, Math.max(60, Math.floor(sport.maxStoppageSec / 2))) : 0;
  m.stoppage2 = sport.maxStoppageSec > 0 ? rng.int(120, sport.maxStoppageSec) : 0;
  if (rng.chance(ctx.cancelRate)) m.cancelAt = rng.chance(0.4) ? -1 : rng.range(0, 2 * sport.halfSec);
  if (sport.id === ESportsId)
    m.series = newSeries(titleOfLeague(league.name), Math.floor(rng.next() * 2 ** 32), homeShare);
  m.markets = marketsFor(m.id, sport.markets);
  register(ctx, m);
  sport.children.forEach((child, kind) => {
    if (!rng.chance(child.share)) return;
    const c = baseMatch(ctx.state.nextMatchId++, league, kickoff);
    c.type = 3;
    c.parentId = m.id;
    c.childKind = kind;
    c.childLabel = child.label;
    c.home = `${m.home} (${child.label})`;
    c.away = `${m.away} (${child.label})`;
    c.neutral = m.neutral;
    c.parlay = 0;
    const childPerSecond = (child.totalPoints / (2 * sport.halfSec)) * rng.range(0.85, 1.2);
    c.rateH = childPerSecond * homeShare;
    c.rateA = childPerSecond * (1 - homeShare);
    c.markets = marketsFor(c.id, child.markets);
    m.type = 2;
    m.childIds.push(c.id);
    register(ctx, c);
  });
  return m;
}

/** An outright event of a league (type 4): one OR row whose labels are the teams. */
export function spawnOutright(ctx: Ctx, league: LeagueState, kickoff: number): MatchState {
  const { rng } = ctx;
  const m = baseMatch(ctx.state.nextMatchId++, league, kickoff);
  m.type = 4;
  m.home = `${league.name} - Winner`;
  m.away = '';
  m.parlay = 0;
  const count = Math.min(league.teams.length, rng.int(8, 14));
  const teams = league.teams.slice(0, count);
  m.strengths = teams.map(() => rng.range(0.2, 1) ** 3);
  m.markets = marketsFor(m.id, [['OR', 1]]);
  const or = m.markets[0];
  if (or) {
    or.labels = teams;
    or.prices = outrightPrices(m.strengths);
    or.version = 1;
  }
  register(ctx, m);
  return m;
}

export function register(ctx: Ctx, m: MatchState): void {
  ctx.state.matches.push(m);
  ctx.byId.set(m.id, m);
  for (const market of m.markets) ctx.markets.set(market.id, { market, match: m });
}

/** Keeps ctx.pending sorted by kickoff then id (binary insertion: new matches are mostly late). */
export function enqueue(ctx: Ctx, m: MatchState): void {
  const list = ctx.pending;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = list[mid] as MatchState;
    if (other.kickoff < m.kickoff || (other.kickoff === m.kickoff && other.id < m.id)) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, m);
}

export function profileOf(m: MatchState): SportProfile {
  const sport = sportProfile(m.sportId);
  if (!sport) throw new Error(`unknown sport ${m.sportId}`);
  return sport;
}
