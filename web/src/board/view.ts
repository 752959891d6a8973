/**
 * The board's view rules over the market model (SPEC sections 4 and 9): which topic a tab shows,
 * sports menu order, leagues grouped and sorted (favourites first, then the league's sort order,
 * then name), the league filter modes 1-3, the time filter modes (never on outright), paging.
 */
import {
  ExcludedSportIds,
  leagueVisible,
  type MarketGroupName,
  type MarketModel,
  type MarketType,
  type MenuSport,
  matchInTimeFilter,
  timeFilterApplies,
} from '@sportsbook/protocol';
import { type ModelChanges, touches } from '../stream/changes.ts';

export const MarketTabs = ['early', 'today', 'live', 'parlay'] as const;
export type MarketTab = (typeof MarketTabs)[number];

export const BoardMarketTypes = [
  'hdpou',
  '1x2',
  'oe',
  'cs',
  'htft',
  'fglg',
  'tg',
  'outright',
] as const satisfies readonly MarketType[];

/** The parlay tab lists today's matches open to parlays. */
export function tabGroup(tab: MarketTab): MarketGroupName {
  return tab === 'parlay' ? 'today' : tab;
}

export function boardTopic(sportId: number, marketType: MarketType, tab: MarketTab): string {
  return `odds/${sportId}/${marketType}/${tabGroup(tab)}`;
}

/**
 * Sports menu order from configuration (the operator's list, with an alternate list for members in
 * BDT), then every other sport alphabetically; 22 and 33 never appear.
 */
export const SportsOrder = {
  default: [1, 2, 3, 43, 5, 4, 9, 6, 7, 10, 8, 11, 12],
  BDT: [10, 1, 2, 43, 3, 9, 7],
} as const;

export function orderSports(sports: readonly MenuSport[], currency: string): MenuSport[] {
  const order: readonly number[] = currency === 'BDT' ? SportsOrder.BDT : SportsOrder.default;
  const excluded = new Set<number>(ExcludedSportIds);
  const visible = sports.filter((s) => !excluded.has(s.id));
  const rank = (id: number) => {
    const i = order.indexOf(id);
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  };
  return [...visible].sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name) || a.id - b.id);
}

export function tabCount(sport: MenuSport, tab: MarketTab): number {
  return sport[tab];
}

export interface LeagueGroup {
  readonly leagueId: number;
  readonly name: string;
  readonly favourite: boolean;
  readonly matchIds: readonly number[];
}

export interface BoardFilters {
  /** 0 = all leagues, else 1-3 (leagueVisible). */
  readonly leagueMode: number;
  /** Time filter mode (0, 9, 1, 2, 3, 4, 5). */
  readonly timeMode: number;
  readonly marketType: MarketType;
  readonly tab: MarketTab;
  readonly favourites: readonly number[];
  /** Only these leagues when not empty. */
  readonly selectedLeagues: readonly number[];
  readonly now: number;
}

/** Leagues in board order, each with its top-level matches (model list order: kickoff, id). */
export function groupLeagues(model: MarketModel, filters: BoardFilters): LeagueGroup[] {
  const ids = model[tabGroup(filters.tab)];
  const fav = new Set(filters.favourites);
  const selected = new Set(filters.selectedLeagues);
  const timeFilter =
    filters.marketType !== 'outright' && timeFilterApplies(filters.marketType) && filters.tab !== 'live';
  const groups = new Map<number, number[]>();
  for (const id of ids) {
    const match = model.match[String(id)];
    if (!match) continue;
    if (filters.tab === 'parlay' && match.parlay !== 1) continue;
    const league = model.league[String(match.leagueId)];
    if (!league) continue;
    if (filters.leagueMode !== 0 && !leagueVisible(league, filters.leagueMode)) continue;
    if (selected.size > 0 && !selected.has(league.id)) continue;
    if (
      timeFilter &&
      filters.timeMode !== 0 &&
      !matchInTimeFilter(match.kickoff, filters.timeMode, filters.now)
    )
      continue;
    let list = groups.get(league.id);
    if (!list) {
      list = [];
      groups.set(league.id, list);
    }
    list.push(id);
  }
  return [...groups.entries()]
    .map(([leagueId, matchIds]) => {
      const league = model.league[String(leagueId)];
      return {
        leagueId,
        name: league?.name ?? '',
        favourite: fav.has(leagueId),
        matchIds,
        sortOrder: league?.sortOrder ?? 0,
      };
    })
    .sort(
      (a, b) =>
        Number(b.favourite) - Number(a.favourite) ||
        a.sortOrder - b.sortOrder ||
        a.name.localeCompare(b.name) ||
        a.leagueId - b.leagueId,
    )
    .map(({ sortOrder: _, ...group }) => group);
}

/** The page of leagues holding matches [page*size, page*size+size): leagues are cut at match granularity. */
export function pageOf(groups: readonly LeagueGroup[], page: number, size: number): LeagueGroup[] {
  const start = page * size;
  const end = start + size;
  const out: LeagueGroup[] = [];
  let seen = 0;
  for (const g of groups) {
    const from = Math.max(start - seen, 0);
    const to = Math.min(end - seen, g.matchIds.length);
    if (from < to)
      out.push(from === 0 && to === g.matchIds.length ? g : { ...g, matchIds: g.matchIds.slice(from, to) });
    seen += g.matchIds.length;
    if (seen >= end) break;
  }
  return out;
}

export function matchCount(groups: readonly LeagueGroup[]): number {
  return groups.reduce((n, g) => n + g.matchIds.length, 0);
}

/** Equal when the same leagues list the same matches: the board's structure did not change. */
export function sameGroups(a: readonly LeagueGroup[], b: readonly LeagueGroup[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as LeagueGroup;
    const y = b[i] as LeagueGroup;
    if (x.leagueId !== y.leagueId || x.favourite !== y.favourite || x.name !== y.name) return false;
    if (x.matchIds.length !== y.matchIds.length || x.matchIds.some((id, j) => id !== y.matchIds[j]))
      return false;
  }
  return true;
}

/**
 * Whether a delta changed what `groupLeagues` and `oddsIndex` read: the top-level lists, leagues
 * (any field: name, sort order, flags of the league filter), matches or odds created or removed,
 * links, or a match's league, kickoff (time filter) or parlay flag. Price, status, score and clock
 * changes are not structure: their rows and cells follow them on their own.
 */
export function boardStructureChanged(changes: ModelChanges): boolean {
  return touches(changes, BoardStructure);
}

const BoardStructure = {
  shape: ['early', 'today', 'live', 'league', 'match', 'odds', 'parent', 'child'],
  fields: { league: '*', match: ['leagueId', 'kickoff', 'parlay'] },
} as const;

/** Columns of bet types per market type; other market types list every row of the match. */
export const Columns: Partial<Record<MarketType, readonly string[]>> = {
  hdpou: ['HDP', 'OU', 'HDPH', 'OUH'],
  '1x2': ['1X2', '1X2H'],
  oe: ['OE', 'OEH'],
  mmo: ['MHDP', 'MOU'],
};

/** Odds ids of each match, ordered by id; a new index only where a match's ids changed. */
export function oddsIndex(
  odds: MarketModel['odds'],
  previous?: ReadonlyMap<number, readonly string[]>,
): Map<number, readonly string[]> {
  const next = new Map<number, string[]>();
  for (const id in odds) {
    const o = odds[id];
    if (!o) continue;
    let list = next.get(o.matchId);
    if (!list) {
      list = [];
      next.set(o.matchId, list);
    }
    list.push(id);
  }
  const out = new Map<number, readonly string[]>();
  for (const [matchId, list] of next) {
    list.sort();
    const prev = previous?.get(matchId);
    out.set(
      matchId,
      prev && prev.length === list.length && prev.every((x, i) => x === list[i]) ? prev : list,
    );
  }
  return out;
}
