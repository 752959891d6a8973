// @vitest-environment jsdom
/**
 * What the slip says to a screen reader (announce.ts) in its polite live region,
 * over the real slip machine (calls swapped, slipFixture.tsx): a moved price of a pick, and a
 * placement's outcome: accepted with its reference, waiting then decided, rejected with its reason,
 * in the player's language.
 */
import { uiActionFor } from '@sportsbook/protocol';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueText } from '../../shared/i18n/index.ts';
import { betView, hdpPick, renderSlip, slipAccount } from './slipFixture.tsx';
import type { BetView, LiveQuote } from './types.ts';

afterEach(cleanup);

const account = slipAccount('MYR', {
  sport_type: 1,
  bet_type: 'all',
  min_bet: 5,
  max_bet: 5000,
  max_payout: 50000,
});
const limits = { minBet: 500, maxBet: 500_000, maxPayout: 5_000_000 };

const bet = betView;

const live = (root: HTMLElement) => root.querySelector('[data-slip-live]') as HTMLElement;

/** Types a stake, places and confirms through the panel's own buttons. */
async function place(root: HTMLElement) {
  fireEvent.change(root.querySelector('input[name="stake"]') as Element, { target: { value: '10' } });
  fireEvent.click(root.querySelector('[data-action="submit"]') as Element);
  await waitFor(() => expect(root.querySelector('[data-action="confirm"][data-armed]')).not.toBeNull());
  fireEvent.click(root.querySelector('[data-action="confirm"]') as Element);
}

describe('slip live region', () => {
  it('is a polite status region, there (and silent) before anything happens', async () => {
    const { root, slip } = await renderSlip({ account, limits, picks: [hdpPick()] });
    const region = live(root);
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).not.toBe('assertive');
    expect(region.textContent).toBe('');
    slip.stop();
  });

  it('says a moved price of a pick on the slip', async () => {
    const quotes = new Subject<LiveQuote>();
    const { root, slip } = await renderSlip({ account, limits, picks: [hdpPick()], quotes });
    const quote = (price: number): LiveQuote => ({
      oddsId: '1-HDP-0',
      suspended: false,
      stale: false,
      price,
      line: -0.25,
    });
    act(() => quotes.next(quote(1.9)));
    expect(live(root).textContent).toBe('');
    act(() => quotes.next(quote(2.05)));
    await waitFor(() =>
      expect(live(root).textContent).toBe('Price changed: Home 1 v Away 1: Home 1 -0.25 now at 2.05.'),
    );
    slip.stop();
  });

  it('says an accepted bet with its reference, and gives the focus to Keep selections', async () => {
    const { root, slip } = await renderSlip({
      account,
      limits,
      picks: [hdpPick()],
      confirmDelayMs: 0,
      place: async () => bet('accepted', { ref_no: 'SB777' }),
    });
    await place(root);
    await waitFor(() => expect(live(root).textContent).toBe('Bet accepted (SB777)'));
    // Confirm is gone: the focus is not dropped on the page but on the outcome's Keep selections.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep selections'));
    slip.stop();
  });

  it('says a waiting bet, then its decision', async () => {
    let decide: (b: BetView) => void = () => {};
    const { root, slip } = await renderSlip({
      account,
      limits,
      picks: [hdpPick(1, { live: true })],
      confirmDelayMs: 0,
      place: async () => bet('waiting', { ref_no: 'SB778' }),
      decision: () =>
        new Promise<BetView>((resolve) => {
          decide = resolve;
        }),
    });
    await place(root);
    await waitFor(() => expect(live(root).textContent).toBe('Waiting for acceptance…'));
    act(() => decide(bet('accepted', { ref_no: 'SB778' })));
    await waitFor(() => expect(live(root).textContent).toBe('Bet accepted (SB778)'));
    slip.stop();
  });

  it("says a rejected bet with its reason, in the player's language", async () => {
    for (const language of ['en', 'th'] as const) {
      const { root, slip, i18n } = await renderSlip({
        account,
        language,
        limits,
        picks: [hdpPick()],
        confirmDelayMs: 0,
        place: async () => bet('rejected', { reject_reason: 'marketSuspended' }),
      });
      await place(root);
      const reason = catalogueText(
        i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string,
        uiActionFor('marketSuspended', { loggedIn: true }),
      );
      expect(reason.length).toBeGreaterThan(0);
      const expected = i18n.t('slip.live.rejected', { ns: 'book', reason });
      await waitFor(() => expect(live(root).textContent).toBe(expected));
      if (language === 'en') expect(expected).toBe(`Bet rejected: ${reason}`);
      else expect(expected).not.toContain('Bet rejected');
      slip.stop();
      cleanup();
    }
  });
});
