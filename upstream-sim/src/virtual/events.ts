/**
 * Virtual sports in the simulator (rules in protocol virtual.ts, RULES.md "Virtual
 * sports"). An event is a pure function of (world seed, sport, event index): its teams, its pre-match
 * prices (world/pricing.ts, the same model as the real matches) and its result, drawn from those
 * prices (the 1X2 or moneyline outcome by the prices' implied probabilities, then a score of that
 * outcome from the model). Nothing is stored: the world snapshot does not carry virtual events, and
 * a restart computes the same events again.
 */
import {
  drawBasketballScore,
  drawFootballScore,
  drawFromPrices,
  kickoffOf,
  type LeagueRow,
  type MatchScore,
  type VirtualGoal,
  type VirtualSportDef,
  VirtualSportIds,
  VirtualSports,
  virtualMatchId,
} from '@sportsbook/protocol';
import { priceMarkets } from '../world/pricing.ts';
import { Rng, textSeed } from '../world/rng.ts';
import type { BetType } from '../world/sports.ts';

export interface VirtualMarket {
  id: string;
  bt: BetType;
  line: number | null;
  prices: number[];
}

export interface VirtualEvent {
  sportId: number;
  index: number;
  matchId: number;
  leagueId: number;
  home: string;
  away: string;
  kickoff: number;
  endsAt: number;
  markets: VirtualMarket[];
  /** The final score and the replay's goals (drawn from the prices). */
  score: MatchScore;
  goals: VirtualGoal[];
}

interface Profile {
  leagueId: number;
  league: string;
  teams: readonly string[];
  /** The main line of each market (slot 0); the first is the win market results are drawn from. */
  markets: readonly (readonly [BetType])[];
  model: 'poisson' | 'normal';
  total: number;
  spread: number;
  lineStep: 0.25 | 0.5;
  pointsMean: number;
  pointsSq: number;
  sd: number;
}

const Profiles: Record<number, Profile> = {
  [VirtualSportIds.football]: {
    leagueId: 180_001,
    league: 'Virtual Premier League',
    teams: [
      'Red Lions',
      'Blue Harbour',
      'Green Rovers',
      'Iron Town',
      'Silver City',
      'Golden Eagles',
      'North Port',
      'South Bay',
      'Old Castle',
      'River Park',
      'Stone Bridge',
      'Royal Oaks',
    ],
    markets: [['1X2'], ['HDP'], ['OU'], ['OE']],
    model: 'poisson',
    total: 2.7,
    spread: 0.35,
    lineStep: 0.25,
    pointsMean: 1,
    pointsSq: 1,
    sd: 0,
  },
  [VirtualSportIds.basketball]: {
    leagueId: 181_001,
    league: 'Virtual Basketball League',
    teams: [
      'Metro Hawks',
      'Bay Sharks',
      'Desert Suns',
      'Canyon Bulls',
      'Lake Storm',
      'Harbor Kings',
      'Valley Wolves',
      'Summit Bears',
    ],
    markets: [['ML'], ['HDP'], ['OU'], ['OE']],
    model: 'normal',
    total: 200,
    spread: 0.04,
    lineStep: 0.5,
    pointsMean: 2.1,
    pointsSq: 4.8,
    sd: 0,
  },
};

/** The league row of each virtual sport (one league each). */
export function virtualLeagues(): LeagueRow[] {
  return Object.entries(Profiles).map(
    ([sportId, p], i) =>
      [p.leagueId, Number(sportId), p.league, 1, 0, 9_000 + i, 'Virtual'] satisfies LeagueRow,
  );
}

/** Builds one event from the seed. */
export function buildEvent(seed: number, sport: VirtualSportDef, index: number): VirtualEvent {
  const profile = Profiles[sport.id];
  if (!profile) throw new RangeError(`not a virtual sport: ${sport.id}`);
  const rng = new Rng(textSeed(`v:${seed}:${sport.id}:${index}`));
  const homeAt = rng.int(0, profile.teams.length - 1);
  const awayAt = (homeAt + rng.int(1, profile.teams.length - 1)) % profile.teams.length;
  // The home side's share of the scoring: even +- spread.
  const share = 0.5 + (rng.next() * 2 - 1) * profile.spread;
  const meanH = profile.total * share;
  const meanA = profile.total - meanH;
  const sec = sport.gameSec;
  const priced = priceMarkets(
    {
      model: profile.model,
      lineStep: profile.lineStep,
      pointsMean: profile.pointsMean,
      pointsSq: profile.pointsSq,
      draws: profile.model === 'poisson',
      home: 0,
      away: 0,
      htHome: null,
      htAway: null,
      rem1: sec / 2,
      rem: sec,
      rateH: meanH / sec,
      rateA: meanA / sec,
    },
    profile.markets.map(([bt]) => [bt, 0] as const),
    [],
  );
  const matchId = virtualMatchId(sport.id, index);
  const markets: VirtualMarket[] = profile.markets.map(([bt], i) => {
    const p = priced[i];
    return {
      id: `${matchId}-${bt}-0`,
      bt,
      line: typeof p?.line === 'number' ? p.line : null,
      prices: p?.prices ?? [],
    };
  });
  // The result follows the prices: the win market's outcome drawn by its implied probabilities.
  const win = markets[0]?.prices ?? [];
  let home: number;
  let away: number;
  if (profile.model === 'poisson') {
    const result = drawFromPrices(win, rng.next()) as 0 | 1 | 2;
    [home, away] = drawFootballScore(meanH, meanA, result, rng.next());
  } else {
    const winner = drawFromPrices(win, rng.next()) as 0 | 1;
    const sd = Math.sqrt(((meanH + meanA) / profile.pointsMean) * profile.pointsSq) / Math.SQRT2;
    [home, away] = drawBasketballScore(meanH, meanA, sd, winner, () => rng.next());
  }
  const goals = timeline(rng, home, away, sec, profile.model === 'poisson' ? 1 : 2);
  const half = Math.floor(sec / 2);
  let htHome = 0;
  let htAway = 0;
  for (const g of goals)
    if (g.sec < half) {
      if (g.side === 'H') htHome += g.points;
      else htAway += g.points;
    }
  const kickoff = kickoffOf(sport, index);
  return {
    sportId: sport.id,
    index,
    matchId,
    leagueId: profile.leagueId,
    home: profile.teams[homeAt] ?? 'Home',
    away: profile.teams[awayAt] ?? 'Away',
    kickoff,
    endsAt: kickoff + sport.playMs,
    markets,
    score: {
      home,
      away,
      htHome,
      htAway,
      firstGoal: goals[0]?.side ?? null,
      lastGoal: goals.at(-1)?.side ?? null,
    },
    goals,
  };
}

/** The replay: each side's points split into scoring moments at random game seconds. */
function timeline(rng: Rng, home: number, away: number, sec: number, chunk: number): VirtualGoal[] {
  const goals: VirtualGoal[] = [];
  for (const [side, total] of [
    ['H', home],
    ['A', away],
  ] as const) {
    for (let left = total; left > 0; ) {
      const points = Math.min(left, chunk === 1 ? 1 : rng.int(1, 3) === 3 ? 3 : 2);
      goals.push({ sec: rng.int(1, sec - 1), side, points });
      left -= points;
    }
  }
  return goals.sort((x, y) => x.sec - y.sec || (x.side < y.side ? -1 : 1));
}

/** Events by key, computed once; the oldest are dropped past `max`. */
export class VirtualEvents {
  private readonly cache = new Map<string, VirtualEvent>();

  constructor(
    readonly seed: number,
    private readonly max = 4_000,
  ) {}

  get(sportId: number, index: number): VirtualEvent | undefined {
    const sport = VirtualSports[sportId];
    if (!sport || index <= 0) return undefined;
    const key = `${sportId}:${index}`;
    let event = this.cache.get(key);
    if (!event) {
      event = buildEvent(this.seed, sport, index);
      if (this.cache.size >= this.max) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
      this.cache.set(key, event);
    }
    return event;
  }
}
