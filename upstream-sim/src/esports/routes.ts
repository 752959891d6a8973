/**
 * E-sports calls: `gameresultesports2` (settled e-sports events whose kick-off falls in
 * a GMT+8 date range, each with the member's bets on it), `gameresultesports2detail` (one event
 * map by map with the member's bets) and `esports2live` (the /esports2 lobby: live and upcoming
 * series with maps and rounds, the titles and SPEC section 9's game params). The series come from
 * the world (esports/series.ts); bets are the sportsbook's own.
 */
import { type EsportsEvent, EsportsGameParams } from '@sportsbook/protocol';
import { toMajor } from '../domain/amounts.ts';
import { dayRange } from '../domain/statements.ts';
import type { Account, Bet } from '../domain/types.ts';
import { ok, reject } from '../reply.ts';
import { auth, type CallContext, type Handlers, listReader } from '../routes/handler.ts';
import { betView, page } from '../views.ts';
import type { MatchResultRow } from '../world/types.ts';
import { ESportsId, Titles, titleOfLeague } from './series.ts';

/** The lobby shows series kicking off within this many sim hours. */
const UpcomingMs = 24 * 3_600_000;
const LobbyMax = 200;

export function eventView(row: MatchResultRow): EsportsEvent | null {
  const s = row.series;
  if (!s) return null;
  const winner = row.status === 1 ? (s.mapsHome > s.mapsAway ? 'H' : 'A') : null;
  return {
    match_id: row.matchId,
    league_id: row.leagueId,
    league_name: row.leagueName,
    game: s.game,
    game_name: s.gameName,
    unit: s.unit,
    best_of: s.bestOf,
    home: row.home,
    away: row.away,
    kickoff: row.kickoff,
    status: row.status,
    phase: row.status === 0 || row.status === 5 ? s.phase : 'over',
    maps_home: s.mapsHome,
    maps_away: s.mapsAway,
    current_map: s.currentMap,
    maps: s.maps,
    winner,
  };
}

function betsOn(ctx: CallContext, account: Account, matchId: number): Bet[] {
  return ctx.sim.store.accountBets(account.id).filter((b) => b.legs.some((leg) => leg.matchId === matchId));
}

function eventRows(ctx: CallContext, from: number, to: number): MatchResultRow[] {
  return ctx.sim.world.results({ sportId: ESportsId, from, to }).filter((r) => r.series !== undefined);
}

export const esportsHandlers: Handlers = {
  gameresultesports2: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const { from, to } = dayRange(body.start_date, body.end_date);
    const c = account.currency;
    const items = eventRows(ctx, from, to)
      .filter((r) => r.status === 1 || r.status === 2)
      .flatMap((row) => {
        const event = eventView(row);
        if (!event || (body.game !== undefined && event.game !== body.game)) return [];
        const bets = betsOn(ctx, account, row.matchId).filter((b) => b.status !== 'rejected');
        if (body.mine === true && bets.length === 0) return [];
        let stake = 0;
        let winLose = 0;
        for (const b of bets) {
          stake += b.risk;
          if (b.settledAt !== null && !['void', 'abandoned'].includes(b.status))
            winLose += b.returned - b.risk;
        }
        return [
          { ...event, bet_count: bets.length, stake: toMajor(stake, c), win_lose: toMajor(winLose, c) },
        ];
      })
      .reverse();
    return ok({ data: page(items, body.page_number, body.page_size) });
  },
  gameresultesports2detail: (ctx) => {
    const { account } = auth(ctx);
    const id = ctx.body.match_id;
    const row = ctx.sim.world.matchRow(id);
    if (!row || row[6] !== ESportsId) reject('matchHide');
    const found = eventRows(ctx, row[9] - 1, row[9] + 1).find((r) => r.matchId === id);
    const event = found ? eventView(found) : null;
    if (!event) reject('matchHide');
    return ok({ data: { event, bets: betsOn(ctx, account, id).map(betView) } });
  },
  esports2live: (ctx) => {
    listReader(ctx);
    const now = ctx.sim.world.now();
    // A live series kicked off at most a few maps ago; the window covers the longest best of 5.
    const events = eventRows(ctx, now - 6 * 3_600_000, now + UpcomingMs)
      .filter((r) => r.status === 0 || r.status === 5)
      .flatMap((r) => {
        const e = eventView(r);
        return e ? [e] : [];
      })
      .sort((x, y) => Number(y.phase !== 'pre') - Number(x.phase !== 'pre') || x.kickoff - y.kickoff)
      .slice(0, LobbyMax);
    const leagues = new Map<string, number[]>();
    for (const r of eventRows(ctx, now - 48 * 3_600_000, now + 4 * UpcomingMs)) {
      const code = titleOfLeague(r.leagueName).code;
      const list = leagues.get(code) ?? [];
      if (!list.includes(r.leagueId)) list.push(r.leagueId);
      leagues.set(code, list);
    }
    return ok({
      data: {
        now,
        params: { duration: EsportsGameParams.duration },
        games: Titles.map((t) => ({
          game: t.code,
          name: t.name,
          unit: t.unit,
          league_ids: leagues.get(t.code) ?? [],
        })),
        events,
      },
    });
  },
};
