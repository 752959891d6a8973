/**
 * Which sports have a league table, and how each keeps it (RULES.md "Standings"). The simulator
 * computes `standinglist` / `standingresult` / `bracketlist` with these rules and the web labels the
 * table's columns with them, so both sides agree.
 *
 * The decisions, as a sportsbook's live centre makes them:
 * - Virtual sports (180/181) have no standings. Their events are the simulator's own short fixtures
 *   between a fixed pool of teams, three minutes apart, with no season: a table of them means
 *   nothing and would crowd out the real leagues. Their results stay on the virtual page and in the
 *   results lists. Player sports (tennis, badminton, table tennis, snooker: draws, not tables) and
 *   e-sports series (results and brackets per event on /esports2) have none either.
 * - Soccer and ice hockey count goals: 3 points a win, 1 a draw.
 * - Basketball counts points (points for / against / difference, never "goals"); a game has no
 *   draw (overtime decides it), so the table has no Drawn column; 2 points a win and 1 a loss (the
 *   FIBA system: with equal games played it ranks like the win-loss record).
 * - Baseball counts runs, with no draw, ranked like basketball (2 a win, 1 a loss).
 * - Any other team sport of an upstream (volleyball, rugby, cricket, ...) gets a neutral table:
 *   "for" / "against", 3 points a win, 1 a draw.
 * Ties are broken by difference, then "for", then name, in every sport.
 */
import { isVirtualSport } from './virtual.ts';

/** What a table's for / against columns count (the web's column labels). */
export type ScoreUnit = 'goals' | 'points' | 'runs' | 'score';

export interface TableRule {
  readonly unit: ScoreUnit;
  /** League points for a win, a draw and a loss. */
  readonly win: number;
  readonly draw: number;
  readonly loss: number;
  /** Whether the sport has drawn games (the Drawn column). */
  readonly draws: boolean;
}

const Goals: TableRule = { unit: 'goals', win: 3, draw: 1, loss: 0, draws: true };
const Neutral: TableRule = { unit: 'score', win: 3, draw: 1, loss: 0, draws: true };

const Rules: Readonly<Record<number, TableRule | null>> = {
  1: Goals,
  2: { unit: 'points', win: 2, draw: 1, loss: 1, draws: false },
  3: null,
  4: { unit: 'runs', win: 2, draw: 1, loss: 1, draws: false },
  5: Goals,
  7: null,
  9: null,
  11: null,
  43: null,
};

/** The sport's table rule, or null when the sport has no standings (virtual, player sports, e-sports). */
export function tableRule(sportId: number): TableRule | null {
  if (isVirtualSport(sportId)) return null;
  const rule = Rules[sportId];
  return rule === undefined ? Neutral : rule;
}

export function hasStandings(sportId: number): boolean {
  return tableRule(sportId) !== null;
}
