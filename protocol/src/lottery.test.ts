import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coveredNumbers,
  DefaultPayoutTable,
  DefaultPrizePerUnit,
  digitPermutations,
  drawWinningNumbers,
  LotteryBetType,
  type LotteryBetTypeCode,
  type LotteryDrawNumbers,
  lotteryCost,
  lotteryRowCost,
  lotteryRowPayout,
  lotteryStake,
  PrizeRanks,
  permutationCount,
  rankedNumbers,
  WinningNumbersPerDraw,
} from './lottery.ts';
import { Fraction, roundMinor } from './money.ts';

const fourDigits = fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0'));

describe('4D permutations', () => {
  it('24 all distinct, 12 one pair, 6 two pairs, 4 three alike, 1 four alike', () => {
    expect(permutationCount('1234')).toBe(24);
    expect(permutationCount('1123')).toBe(12);
    expect(permutationCount('1122')).toBe(6);
    expect(permutationCount('1112')).toBe(4);
    expect(permutationCount('7777')).toBe(1);
    expect(permutationCount('0012')).toBe(12);
  });

  it('lists the distinct orderings, ascending', () => {
    expect(digitPermutations('1112')).toEqual(['1112', '1121', '1211', '2111']);
    expect(digitPermutations('12')).toEqual(['12', '21']);
  });

  it('rejects anything but 4 digits', () => {
    for (const bad of ['123', '12345', '12a4', '', '1 34'])
      expect(() => permutationCount(bad)).toThrow(RangeError);
    expect(() => digitPermutations('12345')).toThrow(RangeError);
  });

  it('the count is 4! over the product of the repeat factorials, and each ordering is a permutation', () => {
    const factorial = (k: number): number => (k <= 1 ? 1 : k * factorial(k - 1));
    fc.assert(
      fc.property(fourDigits, (number) => {
        const repeats = new Map<string, number>();
        for (const digit of number) repeats.set(digit, (repeats.get(digit) ?? 0) + 1);
        const expected = 24 / [...repeats.values()].reduce((acc, k) => acc * factorial(k), 1);
        expect(permutationCount(number)).toBe(expected);
        for (const ordering of digitPermutations(number))
          expect([...ordering].sort().join('')).toBe([...number].sort().join(''));
      }),
      { numRuns: 300 },
    );
  });
});

describe('4D bet types D_1..D_6', () => {
  it('codes: straight D_1, permutation D_2, box D_3, iBox D_4, last-3 box D_5, last-2 box D_6', () => {
    expect(LotteryBetType).toEqual({
      straight: 'D_1',
      permutation: 'D_2',
      box: 'D_3',
      iBox: 'D_4',
      last3Box: 'D_5',
      last2Box: 'D_6',
    });
  });

  it('costs per unit on 1123 (12 orderings)', () => {
    expect(lotteryCost('D_1', '1123')).toEqual({ tickets: 1, units: 1, prizeDivisor: 1, covers: 1 });
    expect(lotteryCost('D_2', '1123')).toEqual({ tickets: 12, units: 12, prizeDivisor: 1, covers: 12 });
    expect(lotteryCost('D_3', '1123')).toEqual({ tickets: 1, units: 12, prizeDivisor: 1, covers: 12 });
    expect(lotteryCost('D_4', '1123')).toEqual({ tickets: 1, units: 1, prizeDivisor: 12, covers: 12 });
    expect(lotteryCost('D_5', '1123')).toEqual({ tickets: 1, units: 6, prizeDivisor: 1, covers: 6 });
    expect(lotteryCost('D_6', '1123')).toEqual({ tickets: 1, units: 2, prizeDivisor: 1, covers: 2 });
    expect(lotteryCost('D_6', '1133')).toMatchObject({ units: 1 });
  });

  it('stake = units x unit stake', () => {
    expect(lotteryStake('D_3', '1234', 100)).toBe(2400);
    expect(lotteryStake('D_4', '1234', 100)).toBe(100);
    expect(() => lotteryStake('D_1', '1234', -1)).toThrow(RangeError);
    expect(() => lotteryCost('D_9' as never, '1234')).toThrow(RangeError);
    expect(() => lotteryCost('D_1', '123')).toThrow(RangeError);
  });

  it('23 winning numbers; Malaysian default prizes per unit', () => {
    expect(Object.values(WinningNumbersPerDraw).reduce((a, b) => a + b, 0)).toBe(23);
    expect(DefaultPrizePerUnit.big).toEqual({
      first: 2500,
      second: 1000,
      third: 500,
      starter: 180,
      consolation: 60,
    });
    expect(DefaultPrizePerUnit.small).toEqual({ first: 3500, second: 2000, third: 1000 });
  });
});

const betTypes = Object.values(LotteryBetType) as LotteryBetTypeCode[];
const unitStake = fc.integer({ min: 0, max: 100_000 });

/** A draw whose first prize is `first` and whose other 22 numbers share no digit with `avoid`. */
function drawWith(first: string, avoid: string): LotteryDrawNumbers {
  const free = [...'0123456789'].filter((d) => !avoid.includes(d));
  let n = 0;
  const next = () => {
    n += 1;
    const digits = String(n).padStart(4, '0');
    return [...digits].map((d) => free[Number(d) % free.length]).join('');
  };
  const others = new Set<string>();
  while (others.size < 22) {
    const number = next();
    if (number !== first) others.add(number);
  }
  const [second = '', third = '', ...rest] = [...others];
  return { first, second, third, starter: rest.slice(0, 10), consolation: rest.slice(10, 20) };
}

describe('4D rows: cost and payout', () => {
  it('1123: box costs 12 units, iBox 1, each of Big and Small', () => {
    expect(lotteryRowCost({ number: '1123', betType: 'D_3', big: 100, small: 0 })).toMatchObject({
      permutations: 12,
      units: 12,
      cost: 1200,
    });
    expect(lotteryRowCost({ number: '1123', betType: 'D_4', big: 100, small: 100 })).toMatchObject({
      permutations: 12,
      prizeDivisor: 12,
      cost: 200,
    });
    expect(() => lotteryRowCost({ number: '1123', betType: 'D_1', big: -1, small: 0 })).toThrow(RangeError);
  });

  it('box cost = permutations x unit (property)', () => {
    fc.assert(
      fc.property(fourDigits, unitStake, unitStake, (number, big, small) => {
        const row = lotteryRowCost({ number, betType: 'D_3', big, small });
        expect(row.cost).toBe(permutationCount(number) * (big + small));
        expect(row.permutations).toBe(permutationCount(number));
      }),
      { numRuns: 300 },
    );
  });

  it('straight Big pays the table on every rank, Small on the top 3 only', () => {
    const draw = drawWith('1234', '1234');
    const straight = { number: '1234', betType: 'D_1', big: 100, small: 100 } as const;
    expect(lotteryRowPayout(straight, draw).payout).toBe(2500 * 100 + 3500 * 100);
    const asStarter = { ...draw, first: '5555', starter: ['1234', ...draw.starter.slice(1)] };
    const wins = lotteryRowPayout(straight, asStarter);
    expect(wins.wins).toEqual([{ rank: 'starter', number: '1234', size: 'big', amount: 180 * 100 }]);
    expect(lotteryRowPayout({ ...straight, number: '4321' }, draw).payout).toBe(0);
  });

  it('iBox prize = prize / permutations, rounded half-up once (property)', () => {
    fc.assert(
      fc.property(fourDigits, unitStake, unitStake, fc.nat(), (number, big, small, pick) => {
        const orderings = digitPermutations(number);
        const winner = orderings[pick % orderings.length] ?? number;
        const draw = drawWith(winner, number);
        const row = { number, betType: 'D_4', big, small } as const;
        const perms = permutationCount(number);
        const expected =
          roundMinor(new Fraction(2500 * big, perms)) + roundMinor(new Fraction(3500 * small, perms));
        expect(lotteryRowPayout(row, draw).payout).toBe(expected);
        // The box on the same number pays the undivided prize.
        expect(lotteryRowPayout({ ...row, betType: 'D_3' }, draw).payout).toBe(2500 * big + 3500 * small);
      }),
      { numRuns: 300 },
    );
  });

  it('last-3 and last-2 boxes win on the endings, with their own table', () => {
    const draw = drawWith('9231', '1239');
    expect(coveredNumbers('D_5', '5123')).toEqual(['123', '132', '213', '231', '312', '321']);
    const last3 = lotteryRowPayout({ number: '5123', betType: 'D_5', big: 100, small: 0 }, draw);
    expect(last3.wins).toEqual([
      { rank: 'first', number: '9231', size: 'big', amount: DefaultPayoutTable.last3.big.first * 100 },
    ]);
    const last2 = lotteryRowPayout({ number: '0013', betType: 'D_6', big: 0, small: 100 }, draw);
    expect(last2.payout).toBe((DefaultPayoutTable.last2.small.first ?? 0) * 100);
  });

  it('a payout is the sum of its wins and never negative (property)', () => {
    const draws = fc
      .uniqueArray(fourDigits, { minLength: 23, maxLength: 23 })
      .map(([first = '', second = '', third = '', ...rest]) => ({
        first,
        second,
        third,
        starter: rest.slice(0, 10),
        consolation: rest.slice(10),
      }));
    fc.assert(
      fc.property(
        fourDigits,
        fc.constantFrom(...betTypes),
        unitStake,
        unitStake,
        draws,
        (number, betType, big, small, draw) => {
          const { payout, wins } = lotteryRowPayout({ number, betType, big, small }, draw);
          expect(payout).toBe(wins.reduce((sum, w) => sum + w.amount, 0));
          for (const win of wins) {
            expect(win.amount).toBeGreaterThanOrEqual(0);
            expect(Number.isSafeInteger(win.amount)).toBe(true);
            if (win.size === 'small') expect(['first', 'second', 'third']).toContain(win.rank);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a draw is 23 distinct 4-digit numbers, the same for the same source', () => {
    const source = (seed: number) => {
      let s = seed;
      return () => {
        s = (s * 9301 + 49297) % 233280;
        return s / 233280;
      };
    };
    const a = drawWinningNumbers(source(7));
    expect(drawWinningNumbers(source(7))).toEqual(a);
    const numbers = rankedNumbers(a).map((r) => r.number);
    expect(new Set(numbers).size).toBe(23);
    for (const n of numbers) expect(n).toMatch(/^\d{4}$/);
    expect(rankedNumbers(a).map((r) => r.rank)).toEqual([
      'first',
      'second',
      'third',
      ...Array(10).fill('starter'),
      ...Array(10).fill('consolation'),
    ]);
    expect(PrizeRanks).toHaveLength(5);
  });
});
