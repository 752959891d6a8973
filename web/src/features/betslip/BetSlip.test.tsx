// @vitest-environment jsdom
/**
 * The bet slip panel over a real slip machine (its calls swapped with `provide`, as in
 * betSlipMachine.test.ts): a stake with more decimals than the currency has is refused with a
 * message in the player's language, and no bet is placed.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hdpPick, renderSlip, slipAccount } from './slipFixture.tsx';

afterEach(cleanup);

const account = slipAccount('MYR', {
  sport_type: 1,
  bet_type: 'all',
  min_bet: 5,
  max_bet: 5000,
  max_payout: 50000,
});

const renderIn = (language: 'en' | 'th') =>
  renderSlip({
    account,
    language,
    picks: [hdpPick()],
    limits: { minBet: 500, maxBet: 500_000, maxPayout: 5_000_000 },
  });

describe('BetSlip', () => {
  it('says a stake has too many decimals as it is typed, and does not place it', async () => {
    const { root, placed, slip } = await renderIn('en');
    const input = root.querySelector('input[name="stake"]') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '10.005' } });
    expect(screen.getByText('A MYR stake can have at most 2 decimal places.').dataset.code).toBe(
      'tooManyDecimals',
    );
    // Not rounded: the field keeps what was typed and placing is refused.
    expect(input.value).toBe('10.005');
    fireEvent.click(root.querySelector('[data-action="submit"]') as Element);
    expect(slip.getSnapshot().matches({ open: 'ready' })).toBe(true);
    expect(placed).toHaveLength(0);
    fireEvent.change(input, { target: { value: '10.05' } });
    expect(root.querySelector('[data-code="tooManyDecimals"]')).toBeNull();
    slip.stop();
  });

  it("says it in the player's language", async () => {
    const { root, slip, i18n } = await renderIn('th');
    fireEvent.change(root.querySelector('input[name="stake"]') as Element, { target: { value: '1.234' } });
    const message = root.querySelector('[data-code="tooManyDecimals"]')?.textContent ?? '';
    expect(message).toBe(i18n.t('slip.stakeDecimals', { ns: 'book', currency: 'MYR', digits: 2 }));
    expect(message).not.toContain('decimal places');
    slip.stop();
  });
});
