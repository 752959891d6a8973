/**
 * The standings page's pure view rules over protocol's table rules (protocol standings.ts, where the
 * decisions are documented): which leagues the page offers (virtual, player and e-sports leagues
 * keep no table, even if an upstream lists them) and a table's columns for its sport (basketball
 * says points for / against, baseball runs, soccer and ice hockey goals; Drawn only where the sport
 * has draws or a row has one).
 */
import {
  hasStandings,
  type ScoreUnit,
  type StandingLeague,
  type StandingRow,
  tableRule,
} from '@sportsbook/protocol';

export interface StandingColumn {
  /** `data-col` of the cells: played, won, drawn, lost, for, against, diff, points. */
  readonly key: string;
  /** The live namespace's label key. */
  readonly label: string;
  readonly value: (row: StandingRow) => number;
}

/** For, against and difference labels per unit. */
const ScoreLabels: Readonly<Record<ScoreUnit, readonly [string, string, string]>> = {
  goals: ['st.gf', 'st.ga', 'st.gd'],
  points: ['st.pf', 'st.pa', 'st.pd'],
  runs: ['st.rf', 'st.ra', 'st.rd'],
  score: ['st.sf', 'st.sa', 'st.sd'],
};

/** The leagues with a table, in the upstream's order. */
export function tableLeagues(leagues: readonly StandingLeague[]): StandingLeague[] {
  return leagues.filter((l) => hasStandings(l.sport_id));
}

/** The columns after position and team; a league of an unknown sport gets the neutral labels. */
export function standingColumns(sportId: number | undefined, rows: readonly StandingRow[]): StandingColumn[] {
  const rule = sportId === undefined ? null : tableRule(sportId);
  const [scored, conceded, difference] = ScoreLabels[rule?.unit ?? 'score'];
  const draws = rule === null || rule.draws || rows.some((r) => r.drawn > 0);
  return [
    { key: 'played', label: 'st.played', value: (r) => r.played },
    { key: 'won', label: 'st.won', value: (r) => r.won },
    ...(draws ? [{ key: 'drawn', label: 'st.drawn', value: (r: StandingRow) => r.drawn }] : []),
    { key: 'lost', label: 'st.lost', value: (r) => r.lost },
    { key: 'for', label: scored, value: (r) => r.gf },
    { key: 'against', label: conceded, value: (r) => r.ga },
    { key: 'diff', label: difference, value: (r) => r.gf - r.ga },
    { key: 'points', label: 'st.points', value: (r) => r.points },
  ];
}
