/**
 * Standings and brackets of a league, computed from the simulator's own settled results (completed
 * matches, status 1, with their final score) under the league's sport's table rule (protocol
 * standings.ts `tableRule`: virtual, player and e-sports have no table; soccer 3 points a win and 1
 * a draw; basketball and baseball 2 a win and 1 a loss, for / against counted in points or runs);
 * ties broken by difference, then "for", then name. The bracket seeds the table's top four into
 * semi-finals (1 v 4, 2 v 3); a tie is decided by the settled matches between its two teams (score
 * over them all), and the final's sides are the semi-finals' winners once both are known.
 */
import { type BracketRound, type StandingRow, type TableRule, tableRule } from '@sportsbook/protocol';
import type { MatchResultRow } from '../world/types.ts';

function settled(rows: readonly MatchResultRow[]): MatchResultRow[] {
  return rows.filter((r) => r.status === 1 && r.score !== null && r.winner === undefined);
}

/** The results of the leagues that have a table (their sport has a table rule). */
export function tableRows(rows: readonly MatchResultRow[]): MatchResultRow[] {
  return rows.filter((r) => tableRule(r.sportId) !== null);
}

/** A league's table: `rule` defaults to its sport's (the first row's); none for a sport without one. */
export function standings(
  rows: readonly MatchResultRow[],
  rule: TableRule | null = tableRule(rows[0]?.sportId ?? 1),
): StandingRow[] {
  if (rule === null) return [];
  const table = new Map<string, StandingRow>();
  const entry = (team: string) => {
    let e = table.get(team);
    if (!e) {
      e = { team, played: 0, won: 0, drawn: 0, lost: 0, gf: 0, ga: 0, points: 0 };
      table.set(team, e);
    }
    return e;
  };
  for (const row of settled(rows)) {
    if (!row.score) continue;
    const home = entry(row.home);
    const away = entry(row.away);
    const { home: h, away: a } = row.score;
    home.played++;
    away.played++;
    home.gf += h;
    home.ga += a;
    away.gf += a;
    away.ga += h;
    if (h > a) {
      home.won++;
      away.lost++;
      home.points += rule.win;
      away.points += rule.loss;
    } else if (h < a) {
      away.won++;
      home.lost++;
      away.points += rule.win;
      home.points += rule.loss;
    } else {
      home.drawn++;
      away.drawn++;
      home.points += rule.draw;
      away.points += rule.draw;
    }
  }
  return [...table.values()].sort(
    (x, y) =>
      y.points - x.points || y.gf - y.ga - (x.gf - x.ga) || y.gf - x.gf || x.team.localeCompare(y.team),
  );
}

/** The winner of a tie from the settled matches between the two teams, null when none decides it. */
export function tieWinner(rows: readonly MatchResultRow[], a: string, b: string): string | null {
  let goalsA = 0;
  let goalsB = 0;
  let met = false;
  for (const r of settled(rows)) {
    if (!r.score) continue;
    if (r.home === a && r.away === b) {
      goalsA += r.score.home;
      goalsB += r.score.away;
      met = true;
    } else if (r.home === b && r.away === a) {
      goalsA += r.score.away;
      goalsB += r.score.home;
      met = true;
    }
  }
  if (!met || goalsA === goalsB) return null;
  return goalsA > goalsB ? a : b;
}

/** Semi-finals of the top four and the final; empty while fewer than four teams have played. */
export function bracket(rows: readonly MatchResultRow[]): BracketRound[] {
  const top = standings(rows)
    .slice(0, 4)
    .map((s) => s.team);
  const [first, second, third, fourth] = top;
  if (first === undefined || second === undefined || third === undefined || fourth === undefined) return [];
  const semis = [
    { home: first, away: fourth, winner: tieWinner(rows, first, fourth) },
    { home: second, away: third, winner: tieWinner(rows, second, third) },
  ];
  const [w1, w2] = semis.map((s) => s.winner);
  const finalWinner = w1 && w2 ? tieWinner(rows, w1, w2) : null;
  return [
    { round: 'semi-final', ties: semis },
    { round: 'final', ties: [{ home: w1 ?? null, away: w2 ?? null, winner: finalWinner }] },
  ];
}
