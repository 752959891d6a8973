/**
 * The keyed odds model (SPEC section 3, "Market cache"): the upstream's positional arrays
 * (rows.ts) validated from `unknown` and normalized into named-field objects under string record
 * keys. The gateway normalizes every poll reply with these functions and the web renders the
 * same model, so there is one definition of the data. Shape and rules: protocol/WIRE.md.
 */
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { declareChanges } from './diff.ts';
import type { Result } from './result.ts';
import type {
  HeadMarket,
  HeadRow,
  LeagueRow,
  LinkRow,
  LiveState,
  MarketData,
  MarketGroupCode,
  MatchRow,
  MatchStatusCode,
  MatchTypeCode,
  MenuData,
  OddsRow,
  OddsStatus,
} from './rows.ts';
import { ExcludedSportIds, HeadMarkets, MarketGroup, MatchType } from './rows.ts';

/** The result of parsing untrusted input (never an exception): a Result whose failure is a message. */
export type Parsed<T> = Result<T, string>;

export interface MarketLeague {
  id: number;
  sportId: number;
  name: string;
  flag: 0 | 1;
  code: number;
  sortOrder: number;
  country: string;
}

export interface MarketMatch {
  id: number;
  leagueId: number;
  home: string;
  away: string;
  type: MatchTypeCode;
  status: MatchStatusCode;
  sportId: number;
  live: 0 | 1;
  parlay: 0 | 1;
  /** UTC epoch milliseconds. */
  kickoff: number;
  neutral: 0 | 1;
  tv: 0 | 1;
  /** For a child (type 3) with a parent in the model: the parent's live state. */
  liveState: LiveState | null;
  childLabel: string;
}

export type MarketHead = {
  matchId: number;
  sportId: number;
  group: MarketGroupCode;
  leagueId: number;
} & Record<HeadMarket, number>;

export interface MarketOdds {
  id: string;
  matchId: number;
  betType: string;
  line: number | string | null;
  status: OddsStatus;
  prices: number[];
  labels: string[] | null;
}

/** childId -> its parent. An object (not a bare number) so every entity is a named-field object. */
export interface MarketParent {
  parentId: number;
}

/** parentId -> its children, ordered like the group lists. */
export interface MarketChildren {
  ids: number[];
}

/**
 * The normalized market model. Records are keyed by the decimal id (oddsId for odds); the three
 * group lists hold the ids of top-level matches (not children of a match in the model), sorted by
 * kickoff then id. A type alias (not an interface) so it is assignable to the generic `Model`.
 */
export type MarketModel = {
  league: Record<string, MarketLeague>;
  match: Record<string, MarketMatch>;
  parent: Record<string, MarketParent>;
  child: Record<string, MarketChildren>;
  head: Record<string, MarketHead>;
  odds: Record<string, MarketOdds>;
  early: number[];
  today: number[];
  live: number[];
};

export interface MenuSport {
  id: number;
  name: string;
  early: number;
  today: number;
  live: number;
  parlay: number;
  outright: number;
}

export type MenuModel = {
  sports: Record<string, MenuSport>;
  /**
   * The configured menu orders (uxmenu's `sports_order`), keyed `default` and by currency code;
   * absent when the upstream configures none. Entities (not bare arrays) so the model diffs like any.
   */
  order?: Record<string, MenuOrder>;
};

export interface MenuOrder {
  sports: number[];
}

// ---------------------------------------------------------------------------------------------
// Validation

const Id = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const Count = Type.Integer({ minimum: 0 });
const Bit = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Text = Type.String({ maxLength: 256 });
const Finite = Type.Number({ minimum: -1e12, maximum: 1e12 });

const LeagueRowSchema = Type.Tuple([Id, Id, Text, Bit, Type.Integer(), Type.Integer(), Text]);
const LiveStateSchema = Type.Tuple([
  Count,
  Count,
  Type.Union([
    Type.Literal(0),
    Type.Literal(1),
    Type.Literal(2),
    Type.Literal(3),
    Type.Literal(4),
    Type.Literal(5),
    Type.Literal(9),
  ]),
  Count,
  Count,
  Count,
]);
const MatchRowSchema = Type.Tuple([
  Id,
  Id,
  Text,
  Text,
  Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
  Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(5)]),
  Id,
  Bit,
  Bit,
  Type.Integer({ minimum: 0 }),
  Bit,
  Bit,
  Type.Union([Type.Null(), LiveStateSchema]),
  Text,
]);
const LinkRowSchema = Type.Tuple([Id, Id]);
const HeadRowSchema = Type.Tuple([
  Id,
  Id,
  Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  Id,
  // one count per HeadMarkets entry (12)
  Count,
  Count,
  Count,
  Count,
  Count,
  Count,
  Count,
  Count,
  Count,
  Count,
  Count,
  Count,
]);
// `__proto__` is refused as an odds id: it would become a record key of the model.
const OddsIdSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^(?!__proto__$).+$' });
const OddsRowSchema = Type.Tuple([
  OddsIdSchema,
  Id,
  Type.String({ minLength: 1, maxLength: 16 }),
  Type.Union([Type.Null(), Finite, Type.String({ maxLength: 32 })]),
  Type.Union([Type.Literal(0), Type.Literal(5)]),
  Type.Array(Finite, { maxItems: 64 }),
  Type.Union([Type.Null(), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 64 })]),
]);
const MarketDataSchema = Type.Object({
  leagues: Type.Array(LeagueRowSchema),
  matches: Type.Array(MatchRowSchema),
  links: Type.Array(LinkRowSchema),
  heads: Type.Array(HeadRowSchema),
  odds: Type.Array(OddsRowSchema),
});
const MenuRowSchema = Type.Tuple([Id, Text, Count, Count, Count, Count, Count]);
const MenuDataSchema = Type.Object({
  sports: Type.Array(MenuRowSchema),
  sports_order: Type.Optional(
    Type.Record(Type.String({ maxLength: 16 }), Type.Array(Id, { maxItems: 200 }), { maxProperties: 50 }),
  ),
});

const marketDataValidator = Compile(MarketDataSchema);
const menuDataValidator = Compile(MenuDataSchema);

/** Element names per array, so an error names the bad row and element in words. */
const ElementNames: Record<string, readonly string[]> = {
  leagues: ['leagueId', 'sportId', 'name', 'flag', 'code', 'sortOrder', 'country'],
  matches: [
    'matchId',
    'leagueId',
    'home',
    'away',
    'type',
    'status',
    'sportId',
    'live',
    'parlay',
    'kickoff',
    'neutral',
    'tv',
    'liveState',
    'childLabel',
  ],
  links: ['parentId', 'childId'],
  heads: ['matchId', 'sportId', 'group', 'leagueId', ...HeadMarkets],
  odds: ['oddsId', 'matchId', 'betType', 'line', 'status', 'prices', 'labels'],
  sports: ['sportId', 'name', 'early', 'today', 'live', 'parlay', 'outright'],
};

function describeInvalid(
  input: unknown,
  errors: readonly { instancePath: string; message: string }[],
): string {
  // The deepest path is the most specific place; ties keep the validator's first message.
  let best = errors[0];
  for (const e of errors)
    if (best === undefined || e.instancePath.length > best.instancePath.length) best = e;
  if (best === undefined) return 'invalid data';
  const parts = best.instancePath.split('/').slice(1);
  const [array, row, element] = parts;
  if (array === undefined) return `data: ${best.message}`;
  if (row === undefined) return `${array}: ${best.message}`;
  const rowValue = (input as Record<string, unknown[]>)[array]?.[Number(row)];
  const key = Array.isArray(rowValue) ? rowValue[0] : undefined;
  const keyText = typeof key === 'number' || typeof key === 'string' ? ` (key ${JSON.stringify(key)})` : '';
  if (element === undefined) return `${array}[${row}]${keyText}: ${best.message}`;
  const name = ElementNames[array]?.[Number(element)];
  const rest = parts.length > 3 ? `/${parts.slice(3).join('/')}` : '';
  return `${array}[${row}]${keyText} element ${element}${name ? ` (${name})` : ''}${rest}: ${best.message}`;
}

/** Validates an upstream reply's `data` for uxmarket / uxmatch / uxmatch2. Never throws. */
export function parseMarketData(input: unknown): Parsed<MarketData> {
  try {
    if (marketDataValidator.Check(input)) return { ok: true, value: input satisfies MarketData };
    return { ok: false, error: describeInvalid(input, marketDataValidator.Errors(input)) };
  } catch (err) {
    return { ok: false, error: `invalid data: ${(err as Error)?.message ?? 'unknown'}` };
  }
}

/** Validates an upstream reply's `data` for uxmenu. Never throws. */
export function parseMenuData(input: unknown): Parsed<MenuData> {
  try {
    if (menuDataValidator.Check(input)) return { ok: true, value: input satisfies MenuData };
    return { ok: false, error: describeInvalid(input, menuDataValidator.Errors(input)) };
  } catch (err) {
    return { ok: false, error: `invalid data: ${(err as Error)?.message ?? 'unknown'}` };
  }
}

// ---------------------------------------------------------------------------------------------
// Normalization

const excluded = new Set<number>(ExcludedSportIds);

/** The order of group lists and child lists: kickoff (element 9), then id (unique, so total). */
export function compareMatches(a: MarketMatch, b: MarketMatch): number {
  return a.kickoff - b.kickoff || a.id - b.id;
}

function leagueOf(row: LeagueRow): MarketLeague {
  return {
    id: row[0],
    sportId: row[1],
    name: row[2],
    flag: row[3],
    code: row[4],
    sortOrder: row[5],
    country: row[6],
  };
}

function matchOf(row: MatchRow): MarketMatch {
  return {
    id: row[0],
    leagueId: row[1],
    home: row[2],
    away: row[3],
    type: row[4],
    status: row[5],
    sportId: row[6],
    live: row[7],
    parlay: row[8],
    kickoff: row[9],
    neutral: row[10],
    tv: row[11],
    liveState: row[12],
    childLabel: row[13],
  };
}

function headOf(row: HeadRow): MarketHead {
  const h = { matchId: row[0], sportId: row[1], group: row[2], leagueId: row[3] } as MarketHead;
  for (let i = 0; i < HeadMarkets.length; i++) h[HeadMarkets[i] as HeadMarket] = row[4 + i] as number;
  return h;
}

function oddsOf(row: OddsRow): MarketOdds {
  return {
    id: row[0],
    matchId: row[1],
    betType: row[2],
    line: row[3],
    status: row[4],
    prices: row[5],
    labels: row[6],
  };
}

/**
 * Builds the keyed model from validated arrays (use parseMarketData first on untrusted input).
 * Rules (WIRE.md): duplicate keys keep the last row; sports 22 and 33 are dropped; links, heads and
 * odds of matches not in the reply are dropped; a child (type 3) whose link names a parent in the
 * reply takes the parent's liveState; each head's group (1/2/3) lists its match in early, today
 * or live unless the match is a child of a match in the model (then it is reached via `child`).
 */
export function normalizeMarket(input: MarketData): MarketModel {
  return assembleMarket(
    input.leagues.map(leagueOf),
    input.matches.map(matchOf),
    input.links,
    input.heads.map(headOf),
    input.odds.map(oddsOf),
  );
}

/**
 * normalizeMarket's rules over rows already turned into entities (one per row, in reply order).
 * Entities are never mutated (a child taking its parent's liveState is a copy), so the entities of
 * unchanged rows can be shared between the models of successive replies (createMarketNormalizer).
 */
function assembleMarket(
  leagues: readonly MarketLeague[],
  matches: readonly MarketMatch[],
  links: readonly LinkRow[],
  heads: readonly MarketHead[],
  oddsList: readonly MarketOdds[],
  overridden?: Map<string, MarketMatch>,
  same?: MarketModel,
): MarketModel {
  const league: Record<string, MarketLeague> = {};
  for (const l of leagues) if (!excluded.has(l.sportId)) league[l.id] = l;

  const match: Record<string, MarketMatch> = {};
  for (const m of matches) if (!excluded.has(m.sportId)) match[m.id] = m;

  // `same`: the last model, when the links, the heads, the match keys and every match's kickoff
  // are as they were (createMarketNormalizer): the records and lists built from those alone are
  // its own objects again, and the diff skips them by identity.
  let parent: Record<string, MarketParent> = {};
  if (same !== undefined) parent = same.parent as Record<string, MarketParent>;
  else {
    for (const link of links) {
      const [parentId, childId] = link;
      if (parentId !== childId && match[parentId] !== undefined && match[childId] !== undefined) {
        parent[childId] = { parentId };
      }
    }
  }
  // A parent may itself be a child: follow the chain to the nearest match that is not a linked
  // child; the visited set stops a cyclic chain of links.
  for (const key in parent) {
    const m = match[key];
    if (m === undefined || m.type !== MatchType.child) continue;
    let cursor: number | undefined = parent[key]?.parentId;
    const seen = new Set<number>([m.id]);
    let source: MarketMatch | undefined;
    while (cursor !== undefined && !seen.has(cursor)) {
      seen.add(cursor);
      source = match[cursor];
      if (source === undefined || source.type !== MatchType.child) break;
      cursor = parent[cursor]?.parentId;
    }
    if (source !== undefined && source.liveState !== m.liveState) {
      match[key] = { ...m, liveState: source.liveState };
      overridden?.set(key, m);
    }
  }

  const { child, head, early, today, live } = same ?? structure(match, parent, heads);

  const odds: Record<string, MarketOdds> = {};
  for (const o of oddsList) if (match[o.matchId] !== undefined) odds[o.id] = o;

  return { league, match, parent, child, head, odds, early, today, live };
}

/** The children lists, the heads and the early/today/live lists: from the links, heads and kickoffs. */
function structure(
  match: Readonly<Record<string, MarketMatch>>,
  parent: Readonly<Record<string, MarketParent>>,
  heads: readonly MarketHead[],
): Pick<MarketModel, 'child' | 'head' | 'early' | 'today' | 'live'> {
  const childLists: Record<string, MarketMatch[]> = {};
  for (const key in parent) {
    const p = parent[key];
    const m = match[key];
    if (p === undefined || m === undefined) continue;
    const list = childLists[p.parentId];
    if (list === undefined) childLists[p.parentId] = [m];
    else list.push(m);
  }
  const child: Record<string, MarketChildren> = {};
  for (const key in childLists) {
    const list = childLists[key] as MarketMatch[];
    list.sort(compareMatches);
    child[key] = { ids: list.map((m) => m.id) };
  }

  const head: Record<string, MarketHead> = {};
  for (const h of heads) if (match[h.matchId] !== undefined) head[h.matchId] = h;

  const groups: Record<MarketGroupCode, MarketMatch[]> = { 1: [], 2: [], 3: [] };
  for (const key in head) {
    const h = head[key] as MarketHead;
    const m = match[key];
    if (m !== undefined && parent[key] === undefined) groups[h.group].push(m);
  }
  const ids = (list: MarketMatch[]) => list.sort(compareMatches).map((m) => m.id);
  return {
    child,
    head,
    early: ids(groups[MarketGroup.early]),
    today: ids(groups[MarketGroup.today]),
    live: ids(groups[MarketGroup.live]),
  };
}

// ---------------------------------------------------------------------------------------------
// Incremental parse + normalize: a poll reply of the big live topics differs from the
// previous one in a few rows (prices, clocks); rows equal to the previous reply's row of the same
// key reuse its entity, and only the other rows are validated and rebuilt.

interface RowEntry<V> {
  readonly row: readonly unknown[];
  readonly value: V;
}

const leagueRow = Compile(LeagueRowSchema);
const matchRow = Compile(MatchRowSchema);
const linkRow = Compile(LinkRowSchema);
const headRow = Compile(HeadRowSchema);
const oddsRow = Compile(OddsRowSchema);
const rowChecks = {
  leagues: (row: unknown) => leagueRow.Check(row),
  matches: (row: unknown) => matchRow.Check(row),
  links: (row: unknown) => linkRow.Check(row),
  heads: (row: unknown) => headRow.Check(row),
  odds: (row: unknown) => oddsRow.Check(row),
};

/** Same scalar, where 0 and -0 differ (JSON.parse keeps -0; a reused entity must hold it too). */
function sameScalar(a: unknown, b: unknown): boolean {
  return a === b && (a !== 0 || Object.is(a, b));
}

/** Deep equality of a previous (valid) row with a new, unchecked one: scalars and scalar arrays. */
function sameRow(a: readonly unknown[], b: unknown): boolean {
  if (!Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (sameScalar(x, y)) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (!sameScalar(x[j], y[j])) return false;
  }
  return true;
}

/**
 * The entities of one array of rows, and the entries the next reply compares with. A row equal to
 * the previous reply's row of its key (element 0) reuses that entity; any other row is validated
 * and built. Rows mostly keep their place from one reply to the next, so the row at the same
 * index is tried first and the previous rows are indexed by key only when a key moved.
 * `undefined` when a row is invalid.
 */
function rowEntities<R, V>(
  rows: readonly unknown[],
  previous: readonly RowEntry<V>[],
  check: (row: unknown) => boolean,
  build: (row: R) => V,
  previousValues?: readonly V[],
): RowEntities<V> | undefined {
  const n = rows.length;
  // With the previous reply's values at hand, the arrays are copied only from the first changed
  // row on: a reply whose rows of this array all kept their entries allocates nothing.
  const lazy = previousValues !== undefined && n === previous.length && n === previousValues.length;
  let values: V[] | undefined = lazy ? undefined : new Array<V>(n);
  let entries: RowEntry<V>[] | undefined = lazy ? undefined : new Array<RowEntry<V>>(n);
  const changed: number[] = [];
  let sameKeys = n === previous.length;
  let byKey: Map<unknown, RowEntry<V>> | undefined;
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    let entry = previous[i];
    if (entry === undefined || (entry.row !== row && !sameRow(entry.row, row))) {
      const key = Array.isArray(row) ? row[0] : undefined;
      if (entry === undefined || entry.row[0] !== key) {
        sameKeys = false;
        if (byKey === undefined) {
          byKey = new Map();
          for (const e of previous) byKey.set(e.row[0], e);
        }
        entry = byKey.get(key);
      } else {
        entry = undefined;
      }
      if (entry === undefined || !sameRow(entry.row, row)) {
        if (!check(row)) return undefined;
        // An equal row keeps its entry (and the older, equal row array): nothing allocated.
        entry = { row: row as unknown[], value: build(row as R) };
      }
    }
    if (entry !== previous[i]) {
      changed.push(i);
      if (entries === undefined) {
        entries = previous.slice(0, i);
        values = (previousValues as readonly V[]).slice(0, i);
      }
    }
    if (entries !== undefined) {
      entries[i] = entry;
      (values as V[])[i] = entry.value;
    }
  }
  return {
    values: values ?? (previousValues as V[]),
    entries: entries ?? (previous as RowEntry<V>[]),
    changed,
    sameKeys,
  };
}

/** rowEntities' result: what the next reply compares with, and what changed since the last. */
interface RowEntities<V> {
  readonly values: V[];
  readonly entries: RowEntry<V>[];
  /** Indexes whose entry is not the previous reply's entry at the same index. */
  readonly changed: readonly number[];
  /** The same number of rows with the same key (element 0) at every index as the previous reply. */
  readonly sameKeys: boolean;
}

/**
 * Declares (diff.ts `declareChanges`) how a record of the new model differs from the same record
 * of the previous model, when the normalizer knows it: the rows kept their keys and places, and no
 * changed row moved in or out of the record (`included`, its filter). The keys declared are the
 * changed rows' keys plus `extra` (entities the assembly rebuilt, e.g. a child's copied liveState,
 * now or last time). Returns whether it declared, so a dependent record can tell its filter held.
 * String keys (odds ids) are declared in row order, the record's insertion order, so the diff's
 * ops are a full comparison's, in its order (a reply repeating a key may order those ops
 * otherwise; the ops are the same).
 */
function declareRecord<V>(
  next: Readonly<Record<string, V>>,
  base: Readonly<Record<string, V>> | undefined,
  rows: RowEntities<V>,
  previous: readonly RowEntry<V>[],
  included: (v: V) => boolean,
  key: (v: V) => number | string,
  extra: readonly string[] = [],
): boolean {
  if (base === undefined || !rows.sameKeys) return false;
  const keys: string[] = [...extra];
  for (const i of rows.changed) {
    const now = rows.values[i] as V;
    const before = (previous[i] as RowEntry<V>).value;
    if (included(now) !== included(before)) return false;
    if (included(now)) keys.push(String(key(now)));
  }
  declareChanges(next, base, keys);
  return true;
}

export interface MarketNormalizer {
  /**
   * parseMarketData then normalizeMarket of a reply's `data`, with the same result (the same
   * error text for a bad reply), reusing the entities of rows equal to the last good reply's.
   */
  normalize(input: unknown): Parsed<MarketModel>;
}

/** Whether this reply's links are the last reply's (row by row). */
function sameLinks(links: readonly LinkRow[], lastLinks: readonly LinkRow[]): boolean {
  if (links.length !== lastLinks.length) return false;
  for (let i = 0; i < links.length; i++) {
    const a = lastLinks[i] as LinkRow;
    if (a !== links[i] && !sameRow(a, links[i])) return false;
  }
  return true;
}

/**
 * Whether the match record keeps its keys: the same match keys at the same places, and no
 * changed match row moved in or out of the record (an excluded sport). With the same links, the
 * parent record then holds too.
 */
function sameMatchKeys(
  matches: RowEntities<MarketMatch>,
  lastMatches: readonly RowEntry<MarketMatch>[],
): boolean {
  if (!matches.sameKeys) return false;
  for (const i of matches.changed) {
    const now = matches.values[i] as MarketMatch;
    const before = (lastMatches[i] as RowEntry<MarketMatch>).value;
    if (excluded.has(now.sportId) !== excluded.has(before.sportId)) return false;
  }
  return true;
}

/**
 * Whether the children record, the heads and the early/today/live lists of the last model hold
 * for this reply (given the same links and match keys): no head row changed and every match's
 * kickoff (the lists' order) the same.
 */
function sameStructure(
  heads: RowEntities<MarketHead>,
  matches: RowEntities<MarketMatch>,
  lastMatches: readonly RowEntry<MarketMatch>[],
): boolean {
  if (!heads.sameKeys || heads.changed.length > 0) return false;
  for (const i of matches.changed) {
    const now = matches.values[i] as MarketMatch;
    const before = (lastMatches[i] as RowEntry<MarketMatch>).value;
    if (now.kickoff !== before.kickoff) return false;
  }
  return true;
}

/** Whether every record key is a canonical array index (`for...in` visits those ascending). */
function indexKeys(keys: readonly string[]): boolean {
  for (const key of keys) {
    const n = Number(key);
    if (!Number.isInteger(n) || n < 0 || n >= 4294967295 || String(n) !== key) return false;
  }
  return true;
}

/** Same scalar fields, liveState aside (a linked child's copy holds its parent's liveState). */
function sameButLiveState(a: MarketMatch, b: MarketMatch): boolean {
  for (const k in a) {
    if (k === 'liveState') continue;
    if (!sameScalar(a[k as keyof MarketMatch], b[k as keyof MarketMatch])) return false;
  }
  return true;
}

/** What the last normalize left for the next one to build on (createMarketNormalizer). */
interface LastBuild {
  readonly model: MarketModel;
  /** The children whose liveState the assembly copied from their parent, each with its own entity. */
  readonly overridden: ReadonlyMap<string, MarketMatch>;
  /** No match id repeats in the reply (a repeated key keeps its last row). */
  readonly unique: boolean;
}

/** How many times `update` derived a record from the last one, and how many entities it replaced (tests). */
export interface NormalizerCounts {
  /** Polls whose model was derived from the last one (copy-on-write), not rebuilt. */
  derived: number;
  /** Polls rebuilt from every row. */
  rebuilt: number;
  /** Entities written into a derived record (match, odds): the keys whose rows changed. */
  replaced: number;
}

/**
 * The model of a reply derived from the last model (copy-on-write): a record none of whose rows
 * changed is the last model's record itself; otherwise a copy of it with only the changed rows'
 * keys replaced (the other entities keep their identity), declared to the diff (diff.ts
 * `declareChanges`). The same model as `assembleMarket` builds from every row (deep-equal, the
 * same keys in the same order), or undefined when a match id repeats: then the caller rebuilds.
 * The caller derives only while the links and the match keys hold (the parent record holds).
 */
function deriveMarket(
  last: LastBuild,
  l: RowEntities<MarketLeague>,
  m: RowEntities<MarketMatch>,
  h: RowEntities<MarketHead>,
  o: RowEntities<MarketOdds>,
  lastOdds: readonly RowEntry<MarketOdds>[],
  lastHeads: readonly RowEntry<MarketHead>[],
  structureHolds: boolean,
  counts: NormalizerCounts,
): { value: MarketModel; overridden: Map<string, MarketMatch> } | undefined {
  const prev = last.model;
  if (!last.unique) return undefined;
  const known = prev.match;

  // Matches: the changed rows' entities, then each linked child's liveState from its parent, as
  // assembleMarket does (in the same order, over the same parent record), on the entities this
  // reply's rows give: a changed row's, else the last reply's own entity of that key.
  const changedRaw = new Map<string, MarketMatch>();
  for (const i of m.changed) {
    const v = m.values[i] as MarketMatch;
    if (!excluded.has(v.sportId)) changedRaw.set(String(v.id), v);
  }
  const rawOf = (key: string): MarketMatch | undefined =>
    changedRaw.get(key) ?? last.overridden.get(key) ?? known[key];
  const parent = prev.parent;
  const copies = new Map<string, MarketMatch>();
  const overridden = new Map<string, MarketMatch>();
  for (const key in parent) {
    const own = rawOf(key);
    if (own === undefined || own.type !== MatchType.child) continue;
    let cursor: number | undefined = parent[key]?.parentId;
    const seen = new Set<number>([own.id]);
    let source: MarketMatch | undefined;
    while (cursor !== undefined && !seen.has(cursor)) {
      seen.add(cursor);
      const at = String(cursor);
      source = copies.get(at) ?? rawOf(at);
      if (source === undefined || source.type !== MatchType.child) break;
      cursor = parent[cursor]?.parentId;
    }
    if (source !== undefined && source.liveState !== own.liveState) {
      // The last copy when it says the same (its own fields unchanged, the same parent liveState).
      const before = known[key];
      const copy =
        before !== undefined &&
        last.overridden.has(key) &&
        before.liveState === source.liveState &&
        sameButLiveState(before, own)
          ? before
          : { ...own, liveState: source.liveState };
      copies.set(key, copy);
      overridden.set(key, own);
    }
  }
  let match = known;
  const matchKeys: string[] = [];
  const put = (key: string, v: MarketMatch) => {
    if (known[key] === v) return;
    if (match === known) match = { ...known };
    match[key] = v;
    matchKeys.push(key);
  };
  for (const [key, v] of changedRaw) if (!copies.has(key)) put(key, v);
  for (const [key, v] of copies) put(key, v);
  for (const [key, v] of last.overridden) if (!copies.has(key) && !changedRaw.has(key)) put(key, v);
  // Match ids past the array-index range iterate in insertion order, which the keys here need
  // not follow: the diff then compares the whole record.
  if (match !== known && indexKeys(matchKeys)) declareChanges(match, known, matchKeys);

  // Odds: the last record when no odds row changed, else filled again from the rows' entities
  // in order (as assembleMarket does: a repeated id keeps its last row). A record of a few
  // thousand string keys is a hash table to V8, whose copy (`{ ...odds }`) costs several times
  // filling a new one; the unchanged entities are shared either way.
  let odds = prev.odds;
  const oddsKeys: string[] = [];
  if (!o.sameKeys || o.changed.length > 0) {
    // Declared when the odds rows kept their keys and places and no changed row moved in or out.
    let declarable = o.sameKeys;
    if (o.sameKeys)
      for (const i of o.changed) {
        const now = o.values[i] as MarketOdds;
        const before = (lastOdds[i] as RowEntry<MarketOdds>).value;
        const included = known[now.matchId] !== undefined;
        if (included !== (known[before.matchId] !== undefined)) declarable = false;
        if (included) oddsKeys.push(now.id);
      }
    if (!o.sameKeys || oddsKeys.length > 0 || !declarable) {
      odds = {};
      for (const v of o.values) if (known[v.matchId] !== undefined) odds[v.id] = v;
      // In row order: the record's insertion order (declareChanges sorts array-index keys itself).
      if (declarable) declareChanges(odds, prev.odds, oddsKeys);
    }
  }

  let league = prev.league;
  if (!l.sameKeys || l.changed.length > 0) {
    league = {};
    for (const v of l.values) if (!excluded.has(v.sportId)) league[v.id] = v;
  }

  let rest: Pick<MarketModel, 'child' | 'head' | 'early' | 'today' | 'live'> = prev;
  if (!structureHolds) {
    rest = structure(match, parent, h.values);
    declareRecord(
      rest.head,
      prev.head,
      h,
      lastHeads,
      (v) => match[v.matchId] !== undefined,
      (v) => v.matchId,
    );
  }
  counts.derived++;
  counts.replaced += matchKeys.length + oddsKeys.length;
  const { child, head, early, today, live } = rest;
  return { value: { league, match, parent, child, head, odds, early, today, live }, overridden };
}

/** Whether no match id of the model's rows repeats (each row has its own key). */
function uniqueMatches(value: MarketModel, matches: readonly MarketMatch[]): boolean {
  let keys = 0;
  let rows = 0;
  for (const _ in value.match) keys++;
  for (const v of matches) if (!excluded.has(v.sportId)) rows++;
  return keys === rows;
}

/**
 * An incremental parseMarketData + normalizeMarket for one topic's successive replies. Pure.
 * `counts` (optional, tests): how each model was made.
 */
export function createMarketNormalizer(counts?: NormalizerCounts): MarketNormalizer {
  const tally = counts ?? { derived: 0, rebuilt: 0, replaced: 0 };
  let leagues: RowEntry<MarketLeague>[] = [];
  let matches: RowEntry<MarketMatch>[] = [];
  let heads: RowEntry<MarketHead>[] = [];
  let odds: RowEntry<MarketOdds>[] = [];
  /** The entries' values, which a reply with no changed row of an array shares (rowEntities). */
  let lastValues: { l: MarketLeague[]; m: MarketMatch[]; h: MarketHead[]; o: MarketOdds[] } | undefined;
  /** The last model this normalizer built (the base its next model is derived or declared from). */
  let last: LastBuild | undefined;
  let lastLinks: readonly LinkRow[] = [];
  const full = (input: unknown): Parsed<MarketModel> => {
    const parsed = parseMarketData(input);
    last = undefined;
    return parsed.ok ? { ok: true, value: normalizeMarket(parsed.value) } : parsed;
  };
  return {
    normalize(input) {
      const data = input as Partial<Record<keyof MarketData, unknown>> | null;
      if (
        typeof data !== 'object' ||
        data === null ||
        Array.isArray(data) ||
        !Array.isArray(data.leagues) ||
        !Array.isArray(data.matches) ||
        !Array.isArray(data.links) ||
        !Array.isArray(data.heads) ||
        !Array.isArray(data.odds)
      ) {
        // Not the usual shape: the full validator decides (and words the error).
        return full(input);
      }
      const l = rowEntities(data.leagues, leagues, rowChecks.leagues, leagueOf, lastValues?.l);
      const m = l && rowEntities(data.matches, matches, rowChecks.matches, matchOf, lastValues?.m);
      const h = m && rowEntities(data.heads, heads, rowChecks.heads, headOf, lastValues?.h);
      const o = h && rowEntities(data.odds, odds, rowChecks.odds, oddsOf, lastValues?.o);
      // A bad row: the full validator words the error (the entries stay the last good reply's).
      if (l === undefined || m === undefined || h === undefined || o === undefined) return full(input);
      if (!data.links.every(rowChecks.links)) return full(input);
      const links = data.links as LinkRow[];
      // The same links and match keys: the parent record holds; with the same heads and kickoffs,
      // the children, heads and lists too.
      const keysHold = last !== undefined && sameLinks(links, lastLinks) && sameMatchKeys(m, matches);
      const structureHolds = keysHold && sameStructure(h, m, matches);
      const derived =
        keysHold && last !== undefined
          ? deriveMarket(last, l, m, h, o, odds, heads, structureHolds, tally)
          : undefined;
      let value: MarketModel;
      let overridden: Map<string, MarketMatch>;
      let unique: boolean;
      if (derived !== undefined) {
        ({ value, overridden } = derived);
        // The same match keys in the same places as the last reply: none repeats now either.
        unique = true;
      } else {
        tally.rebuilt++;
        overridden = new Map();
        const same = structureHolds ? last?.model : undefined;
        value = assembleMarket(l.values, m.values, links, h.values, o.values, overridden, same);
        unique = uniqueMatches(value, m.values);
        // The big records (matches, heads, odds) say which keys changed, so the diff compares
        // only those (diff.ts declareChanges). Heads and odds are filtered by the match record's
        // keys: they are declared only when that key set held.
        const matchKeys = declareRecord(
          value.match,
          last?.model.match,
          m,
          matches,
          (v) => !excluded.has(v.sportId),
          (v) => v.id,
          [...(last?.overridden.keys() ?? []), ...overridden.keys()],
        );
        if (matchKeys) {
          const known = value.match;
          declareRecord(
            value.head,
            last?.model.head,
            h,
            heads,
            (v) => known[v.matchId] !== undefined,
            (v) => v.matchId,
          );
          declareRecord(
            value.odds,
            last?.model.odds,
            o,
            odds,
            (v) => known[v.matchId] !== undefined,
            (v) => v.id,
          );
        }
      }
      leagues = l.entries;
      matches = m.entries;
      heads = h.entries;
      odds = o.entries;
      lastValues = { l: l.values, m: m.values, h: h.values, o: o.values };
      last = { model: value, overridden, unique };
      lastLinks = links;
      return { ok: true, value };
    },
  };
}

/** The `menu` topic's model: sports keyed by id, excluded sports (22, 33) dropped. */
export function normalizeMenu(input: MenuData): MenuModel {
  const sports: Record<string, MenuSport> = {};
  for (const row of input.sports) {
    if (excluded.has(row[0])) continue;
    sports[row[0]] = {
      id: row[0],
      name: row[1],
      early: row[2],
      today: row[3],
      live: row[4],
      parlay: row[5],
      outright: row[6],
    };
  }
  if (!input.sports_order) return { sports };
  const order: Record<string, MenuOrder> = {};
  for (const [key, ids] of Object.entries(input.sports_order)) order[key] = { sports: ids };
  return { sports, order };
}

/** An empty market model (the state before the first poll). */
export function emptyMarketModel(): MarketModel {
  return { league: {}, match: {}, parent: {}, child: {}, head: {}, odds: {}, early: [], today: [], live: [] };
}
