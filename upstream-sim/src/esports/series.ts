/**
 * E-sports series (sport 43): a best-of-N match played map by map, each map a race of rounds
 * (kills for a MOBA) with the round score as its live state. Pure functions over plain JSON state:
 * the world's engine calls `playSeries` on each tick of a live e-sports match and prices its
 * markets with `priceSeries`; nothing here reads a clock. The score the world keeps (and
 * settlement reads) is the map score, so ML is the match winner, HDP the map handicap and OU the
 * total maps, settled by protocol's ordinary rules.
 *
 * SPEC section 9 ("E-sports game params include duration 5"): `EsportsGameParams.duration` is the
 * length of one map in game minutes. A map is at most 2 x target - 1 rounds, evenly spaced over
 * those 5 minutes, so no map lasts longer (upstream-sim/README.md "E-sports").
 */
import { EsportsGameParams, mapsToWin, mapWinChance } from '@sportsbook/protocol';
import { Rng } from '../world/rng.ts';

export const ESportsId = 43;

/** Game seconds one map may last. */
export const MapSeconds = EsportsGameParams.duration * 60;
/** Game seconds between two maps. */
export const MapBreakSeconds = 60;

export type TitleCode = 'cs2' | 'lol' | 'dota2';

export interface TitleProfile {
  code: TitleCode;
  name: string;
  /** What a map's live score counts. */
  unit: 'rounds' | 'kills';
  /** First to this many wins the map. */
  target: number;
  maps: readonly string[];
}

export const Titles: readonly TitleProfile[] = [
  {
    code: 'cs2',
    name: 'Counter-Strike 2',
    unit: 'rounds',
    target: 13,
    maps: ['Mirage', 'Inferno', 'Nuke', 'Ancient', 'Anubis', 'Vertigo', 'Dust2'],
  },
  { code: 'lol', name: 'League of Legends', unit: 'kills', target: 15, maps: ["Summoner's Rift"] },
  { code: 'dota2', name: 'Dota 2', unit: 'kills', target: 20, maps: ['Radiant vs Dire'] },
];

/** The title of an e-sports league, from its name (world/sports.ts leagues). */
export function titleOfLeague(leagueName: string): TitleProfile {
  const lower = leagueName.toLowerCase();
  const found = Titles.find(
    (t) => lower.startsWith(t.code) || (t.code === 'dota2' && lower.startsWith('dota')),
  );
  return found ?? (Titles[0] as TitleProfile);
}

function titleOf(code: TitleCode): TitleProfile {
  return Titles.find((t) => t.code === code) ?? (Titles[0] as TitleProfile);
}

export interface MapState {
  name: string;
  h: number;
  a: number;
  winner: 'H' | 'A' | null;
}

export interface SeriesState {
  v: 1;
  title: TitleCode;
  bestOf: 3 | 5;
  /** True chance the home side wins a round. */
  pRound: number;
  /** The series' own PRNG state (mulberry32). */
  rng: number;
  /** The maps of the series in order (names drawn at the start); `maps` holds those begun. */
  pool: string[];
  maps: MapState[];
  phase: 'pre' | 'map' | 'break' | 'over';
  /** Game seconds into the current map or break. */
  clock: number;
  /** Game seconds since the last round of the current map. */
  carry: number;
  /** Game seconds since kick-off. */
  elapsed: number;
}

/** A new series; `seed` comes from the world's PRNG, `homeShare` from the match's strengths. */
export function newSeries(title: TitleProfile, seed: number, homeShare: number): SeriesState {
  const rng = new Rng(seed);
  const bestOf: 3 | 5 = rng.chance(0.3) ? 5 : 3;
  const pool: string[] = [];
  const names = [...title.maps];
  for (let i = 0; i < bestOf; i++) {
    if (names.length > 1) pool.push(names.splice(rng.int(0, names.length - 1), 1)[0] as string);
    else pool.push(title.maps[0] ?? `Map ${i + 1}`);
  }
  // Rounds are closer than matches: a 60/40 round edge already wins most maps.
  const pRound = Math.min(0.65, Math.max(0.35, 0.5 + (homeShare - 0.5) * 0.4));
  return {
    v: 1,
    title: title.code,
    bestOf,
    pRound,
    rng: rng.state,
    pool,
    maps: [],
    phase: 'pre',
    clock: 0,
    carry: 0,
    elapsed: 0,
  };
}

export function mapScore(s: SeriesState): { h: number; a: number } {
  let h = 0;
  let a = 0;
  for (const m of s.maps) {
    if (m.winner === 'H') h++;
    else if (m.winner === 'A') a++;
  }
  return { h, a };
}

/** Game seconds between two rounds: the longest map (2 x target - 1 rounds) fills the duration. */
export function roundSeconds(title: TitleProfile): number {
  return MapSeconds / (2 * title.target - 1);
}

function startMap(s: SeriesState): void {
  s.maps.push({ name: s.pool[s.maps.length] ?? `Map ${s.maps.length + 1}`, h: 0, a: 0, winner: null });
  s.phase = 'map';
  s.clock = 0;
  s.carry = 0;
}

export interface SeriesStep {
  /** A map ended during the step (markets suspend). */
  mapEnded: boolean;
  /** The series is decided. */
  over: boolean;
}

/** Plays `dt` game seconds of a series (kick-off starts map 1). */
export function playSeries(s: SeriesState, dt: number): SeriesStep {
  const title = titleOf(s.title);
  const interval = roundSeconds(title);
  const rng = new Rng(0);
  rng.state = s.rng;
  let left = dt;
  let mapEnded = false;
  if (s.phase === 'pre') startMap(s);
  while (left > 1e-9 && s.phase !== 'over') {
    if (s.phase === 'break') {
      const use = Math.min(left, MapBreakSeconds - s.clock);
      s.clock += use;
      s.elapsed += use;
      left -= use;
      if (s.clock >= MapBreakSeconds - 1e-9) startMap(s);
      continue;
    }
    const toNext = interval - s.carry;
    if (left < toNext - 1e-9) {
      s.carry += left;
      s.clock += left;
      s.elapsed += left;
      left = 0;
      break;
    }
    left -= toNext;
    s.clock += toNext;
    s.elapsed += toNext;
    s.carry = 0;
    const map = s.maps[s.maps.length - 1] as MapState;
    if (rng.next() < s.pRound) map.h++;
    else map.a++;
    if (map.h >= title.target || map.a >= title.target) {
      map.winner = map.h > map.a ? 'H' : 'A';
      mapEnded = true;
      const score = mapScore(s);
      const need = mapsToWin(s.bestOf);
      if (score.h >= need || score.a >= need) s.phase = 'over';
      else {
        s.phase = 'break';
        s.clock = 0;
      }
    }
  }
  s.rng = rng.state;
  return { mapEnded, over: s.phase === 'over' };
}

/** Per-round chance as the market believes it: the truth moved by the match's drifting bias. */
export function believedRound(p: number, bias: number): number {
  const logit = Math.log(p / (1 - p)) + bias;
  return 1 / (1 + Math.exp(-logit));
}

/** The series' current and fresh map chances as the market believes them. */
export function mapChances(s: SeriesState, bias: number): { current: number; fresh: number } {
  const title = titleOf(s.title);
  const p = believedRound(s.pRound, bias);
  const fresh = mapWinChance(p, title.target, 0, 0);
  const map = s.maps[s.maps.length - 1];
  const current = s.phase === 'map' && map ? mapWinChance(p, title.target, map.h, map.a) : fresh;
  return { current, fresh };
}

/** What the results, the lobby and the detail call show of a series. */
export interface SeriesView {
  game: TitleCode;
  gameName: string;
  unit: 'rounds' | 'kills';
  bestOf: number;
  phase: SeriesState['phase'];
  mapsHome: number;
  mapsAway: number;
  /** 1-based number of the map being played (or the last one), 0 before kick-off. */
  currentMap: number;
  maps: { map: number; name: string; home: number; away: number; winner: 'H' | 'A' | null }[];
}

export function seriesView(s: SeriesState): SeriesView {
  const title = titleOf(s.title);
  const score = mapScore(s);
  return {
    game: s.title,
    gameName: title.name,
    unit: title.unit,
    bestOf: s.bestOf,
    phase: s.phase,
    mapsHome: score.h,
    mapsAway: score.a,
    currentMap: s.maps.length,
    maps: s.maps.map((m, i) => ({ map: i + 1, name: m.name, home: m.h, away: m.a, winner: m.winner })),
  };
}
