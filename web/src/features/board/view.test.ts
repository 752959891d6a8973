import { defaultTimeFilter, emptyMarketModel, normalizeMarket } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/book/en.ts';
import th from '../../shared/i18n/book/th.ts';
import {
  BoardMarketTypes,
  betTypesOf,
  boardColumns,
  ColumnLayouts,
  earlyDays,
  formatLine,
  giverOf,
  gmt8Day,
  gridTemplate,
  groupLeagues,
  hiddenByTime,
  legText,
  matchCount,
  moveSport,
  oddsByBetType,
  oddsIndex,
  orderSports,
  pageOf,
  pickLabel,
  selectionText,
  signedLine,
  timeFilterActive,
} from './view.ts';

const sport = (id: number, name: string) => ({
  id,
  name,
  early: 1,
  today: 1,
  live: 1,
  parlay: 1,
  outright: 0,
});

describe('sports menu order', () => {
  it('follows the configured order, then the other sports by name, without 22 and 33', () => {
    const sports = [
      sport(33, 'X'),
      sport(12, 'Rugby'),
      sport(2, 'Basketball'),
      sport(99, 'Archery'),
      sport(1, 'Soccer'),
      sport(22, 'Y'),
    ];
    const configured = { default: { sports: [1, 2, 12] }, BDT: { sports: [10, 1] } };
    expect(orderSports(sports, 'MYR', configured).map((s) => s.id)).toEqual([1, 2, 12, 99]);
    // The order is configuration, not a constant: another configured order is the menu's order.
    expect(orderSports(sports, 'MYR', { default: { sports: [12, 99] } }).map((s) => s.id)).toEqual([
      12, 99, 2, 1,
    ]);
    // None configured: alphabetically.
    expect(orderSports(sports, 'MYR').map((s) => s.id)).toEqual([99, 2, 12, 1]);
  });
  it('uses the alternate order for BDT members', () => {
    const configured = { default: { sports: [1, 10] }, BDT: { sports: [10, 1] } };
    const two = [sport(1, 'Soccer'), sport(10, 'Cricket')];
    expect(orderSports(two, 'BDT', configured).map((s) => s.id)).toEqual([10, 1]);
    expect(orderSports(two, 'MYR', configured).map((s) => s.id)).toEqual([1, 10]);
  });
  it("the member's own order (sportsOrder) comes first, then the configured order", () => {
    const sports = [sport(1, 'Soccer'), sport(2, 'Basketball'), sport(3, 'Tennis'), sport(4, 'Golf')];
    const configured = { default: { sports: [1, 2, 3, 4] } };
    expect(orderSports(sports, 'MYR', configured, [3, 1]).map((s) => s.id)).toEqual([3, 1, 2, 4]);
  });
  it('moving a sport up or down swaps it with its neighbour; at an end nothing moves', () => {
    expect(moveSport([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(moveSport([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moveSport([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveSport([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });
});

const model = normalizeMarket({
  leagues: [
    [1, 1, 'B League', 1, 0, 2, 'X'],
    [2, 1, 'A League', 0, 0, 2, 'X'],
    [3, 1, 'Special', 0, 25, 1, 'X'],
  ],
  matches: [
    [11, 1, 'h', 'a', 1, 0, 1, 0, 1, 1_000_000, 0, 0, null, ''],
    [12, 2, 'h', 'a', 1, 0, 1, 0, 0, 2_000_000, 0, 0, null, ''],
    [13, 3, 'h', 'a', 1, 0, 1, 0, 1, 3_000_000, 0, 0, null, ''],
    [14, 1, 'h', 'a', 1, 0, 1, 0, 1, 50_000_000, 0, 0, null, ''],
  ],
  links: [],
  heads: [11, 12, 13, 14].map(
    (id) => [id, 1, 2, id === 12 ? 2 : id === 13 ? 3 : 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] as never,
  ),
  odds: [],
});
const base = {
  leagueMode: 0,
  timeMode: 0,
  marketType: 'hdpou' as const,
  tab: 'today' as const,
  favourites: [],
  selectedLeagues: [],
  now: 0,
};

/** Two early matches (the early topic's board), the first open to parlays. */
const earlyModel = () =>
  normalizeMarket({
    leagues: [[1, 1, 'B League', 1, 0, 2, 'X']],
    matches: [
      [21, 1, 'h', 'a', 1, 0, 1, 0, 1, 90_000_000, 0, 0, null, ''],
      [22, 1, 'h', 'a', 1, 0, 1, 0, 0, 91_000_000, 0, 0, null, ''],
    ],
    links: [],
    heads: [21, 22].map((id) => [id, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] as never),
    odds: [],
  });

describe('league grouping', () => {
  it('sorts by favourite, sort order, then name', () => {
    expect(groupLeagues(model, base).map((g) => g.leagueId)).toEqual([3, 2, 1]);
    expect(groupLeagues(model, { ...base, favourites: [1] }).map((g) => g.leagueId)).toEqual([1, 3, 2]);
  });
  it('applies league filter modes 1-3', () => {
    expect(groupLeagues(model, { ...base, leagueMode: 1 }).map((g) => g.leagueId)).toEqual([3, 1]);
    expect(groupLeagues(model, { ...base, leagueMode: 2 }).map((g) => g.leagueId)).toEqual([1]);
    expect(groupLeagues(model, { ...base, leagueMode: 3 }).map((g) => g.leagueId)).toEqual([3, 2]);
  });
  it('applies the time filter, but never to outright', () => {
    const twoHours = { ...base, timeMode: 9, now: 0 };
    expect(matchCount(groupLeagues(model, twoHours))).toBe(3);
    expect(matchCount(groupLeagues(model, { ...twoHours, marketType: 'outright' }))).toBe(4);
  });
  it("never narrows the early tab: the weekend's default (next 4 hours) keeps tomorrow's matches", () => {
    const early = earlyModel();
    const weekend = {
      ...base,
      tab: 'early' as const,
      timeMode: defaultTimeFilter(Date.UTC(2026, 10, 28, 4)),
    };
    expect(weekend.timeMode).toBe(1);
    expect(matchCount(groupLeagues(early, weekend))).toBe(2);
  });
  it('the parlay tab lists only parlay matches', () => {
    expect(matchCount(groupLeagues(model, { ...base, tab: 'parlay' }))).toBe(3);
  });
  it("the parlay tab lists early matches open to parlays too (the early topic's board)", () => {
    const early = earlyModel();
    expect(early.early).toEqual([21, 22]);
    const groups = groupLeagues(early, { ...base, tab: 'parlay' });
    expect(groups.flatMap((g) => g.matchIds)).toEqual([21]);
  });
  it('pages cut at match granularity and cover every match once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (sizes, size) => {
          let next = 0;
          const groups = sizes.map((n, i) => ({
            leagueId: i,
            name: '',
            favourite: false,
            matchIds: Array.from({ length: n }, () => next++),
          }));
          const all: number[] = [];
          for (let p = 0; p * size < next; p++) {
            const page = pageOf(groups, p, size).flatMap((g) => g.matchIds);
            expect(page.length).toBeLessThanOrEqual(size);
            all.push(...page);
          }
          expect(all).toEqual(Array.from({ length: next }, (_, i) => i));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the stored layout on the board', () => {
  const day = 86_400_000;
  // GMT+8 midnight of day 20_000, then two more days.
  const d0 = 20_000 * day - 8 * 3_600_000;
  const early = normalizeMarket({
    leagues: [
      [1, 1, 'B League', 1, 0, 2, 'X'],
      [2, 1, 'A League', 0, 0, 1, 'X'],
    ],
    matches: [
      [21, 1, 'h', 'a', 1, 0, 1, 0, 1, d0 + 3_600_000, 0, 0, null, ''],
      [22, 2, 'h', 'a', 1, 0, 1, 0, 1, d0 + 2 * 3_600_000, 0, 0, null, ''],
      [23, 1, 'h', 'a', 1, 0, 1, 0, 1, d0 + day + 3_600_000, 0, 0, null, ''],
      [24, 2, 'h', 'a', 1, 0, 1, 0, 1, d0 + 2 * day, 0, 0, null, ''],
    ],
    links: [],
    heads: [21, 22, 23, 24].map((id) => [id, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] as never),
    odds: [],
  });
  const earlyBase = { ...base, tab: 'early' as const };
  const ids = (groups: ReturnType<typeof groupLeagues>) => groups.flatMap((g) => g.matchIds);

  it('GMT+8 days: the early matches kick off on days 20000-20002', () => {
    expect(gmt8Day(d0)).toBe(20_000);
    expect(gmt8Day(d0 - 1)).toBe(19_999);
    expect(earlyDays(early)).toEqual([20_000, 20_001, 20_002]);
  });
  it('selectedDays: only those days on the early tab; days not on the board are ignored', () => {
    expect(ids(groupLeagues(early, { ...earlyBase, days: [20_001] }))).toEqual([23]);
    expect(ids(groupLeagues(early, { ...earlyBase, days: [20_000, 20_002] })).sort()).toEqual([21, 22, 24]);
    expect(ids(groupLeagues(early, { ...earlyBase, days: [19_000] })).length).toBe(4);
  });
  it('selectedLeagues narrow the board only when one of them is on it', () => {
    expect(ids(groupLeagues(early, { ...earlyBase, selectedLeagues: [2] })).sort()).toEqual([22, 24]);
    expect(ids(groupLeagues(early, { ...earlyBase, selectedLeagues: [999] })).length).toBe(4);
  });
  it('menu0 favorites: the favourite leagues only', () => {
    expect(ids(groupLeagues(early, { ...earlyBase, favourites: [1], scope: 'favorites' })).sort()).toEqual([
      21, 23,
    ]);
    expect(ids(groupLeagues(early, { ...earlyBase, favourites: [], scope: 'favorites' }))).toEqual([]);
  });
  it('eventSorting 1: by kick-off time, a league band per run of one league', () => {
    const groups = groupLeagues(early, { ...earlyBase, sorting: 1 });
    expect(groups.map((g) => [g.leagueId, [...g.matchIds]])).toEqual([
      [1, [21]],
      [2, [22]],
      [1, [23]],
      [2, [24]],
    ]);
    // By league (0): league 2 (sort order 1) first, its matches together.
    expect(groupLeagues(early, earlyBase).map((g) => g.leagueId)).toEqual([2, 1]);
  });
  it("pageType 2: only each market's main line (slot 0)", () => {
    const odds = {
      '21-HDP-0': { matchId: 21 },
      '21-HDP-1': { matchId: 21 },
      '21-OU-0': { matchId: 21 },
      '21-OU-10': { matchId: 21 },
    } as never;
    expect(oddsIndex(odds).get(21)).toEqual(['21-HDP-0', '21-HDP-1', '21-OU-0', '21-OU-10']);
    expect(oddsIndex(odds, undefined, true).get(21)).toEqual(['21-HDP-0', '21-OU-0']);
  });
  it('columns: quick odds, periods and the Myanmar markets', () => {
    const present = new Set(['HDP', 'OU', '1X2', 'ML', 'OE', 'HDPH', 'OUH', '1X2H']);
    const types = (list: readonly { betType: string }[]) => list.map((g) => g.betType);
    const all = { quickOdds: true, periods: 0, mmoType: 0 };
    expect(types(boardColumns('hdpou', present, all))).toEqual(types(boardColumns('hdpou', present)));
    expect(types(boardColumns('hdpou', present, { ...all, quickOdds: false }))).toEqual([
      'HDP',
      'OU',
      'HDPH',
      'OUH',
    ]);
    expect(types(boardColumns('hdpou', present, { ...all, quickOdds: false, periods: 1 }))).toEqual([
      'HDP',
      'OU',
    ]);
    expect(types(boardColumns('hdpou', present, { ...all, quickOdds: false, periods: 2 }))).toEqual([
      'HDPH',
      'OUH',
    ]);
    expect(types(boardColumns('1x2', new Set(), { ...all, periods: 1 }))).toEqual(['1X2']);
    // A market with one period keeps it whatever the option.
    expect(types(boardColumns('cs', new Set(), { ...all, periods: 2 }))).toEqual(['CS']);
    expect(types(boardColumns('mmo', new Set(), all))).toEqual(['MHDP', 'MOU']);
    expect(types(boardColumns('mmo', new Set(), { ...all, mmoType: 1 }))).toEqual(['MHDP']);
    expect(types(boardColumns('mmo', new Set(), { ...all, mmoType: 2 }))).toEqual(['MOU']);
  });
});

describe('board lines as Asian books print them', () => {
  it('prints whole and half lines as they are and quarter lines as the two lines they split into', () => {
    expect(formatLine(0)).toBe('0');
    expect(formatLine(-0.25)).toBe('0-0.5');
    expect(formatLine(0.75)).toBe('0.5-1');
    expect(formatLine(-1.5)).toBe('1.5');
    expect(formatLine(2.75)).toBe('2.5-3');
    expect(formatLine(175.5)).toBe('175.5');
  });
  it('a quarter line is the average of the two lines it prints, property-tested', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (q) => {
        const text = formatLine(q / 4);
        const parts = text.split('-').map(Number);
        expect(parts.length).toBe(Math.abs(q) % 2 === 1 ? 2 : 1);
        const mean = parts.reduce((a, b) => a + b, 0) / parts.length;
        expect(mean).toBe(Math.abs(q) / 4);
      }),
      { numRuns: 500 },
    );
  });
  it('prints the line beside the side that gives it, level lines on the home side', () => {
    expect(giverOf({ betType: 'HDP', line: -0.25, labels: null })).toBe('home');
    expect(giverOf({ betType: 'HDP', line: 0.5, labels: null })).toBe('away');
    expect(giverOf({ betType: 'HDP', line: 0, labels: null })).toBe('home');
    expect(giverOf({ betType: 'MHDP', line: '1+50', labels: ['A'] })).toBe('away');
    expect(signedLine(-0.25)).toBe('-0.25');
    expect(signedLine(0.25)).toBe('+0.25');
    expect(signedLine(0)).toBe('0');
  });
});

describe('board columns', () => {
  it('shows FT and 1H HDP and O/U for hdpou, and optional groups only when the topic has them', () => {
    const soccer = boardColumns('hdpou', new Set(['HDP', 'OU', 'HDPH', 'OUH']));
    expect(soccer.map((g) => g.title)).toEqual(['col.ftHdp', 'col.ftOu', 'col.h1Hdp', 'col.h1Ou']);
    const basketball = boardColumns('hdpou', new Set(['HDP', 'OU', 'HDPH', 'OUH', 'ML']));
    expect(basketball.map((g) => g.betType)).toEqual(['HDP', 'OU', 'ML', 'HDPH', 'OUH']);
    expect(boardColumns('1x2', new Set(['1X2'])).map((g) => g.columns.length)).toEqual([3, 3]);
  });
  it('gives every market type a layout and one grid track per column after time and event', () => {
    for (const [type, groups] of Object.entries(ColumnLayouts)) {
      expect(groups.length, type).toBeGreaterThan(0);
      const tracks = gridTemplate(groups).split(/ (?![^(]*\))/);
      expect(tracks.length, type).toBe(2 + groups.reduce((n, g) => n + g.columns.length, 0));
    }
  });
  it('the correct-score grid covers every score up to 4 goals a side, each once', () => {
    const cs = ColumnLayouts.cs[0]?.columns ?? [];
    const scores = new Set<string>();
    for (const c of cs) {
      if (c.kind !== 'cs' || !c.label) continue;
      const [a, b] = c.label.split('-');
      scores.add(c.label);
      scores.add(`${b}-${a}`);
    }
    expect(scores.size).toBe(25);
  });
  it("groups a match's odds ids by bet type in slot order", () => {
    const ids = ['7-HDP-1', '7-HDPH-0', '7-HDP-0', '7-OU-10', '7-OU-2', '8-HDP-0'];
    const m = oddsByBetType(7, ids);
    expect(m.get('HDP')).toEqual(['7-HDP-0', '7-HDP-1']);
    expect(m.get('HDPH')).toEqual(['7-HDPH-0']);
    expect(m.get('OU')).toEqual(['7-OU-2', '7-OU-10']);
    expect(m.size).toBe(3);
    const odds = (id: string, betType: string) => ({
      id,
      matchId: 7,
      betType,
      line: null,
      status: 0 as const,
      prices: [1.9, 1.9],
      labels: null,
    });
    expect([...betTypesOf({ a: odds('a', 'HDP'), b: odds('b', 'ML'), c: odds('c', 'HDP') })].sort()).toEqual([
      'HDP',
      'ML',
    ]);
  });
});

describe('pick labels', () => {
  const teams = { home: 'Lions', away: 'Tigers' };
  const row = (betType: string, line: number | null, labels: string[] | null = null) => ({
    betType,
    line,
    labels,
  });
  const inLanguage = (dict: Readonly<Record<string, string>>) => (key: string) => dict[key] ?? key;

  it("names the side in the player's language, with the line", () => {
    const english = inLanguage(en);
    // The row's line is the home handicap: each side reads its own signed line.
    expect(pickLabel(row('HDP', -0.5), 1, teams, english)).toBe('Tigers +0.5');
    expect(pickLabel(row('HDP', -0.5), 0, teams, english)).toBe('Lions -0.5');
    expect(pickLabel(row('HDP', 1), 0, teams, english)).toBe('Lions +1');
    expect(pickLabel(row('OU', 2.5), 0, teams, english)).toBe('Over 2.5');
    expect(pickLabel(row('OE', null), 1, teams, english)).toBe('Even');
    expect(pickLabel(row('1X2', null), 1, teams, english)).toBe('Draw');
    const thai = inLanguage(th);
    expect(pickLabel(row('OU', 2.5), 1, teams, thai)).toBe(`${th['col.under']} 2.5`);
    expect(pickLabel(row('1X2', null), 1, teams, thai)).toBe(th['col.drawName']);
    expect(pickLabel(row('OE', null), 0, teams, thai)).not.toBe('Odd');
  });

  it('Myanmar rows: selection 0 is the giver, the label says who gives the body', () => {
    const english = inLanguage(en);
    const mm = { betType: 'MHDP', line: 'D-10', labels: ['A'] };
    expect(pickLabel(mm, 0, teams, english)).toBe('Tigers gives D-10');
    expect(pickLabel(mm, 1, teams, english)).toBe('Lions takes D-10');
    expect(
      legText(
        {
          bet_type: 'MHDP',
          selection: 1,
          line: 'D-10',
          label: 'A',
          body: 'D-10',
          home: 'Lions',
          away: 'Tigers',
        },
        english,
      ),
    ).toBe('Lions takes D-10');
  });

  it('a placed leg reads as the slip did', () => {
    const english = inLanguage(en);
    const leg = {
      bet_type: 'HDP',
      selection: 1,
      line: -0.25,
      label: null,
      body: null,
      home: 'Lions',
      away: 'Tigers',
    };
    expect(legText(leg, english)).toBe('Tigers +0.25');
    expect(
      selectionText({ betType: 'HDP', selection: 1, line: -0.25, home: 'Lions', away: 'Tigers' }, english),
    ).toBe(legText(leg, english));
  });

  it("keeps a row's own labels (correct score, double chance...) as sent", () => {
    expect(pickLabel(row('CS', null, ['1:0', '0:1']), 1, teams, inLanguage(th))).toBe('0:1');
  });
});

describe('time filter (SPEC section 4: all/today/1/hdpou views, never outright)', () => {
  it("is offered only where it filters: hdpou on today's matches", () => {
    expect(timeFilterActive({ marketType: 'hdpou', tab: 'today' })).toBe(true);
    expect(timeFilterActive({ marketType: 'hdpou', tab: 'parlay' })).toBe(true);
    expect(timeFilterActive({ marketType: 'hdpou', tab: 'early' })).toBe(false);
    expect(timeFilterActive({ marketType: 'hdpou', tab: 'live' })).toBe(false);
    for (const marketType of BoardMarketTypes.filter((m) => m !== 'hdpou'))
      expect(timeFilterActive({ marketType, tab: 'today' })).toBe(false);
  });
  it('says when the window alone empties the board: matches outside it, none in it', () => {
    // Kick-offs at 1,000 s to 50,000 s; "next 2 hours" from 60,000 s holds none of them.
    const late = { ...base, timeMode: 9, now: 60_000_000 };
    expect(matchCount(groupLeagues(model, late))).toBe(0);
    expect(hiddenByTime(model, late)).toBe(true);
    // Not when the window holds a match, nor with "All", nor where no time filter applies.
    expect(hiddenByTime(model, { ...late, now: 0 })).toBe(false);
    expect(hiddenByTime(model, { ...late, timeMode: 0 })).toBe(false);
    expect(hiddenByTime(model, { ...late, tab: 'early' })).toBe(false);
    // Not when another filter empties it too (a league selection with no match at any time).
    expect(hiddenByTime(model, { ...late, selectedLeagues: [1], leagueMode: 3 })).toBe(false);
    expect(hiddenByTime(emptyMarketModel(), late)).toBe(false);
  });
});
