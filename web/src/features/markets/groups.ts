/**
 * The "more markets" panel's rules over the `match/<id>` topic's model (protocol market.ts): which
 * sections (the match, then each child match: corners, bookings), which bet-type groups in which
 * order, one row per odds line (main line first), and what each selection is called. Pure: the
 * panel renders what these return; texts are `markets` i18n keys with values, so tests need no i18n.
 *
 * The "+N" of a board row (`extraMarkets`) comes from the board topic itself: the row's head entity
 * counts every market line of the match (protocol HeadMarkets: hdp, ou, oe, oxt, ml, tw, cs, dc,
 * fglg, htft, tg, orz, first-half lines included), its children's heads (when the board topic
 * carries the children) add theirs, and the lines the row already shows are taken off.
 */
import {
  HeadMarkets,
  isMyanmarBetType,
  type MarketHead,
  type MarketModel,
  type MarketOdds,
} from '@sportsbook/protocol';

/** Panel order of bet types: full time first, then first half, then anything else by name. */
export const BetTypeOrder = [
  'HDP',
  'OU',
  '1X2',
  'ML',
  'OE',
  'DC',
  'CS',
  'HTFT',
  'FGLG',
  'TG',
  'HDPH',
  'OUH',
  '1X2H',
  'OEH',
  'OR',
] as const;

/** A text to show: a `markets` i18n key with values, or text that is the same in every language. */
export type Text =
  | { readonly key: string; readonly values?: Readonly<Record<string, string>> }
  | {
      readonly text: string;
    };

export interface MarketGroup {
  readonly betType: string;
  /** `markets` key of the group's title (`bt.<betType>`; unknown types: `bt.other`). */
  readonly title: Text;
  /** Odds ids, main line first (ids are `${matchId}-${betType}-${slot}`). */
  readonly oddsIds: readonly string[];
}

export interface MarketSection {
  readonly matchId: number;
  /** null for the match itself; the child's label (corners, bookings) otherwise. */
  readonly label: Text | null;
  readonly groups: readonly MarketGroup[];
}

const orderOf = new Map<string, number>(BetTypeOrder.map((b, i) => [b, i]));

function compareBetTypes(a: string, b: string): number {
  const x = orderOf.get(a) ?? BetTypeOrder.length;
  const y = orderOf.get(b) ?? BetTypeOrder.length;
  return x - y || a.localeCompare(b);
}

function slotOf(id: string): number {
  const slot = Number(id.slice(id.lastIndexOf('-') + 1));
  return Number.isFinite(slot) ? slot : 0;
}

/** Child labels the simulator gives (English) and their `markets` keys. */
const ChildLabels: Readonly<Record<string, string>> = {
  corners: 'child.corners',
  bookings: 'child.bookings',
};

export function childLabel(label: string): Text {
  const key = ChildLabels[label.trim().toLowerCase()];
  return key ? { key } : { text: label };
}

export function betTypeTitle(betType: string): Text {
  return orderOf.has(betType) ? { key: `bt.${betType}` } : { key: 'bt.other', values: { betType } };
}

/** Bet-type groups of one match's odds rows (Myanmar rows are not listed: the board shows them). */
export function groupsOf(odds: readonly MarketOdds[]): MarketGroup[] {
  const byType = new Map<string, MarketOdds[]>();
  for (const o of odds) {
    if (isMyanmarBetType(o.betType)) continue;
    let list = byType.get(o.betType);
    if (!list) {
      list = [];
      byType.set(o.betType, list);
    }
    list.push(o);
  }
  return [...byType.keys()].sort(compareBetTypes).map((betType) => ({
    betType,
    title: betTypeTitle(betType),
    oddsIds: (byType.get(betType) ?? [])
      .map((o) => o.id)
      .sort((a, b) => slotOf(a) - slotOf(b) || a.localeCompare(b)),
  }));
}

/** The match's sections: itself, then its children in the model's order (kickoff, id). */
export function marketSections(model: MarketModel, matchId: number): MarketSection[] {
  const byMatch = new Map<number, MarketOdds[]>();
  for (const id in model.odds) {
    const o = model.odds[id];
    if (!o) continue;
    let list = byMatch.get(o.matchId);
    if (!list) {
      list = [];
      byMatch.set(o.matchId, list);
    }
    list.push(o);
  }
  const sections: MarketSection[] = [];
  const main = groupsOf(byMatch.get(matchId) ?? []);
  if (model.match[String(matchId)] !== undefined && main.length > 0)
    sections.push({ matchId, label: null, groups: main });
  for (const childId of model.child[String(matchId)]?.ids ?? []) {
    const child = model.match[String(childId)];
    const groups = groupsOf(byMatch.get(childId) ?? []);
    if (!child || groups.length === 0) continue;
    sections.push({ matchId: childId, label: childLabel(child.childLabel), groups });
  }
  return sections;
}

/** How many market lines a section list holds (what the panel shows; the +N's upper bound). */
export function lineCount(sections: readonly MarketSection[]): number {
  let n = 0;
  for (const s of sections) for (const g of s.groups) n += g.oddsIds.length;
  return n;
}

function headTotal(head: MarketHead | undefined): number {
  if (!head) return 0;
  let n = 0;
  for (const k of HeadMarkets) n += head[k] ?? 0;
  return n;
}

/**
 * The "+N" of a board row: market lines of the match and of its children the board topic knows of
 * (head counts), less the lines the row shows (`shownIds`: the row's odds ids; Myanmar rows are not
 * counted in heads, so they are not taken off either). Never negative.
 */
export function extraMarkets(
  model: Pick<MarketModel, 'head' | 'child'>,
  matchId: number,
  shownIds: readonly string[],
): number {
  let total = headTotal(model.head[String(matchId)]);
  for (const childId of model.child[String(matchId)]?.ids ?? [])
    total += headTotal(model.head[String(childId)]);
  let shown = 0;
  const prefix = `${matchId}-`;
  for (const id of shownIds) {
    if (!id.startsWith(prefix)) continue;
    const betType = id.slice(prefix.length, id.lastIndexOf('-'));
    if (!isMyanmarBetType(betType)) shown++;
  }
  return Math.max(0, total - shown);
}

export interface Teams {
  readonly home: string;
  readonly away: string;
}

/** "+0.25", "-1", "0": a handicap from one side's view. */
function signed(line: number): string {
  if (line === 0) return '0';
  return line > 0 ? `+${line}` : String(line);
}

/** HT/FT labels in the 1/X/2 notation ("HD" -> "1/X"). */
export function htftText(label: string): string {
  return [...label].map((c) => (c === 'H' ? '1' : c === 'A' ? '2' : 'X')).join('/');
}

/** What one selection (price index) of an odds row is called in the panel. */
export function selectionText(
  odds: Pick<MarketOdds, 'betType' | 'line' | 'labels'>,
  index: number,
  teams: Teams,
): Text {
  const bt = odds.betType.endsWith('H') && odds.betType !== 'HTFT' ? odds.betType.slice(0, -1) : odds.betType;
  const own = odds.labels?.[index];
  const line = typeof odds.line === 'number' ? odds.line : null;
  switch (bt) {
    case 'HDP': {
      const team = index === 0 ? teams.home : teams.away;
      if (line === null) return { text: team };
      return { text: `${team} ${signed(index === 0 ? line : -line)}` };
    }
    case 'OU':
      return {
        key: index === 0 ? 'sel.over' : 'sel.under',
        values: { line: line === null ? '' : String(line) },
      };
    case 'OE':
      return { key: index === 0 ? 'sel.odd' : 'sel.even' };
    case '1X2':
      return index === 1 ? { key: 'sel.draw' } : { text: index === 0 ? teams.home : teams.away };
    case 'ML':
      return { text: index === 0 ? teams.home : teams.away };
    case 'DC':
      if (own === '1X' || own === '12' || own === 'X2') return { key: `sel.dc.${own}`, values: { ...teams } };
      break;
    case 'CS':
      if (own === 'AOS') return { key: 'sel.aos' };
      if (own) return { text: own.replace('-', ':') };
      break;
    case 'HTFT':
      if (own) return { text: htftText(own) };
      break;
    case 'FGLG':
      if (own === 'HF' || own === 'HL' || own === 'AF' || own === 'AL' || own === 'NG')
        return { key: `sel.fglg.${own}`, values: { ...teams } };
      break;
    case 'TG':
      if (own) return { key: 'sel.goals', values: { range: own } };
      break;
  }
  return own ? { text: own } : { key: 'sel.nth', values: { n: String(index + 1) } };
}

/** Whether a group is laid out as a grid of many small cells (CS, HT/FT, TG, outright). */
export function isGrid(betType: string): boolean {
  return betType === 'CS' || betType === 'HTFT' || betType === 'TG' || betType === 'OR' || betType === 'FGLG';
}
