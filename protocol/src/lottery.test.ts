import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DefaultPrizePerUnit,
  digitPermutations,
  LotteryBetType,
  lotteryCost,
  lotteryStake,
  permutationCount,
  WinningNumbersPerDraw,
} from './lottery.ts';

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
