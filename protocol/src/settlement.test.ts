import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Fraction } from './money.ts';
import {
  CorrectScoreLabels,
  cashOutValue,
  cashOutValueExact,
  DoubleChanceLabels,
  FirstLastGoalLabels,
  HtFtLabels,
  type LegOutcome,
  legMultiplier,
  legMultiplierExact,
  type MatchScore,
  type Outcome,
  Outcomes,
  parlayReturn,
  SettleBetTypes,
  settleHandicap,
  settleOutright,
  settleOverUnder,
  settleSelection,
  singleReturn,
  TotalGoalsLabels,
} from './settlement.ts';

const RUNS = { numRuns: 400 };
const MIRROR: Record<Outcome, Outcome> = {
  won: 'lost',
  wonHalf: 'loseHalf',
  draw: 'draw',
  loseHalf: 'wonHalf',
  lost: 'won',
};

const goals = fc.integer({ min: 0, max: 12 });
/** Lines in quarter goals from -5 to +5. */
const handicapLine = fc.integer({ min: -20, max: 20 }).map((q) => q / 4);
const totalLine = fc.integer({ min: 0, max: 40 }).map((q) => q / 4);
const quarterLine = fc.integer({ min: -10, max: 9 }).map((k) => (2 * k + 1) / 4);
const decimal = fc.integer({ min: 1001, max: 20_000 }).map((k) => k / 1000);
const stake = fc.integer({ min: 0, max: 100_000_000 });
const outcome = fc.constantFrom<LegOutcome>(...Outcomes, 'void');

const score: fc.Arbitrary<MatchScore> = fc
  .record({
    home: goals,
    away: goals,
    htShareHome: fc.nat(),
    htShareAway: fc.nat(),
    first: fc.boolean(),
    last: fc.boolean(),
  })
  .map(({ home, away, htShareHome, htShareAway, first, last }) => {
    const pick = (preferHome: boolean): 'H' | 'A' | null =>
      home + away === 0 ? null : home === 0 ? 'A' : away === 0 ? 'H' : preferHome ? 'H' : 'A';
    return {
      home,
      away,
      htHome: htShareHome % (home + 1),
      htAway: htShareAway % (away + 1),
      firstGoal: pick(first),
      lastGoal: pick(last),
    };
  });

describe('settleHandicap and settleOverUnder: DOMAIN.md examples', () => {
  it('-0.25 and the match draws: lose half; +0.25: won half', () => {
    expect(settleHandicap({ line: -0.25, goalsFor: 1, goalsAgainst: 1 })).toBe('loseHalf');
    expect(settleHandicap({ line: 0.25, goalsFor: 1, goalsAgainst: 1 })).toBe('wonHalf');
  });

  it('-0.75 wins by 1: won half', () => {
    expect(settleHandicap({ line: -0.75, goalsFor: 2, goalsAgainst: 1 })).toBe('wonHalf');
  });

  it('over 2.25 with 2 goals: lose half; over 2.75 with 3 goals: won half', () => {
    expect(settleOverUnder({ line: 2.25, side: 'over', total: 2 })).toBe('loseHalf');
    expect(settleOverUnder({ line: 2.75, side: 'over', total: 3 })).toBe('wonHalf');
  });

  it('whole lines that land exactly refund: -1 wins by 1, over 2.0 with 2 goals', () => {
    expect(settleHandicap({ line: -1, goalsFor: 3, goalsAgainst: 2 })).toBe('draw');
    expect(settleOverUnder({ line: 2, side: 'over', total: 2 })).toBe('draw');
    expect(settleOverUnder({ line: 2, side: 'under', total: 2 })).toBe('draw');
  });

  it('half lines never refund; full wins and losses on either side of the line', () => {
    expect(settleHandicap({ line: -0.5, goalsFor: 1, goalsAgainst: 0 })).toBe('won');
    expect(settleHandicap({ line: -0.5, goalsFor: 0, goalsAgainst: 0 })).toBe('lost');
    expect(settleHandicap({ line: 1.5, goalsFor: 0, goalsAgainst: 1 })).toBe('won');
    expect(settleOverUnder({ line: 2.5, side: 'under', total: 2 })).toBe('won');
    expect(settleOverUnder({ line: 0.75, side: 'under', total: 1 })).toBe('loseHalf');
  });

  it('rejects lines off the quarter grid, negative totals and bad goal counts', () => {
    expect(() => settleHandicap({ line: 0.1, goalsFor: 0, goalsAgainst: 0 })).toThrow(RangeError);
    expect(() => settleHandicap({ line: 0, goalsFor: -1, goalsAgainst: 0 })).toThrow(RangeError);
    expect(() => settleHandicap({ line: 0, goalsFor: 1.5, goalsAgainst: 0 })).toThrow(RangeError);
    expect(() => settleOverUnder({ line: -0.5, side: 'over', total: 1 })).toThrow(RangeError);
    expect(() => settleOverUnder({ line: 2.3, side: 'over', total: 1 })).toThrow(RangeError);
  });
});

describe('returns: DOMAIN.md formulas (stake S = 10.00 = 1000 minor units, D = 1.90)', () => {
  it('won S x D; won half S x (1 + D)/2; draw S; lose half S/2; lost 0; void S', () => {
    expect(singleReturn(1000, 1.9, 'won')).toBe(1900);
    expect(singleReturn(1000, 1.9, 'wonHalf')).toBe(1450);
    expect(singleReturn(1000, 1.9, 'draw')).toBe(1000);
    expect(singleReturn(1000, 1.9, 'loseHalf')).toBe(500);
    expect(singleReturn(1000, 1.9, 'lost')).toBe(0);
    expect(singleReturn(1000, 1.9, 'void')).toBe(1000);
  });

  it('leg multipliers: won D; won half (1 + D)/2; draw or void 1; lose half 0.5; lost 0', () => {
    expect(legMultiplier('won', 1.9)).toBe(1.9);
    expect(legMultiplier('wonHalf', 1.9)).toBe(1.45);
    expect(legMultiplier('draw', 1.9)).toBe(1);
    expect(legMultiplier('void', 1.9)).toBe(1);
    expect(legMultiplier('loseHalf', 1.9)).toBe(0.5);
    expect(legMultiplier('lost', 1.9)).toBe(0);
  });

  it('a parlay multiplies the legs and rounds once at the end', () => {
    // 1000 x 1.9 x 1.45 x 1 x 0.5 = 1377.5 -> 1378 (half-up)
    const legs = [
      { decimal: 1.9, outcome: 'won' },
      { decimal: 1.9, outcome: 'wonHalf' },
      { decimal: 2.1, outcome: 'void' },
      { decimal: 1.8, outcome: 'loseHalf' },
    ] as const;
    expect(parlayReturn(1000, legs)).toBe(1378);
    expect(parlayReturn(1000, [...legs, { decimal: 1.5, outcome: 'lost' }])).toBe(0);
    // rounding per leg would give 1 x 1.333 -> 1, then 1 x 1.333 -> 1; once at the end: 1.776889 -> 2
    expect(
      parlayReturn(1, [
        { decimal: 1.333, outcome: 'won' },
        { decimal: 1.333, outcome: 'won' },
      ]),
    ).toBe(2);
  });

  it('rejects bad stakes, odds, outcomes and empty parlays', () => {
    expect(() => singleReturn(-5, 1.9, 'won')).toThrow(RangeError);
    expect(() => singleReturn(5, 1, 'won')).toThrow(RangeError);
    expect(() => legMultiplier('maybe' as LegOutcome, 1.9)).toThrow(RangeError);
    expect(() => parlayReturn(1000, [])).toThrow(RangeError);
  });
});

describe('settlement laws', () => {
  it('a quarter line pays the average of the two half-stakes on its neighbouring lines', () => {
    fc.assert(
      fc.property(quarterLine, goals, goals, decimal, stake, (line, a, b, d, s) => {
        const whole = legMultiplierExact(settleHandicap({ line, goalsFor: a, goalsAgainst: b }), d);
        const low = legMultiplierExact(
          settleHandicap({ line: line - 0.25, goalsFor: a, goalsAgainst: b }),
          d,
        );
        const high = legMultiplierExact(
          settleHandicap({ line: line + 0.25, goalsFor: a, goalsAgainst: b }),
          d,
        );
        expect(whole.equals(low.add(high).div(2))).toBe(true);
        // In money, 2S on the quarter line is one bet rounded once; S on each neighbour is two bets
        // rounded separately, so they agree within one minor unit.
        const quarter = singleReturn(2 * s, d, settleHandicap({ line, goalsFor: a, goalsAgainst: b }));
        const halves =
          singleReturn(s, d, settleHandicap({ line: line - 0.25, goalsFor: a, goalsAgainst: b })) +
          singleReturn(s, d, settleHandicap({ line: line + 0.25, goalsFor: a, goalsAgainst: b }));
        expect(Math.abs(quarter - halves)).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('a quarter over/under line pays the average of its neighbouring lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }).map((k) => (2 * k + 1) / 4),
        goals,
        fc.constantFrom('over', 'under' as const),
        decimal,
        (line, total, side, d) => {
          const whole = legMultiplierExact(settleOverUnder({ line, side, total }), d);
          const low = legMultiplierExact(settleOverUnder({ line: line - 0.25, side, total }), d);
          const high = legMultiplierExact(settleOverUnder({ line: line + 0.25, side, total }), d);
          expect(whole.equals(low.add(high).div(2))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('handicap symmetry: the two sides of one line mirror each other', () => {
    fc.assert(
      fc.property(handicapLine, goals, goals, (line, a, b) => {
        const home = settleHandicap({ line, goalsFor: a, goalsAgainst: b });
        const away = settleHandicap({ line: -line, goalsFor: b, goalsAgainst: a });
        expect(away).toBe(MIRROR[home]);
      }),
      RUNS,
    );
  });

  it('over/under symmetry: over and under on one line mirror each other', () => {
    fc.assert(
      fc.property(totalLine, goals, (line, total) => {
        expect(settleOverUnder({ line, side: 'under', total })).toBe(
          MIRROR[settleOverUnder({ line, side: 'over', total })],
        );
      }),
      RUNS,
    );
  });

  it('half outcomes come only from quarter lines, refunds only from whole lines', () => {
    fc.assert(
      fc.property(handicapLine, goals, goals, (line, a, b) => {
        const result = settleHandicap({ line, goalsFor: a, goalsAgainst: b });
        const q = line * 4;
        if (result === 'wonHalf' || result === 'loseHalf') expect(Math.abs(q % 2)).toBe(1);
        if (result === 'draw') expect(Math.abs(q % 4)).toBe(0);
      }),
      RUNS,
    );
  });

  it('a parlay of draw and void legs returns the stake', () => {
    fc.assert(
      fc.property(
        stake,
        fc.array(fc.record({ decimal, outcome: fc.constantFrom<LegOutcome>('draw', 'void') }), {
          minLength: 1,
          maxLength: 12,
        }),
        (s, legs) => {
          expect(parlayReturn(s, legs)).toBe(s);
        },
      ),
      RUNS,
    );
  });

  it('a one-leg parlay is a single; the parlay is the exact product rounded once', () => {
    fc.assert(
      fc.property(
        stake,
        fc.array(fc.record({ decimal, outcome }), { minLength: 1, maxLength: 12 }),
        (s, legs) => {
          const [first] = legs;
          if (first) expect(parlayReturn(s, [first])).toBe(singleReturn(s, first.decimal, first.outcome));
          const exact = legs.reduce(
            (acc, leg) => acc.mul(legMultiplierExact(leg.outcome, leg.decimal)),
            new Fraction(s),
          );
          expect(new Fraction(parlayReturn(s, legs)).sub(exact).abs().lte(new Fraction(1, 2))).toBe(true);
          if (legs.some((leg) => leg.outcome === 'lost')) expect(parlayReturn(s, legs)).toBe(0);
        },
      ),
      RUNS,
    );
  });

  it('leg multipliers are ordered won >= wonHalf >= draw = void >= loseHalf >= lost', () => {
    fc.assert(
      fc.property(decimal, (d) => {
        const m = (o: LegOutcome) => legMultiplierExact(o, d);
        expect(m('won').gt(m('wonHalf')) && m('wonHalf').gt(m('draw')) && m('draw').gt(m('loseHalf'))).toBe(
          true,
        );
        expect(m('void').equals(m('draw')) && m('loseHalf').gt(m('lost'))).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('cashOutValue', () => {
  it('single: stake x placed / current x (1 - margin), rounded once', () => {
    // 1000 x 2.00 / 1.60 x 0.95 = 1187.5 -> 1188
    expect(cashOutValue({ stake: 1000, placed: 2, current: 1.6, margin: 0.05 })).toBe(1188);
    expect(
      cashOutValueExact({ stake: 1000, placed: 2, current: 1.6, margin: 0.05 }).equals(new Fraction(2375, 2)),
    ).toBe(true);
  });

  it('parlay: product of placed over product of current; a settled winning leg passes current 1', () => {
    // leg 1 won at 2.00 (current 1), leg 2 open placed 1.90 now 1.50: 1000 x 3.8 / 1.5 = 2533.33 -> 2533
    expect(cashOutValue({ stake: 1000, placed: [2, 1.9], current: [1, 1.5], margin: 0 })).toBe(2533);
    // a won-half leg passes its multiplier (1 + D)/2 as placed
    expect(
      cashOutValue({ stake: 1000, placed: [legMultiplier('wonHalf', 1.9), 2], current: [1, 2], margin: 0 }),
    ).toBe(1450);
  });

  it('unchanged odds and no margin give back the stake; a margin never raises the offer', () => {
    fc.assert(
      fc.property(
        stake,
        fc.array(decimal, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 99 }),
        (s, odds, m) => {
          expect(cashOutValue({ stake: s, placed: odds, current: odds, margin: 0 })).toBe(s);
          expect(
            cashOutValue({ stake: s, placed: odds, current: odds, margin: m / 100 }),
          ).toBeLessThanOrEqual(s);
        },
      ),
      RUNS,
    );
  });

  it('rejects mismatched legs, current odds below 1 and margins outside [0, 1)', () => {
    expect(() => cashOutValue({ stake: 1000, placed: [2, 2], current: [2], margin: 0 })).toThrow(RangeError);
    expect(() => cashOutValue({ stake: 1000, placed: [], current: [], margin: 0 })).toThrow(RangeError);
    expect(() => cashOutValue({ stake: 1000, placed: 2, current: 0.9, margin: 0 })).toThrow(RangeError);
    expect(() => cashOutValue({ stake: 1000, placed: -2, current: 2, margin: 0 })).toThrow(RangeError);
    expect(() => cashOutValue({ stake: 1000, placed: 2, current: 2, margin: 1 })).toThrow(RangeError);
    expect(() => cashOutValue({ stake: 1000, placed: 2, current: 2, margin: -0.1 })).toThrow(RangeError);
  });
});

const at = (s: Partial<MatchScore>): MatchScore => ({
  home: 0,
  away: 0,
  htHome: 0,
  htAway: 0,
  firstGoal: null,
  lastGoal: null,
  ...s,
});

describe('settleSelection: every bet type', () => {
  const twoOne = at({ home: 2, away: 1, htHome: 0, htAway: 1, firstGoal: 'A', lastGoal: 'H' });

  it('HDP: selection 0 is home with the row line, 1 is away with the opposite line', () => {
    expect(settleSelection({ betType: 'HDP', line: -0.75, selection: 0, score: twoOne })).toBe('wonHalf');
    expect(settleSelection({ betType: 'HDP', line: -0.75, selection: 1, score: twoOne })).toBe('loseHalf');
    expect(settleSelection({ betType: 'HDPH', line: 0.25, selection: 0, score: twoOne })).toBe('lost');
    expect(settleSelection({ betType: 'HDPH', line: 1.25, selection: 0, score: twoOne })).toBe('wonHalf');
  });

  it('OU: selection 0 over, 1 under; OUH on the half-time total', () => {
    expect(settleSelection({ betType: 'OU', line: 2.75, selection: 0, score: twoOne })).toBe('wonHalf');
    expect(settleSelection({ betType: 'OU', line: 2.75, selection: 1, score: twoOne })).toBe('loseHalf');
    expect(settleSelection({ betType: 'OUH', line: 0.5, selection: 0, score: twoOne })).toBe('won');
  });

  it('OE: selection 0 odd, 1 even; 0-0 is even', () => {
    expect(settleSelection({ betType: 'OE', line: null, selection: 0, score: twoOne })).toBe('won');
    expect(settleSelection({ betType: 'OE', line: null, selection: 1, score: at({}) })).toBe('won');
    expect(settleSelection({ betType: 'OEH', line: null, selection: 0, score: twoOne })).toBe('won');
  });

  it('1X2: home, draw, away; 1X2H on the half-time score', () => {
    expect(settleSelection({ betType: '1X2', line: null, selection: 0, score: twoOne })).toBe('won');
    expect(settleSelection({ betType: '1X2', line: null, selection: 1, score: twoOne })).toBe('lost');
    expect(settleSelection({ betType: '1X2H', line: null, selection: 2, score: twoOne })).toBe('won');
  });

  it('ML: home or away, a draw refunds', () => {
    expect(settleSelection({ betType: 'ML', line: null, selection: 1, score: twoOne })).toBe('lost');
    expect(
      settleSelection({ betType: 'ML', line: null, selection: 0, score: at({ home: 1, away: 1 }) }),
    ).toBe('draw');
  });

  it('CS: the "home-away" label; AOS when no label of the row matches', () => {
    const cs = (label: string, s: MatchScore, labels: readonly string[] = CorrectScoreLabels) =>
      settleSelection({ betType: 'CS', line: null, selection: labels.indexOf(label), labels, score: s });
    expect(cs('2-1', twoOne)).toBe('won');
    expect(cs('1-2', twoOne)).toBe('lost');
    expect(cs('AOS', twoOne)).toBe('lost');
    expect(cs('AOS', at({ home: 5, away: 0 }))).toBe('won');
    expect(cs('AOS', twoOne, ['1-0', '0-0', 'AOS'])).toBe('won');
    expect(settleSelection({ betType: 'CS', line: null, selection: 2, labels: null, score: twoOne })).toBe(
      'won',
    );
  });

  it('HTFT: "AH" is away at half time, home at full time', () => {
    expect(
      settleSelection({ betType: 'HTFT', line: null, selection: HtFtLabels.indexOf('AH'), score: twoOne }),
    ).toBe('won');
    expect(
      settleSelection({ betType: 'HTFT', line: null, selection: HtFtLabels.indexOf('HD'), score: twoOne }),
    ).toBe('lost');
  });

  it('FGLG: first and last scorer, NG when goalless', () => {
    const fglg = (label: string, s: MatchScore) =>
      settleSelection({
        betType: 'FGLG',
        line: null,
        selection: FirstLastGoalLabels.indexOf(label as never),
        score: s,
      });
    expect(fglg('AF', twoOne)).toBe('won');
    expect(fglg('HL', twoOne)).toBe('won');
    expect(fglg('HF', twoOne)).toBe('lost');
    expect(fglg('NG', twoOne)).toBe('lost');
    expect(fglg('NG', at({}))).toBe('won');
    expect(fglg('AL', at({}))).toBe('lost');
  });

  it('TG: inclusive ranges and "7+"', () => {
    const tg = (label: string, s: MatchScore) =>
      settleSelection({
        betType: 'TG',
        line: null,
        selection: TotalGoalsLabels.indexOf(label as never),
        score: s,
      });
    expect(tg('2-3', twoOne)).toBe('won');
    expect(tg('0-1', twoOne)).toBe('lost');
    expect(tg('7+', at({ home: 4, away: 3 }))).toBe('won');
    expect(tg('4-6', at({ home: 4, away: 3 }))).toBe('lost');
  });

  it('DC: 1X, 12, X2', () => {
    const dc = (label: string, s: MatchScore) =>
      settleSelection({
        betType: 'DC',
        line: null,
        selection: DoubleChanceLabels.indexOf(label as never),
        score: s,
      });
    expect(dc('1X', twoOne)).toBe('won');
    expect(dc('12', twoOne)).toBe('won');
    expect(dc('X2', twoOne)).toBe('lost');
    expect(dc('12', at({ home: 1, away: 1 }))).toBe('lost');
  });

  it('a cancelled match voids every selection', () => {
    for (const betType of SettleBetTypes) {
      expect(settleSelection({ betType, line: 1, selection: 0, score: { ...twoOne, cancelled: true } })).toBe(
        'void',
      );
    }
  });

  it('rejects unknown bet types, missing lines, selections out of range and bad labels or scores', () => {
    expect(() => settleSelection({ betType: 'XYZ', line: null, selection: 0, score: twoOne })).toThrow(
      /unknown bet type/,
    );
    expect(() => settleSelection({ betType: 'HDP', line: null, selection: 0, score: twoOne })).toThrow(
      /needs a line/,
    );
    expect(() => settleSelection({ betType: '1X2', line: null, selection: 3, score: twoOne })).toThrow(
      RangeError,
    );
    expect(() => settleSelection({ betType: 'OE', line: null, selection: -1, score: twoOne })).toThrow(
      RangeError,
    );
    expect(() =>
      settleSelection({ betType: 'CS', line: null, selection: 0, labels: ['2:1'], score: twoOne }),
    ).toThrow(RangeError);
    expect(() =>
      settleSelection({ betType: 'TG', line: null, selection: 0, labels: ['lots'], score: twoOne }),
    ).toThrow(RangeError);
    expect(() =>
      settleSelection({ betType: 'HTFT', line: null, selection: 0, labels: ['HX'], score: twoOne }),
    ).toThrow(RangeError);
    expect(() =>
      settleSelection({ betType: 'FGLG', line: null, selection: 0, labels: ['ZZ'], score: twoOne }),
    ).toThrow(RangeError);
    expect(() =>
      settleSelection({ betType: 'DC', line: null, selection: 0, labels: ['1Z'], score: twoOne }),
    ).toThrow(RangeError);
    expect(() => settleSelection({ betType: 'TG', line: null, selection: 9, score: twoOne })).toThrow(
      RangeError,
    );
    expect(() =>
      settleSelection({ betType: 'OE', line: null, selection: 0, score: { ...twoOne, htHome: 3 } }),
    ).toThrow(RangeError);
  });

  it('exactly one selection wins 1X2, CS, HTFT and TG; exactly two win DC', () => {
    const winners = (betType: string, count: number, s: MatchScore) =>
      Array.from({ length: count }, (_, selection) =>
        settleSelection({ betType, line: null, selection, score: s }),
      ).filter((o) => o === 'won').length;
    fc.assert(
      fc.property(score, (s) => {
        expect(winners('1X2', 3, s)).toBe(1);
        expect(winners('1X2H', 3, s)).toBe(1);
        expect(winners('CS', CorrectScoreLabels.length, s)).toBe(1);
        expect(winners('HTFT', HtFtLabels.length, s)).toBe(1);
        expect(winners('TG', TotalGoalsLabels.length, s)).toBe(1);
        expect(winners('DC', DoubleChanceLabels.length, s)).toBe(2);
        expect(winners('OE', 2, s)).toBe(1);
        expect(winners('FGLG', FirstLastGoalLabels.length, s)).toBe(s.home + s.away === 0 ? 1 : 2);
      }),
      RUNS,
    );
  });

  it('the two selections of HDP and OU (full and first half) mirror each other', () => {
    fc.assert(
      fc.property(score, handicapLine, totalLine, (s, hdp, ou) => {
        for (const [betType, line] of [
          ['HDP', hdp],
          ['HDPH', hdp],
          ['OU', ou],
          ['OUH', ou],
        ] as const) {
          const first = settleSelection({ betType, line, selection: 0, score: s }) as Outcome;
          expect(settleSelection({ betType, line, selection: 1, score: s })).toBe(MIRROR[first]);
        }
      }),
      RUNS,
    );
  });
});

describe('outrights (OR)', () => {
  /** A field of 2..16 distinct runners, a finishing order (a permutation of it) and place terms. */
  const event = fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 16 })
    .chain((labels) =>
      fc.record({
        labels: fc.constant(labels),
        finishing: fc.shuffledSubarray(labels, { minLength: labels.length, maxLength: labels.length }),
        places: fc.integer({ min: 1, max: labels.length + 2 }),
      }),
    );

  it('pays exactly the runners within the paying places, and only them', () => {
    fc.assert(
      fc.property(event, ({ labels, finishing, places }) => {
        const outcomes = labels.map((_, selection) =>
          settleOutright({ labels, selection, finishing, places }),
        );
        expect(outcomes.filter((o) => o === 'won')).toHaveLength(Math.min(places, labels.length));
        expect(outcomes.every((o) => o === 'won' || o === 'lost')).toBe(true);
        labels.forEach((label, selection) => {
          expect(outcomes[selection] === 'won').toBe(finishing.indexOf(label) < places);
        });
      }),
      RUNS,
    );
  });

  it('a win-only market pays the winner alone, and a winner also wins every place market', () => {
    fc.assert(
      fc.property(event, ({ labels, finishing, places }) => {
        const winner = labels.indexOf(finishing[0] as string);
        for (let selection = 0; selection < labels.length; selection++) {
          const win = settleOutright({ labels, selection, finishing });
          expect(win).toBe(selection === winner ? 'won' : 'lost');
          if (win === 'won') expect(settleOutright({ labels, selection, finishing, places })).toBe('won');
        }
      }),
      RUNS,
    );
  });

  it('settleSelection settles OR through settleOutright and pays a winning single stake x odds', () => {
    const labels = ['Reds', 'Blues', 'Greens'];
    const score = { home: 0, away: 0, htHome: 0, htAway: 0, firstGoal: null, lastGoal: null };
    const finishing = ['Blues', 'Reds', 'Greens'];
    expect(settleSelection({ betType: 'OR', line: null, selection: 1, labels, score, finishing })).toBe(
      'won',
    );
    expect(settleSelection({ betType: 'OR', line: null, selection: 0, labels, score, finishing })).toBe(
      'lost',
    );
    expect(
      settleSelection({ betType: 'OR', line: null, selection: 0, labels, score, finishing, places: 2 }),
    ).toBe('won');
    expect(singleReturn(10_000, '7.5', 'won')).toBe(75_000);
    expect(singleReturn(10_000, '7.5', 'lost')).toBe(0);
  });

  it('rejects selections out of range, bad place terms and an undecided finishing order', () => {
    const labels = ['A', 'B', 'C'];
    expect(() => settleOutright({ labels, selection: 3, finishing: ['A'] })).toThrow(RangeError);
    expect(() => settleOutright({ labels, selection: 0, finishing: ['A'], places: 0 })).toThrow(RangeError);
    expect(() => settleOutright({ labels, selection: 0, finishing: [] })).toThrow(/finishing order/);
    expect(() => settleOutright({ labels, selection: 0, finishing: ['A'], places: 2 })).toThrow(
      /finishing order/,
    );
  });
});
