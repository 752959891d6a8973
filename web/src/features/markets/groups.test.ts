import {
  CorrectScoreLabels,
  DoubleChanceLabels,
  FirstLastGoalLabels,
  HtFtLabels,
  isMyanmarBetType,
  type MarketModel,
  type MarketOdds,
  normalizeMarket,
  parseMarketData,
  TotalGoalsLabels,
} from '@sportsbook/protocol';
import { buildSim } from '@sportsbook/upstream-sim';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BetTypeOrder,
  extraMarkets,
  groupsOf,
  lineCount,
  marketSections,
  selectionText,
  type Text,
} from './groups.ts';
import en from './i18n/en.ts';

const teams = { home: 'Arsenal', away: 'Chelsea' };

/** English rendering of a Text with i18next-style {{placeholders}}. */
function english(text: Text): string {
  if ('text' in text) return text.text;
  const template = en[text.key];
  if (template === undefined) throw new Error(`no English text for ${text.key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => text.values?.[name] ?? `{{${name}}}`);
}

const odds = (betType: string, over: Partial<MarketOdds> = {}): MarketOdds => ({
  id: `7-${betType}-0`,
  matchId: 7,
  betType,
  line: null,
  status: 0,
  prices: [1.9, 1.9, 3],
  labels: null,
  ...over,
});

describe('selection names', () => {
  it('names handicap sides with the line from each side, totals with over/under', () => {
    const hdp = odds('HDP', { line: -0.25 });
    expect(english(selectionText(hdp, 0, teams))).toBe('Arsenal -0.25');
    expect(english(selectionText(hdp, 1, teams))).toBe('Chelsea +0.25');
    expect(english(selectionText(odds('HDPH', { line: 0 }), 1, teams))).toBe('Chelsea 0');
    expect(english(selectionText(odds('OU', { line: 2.75 }), 0, teams))).toBe('Over 2.75');
    expect(english(selectionText(odds('OUH', { line: 1 }), 1, teams))).toBe('Under 1');
    expect(english(selectionText(odds('OEH'), 1, teams))).toBe('Even');
    expect(english(selectionText(odds('1X2'), 1, teams))).toBe('Draw');
    expect(english(selectionText(odds('1X2H'), 2, teams))).toBe('Chelsea');
  });

  it('names every labelled selection the protocol defines in words (never a bare code)', () => {
    const cases: [string, readonly string[]][] = [
      ['DC', DoubleChanceLabels],
      ['CS', CorrectScoreLabels],
      ['HTFT', HtFtLabels],
      ['FGLG', FirstLastGoalLabels],
      ['TG', TotalGoalsLabels],
    ];
    for (const [betType, labels] of cases) {
      const row = odds(betType, { labels: [...labels], prices: labels.map(() => 5) });
      labels.forEach((label, i) => {
        const name = english(selectionText(row, i, teams));
        expect(name, `${betType} ${label}`).not.toMatch(/\{\{|^sel\./);
        if (betType === 'DC' || betType === 'FGLG') expect(name).not.toBe(label);
      });
    }
    const cs = odds('CS', { labels: ['2-1', 'AOS'], prices: [9, 30] });
    expect(english(selectionText(cs, 0, teams))).toBe('2:1');
    expect(english(selectionText(cs, 1, teams))).toBe('Any other score');
    expect(english(selectionText(odds('HTFT', { labels: ['HD'] }), 0, teams))).toBe('1/X');
    expect(english(selectionText(odds('FGLG', { labels: ['AF'] }), 0, teams))).toBe('Chelsea scores first');
    expect(english(selectionText(odds('DC', { labels: ['X2'] }), 0, teams))).toBe('Draw or Chelsea');
  });

  it('falls back to the row label, then to a numbered choice, for a bet type it does not know', () => {
    expect(english(selectionText(odds('XYZ', { labels: ['Red'] }), 0, teams))).toBe('Red');
    expect(english(selectionText(odds('XYZ'), 1, teams))).toBe('Choice 2');
  });
});

describe('groups', () => {
  it('orders bet types full time first, then first half, unknown types last, lines by slot', () => {
    const rows = ['OUH', 'CS', 'HDP', 'XYZ', '1X2', 'HDPH', 'TG', 'MHDP'].map((b) =>
      odds(b, { id: `7-${b}-0` }),
    );
    rows.push(odds('HDP', { id: '7-HDP-10' }), odds('HDP', { id: '7-HDP-2' }));
    const groups = groupsOf(rows);
    expect(groups.map((g) => g.betType)).toEqual(['HDP', '1X2', 'CS', 'TG', 'HDPH', 'OUH', 'XYZ']);
    expect(groups[0]?.oddsIds).toEqual(['7-HDP-0', '7-HDP-2', '7-HDP-10']);
    expect(english(groups[6]?.title ?? { text: '' })).toBe('Market XYZ');
    for (const b of BetTypeOrder) expect(en[`bt.${b}`], b).toBeDefined();
  });
});

describe('the "+N" of a board row', () => {
  const head = (matchId: number, counts: Partial<Record<string, number>>) => ({
    matchId,
    sportId: 1,
    group: 3 as const,
    leagueId: 1,
    hdp: 0,
    ou: 0,
    oe: 0,
    oxt: 0,
    ml: 0,
    tw: 0,
    cs: 0,
    dc: 0,
    fglg: 0,
    htft: 0,
    tg: 0,
    orz: 0,
    ...counts,
  });

  it('is every head count of the match and its children less the lines the row shows', () => {
    const model = {
      head: { 7: head(7, { hdp: 3, ou: 3, cs: 1 }), 8: head(8, { hdp: 1, ou: 1 }) },
      child: { 7: { ids: [8] } },
    };
    expect(extraMarkets(model, 7, ['7-HDP-0', '7-HDP-1', '7-OU-0', '7-MHDP-0', '8-HDP-0'])).toBe(6);
    expect(extraMarkets(model, 7, [])).toBe(9);
    expect(extraMarkets(model, 99, [])).toBe(0);
  });

  it('is never negative', () => {
    fc.assert(
      fc.property(
        fc.nat(5),
        fc.array(fc.constantFrom('HDP', 'OU', 'CS', 'MOU'), { maxLength: 12 }),
        (n, types) => {
          const model = { head: { 7: head(7, { hdp: n }) }, child: {} };
          const shown = types.map((b, i) => `7-${b}-${i}`);
          expect(extraMarkets(model, 7, shown)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('against the simulator (uxmatch through protocol normalizeMarket)', () => {
  let app: ReturnType<typeof buildSim>;
  beforeAll(() => {
    app = buildSim({
      clock: 'manual',
      world: { seed: 5, liveMatches: 12, todayMatches: 12, earlyMatches: 4 },
    });
  });
  afterAll(() => app.close());

  function modelOf(matchId: number): MarketModel {
    const parsed = parseMarketData(app.sim.world.match(matchId));
    if (!parsed.ok) throw new Error(parsed.error);
    return normalizeMarket(parsed.value);
  }

  it('lists every bet type the simulator prices for a soccer match, its children and the +N', () => {
    const world = app.sim.world;
    const board = normalizeMarket(world.market({ sport_id: 1, market_type: 'hdpou', group: 'live' }));
    const withChild = board.live.find((id) => (board.child[String(id)]?.ids.length ?? 0) > 0);
    expect(withChild, 'a live soccer match with corners or bookings').toBeDefined();
    const id = withChild as number;
    const model = modelOf(id);
    const sections = marketSections(model, id);
    const main = sections[0];
    expect(main?.label).toBeNull();
    const types = new Set(main?.groups.map((g) => g.betType));
    // Every bet type of the panel's order but money line (not a soccer market) and outright.
    for (const b of BetTypeOrder.filter((x) => x !== 'ML' && x !== 'OR')) expect(types, b).toContain(b);
    // Myanmar rows are never listed; every row of the reply is (the panel drops nothing else).
    const listed = sections.flatMap((s) => s.groups.flatMap((g) => g.oddsIds));
    const rows = Object.values(model.odds).filter((o) => !isMyanmarBetType(o.betType));
    expect(new Set(listed)).toEqual(new Set(rows.map((o) => o.id)));
    // Children: corners or bookings, labelled through i18n.
    expect(sections.length).toBeGreaterThan(1);
    for (const s of sections.slice(1))
      expect(english(s.label ?? { text: '' })).toMatch(/^(Corners|Bookings)$/);
    // Every selection of every row has a name (no placeholder left, no empty name).
    for (const o of rows)
      for (let i = 0; i < o.prices.length; i++)
        expect(english(selectionText(o, i, teams)).trim()).not.toBe('');
    // The +N from the board row's data equals what the panel shows beyond the row.
    const shown = Object.keys(board.odds).filter((k) => board.odds[k]?.matchId === id);
    expect(extraMarkets(board, id, shown)).toBe(lineCount(sections) - shown.length);
  });
});
