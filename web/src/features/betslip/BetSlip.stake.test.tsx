// @vitest-environment jsdom
/**
 * The slip's stake messages over a real slip machine (its calls swapped with
 * `provide`, as in BetSlip.test.tsx): text that is not a number says so (never "less than the min
 * stake"), a grouping or full-width digits are read, the min and max show before the player types,
 * and a stake under the minimum names the minimum in the member's currency.
 */
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hdpPick, renderSlip, slipAccount } from './slipFixture.tsx';

afterEach(cleanup);

/** An MMK member: min 2,500, max 100,000 (player_bet_limit, major units). */
const account = slipAccount('MMK', {
  sport_type: 1,
  bet_type: 'all',
  min_bet: 2500,
  max_bet: 100_000,
  max_payout: 1_000_000,
});

async function renderStake(language: 'en' | 'th' = 'en') {
  const { root, placed, slip, i18n } = await renderSlip({
    account,
    language,
    picks: [hdpPick()],
    limits: { minBet: 250_000, maxBet: 10_000_000, maxPayout: 100_000_000 },
  });
  const input = root.querySelector('input[name="stake"]') as HTMLInputElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const submit = () => fireEvent.click(root.querySelector('[data-action="submit"]') as Element);
  const note = () => root.querySelector('#slip-stake-note');
  return { root, input, type, submit, note, placed, slip, i18n };
}

describe('BetSlip stake messages', () => {
  it('shows the min and max stake in the currency before the player types', async () => {
    const { root, input, slip } = await renderStake();
    expect(input.value).toBe('');
    expect(root.querySelector('[data-limits]')?.textContent).toBe('Min MMK 2,500.00 · Max MMK 100,000.00');
    expect(input.getAttribute('aria-describedby')).toContain('slip-limits');
    slip.stop();
  });

  it.each(['abc', '1e3', '0x10', ' 1 0 0 ', '-5', '1,00'])(
    'says %j is not a number as it is typed, and on Place bet, never "less than the min stake"',
    async (text) => {
      const { root, type, submit, note, placed, slip } = await renderStake();
      type(text);
      expect(note()?.getAttribute('data-code')).toBe('notANumber');
      expect(note()?.textContent).toBe('Enter the stake in digits, like 100 or 25.50.');
      submit();
      expect(slip.getSnapshot().context.error).toBe('notANumber');
      expect(root.textContent).not.toContain('less than the min');
      expect(placed).toHaveLength(0);
      slip.stop();
    },
  );

  it('reads "10,000" and full-width digits as the amount', async () => {
    const { root, type, submit, note, slip } = await renderStake();
    type('10,000');
    expect(note()).toBeNull();
    expect(root.querySelector('[data-risk]')?.textContent).toBe('10,000.00');
    type('１００００');
    expect(note()).toBeNull();
    expect(root.querySelector('[data-risk]')?.textContent).toBe('10,000.00');
    submit();
    await waitFor(() => expect(slip.getSnapshot().matches({ open: 'confirming' })).toBe(true));
    slip.stop();
  });

  it('a stake under the minimum names the minimum; over the maximum names the maximum', async () => {
    const { type, submit, note, slip } = await renderStake();
    type('100');
    expect(note()).toBeNull();
    submit();
    expect(note()?.getAttribute('data-code')).toBe('betLowerMin');
    expect(note()?.textContent).toBe('The minimum stake is MMK 2,500.00.');
    type('200000');
    submit();
    expect(note()?.getAttribute('data-code')).toBe('betOverMax');
    expect(note()?.textContent).toBe('The maximum stake is MMK 100,000.00.');
    type('');
    submit();
    expect(note()?.textContent).toBe('Enter a stake.');
    slip.stop();
  });

  it("says it in the player's language", async () => {
    const { type, submit, note, slip, i18n } = await renderStake('th');
    type('100');
    submit();
    expect(note()?.textContent).toBe(
      i18n.t('slip.stakeBelowMin', { ns: 'book', currency: 'MMK', min: '2,500.00' }),
    );
    expect(note()?.textContent).not.toContain('minimum');
    slip.stop();
  });
});
