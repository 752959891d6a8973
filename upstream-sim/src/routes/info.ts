/**
 * Base-host information calls: statements, results, messages, standings, brackets (the tables are
 * computed in live/standings.ts from the world's settled results).
 */
import type { DateRangeBody, InfoBetIdBody, MessageListBody } from '@sportsbook/protocol';
import { DefaultLanguage, isLanguage, parlayReturn } from '@sportsbook/protocol';
import { toMajor } from '../domain/amounts.ts';
import { promoEvents, promoWindow } from '../domain/events.ts';
import { localizedMessage } from '../domain/messageTexts.ts';
import { ticketStatus } from '../domain/settlement.ts';
import { dateOf, dayRange } from '../domain/statements.ts';
import type { Account, Bet, Message } from '../domain/types.ts';
import { bracket, standings, tableRows } from '../live/standings.ts';
import { ok, reject } from '../reply.ts';
import { betView, page, scorePair } from '../views.ts';
import type { MatchResultRow } from '../world/types.ts';
import { auth, type CallContext, type ContextWith, type Handlers, listReader } from './handler.ts';

function summary(account: Account, bets: Bet[]) {
  let turnover = 0;
  let validTurnover = 0;
  let winLose = 0;
  let commission = 0;
  for (const bet of bets) {
    turnover += bet.risk;
    validTurnover += bet.validTurnover;
    winLose += bet.returned - bet.risk;
    commission += bet.commission;
  }
  const c = account.currency;
  return {
    count: bets.length,
    turnover: toMajor(turnover, c),
    valid_turnover: toMajor(validTurnover, c),
    win_lose: toMajor(winLose, c),
    commission: toMajor(commission, c),
  };
}

function settledInRange(ctx: ContextWith<DateRangeBody>): {
  account: Account;
  bets: Bet[];
  body: DateRangeBody;
} {
  const { account } = auth(ctx);
  const body = ctx.body;
  const { from, to } = dayRange(body.start_date, body.end_date);
  return { account, bets: ctx.sim.statements.settledBets(account.id, from, to), body };
}

function resultView(row: MatchResultRow) {
  return {
    match_id: row.matchId,
    sport_id: row.sportId,
    outright: row.outright,
    ...(row.outright ? { winner: row.winner ?? null } : {}),
    league_id: row.leagueId,
    league_name: row.leagueName,
    home: row.home,
    away: row.away,
    kickoff: row.kickoff,
    status: row.status,
    score: row.score ? scorePair(row.score.home, row.score.away) : null,
    ht_score: row.score ? scorePair(row.score.htHome, row.score.htAway) : null,
    first_goal: row.score?.firstGoal ?? null,
    last_goal: row.score?.lastGoal ?? null,
  };
}

function gameResult(ctx: ContextWith<DateRangeBody>) {
  const { account, bets, body } = settledInRange(ctx);
  const byDay = new Map<string, Bet[]>();
  for (const bet of bets) {
    const day = dateOf(bet.settledAt ?? 0);
    byDay.set(day, [...(byDay.get(day) ?? []), bet]);
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, list]) => ({ date, ...summary(account, list) }));
  return ok({
    data: { ...page(days, body.page_number, body.page_size), total_summary: summary(account, bets) },
  });
}

function ownBetWithLegs(ctx: ContextWith<InfoBetIdBody>, kinds: readonly Bet['kind'][]): Bet {
  const { account } = auth(ctx);
  const bet = ctx.sim.bets.ownBet(account, ctx.body.bet_id);
  if (!kinds.includes(bet.kind)) reject('betNotExists');
  return bet;
}

const ResultWindowMs = 3 * 86_400_000;

/**
 * The recent results of the leagues that have a table: virtual sports (180/181), player sports and
 * e-sports have no standings (protocol standings.ts `tableRule`), so their leagues are never listed
 * and a table or bracket asked for one answers `empty` / `[]`.
 */
function leagueRows(ctx: Pick<CallContext, 'sim'>): MatchResultRow[] {
  const now = ctx.sim.world.now();
  return tableRows(ctx.sim.world.results({ from: now - ResultWindowMs, to: now + ResultWindowMs }));
}

export const infoHandlers: Handlers = {
  dailystatement: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const c = account.currency;
    const days = ctx.sim.statements.daily(account.id, body.start_date, body.end_date).map((d) => ({
      date: d.date,
      opening_balance: toMajor(d.opening, c),
      credit: toMajor(d.credit, c),
      debit: toMajor(d.debit, c),
      commission: toMajor(d.commission, c),
      closing_balance: toMajor(d.closing, c),
      turnover: toMajor(d.turnover, c),
      valid_turnover: toMajor(d.validTurnover, c),
      win_lose: toMajor(d.winLose, c),
      ...(body.lines
        ? {
            lines: d.lines.map((line) => ({
              seq: line.seq,
              time: line.time,
              product: line.product,
              kind: line.kind,
              ref: line.ref,
              amount: toMajor(line.amount, c),
              balance: toMajor(line.balance, c),
            })),
          }
        : {}),
    }));
    return ok({ data: days, currency: c });
  },
  // One row per product that moved the ledger in the range (sportsbook, esports, virtual, lottery,
  // tournament, slots, livecasino, minigame, poker): the rows add up to the ledger to the minor unit.
  platformwinlose: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const { from, to } = dayRange(body.start_date, body.end_date);
    const c = account.currency;
    const rows = ctx.sim.statements.winLose(account.id, from, to).map((row) => ({
      platform: row.product,
      count: row.count,
      turnover: toMajor(row.turnover, c),
      valid_turnover: toMajor(row.validTurnover, c),
      win_lose: toMajor(row.winLose, c),
      commission: toMajor(row.commission, c),
    }));
    return ok({ data: rows });
  },
  settlementhistory: (ctx) => {
    const { bets, body } = settledInRange(ctx);
    const sorted = [...bets].sort((a, b) => (b.settledAt ?? 0) - (a.settledAt ?? 0));
    const paged = page(sorted, body.page_number, body.page_size);
    return ok({ data: { ...paged, items: paged.items.map(betView) } });
  },
  gameresultsportsbook: gameResult,
  gameresultsummarysportsbook: gameResult,
  cancelledbetlist: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const { from, to } = dayRange(body.start_date, body.end_date);
    const paged = page(
      ctx.sim.statements.cancelledBets(account.id, from, to),
      body.page_number,
      body.page_size,
    );
    return ok({ data: { ...paged, items: paged.items.map(betView) } });
  },
  announcelist: (ctx) => {
    listReader(ctx);
    const body = ctx.body;
    const items = ctx.sim.store.messages.filter((m) => m.kind === 'announcement').reverse();
    const view = (m: Message) => messageView(m, body.language);
    return ok({ data: page(items.map(view), body.page_number, body.page_size) });
  },
  marqueelist: (ctx) => {
    listReader(ctx);
    const { language } = ctx.body;
    const lines = ctx.sim.store.messages.filter((m) => m.kind === 'marquee');
    return ok({ data: lines.map((m) => messageView(m, language)) });
  },
  personallist: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const mine = ctx.sim.store.messages
      .filter((m) => m.kind === 'personal' && m.accountId === account.id)
      .reverse();
    const paged = page(mine, body.page_number, body.page_size);
    // Listing reads them.
    for (const m of paged.items) if (!m.read) ctx.sim.store.addMessage({ ...m, read: true });
    return ok({ data: { ...paged, items: paged.items.map((m) => messageView(m, body.language)) } });
  },
  personalunread: (ctx) => {
    const { account } = auth(ctx);
    const unread = ctx.sim.store.messages.filter(
      (m) => m.kind === 'personal' && m.accountId === account.id && !m.read,
    );
    return ok({ data: { unread: unread.length } });
  },
  matchresult: (ctx) => {
    auth(ctx);
    const body = ctx.body;
    const { from, to } = dayRange(body.date, body.date);
    const rows = ctx.sim.world
      .results({ ...(body.sport_id !== undefined ? { sportId: body.sport_id } : {}), from, to })
      .filter((r) => body.outright === undefined || r.outright === body.outright);
    return ok({ data: rows.map(resultView) });
  },
  singlematchresult: (ctx) => {
    auth(ctx);
    const id = ctx.body.match_id;
    const row = ctx.sim.world.matchRow(id);
    if (!row) reject('matchHide');
    const rows = ctx.sim.world.results({ sportId: row[6], from: row[9] - 1, to: row[9] + 1 });
    const found = rows.find((r) => r.matchId === id);
    if (!found) reject('resultStillProcess');
    return ok({ data: resultView(found) });
  },
  parlaymatchresult: (ctx) => {
    const bet = ownBetWithLegs(ctx, ['parlay', 'system', 'mmoParlay']);
    return ok({ data: betView(bet).legs });
  },
  parlaybetdetails: (ctx) => ok({ data: betView(ownBetWithLegs(ctx, ['parlay', 'system', 'mmoParlay'])) }),
  betsysparlay: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const range =
      body.start_date || body.end_date
        ? dayRange(body.start_date ?? body.end_date ?? '', body.end_date ?? body.start_date ?? '')
        : null;
    const bets = ctx.sim.store
      .accountBets(account.id)
      .filter((b) => b.kind === 'system' && (!range || (b.placedAt >= range.from && b.placedAt < range.to)));
    return ok({ data: bets.map(betView) });
  },
  betsysparlaymatch: (ctx) => ok({ data: betView(ownBetWithLegs(ctx, ['system'])).legs }),
  betsysparlaybet: (ctx) => {
    const bet = ownBetWithLegs(ctx, ['system']);
    const tickets = (bet.combos ?? []).map((combo, index) => {
      const legs = combo.map((i) => bet.legs[i]);
      const decided = legs.every((leg) => leg?.outcome !== null && leg?.outcome !== undefined);
      // Each combination's result once its legs are settled: protocol's parlayReturn on the unit stake.
      const returned = decided
        ? parlayReturn(
            bet.unitStake,
            legs.map((leg) => ({ decimal: leg?.price ?? 2, outcome: leg?.outcome ?? 'void' })),
          )
        : null;
      return {
        ticket: index + 1,
        legs: legs.flatMap((leg) => (leg ? [leg.oddsId] : [])),
        stake: toMajor(bet.unitStake, bet.currency),
        odds: Number(combo.reduce((acc, i) => acc * (bet.legs[i]?.price ?? 1), 1).toFixed(3)),
        result:
          returned === null
            ? bet.status === 'rejected'
              ? 'rejected'
              : 'running'
            : legs.every((leg) => leg?.outcome === 'void')
              ? 'void'
              : ticketStatus(returned, bet.unitStake),
        payout: returned === null ? null : toMajor(returned, bet.currency),
      };
    });
    return ok({ data: tickets });
  },
  eventlist: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const language = body.language ?? (isLanguage(account.language) ? account.language : DefaultLanguage);
    const world = ctx.sim.world;
    const now = world.now();
    return ok({ data: promoEvents(world.results(promoWindow(now)), world.options.seed, now, language) });
  },
  standinglist: (ctx) => {
    auth(ctx);
    const sport = ctx.body.sport_id;
    const leagues = new Map<number, { league_id: number; league_name: string; sport_id: number }>();
    for (const row of leagueRows(ctx)) {
      if (sport !== undefined && row.sportId !== sport) continue;
      // Only leagues with a settled result have a table.
      if (row.status !== 1 || row.score === null || row.winner !== undefined) continue;
      leagues.set(row.leagueId, {
        league_id: row.leagueId,
        league_name: row.leagueName,
        sport_id: row.sportId,
      });
    }
    return ok({ data: [...leagues.values()] });
  },
  standingresult: (ctx) => {
    auth(ctx);
    const leagueId = ctx.body.league_id;
    const rows = leagueRows(ctx).filter((r) => r.leagueId === leagueId);
    if (rows.length === 0) reject('empty');
    return ok({ data: standings(rows) });
  },
  bracketlist: (ctx) => {
    auth(ctx);
    const leagueId = ctx.body.league_id;
    const rows = leagueRows(ctx).filter((r) => leagueId === undefined || r.leagueId === leagueId);
    return ok({ data: bracket(rows) });
  },
};

/** A message as the list calls answer it, in the asked language (English when it has none). */
function messageView(m: Message, language: MessageListBody['language']) {
  const text = localizedMessage(m, language);
  return { id: m.id, title: text.title, content: text.body, time: m.time, read: m.read };
}
