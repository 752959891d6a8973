/**
 * The board's view rules over the market model (SPEC sections 4 and 9): which topic a tab shows,
 * sports menu order, leagues grouped and sorted (favourites first, then the league's sort order,
 * then name), the league filter modes 1-3, the time filter modes (never on outright), paging.
 */
import {
  CorrectScoreLabels,
  DoubleChanceLabels,
  ExcludedSportIds,
  FirstLastGoalLabels,
  formatSignedLine,
  HtFtLabels,
  isMyanmarBetType,
  leagueVisible,
  type MarketGroupName,
  type MarketModel,
  type MarketOdds,
  type MarketType,
  type MenuModel,
  type MenuSport,
  matchInTimeFilter,
  type PickWords,
  pickText,
  TotalGoalsLabels,
  timeFilterApplies,
} from '@sportsbook/protocol';
import { type ModelChanges, touches } from '../../shared/stream/changes.ts';

import type { MarketTab } from './tabs.ts';

export { BoardMarketTypes, type MarketTab, MarketTabs } from './tabs.ts';

/**
 * The parlay tab lists the matches open to parlays of today (its main topic) and of the early
 * market (a second board of the `early` topic under it, DesktopPage).
 */
export function tabGroup(tab: MarketTab): MarketGroupName {
  return tab === 'parlay' ? 'today' : tab;
}

/** The match ids a board lists: its tab's group; on the parlay tab today's and early ones (whichever topic). */
function boardIds(model: MarketModel, tab: MarketTab): readonly number[] {
  return tab === 'parlay' ? [...model.today, ...model.early] : model[tabGroup(tab)];
}

export function boardTopic(sportId: number, marketType: MarketType, tab: MarketTab): string {
  return `odds/${sportId}/${marketType}/${tabGroup(tab)}`;
}

/**
 * Sports menu order (SPEC section 9): the member's own order first (layout `sportsOrder`), then the
 * configured order (the `menu` topic's `order`, uxmenu's `sports_order`: the entry of the member's
 * currency, e.g. `BDT`, else `default`), then every other sport alphabetically; 22 and 33 never appear.
 */
export function orderSports(
  sports: readonly MenuSport[],
  currency: string,
  configured: MenuModel['order'] = {},
  own: readonly number[] = [],
): MenuSport[] {
  const order: readonly number[] = configured[currency]?.sports ?? configured.default?.sports ?? [];
  const excluded = new Set<number>(ExcludedSportIds);
  const visible = sports.filter((s) => !excluded.has(s.id));
  const rankIn = (list: readonly number[], id: number) => {
    const i = list.indexOf(id);
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  };
  return [...visible].sort(
    (a, b) =>
      rankIn(own, a.id) - rankIn(own, b.id) ||
      rankIn(order, a.id) - rankIn(order, b.id) ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
}

/** A player's move of one sport up (-1) or down (+1) in the menu as shown: the new full order. */
export function moveSport(shown: readonly number[], sportId: number, step: -1 | 1): number[] {
  const out = [...shown];
  const i = out.indexOf(sportId);
  const j = i + step;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j] as number, out[i] as number];
  return out;
}

const DayMs = 86_400_000;
/** The GMT+8 calendar day of a UTC time, as a day number (days since 1970-01-01 GMT+8). */
export function gmt8Day(utcMs: number): number {
  return Math.floor((utcMs + 8 * 3_600_000) / DayMs);
}

/** The GMT+8 days the early tab's matches kick off on, in order (the day chips). */
export function earlyDays(model: Pick<MarketModel, 'early' | 'match'>): number[] {
  const days = new Set<number>();
  for (const id of model.early) {
    const match = model.match[String(id)];
    if (match) days.add(gmt8Day(match.kickoff));
  }
  return [...days].sort((a, b) => a - b);
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
  /** Only these leagues when not empty and at least one of them is on the board. */
  readonly selectedLeagues: readonly number[];
  readonly now: number;
  /** menu0 (account/layout.ts): `favorites` lists the favourite leagues only. */
  readonly scope?: 'all' | 'favorites';
  /** Early tab: only matches kicking off on these GMT+8 days (`gmt8Day`), when any is on the board. */
  readonly days?: readonly number[];
  /** eventSorting: 0 by league, 1 by kick-off time (a league band per run of one league). */
  readonly sorting?: number;
  /** pageType 2 (account/layout.ts): the main line of each market only. */
  readonly mainLineOnly?: boolean;
  /** Which column groups show: quick odds (hdpou), periods, Myanmar markets (boardColumns). */
  readonly display?: ColumnDisplay;
}

/** The board's column options from the layout (account/layout.ts: showQuickOdds, marketType, mmoType). */
export interface ColumnDisplay {
  readonly quickOdds: boolean;
  /** 0 full time and first half, 1 full time only, 2 first half only. */
  readonly periods: number;
  /** 0 body and goal, 1 body (MHDP) only, 2 goal (MOU) only. */
  readonly mmoType: number;
}

/**
 * Whether the time filter applies to (and so is offered on) this board: SPEC section 4's
 * "all/today/1/hdpou views" (protocol timeFilterApplies: hdpou, never outright) on today's matches
 * (the today and parlay tabs), never in play and never on the early tab. Its windows are hours from
 * now or of today (GMT+8), so on the early tab (tomorrow onwards) they would hide every match: the
 * Saturday and Sunday default (next 4 hours) emptied the early board all weekend.
 */
export function timeFilterActive(filters: Pick<BoardFilters, 'marketType' | 'tab'>): boolean {
  return (
    filters.marketType !== 'outright' &&
    timeFilterApplies(filters.marketType) &&
    (filters.tab === 'today' || filters.tab === 'parlay')
  );
}

/**
 * Whether the time filter alone empties the board: no match kicks off in the chosen window, but
 * some would show with "All". The board then says so and offers "All" in one click: on Saturday and
 * Sunday the board opens on "next 4 hours" (protocol defaultTimeFilter), and a player whose window
 * is empty should not read "No matches" on a day full of them.
 */
export function hiddenByTime(model: MarketModel, filters: BoardFilters): boolean {
  if (!timeFilterActive(filters) || filters.timeMode === 0) return false;
  return (
    groupLeagues(model, filters).length === 0 && groupLeagues(model, { ...filters, timeMode: 0 }).length > 0
  );
}

/** Leagues in board order, each with its top-level matches (model list order: kickoff, id). */
export function groupLeagues(model: MarketModel, filters: BoardFilters): LeagueGroup[] {
  const ids = boardIds(model, filters.tab);
  const fav = new Set(filters.favourites);
  // A selection (leagues, days) narrows the board only where it meets what the board has.
  const selected = new Set(filters.selectedLeagues.filter((id) => model.league[String(id)] !== undefined));
  const onBoard = filters.tab === 'early' ? new Set(earlyDays(model)) : new Set<number>();
  const days = new Set((filters.days ?? []).filter((day) => onBoard.has(day)));
  const favouritesOnly = filters.scope === 'favorites';
  const timeFilter = timeFilterActive(filters);
  const byTime = filters.sorting === 1;
  const groups = new Map<number, number[]>();
  const runs: LeagueGroup[] = [];
  for (const id of byTime ? byKickoff(model, ids) : ids) {
    const match = model.match[String(id)];
    if (!match) continue;
    if (filters.tab === 'parlay' && match.parlay !== 1) continue;
    const league = model.league[String(match.leagueId)];
    if (!league) continue;
    if (filters.leagueMode !== 0 && !leagueVisible(league, filters.leagueMode)) continue;
    if (selected.size > 0 && !selected.has(league.id)) continue;
    if (favouritesOnly && !fav.has(league.id)) continue;
    if (days.size > 0 && !days.has(gmt8Day(match.kickoff))) continue;
    if (
      timeFilter &&
      filters.timeMode !== 0 &&
      !matchInTimeFilter(match.kickoff, filters.timeMode, filters.now)
    )
      continue;
    if (byTime) {
      const last = runs[runs.length - 1];
      if (last && last.leagueId === league.id) (last.matchIds as number[]).push(id);
      else
        runs.push({ leagueId: league.id, name: league.name, favourite: fav.has(league.id), matchIds: [id] });
      continue;
    }
    let list = groups.get(league.id);
    if (!list) {
      list = [];
      groups.set(league.id, list);
    }
    list.push(id);
  }
  if (byTime) return runs;
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

/** Match ids by kick-off time, then id (eventSorting 1). */
function byKickoff(model: MarketModel, ids: readonly number[]): number[] {
  const kickoff = (id: number) => model.match[String(id)]?.kickoff ?? 0;
  return [...ids].sort((a, b) => kickoff(a) - kickoff(b) || a - b);
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

/**
 * How a column's cell shows its odds row (board/LAYOUT.md):
 * - `hdp`: two lines (home, away), the line beside the side that gives it;
 * - `ou`: two lines, the total once on the first, "o" and "u" labels;
 * - `pair`: two lines with a label each (OE odd/even, ML home/away);
 * - `stack3`: three lines 1, 2, X (a 1X2 inside the HDP board);
 * - `price`: one price of the row, picked by `index` or by `label`;
 * - `cs`: a correct-score column "a:b": a-b on the first line, b-a (the away side's) on the second;
 * - `outright`: every label and price of the row.
 */
export const CellKinds = ['hdp', 'ou', 'pair', 'stack3', 'price', 'cs', 'outright'] as const;
export type CellKind = (typeof CellKinds)[number];

export interface BoardColumn {
  readonly kind: CellKind;
  /** Width in px; 0 takes the rest of the row. */
  readonly width: number;
  /** `price` columns: the price index, or the row label the column shows. */
  readonly index?: number;
  readonly label?: string;
  /** Sub-header: a book i18n key, or text that is the same in every language (scores, 1/X). */
  readonly subKey?: string;
  readonly subText?: string;
}

export interface ColumnGroup {
  /** Odds ids of the group are `${matchId}-${betType}-${slot}`. */
  readonly betType: string;
  /** Book i18n key of the header. */
  readonly title: string;
  readonly columns: readonly BoardColumn[];
  /** Shown only when the topic carries rows of this bet type (ML for basketball, DC...). */
  readonly optional?: boolean;
}

const one = (kind: CellKind, width: number): readonly BoardColumn[] => [{ kind, width }];
const priceCols = (
  subs: readonly (readonly [subKey: string, index: number])[],
  width = 52,
): readonly BoardColumn[] => subs.map(([subKey, index]) => ({ kind: 'price', width, index, subKey }));
const labelCols = (labels: readonly (readonly [label: string, text: string])[], width: number) =>
  labels.map(([label, subText]): BoardColumn => ({ kind: 'price', width, label, subText }));
const OneXTwo = [
  ['col.one', 0],
  ['col.draw', 1],
  ['col.two', 2],
] as const;

/** The correct-score grid as Asian books print it: home-win scores, draws, then any other score. */
export const CsScores = CorrectScoreLabels.filter((label) => {
  const [home, away] = label.split('-').map(Number);
  return home !== undefined && away !== undefined && home >= away;
});
/** HT/FT in the 1/X/2 notation every Asian book uses ("1/X": home at half time, draw at full time). */
const htftText = (label: string) =>
  [...label].map((c) => (c === 'H' ? '1' : c === 'A' ? '2' : 'X')).join('/');

/** The column groups of each market type; `mmo` shows its Myanmar rows in HDP and O/U cells. */
export const ColumnLayouts: Record<MarketType, readonly ColumnGroup[]> = {
  hdpou: [
    { betType: 'HDP', title: 'col.ftHdp', columns: one('hdp', 106) },
    { betType: 'OU', title: 'col.ftOu', columns: one('ou', 106) },
    { betType: '1X2', title: 'col.ft1x2', columns: one('stack3', 64), optional: true },
    { betType: 'ML', title: 'col.ml', columns: one('pair', 72), optional: true },
    { betType: 'OE', title: 'col.ftOe', columns: one('pair', 72), optional: true },
    { betType: 'HDPH', title: 'col.h1Hdp', columns: one('hdp', 106) },
    { betType: 'OUH', title: 'col.h1Ou', columns: one('ou', 106) },
    { betType: '1X2H', title: 'col.h11x2', columns: one('stack3', 64), optional: true },
  ],
  '1x2': [
    { betType: '1X2', title: 'col.ft1x2', columns: priceCols(OneXTwo) },
    { betType: '1X2H', title: 'col.h11x2', columns: priceCols(OneXTwo) },
    {
      betType: 'DC',
      title: 'col.dc',
      columns: labelCols(
        DoubleChanceLabels.map((l) => [l, l] as const),
        52,
      ),
      optional: true,
    },
  ],
  oe: [
    {
      betType: 'OE',
      title: 'col.ftOe',
      columns: priceCols([
        ['col.odd', 0],
        ['col.even', 1],
      ]),
    },
    {
      betType: 'OEH',
      title: 'col.h1Oe',
      columns: priceCols([
        ['col.odd', 0],
        ['col.even', 1],
      ]),
    },
  ],
  cs: [
    {
      betType: 'CS',
      title: 'col.cs',
      columns: [
        ...CsScores.map(
          (label): BoardColumn => ({ kind: 'cs', width: 44, label, subText: label.replace('-', ':') }),
        ),
        { kind: 'price', width: 48, label: 'AOS', subKey: 'col.aos' },
      ],
    },
  ],
  htft: [
    {
      betType: 'HTFT',
      title: 'col.htft',
      columns: labelCols(
        HtFtLabels.map((l) => [l, htftText(l)] as const),
        52,
      ),
    },
  ],
  fglg: [
    {
      betType: 'FGLG',
      title: 'col.fglg',
      columns: FirstLastGoalLabels.map(
        (label): BoardColumn => ({ kind: 'price', width: 72, label, subKey: `col.fglg.${label}` }),
      ),
    },
  ],
  tg: [
    {
      betType: 'TG',
      title: 'col.tg',
      columns: labelCols(
        TotalGoalsLabels.map((l) => [l, l] as const),
        64,
      ),
    },
  ],
  outright: [{ betType: 'OR', title: 'col.outright', columns: one('outright', 0) }],
  mmo: [
    { betType: 'MHDP', title: 'col.ftHdp', columns: one('hdp', 140) },
    { betType: 'MOU', title: 'col.ftOu', columns: one('ou', 140) },
  ],
};

/** Bet types with at least one row in the topic. */
export function betTypesOf(odds: MarketModel['odds']): Set<string> {
  const out = new Set<string>();
  for (const id in odds) {
    const o = odds[id];
    if (o) out.add(o.betType);
  }
  return out;
}

/** First-half bet types (the periods option, `ColumnDisplay.periods`). */
const FirstHalf = new Set(['HDPH', 'OUH', '1X2H', 'OEH']);

/**
 * The column groups a board shows: the market type's, less optional ones no row of the topic fills,
 * and as the layout asks (`display`): quick odds off hides the HDP & O/U board's optional groups;
 * periods keep full time or first half where the market has both; mmoType keeps body or goal.
 */
export function boardColumns(
  marketType: MarketType,
  present: ReadonlySet<string>,
  display?: ColumnDisplay,
): readonly ColumnGroup[] {
  let groups = ColumnLayouts[marketType].filter((g) => !g.optional || present.has(g.betType));
  if (!display) return groups;
  if (marketType === 'hdpou' && !display.quickOdds) groups = groups.filter((g) => !g.optional);
  const half = groups.filter((g) => FirstHalf.has(g.betType));
  if (half.length > 0 && half.length < groups.length && display.periods !== 0)
    groups = groups.filter((g) => FirstHalf.has(g.betType) === (display.periods === 2));
  if (marketType === 'mmo' && display.mmoType !== 0)
    groups = groups.filter((g) => g.betType === (display.mmoType === 1 ? 'MHDP' : 'MOU'));
  return groups;
}

/** CSS grid columns: time, event, then one track per column. */
export function gridTemplate(groups: readonly ColumnGroup[]): string {
  const tracks = groups.flatMap((g) =>
    g.columns.map((c) => (c.width === 0 ? 'minmax(240px, 1fr)' : `${c.width}px`)),
  );
  const event = tracks.some((t) => t.includes('fr')) ? 'minmax(150px, 240px)' : 'minmax(140px, 1fr)';
  return ['64px', event, ...tracks].join(' ');
}

/**
 * A match's odds ids by bet type, each ordered by slot (the main line first, then alternative
 * lines): ids are `${matchId}-${betType}-${slot}`.
 */
export function oddsByBetType(matchId: number, ids: readonly string[]): Map<string, string[]> {
  const prefix = `${matchId}-`;
  const out = new Map<string, { slot: number; id: string }[]>();
  for (const id of ids) {
    if (!id.startsWith(prefix)) continue;
    const cut = id.lastIndexOf('-');
    if (cut < prefix.length) continue;
    const betType = id.slice(prefix.length, cut);
    const slot = Number(id.slice(cut + 1));
    let list = out.get(betType);
    if (!list) {
      list = [];
      out.set(betType, list);
    }
    list.push({ slot: Number.isFinite(slot) ? slot : 0, id });
  }
  return new Map(
    [...out].map(([betType, list]) => [betType, list.sort((a, b) => a.slot - b.slot).map((x) => x.id)]),
  );
}

/**
 * A line as Asian books print it, without sign: whole and half lines as they are ("0", "1.5"),
 * quarter lines as the two lines they split into ("0-0.5", "2.5-3"). See board/LAYOUT.md.
 */
export function formatLine(line: number): string {
  const quarters = Math.round(Math.abs(line) * 4);
  if (Math.abs(Math.abs(line) * 4 - quarters) > 1e-9) return String(Math.abs(line));
  if (quarters % 2 === 0) return String(quarters / 4);
  return `${(quarters - 1) / 4}-${(quarters + 1) / 4}`;
}

/** The handicap from one side's view, signed as in an aria label or the slip (protocol's rule). */
export const signedLine = formatSignedLine;

/**
 * Which side gives the handicap of an HDP row (line = the home handicap: negative, home gives)
 * or a Myanmar MHDP row (labels[0] 'H' or 'A'); a level line (0) is printed on the home side.
 */
export function giverOf(odds: Pick<MarketOdds, 'betType' | 'line' | 'labels'>): 'home' | 'away' {
  if (typeof odds.line === 'number') return odds.line > 0 ? 'away' : 'home';
  return odds.labels?.[0] === 'A' ? 'away' : 'home';
}

/** Odds ids of each match, ordered by id; a new index only where a match's ids changed. */
export function oddsIndex(
  odds: MarketModel['odds'],
  previous?: ReadonlyMap<number, readonly string[]>,
  mainLineOnly = false,
): Map<number, readonly string[]> {
  const next = new Map<number, string[]>();
  for (const id in odds) {
    const o = odds[id];
    if (!o) continue;
    // pageType 2: slot 0 (`${matchId}-${betType}-0`) is each market's main line.
    if (mainLineOnly && !id.endsWith('-0')) continue;
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

/** Translates a `book` key (i18next's `t` of the book namespace). */
export type Translate = (key: string) => string;

/** The words protocol's `pickText` needs, from the `book` namespace. */
export function pickWords(t: Translate): PickWords {
  return {
    over: t('col.over'),
    under: t('col.under'),
    odd: t('col.odd'),
    even: t('col.even'),
    draw: t('col.drawName'),
    gives: t('pick.gives'),
    takes: t('pick.takes'),
  };
}

/**
 * The text of a price of an odds row (board cells' names, the slip, rooms): protocol's
 * `pickText` (each side's own signed line; Myanmar: the team, gives/takes and the body).
 */
export function pickLabel(
  odds: Pick<MarketOdds, 'betType' | 'line' | 'labels'>,
  index: number,
  teams: { readonly home: string; readonly away: string },
  t: Translate,
): string {
  const myanmar = isMyanmarBetType(odds.betType);
  return pickText(
    {
      betType: odds.betType,
      selection: index,
      line: odds.line,
      label: myanmar ? null : (odds.labels?.[index] ?? null),
      giver: myanmar ? (odds.labels?.[0] ?? null) : null,
    },
    teams,
    pickWords(t),
  );
}

/** A pick as the slip holds it (its line follows the market), named by the same rule. */
export function selectionText(
  s: {
    readonly betType: string;
    readonly selection: number;
    readonly line: number | string | null;
    readonly home: string;
    readonly away: string;
    readonly rowLabel?: string | null;
    readonly giver?: string | null;
  },
  t: Translate,
): string {
  return pickText(
    {
      betType: s.betType,
      selection: s.selection,
      line: s.line,
      label: s.rowLabel ?? null,
      giver: s.giver ?? null,
    },
    s,
    pickWords(t),
  );
}

/**
 * A placed bet's leg, named by the same rule as the slip. A Myanmar leg's `label` is the row's
 * giver ('H', 'A'; MOU 'O'; upstream-sim README "A bet"), its `body` the body it was placed at.
 */
export function legText(
  leg: {
    readonly bet_type: string;
    readonly selection: number;
    readonly line: number | string | null;
    readonly label: string | null;
    readonly body?: string | null;
    readonly home: string;
    readonly away: string;
  },
  t: Translate,
): string {
  const myanmar = isMyanmarBetType(leg.bet_type);
  return pickText(
    {
      betType: leg.bet_type,
      selection: leg.selection,
      line: myanmar ? (leg.body ?? leg.line) : leg.line,
      label: myanmar ? null : leg.label,
      giver: myanmar ? leg.label : null,
    },
    leg,
    pickWords(t),
  );
}
