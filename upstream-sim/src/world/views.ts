/**
 * The odds host's replies built from the world state. Rows are cached per match revision and
 * per market version, and whole replies per tick, so the gateway's once-a-second polls of a
 * 1,000-match board cost a few array copies, not a rebuild of the world.
 */
import {
  type HeadRow,
  isMyanmarBetType,
  type LeagueRow,
  type LinkRow,
  type LiveState,
  type MarketData,
  MarketGroup,
  type MarketGroupName,
  type MatchRow,
  type MenuData,
  type MenuRow,
  MyanmarBetTypes,
  type OddsRow,
  Sports,
} from '@sportsbook/protocol';
import { type BetType, HeadIndex, MarketTypeBetTypes, SportProfiles } from './sports.ts';
import { type Ctx, groupOf, type LeagueState, type MarketState, type MatchState } from './state.ts';

export class Views {
  private readonly matchRows = new Map<number, { rev: number; row: MatchRow }>();
  private readonly oddsRows = new Map<string, { version: number; row: OddsRow }>();
  private readonly leagueRows = new Map<number, LeagueRow>();
  private readonly headCounts = new Map<number, number[]>();
  private readonly replies = new Map<string, { tick: number; data: unknown }>();
  private bySportTick = -1;
  private bySport = new Map<number, MatchState[]>();

  constructor(private readonly ctx: Ctx) {}

  /** Drops every cache (after restoreState). */
  reset(): void {
    this.sweptAt = 0;
    this.matchRows.clear();
    this.oddsRows.clear();
    this.leagueRows.clear();
    this.headCounts.clear();
    this.replies.clear();
    this.bySportTick = -1;
  }

  private sweptAt = 0;

  /** Forgets cached rows of matches the world has pruned, so a server running for days stays flat. */
  private sweep(): void {
    const tick = this.ctx.state.tick;
    if (tick - this.sweptAt < 600 && this.replies.size < 10_000) return;
    this.sweptAt = tick;
    for (const [key, hit] of this.replies) if (hit.tick !== tick) this.replies.delete(key);
    for (const id of this.matchRows.keys()) if (!this.ctx.byId.has(id)) this.matchRows.delete(id);
    for (const id of this.headCounts.keys()) if (!this.ctx.byId.has(id)) this.headCounts.delete(id);
    for (const id of this.oddsRows.keys()) if (!this.ctx.markets.has(id)) this.oddsRows.delete(id);
  }

  private cached<T>(key: string, build: () => T): T {
    this.sweep();
    const tick = this.ctx.state.tick;
    const hit = this.replies.get(key);
    if (hit && hit.tick === tick) return hit.data as T;
    const data = build();
    this.replies.set(key, { tick, data });
    return data;
  }

  leagueRow(l: LeagueState): LeagueRow {
    let row = this.leagueRows.get(l.id);
    if (!row) {
      row = [l.id, l.sportId, l.name, l.flag, l.code, l.sortOrder, l.country];
      this.leagueRows.set(l.id, row);
    }
    return row;
  }

  matchRow(m: MatchState): MatchRow {
    const hit = this.matchRows.get(m.id);
    if (hit && hit.rev === m.rev) return hit.row;
    // Children carry null: the consumer copies the parent's live state (SPEC section 3).
    const liveState: LiveState | null =
      m.type === 3 || m.type === 4 || m.phase === 0
        ? null
        : [m.h, m.a, m.period, Math.floor(m.clock), m.redH, m.redA];
    const row: MatchRow = [
      m.id,
      m.leagueId,
      m.home,
      m.away,
      m.type,
      m.status,
      m.sportId,
      m.phase === 1 ? 1 : 0,
      m.parlay,
      m.kickoff,
      m.neutral,
      m.tv,
      liveState,
      m.childLabel,
    ];
    this.matchRows.set(m.id, { rev: m.rev, row });
    return row;
  }

  oddsRow(m: MatchState, mk: MarketState): OddsRow {
    const hit = this.oddsRows.get(mk.id);
    if (hit && hit.version === mk.version) return hit.row;
    const row: OddsRow = [mk.id, m.id, mk.bt, mk.line, mk.status, mk.prices, mk.labels];
    this.oddsRows.set(mk.id, { version: mk.version, row });
    return row;
  }

  private counts(m: MatchState): number[] {
    let counts = this.headCounts.get(m.id);
    if (!counts) {
      counts = new Array<number>(12).fill(0);
      for (const mk of m.markets) {
        const idx = HeadIndex[mk.bt];
        if (idx !== undefined) counts[idx] = (counts[idx] ?? 0) + 1;
      }
      this.headCounts.set(m.id, counts);
    }
    return counts;
  }

  headRow(m: MatchState, group: MarketGroupName): HeadRow {
    return [m.id, m.sportId, MarketGroup[group], m.leagueId, ...this.counts(m)] as HeadRow;
  }

  /** Main and outright matches not over yet, per sport; rebuilt at most once per tick. */
  private sportMatches(sportId: number): MatchState[] {
    if (this.bySportTick !== this.ctx.state.tick) {
      this.bySport = new Map();
      for (const m of this.ctx.state.matches) {
        if (m.type === 3 || m.phase === 2) continue;
        let list = this.bySport.get(m.sportId);
        if (!list) {
          list = [];
          this.bySport.set(m.sportId, list);
        }
        list.push(m);
      }
      for (const list of this.bySport.values()) list.sort(byKickoff);
      this.bySportTick = this.ctx.state.tick;
    }
    return this.bySport.get(sportId) ?? [];
  }

  menu(): MenuData {
    return this.cached('menu', () => {
      const now = this.ctx.state.now;
      const sports: MenuRow[] = [];
      for (const sport of SportProfiles) {
        const row: MenuRow = [sport.id, Sports[sport.id as keyof typeof Sports] ?? sport.name, 0, 0, 0, 0, 0];
        for (const m of this.sportMatches(sport.id)) {
          if (m.type === 4) {
            row[6]++;
            continue;
          }
          const group = groupOf(m, now);
          if (group === 'early') row[2]++;
          else if (group === 'today') row[3]++;
          else if (group === 'live') row[4]++;
          if (m.parlay === 1) row[5]++;
        }
        sports.push(row);
      }
      return { sports };
    });
  }

  /** Builds a reply from the chosen matches: each included match brings its odds rows of `types`. */
  private reply(
    mains: readonly MatchState[],
    group: (m: MatchState) => MarketGroupName,
    types: ReadonlySet<string>,
    withChildren: boolean,
    withParent = false,
  ): MarketData {
    const data: MarketData = { leagues: [], matches: [], links: [], heads: [], odds: [] };
    const leagues = new Map<number, LeagueState>();
    const add = (m: MatchState, g: MarketGroupName): boolean => {
      let any = false;
      for (const mk of m.markets) {
        if (!types.has(mk.bt)) continue;
        data.odds.push(this.oddsRow(m, mk));
        any = true;
      }
      if (!any) return false;
      data.matches.push(this.matchRow(m));
      data.heads.push(this.headRow(m, g));
      const league = this.ctx.leagues.get(m.leagueId);
      if (league) leagues.set(league.id, league);
      return true;
    };
    for (const m of mains) {
      const g = group(m);
      const shown = add(m, g);
      if (withParent && m.parentId !== null) {
        const parent = this.ctx.byId.get(m.parentId);
        // The parent row (no head, no odds) only carries the live state the child inherits.
        if (parent) {
          data.matches.push(this.matchRow(parent));
          data.links.push([parent.id, m.id] as LinkRow);
        }
      }
      if (!withChildren) continue;
      for (const id of m.childIds) {
        const c = this.ctx.byId.get(id);
        // A child needs its parent in the reply to inherit the live state.
        if (c && shown && add(c, g)) data.links.push([m.id, c.id]);
      }
    }
    data.matches.sort((x, y) => x[9] - y[9] || x[0] - y[0]);
    data.leagues = [...leagues.values()]
      .sort((x, y) => x.sortOrder - y.sortOrder)
      .map((l) => this.leagueRow(l));
    return data;
  }

  market(sportId: number, marketType: string, group: string): MarketData {
    const types = (MarketTypeBetTypes as Record<string, readonly BetType[] | undefined>)[marketType];
    if (!types || !(group in MarketGroup)) return emptyData();
    return this.cached(`m/${sportId}/${marketType}/${group}`, () => {
      const now = this.ctx.state.now;
      const outright = marketType === 'outright';
      const mains = this.sportMatches(sportId).filter(
        (m) => (m.type === 4) === outright && groupOf(m, now) === group,
      );
      return this.reply(mains, () => group as MarketGroupName, new Set(types), !outright);
    });
  }

  myanmar(sportId: number, group: string): MarketData {
    if (!(group in MarketGroup)) return emptyData();
    return this.cached(`mm/${sportId}/${group}`, () => {
      const now = this.ctx.state.now;
      const mains = this.sportMatches(sportId).filter((m) => m.type !== 4 && groupOf(m, now) === group);
      return this.reply(mains, () => group as MarketGroupName, MyanmarBetTypes, false);
    });
  }

  match(m: MatchState): MarketData {
    return this.cached(`x/${m.id}`, () => {
      const now = this.ctx.state.now;
      const top = m.parentId !== null ? this.ctx.byId.get(m.parentId) : m;
      const groupOfTop = groupOf(top ?? m, now) ?? 'live';
      const all = new Set<BetType>();
      for (const mk of m.markets) if (!isMyanmarBetType(mk.bt)) all.add(mk.bt);
      for (const id of m.childIds)
        for (const mk of this.ctx.byId.get(id)?.markets ?? []) if (!isMyanmarBetType(mk.bt)) all.add(mk.bt);
      return this.reply([m], () => groupOfTop, all, true, true);
    });
  }
}

function byKickoff(x: MatchState, y: MatchState): number {
  return x.kickoff - y.kickoff || x.id - y.id;
}

function emptyData(): MarketData {
  return { leagues: [], matches: [], links: [], heads: [], odds: [] };
}
