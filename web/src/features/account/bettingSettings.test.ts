/**
 * The stake settings: an amount is typed like a stake (protocol stakeInput.ts)
 * and kept in major units; a betting change reaches a running slip as the fields that changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bettingChanges } from '../betslip/useSlipActor.ts';
import { settingsAmount } from './BettingSettings.tsx';
import { defaultLayout } from './layout.ts';

const bounds = { min: 500, max: 500_000 };

describe('settingsAmount', () => {
  it('reads an amount like a stake: empty is none, never rounded, within the limits', () => {
    expect(settingsAmount('', 'MYR', bounds)).toEqual({ ok: true, major: 0 });
    expect(settingsAmount('12.50', 'MYR', bounds)).toEqual({ ok: true, major: 12.5 });
    expect(settingsAmount('1,000', 'MYR', bounds)).toEqual({ ok: true, major: 1000 });
    expect(settingsAmount('１２', 'MYR', bounds)).toEqual({ ok: true, major: 12 });
    expect(settingsAmount('12.345', 'MYR', bounds)).toMatchObject({
      ok: false,
      error: { key: 'slip.stakeDecimals', params: { currency: 'MYR', digits: 2 } },
    });
    expect(settingsAmount('abc', 'MYR', bounds)).toMatchObject({
      ok: false,
      error: { key: 'slip.stakeNotANumber' },
    });
    expect(settingsAmount('-5', 'MYR', bounds)).toMatchObject({
      ok: false,
      error: { key: 'slip.stakeNotANumber' },
    });
    expect(settingsAmount('4.99', 'MYR', bounds)).toMatchObject({
      ok: false,
      error: { key: 'slip.stakeBelowMin', params: { min: '5.00' } },
    });
    expect(settingsAmount('5000.01', 'MYR', bounds)).toMatchObject({
      ok: false,
      error: { key: 'slip.stakeAboveMax', params: { max: '5,000.00' } },
    });
    expect(settingsAmount('7000', 'MYR', null)).toEqual({ ok: true, major: 7000 });
  });

  it('keeps every amount of whole minor units exactly (major units, as usersettings carries them)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 500, max: 500_000 }), (minor) => {
        const text = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
        const read = settingsAmount(text, 'MYR', bounds);
        expect(read.ok && Math.round(read.major * 100)).toBe(minor);
      }),
    );
  });
});

describe('bettingChanges', () => {
  it('names only the fields that changed, or null', () => {
    const before = defaultLayout().betting;
    expect(bettingChanges(before, { ...before })).toBeNull();
    expect(bettingChanges(before, { ...before, quickBet: true, quickBetAmount: 20 })).toEqual({
      quickBet: true,
      quickBetAmount: 20,
    });
  });
});
