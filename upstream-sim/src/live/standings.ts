/**
 * Standings and brackets of a league, computed from the simulator's own settled results (completed
 * matches, status 1, with their final score): 3 points a win, 1 a draw; ties broken by goal
 * difference, then goals for, then name. The bracket seeds the table's top four into semi-finals
 * (1 v 4, 2 v 3); a tie is decided by the settled matches between its two teams (goals over them
 * all), and the final's sides are the semi-finals' winners once both are known.
 */
import type { BracketRound, StandingRow } from '@sportsbook/protocol';
import type { MatchResultRow } from '../world/types.ts';

function settled(rows: readonly MatchResultRow[]): MatchResultRow[] {
  return rows.filter((r) => r.status === 1 && r.score !== null && r.winner === undefined);
}

export function standings(rows: readonly MatchResultRow[]): StandingRow[] {
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
      home.points += 3;
    } else if (h < a) {
      away.won++;
      home.lost++;
      away.points += 3;
    } else {
      home.drawn++;
      away.drawn++;
      home.points++;
      away.points++;
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
