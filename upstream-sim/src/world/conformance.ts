/**
 * Checks that odds-host replies match the protocol's row layouts (protocol/src/rows.ts) and the
 * simulator's own promises (prices in range, lines on quarter goals, children linked to a
 * parent in the same reply). Returns problems rather than throwing so a test can print them all.
 * The sim core and recordings can reuse it on any MarketData.
 */
import {
  ExcludedSportIds,
  isMyanmarBetType,
  type MarketData,
  MarketGroup,
  Period,
} from '@sportsbook/protocol';
import { MaxPrice } from './pricing.ts';

const PERIODS: ReadonlySet<number> = new Set(Object.values(Period));
const GROUPS: ReadonlySet<number> = new Set(Object.values(MarketGroup));
const EXCLUDED: ReadonlySet<number> = new Set(ExcludedSportIds);
const LINE_TYPES: ReadonlySet<string> = new Set(['HDP', 'OU', 'HDPH', 'OUH']);
const LABELLED: ReadonlySet<string> = new Set(['CS', 'OR', 'TG', 'HTFT', 'FGLG', 'DC']);
const MYANMAR_BODY = /^(?:D|[1-9]\d*D|D[+-][1-9]0|[1-9]\d*[+-][1-9]0)$/;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isBit = (v: unknown): boolean => v === 0 || v === 1;

export function priceProblem(p: unknown): string | null {
  if (typeof p !== 'number' || !Number.isFinite(p)) return `price not a number: ${String(p)}`;
  if (!(p > 1.01) || p > MaxPrice) return `price out of range: ${p}`;
  if (Math.abs(Math.round(p * 1000) - p * 1000) > 1e-6) return `price with more than 3 decimals: ${p}`;
  return null;
}

export function checkMarketData(data: MarketData): string[] {
  const problems: string[] = [];
  const bad = (what: string, row: unknown): void => {
    problems.push(`${what}: ${JSON.stringify(row)}`);
  };
  const leagueIds = new Set<number>();
  for (const l of data.leagues) {
    if (
      l.length !== 7 ||
      !isInt(l[0]) ||
      !isInt(l[1]) ||
      typeof l[2] !== 'string' ||
      !isBit(l[3]) ||
      !isInt(l[4]) ||
      !isInt(l[5]) ||
      typeof l[6] !== 'string'
    )
      bad('league row', l);
    if (EXCLUDED.has(l[1])) bad('excluded sport in league', l);
    leagueIds.add(l[0]);
  }
  const matches = new Map<number, (typeof data.matches)[number]>();
  let lastKey: [number, number] | null = null;
  for (const m of data.matches) {
    if (m.length !== 14) bad('match row length', m);
    const [
      id,
      leagueId,
      home,
      away,
      type,
      status,
      sportId,
      live,
      parlay,
      kickoff,
      neutral,
      tv,
      liveState,
      childLabel,
    ] = m;
    if (!isInt(id) || !isInt(leagueId) || typeof home !== 'string' || typeof away !== 'string')
      bad('match row keys', m);
    if (![1, 2, 3, 4].includes(type) || ![0, 1, 2, 5].includes(status)) bad('match type/status', m);
    if (!isInt(sportId) || EXCLUDED.has(sportId)) bad('match sport', m);
    if (!isBit(live) || !isBit(parlay) || !isBit(neutral) || !isBit(tv) || !isInt(kickoff))
      bad('match flags', m);
    if (typeof childLabel !== 'string' || (type === 3) !== (childLabel !== '')) bad('child label', m);
    if (!leagueIds.has(leagueId)) bad('match league missing', m);
    if (liveState !== null) {
      if (type === 3) bad('child carries a live state', m);
      if (
        !Array.isArray(liveState) ||
        liveState.length !== 6 ||
        !liveState.every(isInt) ||
        !PERIODS.has(liveState[2])
      )
        bad('live state', m);
    } else if (live === 1 && type !== 3) bad('live match without live state', m);
    if (lastKey && (kickoff < lastKey[0] || (kickoff === lastKey[0] && id < lastKey[1])))
      bad('matches not sorted by date then id', m);
    lastKey = [kickoff, id];
    matches.set(id, m);
  }
  for (const link of data.links) {
    const parent = matches.get(link[0]);
    const child = matches.get(link[1]);
    if (link.length !== 2 || parent?.[4] !== 2 || child?.[4] !== 3) bad('link', link);
  }
  const linkedChildren = new Set(data.links.map((l) => l[1]));
  for (const m of matches.values())
    if (m[4] === 3 && !linkedChildren.has(m[0])) bad('child without link to its parent', m);
  for (const h of data.heads) {
    if (h.length !== 16 || !h.every(isInt) || !GROUPS.has(h[2]) || !matches.has(h[0])) bad('head row', h);
    if (h.slice(4).some((c) => c < 0)) bad('head count', h);
  }
  const ids = new Set<string>();
  for (const o of data.odds) {
    const [oddsId, matchId, betType, line, status, prices, labels] = o;
    if (o.length !== 7 || typeof oddsId !== 'string' || !isInt(matchId) || typeof betType !== 'string')
      bad('odds row', o);
    if (ids.has(oddsId)) bad('duplicate odds id', o);
    ids.add(oddsId);
    if (!matches.has(matchId)) bad('odds row without its match', o);
    if (status !== 0 && status !== 5) bad('odds status', o);
    if (!Array.isArray(prices)) {
      bad('prices', o);
      continue;
    }
    if (isMyanmarBetType(betType)) {
      if (prices.length !== 0 || typeof line !== 'string' || !MYANMAR_BODY.test(line)) bad('myanmar row', o);
      const want = betType === 'MOU' ? ['O'] : ['H', 'A'];
      if (labels?.length !== 1 || !want.includes(labels[0] ?? '')) bad('myanmar giver', o);
      continue;
    }
    if (status === 0 && prices.length === 0) bad('open market without prices', o);
    for (const p of prices) {
      const problem = priceProblem(p);
      if (problem) bad(problem, o);
    }
    if (LINE_TYPES.has(betType)) {
      if (typeof line !== 'number' || !Number.isInteger(line * 4)) bad('line not on quarter goals', o);
      if (betType.startsWith('OU') && typeof line === 'number' && line < 0) bad('negative total', o);
    } else if (line !== null) bad('line on a market without lines', o);
    if (LABELLED.has(betType)) {
      if (!labels || labels.length !== prices.length || !labels.every((l) => typeof l === 'string')) {
        if (!(status === 5 && prices.length === 0)) bad('labels', o);
      }
    } else if (labels !== null) bad('labels on a fixed market', o);
  }
  return problems;
}
