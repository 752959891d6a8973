/**
 * The bet slip panel over a real slip machine (its calls swapped with `provide`, as in
 * betSlipMachine.test.ts): a stake with more decimals than the currency has is refused with a
 * message in the player's language, and no bet is placed.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { EMPTY, type Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise } from 'xstate';
import { createI18n, switchLanguage } from '../../shared/i18n/index.ts';
import { BetSlip } from './BetSlip.tsx';
import type { CheckedPick } from './betApi.ts';
import { betSlipMachine } from './betSlipMachine.ts';
import type { BetView, LiveQuote, Selection, SlipAccount } from './types.ts';

afterEach(cleanup);

const account: SlipAccount = {
  auth: { account_id: 'demo01', session_token: 'tok' },
  currency: 'MYR',
  oddsFormat: 'DEC',
  myanmar: false,
  betLimits: [{ sport_type: 1, bet_type: 'all', min_bet: 5, max_bet: 5000, max_payout: 50000 }],
};

const selection: Selection = {
  topic: 'odds/1/hdpou/today',
  oddsId: '1-HDP-0',
  matchId: 1,
  sportId: 1,
  leagueName: 'League',
  home: 'Home',
  away: 'Away',
  betType: 'HDP',
  selection: 0,
  line: -0.25,
  price: 1.9,
  label: 'Home -0.25',
  live: false,
  parlay: true,
};

async function renderSlip(language: 'en' | 'th') {
  const placed: unknown[] = [];
  const machine = betSlipMachine.provide({
    actors: {
      betCheck: fromPromise(
        async (): Promise<CheckedPick[]> => [
          {
            oddsId: selection.oddsId,
            price: 1.9,
            line: -0.25,
            limits: { minBet: 500, maxBet: 500_000, maxPayout: 5_000_000 },
          },
        ],
      ),
      placeBet: fromPromise(async ({ input }): Promise<BetView> => {
        placed.push(input);
        throw new Error('not expected');
      }),
      oddsWatch: fromEventObservable(() => EMPTY as Observable<{ type: 'odds.update'; quote: LiveQuote }>),
    },
  });
  const slip = createActor(machine, { input: { account } }).start();
  slip.send({ type: 'bet.select', selection });
  const i18n = createI18n('en');
  await switchLanguage(i18n, language);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <BetSlip slip={slip} />
    </I18nextProvider>,
  );
  await waitFor(() => expect(view.container.querySelector('[data-state="open.ready"]')).not.toBeNull());
  return { root: view.container, placed, slip, i18n };
}

describe('BetSlip', () => {
  it('says a stake has too many decimals as it is typed, and does not place it', async () => {
    const { root, placed, slip } = await renderSlip('en');
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
    const { root, slip, i18n } = await renderSlip('th');
    fireEvent.change(root.querySelector('input[name="stake"]') as Element, { target: { value: '1.234' } });
    const message = root.querySelector('[data-code="tooManyDecimals"]')?.textContent ?? '';
    expect(message).toBe(i18n.t('slip.stakeDecimals', { ns: 'book', currency: 'MYR', digits: 2 }));
    expect(message).not.toContain('decimal places');
    slip.stop();
  });
});
