/**
 * What the simulator knows about each sport: how long it lasts, how it scores, how its markets
 * are priced and which markets it offers. Sports come from the protocol's `Sports` (never 22/33).
 */
import { Sports } from '@sportsbook/protocol';

/** Bet types a match can carry. `MHDP`/`MOU` are the Myanmar rows served only by uxmatch2. */
export type BetType =
  | 'HDP'
  | 'OU'
  | 'OE'
  | '1X2'
  | 'ML'
  | 'CS'
  | 'DC'
  | 'HTFT'
  | 'FGLG'
  | 'TG'
  | 'HDPH'
  | 'OUH'
  | 'OEH'
  | '1X2H'
  | 'OR'
  | 'MHDP'
  | 'MOU';

export type PriceModel = 'poisson' | 'normal';

export interface ScoringProfile {
  model: PriceModel;
  /** Expected points of both sides over a full game. */
  totalPoints: number;
  /** Points one scoring event adds, with weights (basketball 1/2/3, others 1). */
  pointsPerEvent: readonly (readonly [points: number, weight: number])[];
  /** Handicap and total lines move in these steps; 0.25 gives Asian quarter lines. */
  lineStep: 0.25 | 0.5;
}

export interface SportProfile extends ScoringProfile {
  id: number;
  name: string;
  /** Share of generated matches. */
  weight: number;
  /** How far the home side's share of the scoring strays from even (high-scoring sports stay close). */
  shareSpread: number;
  /** Game seconds per half (the engine plays every sport as two halves). */
  halfSec: number;
  breakSec: number;
  /** Stoppage time added to a half, up to this many seconds. */
  maxStoppageSec: number;
  /** A level score stands (soccer, hockey); otherwise a tie at the end is broken (overtime). */
  draws: boolean;
  redCards: boolean;
  /** Bet types and how many lines (slots) of each. */
  markets: readonly (readonly [BetType, number])[];
  /** Child matches (soccer corners, bookings) and the share of parents that get each. */
  children: readonly ChildProfile[];
  leagues: readonly LeagueSpec[];
  /** Team names: clubs from places, or players (tennis). */
  teamStyle: 'club' | 'player';
}

export interface ChildProfile extends ScoringProfile {
  label: string;
  share: number;
  markets: readonly (readonly [BetType, number])[];
}

/** [name, country, flag (1 main league), code (25 special)] */
export type LeagueSpec = readonly [name: string, country: string, flag: 0 | 1, code: number];

const ONE_POINT = [[1, 1]] as const;

const soccerLeagues: readonly LeagueSpec[] = [
  ['England Premier League', 'England', 1, 0],
  ['England Championship', 'England', 0, 0],
  ['Spain La Liga', 'Spain', 1, 0],
  ['Spain Segunda Division', 'Spain', 0, 0],
  ['Germany Bundesliga', 'Germany', 1, 0],
  ['Germany 2. Bundesliga', 'Germany', 0, 0],
  ['Italy Serie A', 'Italy', 1, 0],
  ['Italy Serie B', 'Italy', 0, 0],
  ['France Ligue 1', 'France', 1, 0],
  ['Netherlands Eredivisie', 'Netherlands', 0, 0],
  ['Portugal Primeira Liga', 'Portugal', 0, 0],
  ['UEFA Champions League', 'Europe', 1, 0],
  ['UEFA Europa League', 'Europe', 1, 0],
  ['World Cup Qualifiers', 'World', 0, 25],
  ['International Friendlies', 'World', 0, 25],
  ['Japan J1 League', 'Japan', 0, 0],
  ['Korea K League 1', 'Korea', 0, 0],
  ['China Super League', 'China', 0, 0],
  ['Australia A-League', 'Australia', 0, 0],
  ['Thailand League 1', 'Thailand', 0, 0],
  ['Vietnam V.League 1', 'Vietnam', 0, 0],
  ['Brazil Serie A', 'Brazil', 0, 0],
  ['Argentina Primera Division', 'Argentina', 0, 0],
  ['USA Major League Soccer', 'USA', 0, 0],
];

export const SportProfiles: readonly SportProfile[] = [
  {
    id: 1,
    name: Sports[1],
    shareSpread: 0.25,
    weight: 60,
    model: 'poisson',
    totalPoints: 2.7,
    pointsPerEvent: ONE_POINT,
    lineStep: 0.25,
    halfSec: 45 * 60,
    breakSec: 15 * 60,
    maxStoppageSec: 5 * 60,
    draws: true,
    redCards: true,
    markets: [
      ['HDP', 2],
      ['OU', 2],
      ['HDPH', 1],
      ['OUH', 1],
      ['1X2', 1],
      ['1X2H', 1],
      ['OE', 1],
      ['OEH', 1],
      ['DC', 1],
      ['CS', 1],
      ['HTFT', 1],
      ['FGLG', 1],
      ['TG', 1],
      ['MHDP', 1],
      ['MOU', 1],
    ],
    children: [
      {
        label: 'Corners',
        share: 0.4,
        model: 'poisson',
        totalPoints: 10,
        pointsPerEvent: ONE_POINT,
        lineStep: 0.5,
        markets: [
          ['HDP', 1],
          ['OU', 1],
        ],
      },
      {
        label: 'Bookings',
        share: 0.2,
        model: 'poisson',
        totalPoints: 4,
        pointsPerEvent: ONE_POINT,
        lineStep: 0.5,
        markets: [
          ['HDP', 1],
          ['OU', 1],
        ],
      },
    ],
    leagues: soccerLeagues,
    teamStyle: 'club',
  },
  {
    id: 2,
    name: Sports[2],
    shareSpread: 0.05,
    weight: 15,
    model: 'normal',
    totalPoints: 205,
    pointsPerEvent: [
      [2, 60],
      [3, 25],
      [1, 15],
    ],
    lineStep: 0.5,
    halfSec: 24 * 60,
    breakSec: 15 * 60,
    maxStoppageSec: 0,
    draws: false,
    redCards: false,
    markets: [
      ['HDP', 1],
      ['OU', 1],
      ['HDPH', 1],
      ['OUH', 1],
      ['OE', 1],
      ['ML', 1],
    ],
    children: [],
    leagues: [
      ['NBA', 'USA', 1, 0],
      ['EuroLeague', 'Europe', 1, 0],
      ['China CBA', 'China', 0, 0],
      ['Australia NBL', 'Australia', 0, 0],
      ['Philippines PBA', 'Philippines', 0, 0],
      ['FIBA World Cup Qualifiers', 'World', 0, 25],
    ],
    teamStyle: 'club',
  },
  {
    id: 3,
    name: Sports[3],
    shareSpread: 0.12,
    weight: 12,
    model: 'normal',
    totalPoints: 22,
    pointsPerEvent: ONE_POINT,
    lineStep: 0.5,
    halfSec: 45 * 60,
    breakSec: 2 * 60,
    maxStoppageSec: 0,
    draws: false,
    redCards: false,
    markets: [
      ['ML', 1],
      ['HDP', 1],
      ['OU', 1],
    ],
    children: [],
    leagues: [
      ['ATP Tour', 'World', 1, 0],
      ['WTA Tour', 'World', 1, 0],
      ['ATP Challenger', 'World', 0, 0],
      ['ITF Men', 'World', 0, 0],
      ['Davis Cup', 'World', 0, 25],
    ],
    teamStyle: 'player',
  },
  {
    id: 4,
    name: Sports[4],
    shareSpread: 0.15,
    weight: 5,
    model: 'normal',
    totalPoints: 8.5,
    pointsPerEvent: [
      [1, 70],
      [2, 22],
      [3, 8],
    ],
    lineStep: 0.5,
    halfSec: 80 * 60,
    breakSec: 3 * 60,
    maxStoppageSec: 0,
    draws: false,
    redCards: false,
    markets: [
      ['ML', 1],
      ['HDP', 1],
      ['OU', 1],
      ['OE', 1],
    ],
    children: [],
    leagues: [
      ['MLB', 'USA', 1, 0],
      ['Japan NPB', 'Japan', 0, 0],
      ['Korea KBO', 'Korea', 0, 0],
    ],
    teamStyle: 'club',
  },
  {
    id: 5,
    name: Sports[5],
    shareSpread: 0.18,
    weight: 5,
    model: 'poisson',
    totalPoints: 5.6,
    pointsPerEvent: ONE_POINT,
    lineStep: 0.5,
    halfSec: 30 * 60,
    breakSec: 17 * 60,
    maxStoppageSec: 0,
    draws: true,
    redCards: false,
    markets: [
      ['HDP', 1],
      ['OU', 1],
      ['1X2', 1],
      ['OE', 1],
      ['MHDP', 1],
      ['MOU', 1],
    ],
    children: [],
    leagues: [
      ['NHL', 'USA', 1, 0],
      ['KHL', 'Russia', 0, 0],
      ['Sweden SHL', 'Sweden', 0, 0],
    ],
    teamStyle: 'club',
  },
  {
    id: 43,
    name: Sports[43],
    shareSpread: 0.12,
    weight: 3,
    model: 'normal',
    totalPoints: 26,
    pointsPerEvent: ONE_POINT,
    lineStep: 0.5,
    // E-sports play as best-of-N series map by map (esports/series.ts); these two only size the
    // card (a live series is played forward at most one map, so never past its end).
    halfSec: 150,
    breakSec: 0,
    maxStoppageSec: 0,
    draws: false,
    redCards: false,
    // Match winner, map handicap, total maps.
    markets: [
      ['ML', 1],
      ['HDP', 1],
      ['OU', 1],
    ],
    children: [],
    leagues: [
      ['CS2 Major', 'World', 1, 0],
      ['LoL World Championship', 'World', 1, 0],
      ['Dota 2 Pro League', 'World', 0, 0],
    ],
    teamStyle: 'club',
  },
];

const byId = new Map(SportProfiles.map((s) => [s.id, s]));

export function sportProfile(id: number): SportProfile | undefined {
  return byId.get(id);
}

/** Which bet types each uxmarket market_type shows (ours; ODDS-DATA.md leaves it open). */
export const MarketTypeBetTypes = {
  hdpou: ['HDP', 'OU', 'HDPH', 'OUH', 'ML'],
  '1x2': ['1X2', '1X2H', 'DC'],
  oe: ['OE', 'OEH'],
  cs: ['CS'],
  htft: ['HTFT'],
  fglg: ['FGLG'],
  tg: ['TG'],
  outright: ['OR'],
} as const satisfies Record<string, readonly BetType[]>;

/** Head row count position of each bet type (HeadMarkets order: hdp ou oe oxt ml tw cs dc fglg htft tg orz). */
export const HeadIndex: Partial<Record<BetType, number>> = {
  HDP: 0,
  HDPH: 0,
  OU: 1,
  OUH: 1,
  OE: 2,
  OEH: 2,
  '1X2': 3,
  '1X2H': 3,
  ML: 4,
  CS: 6,
  DC: 7,
  FGLG: 8,
  HTFT: 9,
  TG: 10,
  OR: 11,
};

const places = [
  'Ashford',
  'Brackley',
  'Carrow',
  'Dunmore',
  'Eastvale',
  'Fernhill',
  'Glenrock',
  'Harwick',
  'Ironbridge',
  'Kingsport',
  'Lakemont',
  'Marston',
  'Northbay',
  'Oakridge',
  'Portwell',
  'Queensfield',
  'Redcliff',
  'Southmere',
  'Thornbury',
  'Upton',
  'Valemont',
  'Westford',
  'Yarrow',
  'Zelston',
  'Aldmoor',
  'Bellhaven',
  'Cobalt Bay',
  'Deepwater',
  'Elmstead',
  'Foxley',
  'Granton',
  'Highcliffe',
  'Juniper',
  'Kestrel Hill',
  'Lindale',
  'Millbrook',
  'Newhaven',
  'Orchard Park',
  'Pinecrest',
  'Riverside',
  'Stonegate',
  'Tidewater',
  'Whitby Cross',
  'Amberley',
  'Blackmoor',
  'Clearwater',
  'Drayton',
  'Everton Vale',
  'Fairport',
  'Greystone',
];
const clubSuffixes = [
  'United',
  'City',
  'FC',
  'Rovers',
  'Athletic',
  'Wanderers',
  'Town',
  'Albion',
  'Rangers',
  'SC',
];
const firstInitials = 'ABCDEFGHIJKLMNOPRSTVW'.split('');
const surnames = [
  'Novak',
  'Marin',
  'Kovacs',
  'Silva',
  'Tanaka',
  'Okafor',
  'Larsen',
  'Moreau',
  'Rossi',
  'Weber',
  'Petrov',
  'Santos',
  'Nakamura',
  'Hughes',
  'Dubois',
  'Jensen',
  'Costa',
  'Ivanov',
  'Fischer',
  'Lindqvist',
  'Kim',
  'Park',
  'Mendes',
  'Varga',
  'Horvat',
  'Nowak',
  'Berg',
  'Duarte',
  'Sato',
  'Ferreira',
];

/** Names for `count` teams (or players), distinct within the list. */
export function teamNames(style: 'club' | 'player', count: number, draw: (n: number) => number): string[] {
  const names = new Set<string>();
  let guard = 0;
  while (names.size < count && guard++ < count * 50) {
    if (style === 'player') {
      names.add(`${firstInitials[draw(firstInitials.length)]}. ${surnames[draw(surnames.length)]}`);
    } else {
      names.add(`${places[draw(places.length)]} ${clubSuffixes[draw(clubSuffixes.length)]}`);
    }
  }
  return [...names];
}
