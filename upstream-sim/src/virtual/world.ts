/**
 * The virtual sports next to the real world: `withVirtual(world, seed)` answers the odds calls,
 * quotes, match rows, scores and results of sports 180/181 from virtual events (events.ts) and
 * everything else from the real world, and emits each virtual event's end through the same
 * `onMatchEnd` listeners, so settlement, the ledger and the statement treat virtual bets like any
 * other. The rest of the World (snapshot, restore, whatever else it grows) is the real world's.
 */
import {
  type HeadRow,
  isVirtualSport,
  type LiveState,
  type MarketData,
  MarketGroup,
  type MarketGroupName,
  type MatchRow,
  type MenuRow,
  nextEventIndex,
  type OddsRow,
  replayScore,
  replaySecond,
  VirtualSports,
  virtualEventOf,
  virtualPhase,
} from '@sportsbook/protocol';
import { emitEnds } from '../world/index.ts';
import { HeadIndex, MarketTypeBetTypes } from '../world/sports.ts';
import { gmt8Day } from '../world/state.ts';
import type { MatchEnd, MatchResultRow, OddsQuote, World } from '../world/types.ts';
import { type VirtualEvent, VirtualEvents, virtualLeagues } from './events.ts';

const HalfTime = 2;
const SecondHalf = 3;
const FirstHalf = 1;
const FullTime = 9;

export class VirtualBook {
  readonly events: VirtualEvents;

  constructor(seed: number) {
    this.events = new VirtualEvents(seed);
  }

  eventOfMatch(matchId: number): VirtualEvent | undefined {
    const at = virtualEventOf(matchId);
    return at ? this.events.get(at.sportId, at.index) : undefined;
  }

  /** The event of an odds id (`<matchId>-<betType>-<slot>`) and its market. */
  marketOf(oddsId: string): { event: VirtualEvent; market: VirtualEvent['markets'][number] } | undefined {
    const matchId = Number(oddsId.slice(0, oddsId.indexOf('-')));
    const event = this.eventOfMatch(matchId);
    const market = event?.markets.find((m) => m.id === oddsId);
    return event && market ? { event, market } : undefined;
  }

  phase(event: VirtualEvent, now: number) {
    const sport = VirtualSports[event.sportId];
    return sport ? virtualPhase(sport, event.index, now) : 'unlisted';
  }

  /** Listed events of a sport at `now`: the one(s) playing and the next open ones. */
  listed(sportId: number, now: number): VirtualEvent[] {
    const sport = VirtualSports[sportId];
    if (!sport) return [];
    const next = nextEventIndex(sport, now);
    const out: VirtualEvent[] = [];
    for (let i = next - Math.ceil(sport.playMs / sport.periodMs); i < next + sport.openAhead; i++) {
      const event = this.events.get(sportId, i);
      if (event && this.phase(event, now) !== 'ended' && this.phase(event, now) !== 'unlisted')
        out.push(event);
    }
    return out;
  }

  group(event: VirtualEvent, now: number): MarketGroupName | null {
    const phase = this.phase(event, now);
    if (phase === 'playing') return 'live';
    if (phase !== 'open') return null;
    return gmt8Day(event.kickoff) === gmt8Day(now) ? 'today' : 'early';
  }

  liveState(event: VirtualEvent, now: number): LiveState | null {
    const sport = VirtualSports[event.sportId];
    const phase = this.phase(event, now);
    if (!sport || phase === 'open' || phase === 'unlisted') return null;
    const sec = replaySecond(sport, event.index, now);
    const [h, a] = replayScore(event.goals, sec);
    const half = sport.gameSec / 2;
    const period =
      phase === 'ended' ? FullTime : sec < half ? FirstHalf : sec === half ? HalfTime : SecondHalf;
    return [h, a, period, sec, 0, 0];
  }

  matchRow(event: VirtualEvent, now: number): MatchRow {
    const phase = this.phase(event, now);
    return [
      event.matchId,
      event.leagueId,
      event.home,
      event.away,
      1,
      phase === 'ended' ? 1 : 0,
      event.sportId,
      phase === 'playing' ? 1 : 0,
      1,
      event.kickoff,
      1,
      0,
      this.liveState(event, now),
      '',
    ];
  }

  oddsRow(event: VirtualEvent, market: VirtualEvent['markets'][number], now: number): OddsRow {
    const open = this.phase(event, now) === 'open';
    return [market.id, event.matchId, market.bt, market.line, open ? 0 : 5, market.prices, null];
  }

  headRow(event: VirtualEvent, group: MarketGroupName): HeadRow {
    const counts = new Array<number>(12).fill(0);
    for (const m of event.markets) {
      const i = HeadIndex[m.bt];
      if (i !== undefined) counts[i] = (counts[i] ?? 0) + 1;
    }
    return [event.matchId, event.sportId, MarketGroup[group], event.leagueId, ...counts] as HeadRow;
  }

  menuRows(now: number): MenuRow[] {
    return Object.values(VirtualSports).map((sport) => {
      const row: MenuRow = [sport.id, sport.name, 0, 0, 0, 0, 0];
      for (const event of this.listed(sport.id, now)) {
        const group = this.group(event, now);
        if (group === 'early') row[2]++;
        else if (group === 'today') row[3]++;
        else if (group === 'live') row[4]++;
        if (group !== 'live') row[5]++;
      }
      return row;
    });
  }

  private data(events: readonly VirtualEvent[], now: number, types: ReadonlySet<string> | null): MarketData {
    const data: MarketData = { leagues: [], matches: [], links: [], heads: [], odds: [] };
    const leagues = new Set<number>();
    for (const event of events) {
      const markets = event.markets.filter((m) => types === null || types.has(m.bt));
      if (markets.length === 0) continue;
      data.matches.push(this.matchRow(event, now));
      data.heads.push(this.headRow(event, this.group(event, now) ?? 'live'));
      for (const m of markets) data.odds.push(this.oddsRow(event, m, now));
      leagues.add(event.leagueId);
    }
    data.leagues = virtualLeagues().filter((l) => leagues.has(l[0]));
    return data;
  }

  market(sportId: number, marketType: string, group: string, now: number): MarketData {
    const types = (MarketTypeBetTypes as Record<string, readonly string[] | undefined>)[marketType];
    const events = this.listed(sportId, now).filter((e) => this.group(e, now) === group);
    return this.data(types ? events : [], now, new Set(types ?? []));
  }

  match(matchId: number, now: number): MarketData | undefined {
    const event = this.eventOfMatch(matchId);
    if (!event || this.phase(event, now) === 'unlisted') return undefined;
    return this.data([event], now, null);
  }

  quote(oddsId: string, now: number): OddsQuote | undefined {
    const hit = this.marketOf(oddsId);
    if (!hit) return undefined;
    const { event, market } = hit;
    const phase = this.phase(event, now);
    if (phase === 'unlisted') return undefined;
    return {
      oddsId: market.id,
      matchId: event.matchId,
      sportId: event.sportId,
      leagueId: event.leagueId,
      betType: market.bt,
      line: market.line,
      status: phase === 'open' ? 0 : 5,
      prices: market.prices,
      labels: null,
      matchStatus: phase === 'ended' ? 1 : 0,
      live: phase === 'playing',
      parlay: true,
      kickoff: event.kickoff,
      version: phase === 'open' ? 0 : 1,
      goals: 0,
      late: false,
    };
  }

  /** The ends of events finishing in (from, to]. */
  endsBetween(from: number, to: number): MatchEnd[] {
    const ends: MatchEnd[] = [];
    for (const sport of Object.values(VirtualSports)) {
      // Event i ends at kickoff(i) + playMs: the first index ending after `from`.
      const first = nextEventIndex(sport, from - sport.playMs);
      for (let i = first; ; i++) {
        const event = this.events.get(sport.id, i);
        if (!event || event.endsAt > to) break;
        if (event.endsAt <= from) continue;
        ends.push({
          matchId: event.matchId,
          sportId: event.sportId,
          leagueId: event.leagueId,
          status: 1,
          score: event.score,
          endedAt: event.endsAt,
        });
      }
    }
    return ends.sort((x, y) => x.endedAt - y.endedAt || x.matchId - y.matchId);
  }

  results(q: { sportId?: number; from: number; to: number }, now: number): MatchResultRow[] {
    const rows: MatchResultRow[] = [];
    for (const sport of Object.values(VirtualSports)) {
      if (q.sportId !== undefined && q.sportId !== sport.id) continue;
      const last = nextEventIndex(sport, Math.min(q.to - 1, now)) - 1;
      const first = Math.max(1, nextEventIndex(sport, q.from - 1));
      // A whole day holds 480 events per sport; the page asks by day.
      for (let i = Math.max(first, last - 1_000); i <= last; i++) {
        const event = this.events.get(sport.id, i);
        if (!event) continue;
        const ended = this.phase(event, now) === 'ended';
        const live = this.liveState(event, now);
        rows.push({
          matchId: event.matchId,
          sportId: event.sportId,
          leagueId: event.leagueId,
          leagueName: virtualLeagues().find((l) => l[0] === event.leagueId)?.[2] ?? '',
          home: event.home,
          away: event.away,
          kickoff: event.kickoff,
          status: ended ? 1 : 0,
          outright: false,
          score: ended
            ? event.score
            : live
              ? { home: live[0], away: live[1], htHome: 0, htAway: 0, firstGoal: null, lastGoal: null }
              : null,
        });
      }
    }
    return rows;
  }
}

/** The world with virtual sports: a shallow copy of `real` whose odds answers include them. */
export function withVirtual(real: World, seed: number): World & { virtual: VirtualBook } {
  const book = new VirtualBook(seed);
  const listeners = new Set<(end: MatchEnd) => void>();
  const isVirtualOdds = (oddsId: string) =>
    virtualEventOf(Number(oddsId.slice(0, oddsId.indexOf('-')))) !== undefined;
  return {
    ...real,
    virtual: book,
    advance(ms: number): void {
      const from = real.now();
      real.advance(ms);
      emitEnds(book.endsBetween(from, real.now()), listeners);
    },
    menu() {
      const menu = real.menu();
      return { ...menu, sports: [...menu.sports, ...book.menuRows(real.now())] };
    },
    market(req) {
      return isVirtualSport(req.sport_id)
        ? book.market(req.sport_id, req.market_type, req.group, real.now())
        : real.market(req);
    },
    myanmar(req) {
      return isVirtualSport(req.sport_id)
        ? { leagues: [], matches: [], links: [], heads: [], odds: [] }
        : real.myanmar(req);
    },
    match(matchId) {
      return virtualEventOf(matchId) ? book.match(matchId, real.now()) : real.match(matchId);
    },
    quote(oddsId) {
      return isVirtualOdds(oddsId) ? book.quote(oddsId, real.now()) : real.quote(oddsId);
    },
    matchRow(matchId) {
      if (!virtualEventOf(matchId)) return real.matchRow(matchId);
      const event = book.eventOfMatch(matchId);
      // Not yet on the schedule: unknown, as to uxmatch and quote (a room cannot take it either).
      if (!event || book.phase(event, real.now()) === 'unlisted') return undefined;
      return book.matchRow(event, real.now());
    },
    score(matchId) {
      if (!virtualEventOf(matchId)) return real.score(matchId);
      const event = book.eventOfMatch(matchId);
      if (!event) return null;
      const now = real.now();
      const phase = book.phase(event, now);
      if (phase === 'ended') return event.score;
      const live = book.liveState(event, now);
      return live
        ? { home: live[0], away: live[1], htHome: 0, htAway: 0, firstGoal: null, lastGoal: null }
        : null;
    },
    onMatchEnd(listener) {
      listeners.add(listener);
      const off = real.onMatchEnd(listener);
      return () => {
        listeners.delete(listener);
        off();
      };
    },
    results(q) {
      const virtual = book.results(q, real.now());
      const rows = q.sportId !== undefined && isVirtualSport(q.sportId) ? [] : real.results(q);
      return [...rows, ...virtual].sort((x, y) => x.kickoff - y.kickoff || x.matchId - y.matchId);
    },
  };
}
