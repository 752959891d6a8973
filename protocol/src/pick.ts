/**
 * What a pick backs, as every screen names it: the bet slip, its confirm step and
 * accepted note, the bet list, the settled history, the statement and the room pages all name a
 * pick through `pickParts` / `pickText`, so a player never reads a line other than the one he bets.
 *
 * The rules (RULES.md "Naming a pick"):
 * - Handicap rows (HDP, HDPH; an odds row's `line` is the HOME handicap): selection 0 backs home
 *   at `line`, selection 1 backs away at `-line`. Each side's own line is printed signed: "+0.25",
 *   "-1", "+1.5", a level line "0". So the row `line = -0.25` reads "Home -0.25" / "Away +0.25".
 * - Totals (OU, OUH): selection 0 over, 1 under, the total unsigned ("2.75").
 * - Odd/even (OE, OEH), 1X2 (home, draw, away), ML and TW (home, away): the side, no line.
 * - Myanmar rows (MHDP, MOU): the line is the body ("1+50"), the row's labels are `[giver]`
 *   ('H' or 'A'; MOU 'O') and selection 0 is the GIVER, 1 the taker (upstream-sim README,
 *   `betmmoclick`). MHDP names the team and whether it gives or takes the body
 *   ("Lakemont SC gives 1+50"); MOU reads "Over 1+50" / "Under 1+50".
 * - Rows with their own selection names (CS "1-0", TG, DC, HTFT, FGLG, OR): that name.
 * - Anything else: the bet type and the selection's number, never an empty text.
 */
import { isMyanmarBetType } from './myanmar.ts';

/** The side a pick backs; null where the row's own label names it. */
export type PickSide = 'home' | 'away' | 'draw' | 'over' | 'under' | 'odd' | 'even';

/** A pick as an odds row and a placed bet's leg both describe it. */
export interface PickOf {
  readonly betType: string;
  /** Index into the row's prices (Myanmar: 0 the giver, 1 the taker). */
  readonly selection: number;
  /** The row's line: the home handicap, the total, or the Myanmar body; null without a line. */
  readonly line: number | string | null;
  /** The row's own name of this selection (CS "1-0", DC "1X"...); not used for Myanmar rows. */
  readonly label?: string | null;
  /** Myanmar rows: the giver ('H' or 'A'; MOU 'O'), the row's `labels[0]`. */
  readonly giver?: string | null;
}

export interface PickParts {
  /** The side backed; null when `name` (the row's own label or a fallback) names the pick. */
  readonly side: PickSide | null;
  readonly name: string | null;
  /** The pick's own line: signed handicap ("+0.25"), total ("2.75"), Myanmar body ("1+50"). */
  readonly line: string | null;
  /** Myanmar handicap: whether the backed team gives or takes the body. */
  readonly role: 'gives' | 'takes' | null;
}

const isHandicap = (betType: string) => betType === 'HDP' || betType === 'HDPH';
const isTotal = (betType: string) => betType === 'OU' || betType === 'OUH';
const isOddEven = (betType: string) => betType === 'OE' || betType === 'OEH';
const is1x2 = (betType: string) => betType === '1X2' || betType === '1X2H';
const isTwoWay = (betType: string) => betType === 'ML' || betType === 'TW';

/** A number without float noise (0.1 + 0.2 style) and without "-0". */
function plain(n: number): string {
  const rounded = Math.round(n * 1e6) / 1e6;
  return String(rounded === 0 ? 0 : rounded);
}

/** A handicap from one side's view, signed: "+0.25", "-1", "0". */
export function formatSignedLine(line: number): string {
  const text = plain(line);
  if (text === '0') return '0';
  return line > 0 ? `+${text}` : text;
}

/** The handicap of one side of a row whose `line` is the home handicap. */
export function sideHandicap(homeLine: number, side: 'home' | 'away'): number {
  const value = side === 'home' ? homeLine : -homeLine;
  return value === 0 ? 0 : value;
}

/**
 * Myanmar handicap: the team a selection backs (0 the giver, 1 the taker), from the row's giver.
 * The board uses `myanmarSelection` to find the index of a team's price.
 */
export function myanmarSide(giver: string | null | undefined, selection: number): 'home' | 'away' {
  const giverSide = giver === 'A' ? 'away' : 'home';
  if (selection === 0) return giverSide;
  return giverSide === 'home' ? 'away' : 'home';
}

/** The selection index that backs a team on a Myanmar handicap row (the inverse of `myanmarSide`). */
export function myanmarSelection(giver: string | null | undefined, side: 'home' | 'away'): 0 | 1 {
  return myanmarSide(giver, 0) === side ? 0 : 1;
}

/** What a pick backs and at which line (see the module comment). */
export function pickParts(pick: PickOf): PickParts {
  const { betType, selection, line } = pick;
  if (isMyanmarBetType(betType)) {
    const body = line === null ? null : String(line);
    if (betType === 'MOU')
      return { side: selection === 0 ? 'over' : 'under', name: null, line: body, role: null };
    return {
      side: myanmarSide(pick.giver, selection),
      name: null,
      line: body,
      role: selection === 0 ? 'gives' : 'takes',
    };
  }
  if (isHandicap(betType) && (selection === 0 || selection === 1)) {
    const side = selection === 0 ? 'home' : 'away';
    const own = typeof line === 'number' ? formatSignedLine(sideHandicap(line, side)) : line;
    return { side, name: null, line: own, role: null };
  }
  if (isTotal(betType) && (selection === 0 || selection === 1)) {
    return {
      side: selection === 0 ? 'over' : 'under',
      name: null,
      line: typeof line === 'number' ? plain(line) : line,
      role: null,
    };
  }
  if (pick.label) return { side: null, name: pick.label, line: null, role: null };
  if (isOddEven(betType) && (selection === 0 || selection === 1))
    return { side: selection === 0 ? 'odd' : 'even', name: null, line: null, role: null };
  if (is1x2(betType) && selection >= 0 && selection <= 2)
    return {
      side: (['home', 'draw', 'away'] as const)[selection] ?? 'home',
      name: null,
      line: null,
      role: null,
    };
  if (isTwoWay(betType) && (selection === 0 || selection === 1))
    return { side: selection === 0 ? 'home' : 'away', name: null, line: null, role: null };
  return { side: null, name: `${betType} ${selection + 1}`, line: null, role: null };
}

/** The words a pick's text needs, in the reader's language. */
export interface PickWords {
  readonly over: string;
  readonly under: string;
  readonly odd: string;
  readonly even: string;
  readonly draw: string;
  /** Myanmar handicap: the verb between the team and the body ("gives", "takes"). */
  readonly gives: string;
  readonly takes: string;
}

export const EnglishPickWords: PickWords = {
  over: 'Over',
  under: 'Under',
  odd: 'Odd',
  even: 'Even',
  draw: 'Draw',
  gives: 'gives',
  takes: 'takes',
};

/** The text of a pick: "Westford Town +0.25", "Over 2.75", "Lakemont SC gives 1+50", "1-0". */
export function pickText(
  pick: PickOf,
  teams: { readonly home: string; readonly away: string },
  words: PickWords,
): string {
  const parts = pickParts(pick);
  let subject: string;
  if (parts.side === null) subject = parts.name ?? '';
  else if (parts.side === 'home' || parts.side === 'away') subject = teams[parts.side];
  else subject = words[parts.side];
  if (parts.line === null || parts.line === '') return subject;
  if (parts.role) return `${subject} ${words[parts.role]} ${parts.line}`;
  return `${subject} ${parts.line}`;
}
