// @vitest-environment jsdom
/**
 * The bet slip panel's parlay texts over a real slip machine (its calls swapped with
 * `provide`, as in betSlipMachine.test.ts): a pick replaced by another of its match is said in a
 * polite live region; more picks than a parlay takes are refused in words, never "0 tickets".
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hdpPick, renderSlip, slipAccount } from './slipFixture.tsx';

afterEach(cleanup);

const account = slipAccount('MYR', {
  sport_type: 0,
  bet_type: 'parlay',
  min_bet: 5,
  max_bet: 1000,
  max_payout: 50000,
});
const pick = hdpPick;

const renderParlay = (mode: 'parlay' | 'system') =>
  renderSlip({ account, mode, limits: { minBet: 500, maxBet: 100_000, maxPayout: 5_000_000 } });

describe('BetSlip parlay texts', () => {
  it('says in a polite live region which pick a second pick of the same match replaced', async () => {
    const { root, slip } = await renderParlay('parlay');
    const region = root.querySelector('.slip-notice[role="status"]');
    expect(region?.textContent).toBe('');
    slip.send({ type: 'bet.select', selection: pick(1) });
    slip.send({ type: 'bet.select', selection: pick(2) });
    slip.send({ type: 'bet.select', selection: pick(1, { oddsId: '1-HDP-1', selection: 1 }) });
    await waitFor(() => expect(region?.textContent).toMatch(/^Only one pick per match in a parlay: /));
    expect(region?.textContent).toContain('Home 1 v Away 1');
    // The same element is the live region before and after (announced, not re-mounted).
    expect(root.querySelector('.slip-notice')).toBe(region);
    slip.stop();
  });

  it('tooManyPicksSaid: a 13-pick system parlay is refused in words, with no "0 tickets" and Place bet off', async () => {
    const { root, slip } = await renderParlay('system');
    for (let i = 1; i <= 13; i++) slip.send({ type: 'bet.select', selection: pick(i) });
    await waitFor(() => expect(root.querySelector('[data-state="open.ready"]')).not.toBeNull());
    expect(screen.getByText('A parlay takes at most 12 picks. Remove some to place it.')).toBeTruthy();
    expect(root.querySelector('[data-tickets]')).toBeNull();
    expect(root.textContent).not.toContain('0 tickets');
    expect((root.querySelector('[data-action="submit"]') as HTMLButtonElement).disabled).toBe(true);
    slip.send({ type: 'bet.remove', oddsId: '13-HDP-0' });
    await waitFor(() => expect(root.querySelector('[data-tickets]')?.textContent).toBe('1 tickets'));
    expect(root.querySelector('[data-code="maxParlayTicket"]')).toBeNull();
    slip.stop();
  });
});
