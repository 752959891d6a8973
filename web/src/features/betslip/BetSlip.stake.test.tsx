/**
 * The slip's stake messages (issue 33 item 7) over a real slip machine (its calls swapped with
 * `provide`, as in BetSlip.test.tsx): text that is not a number says so (never "less than the min
 * stake"), a grouping or full-width digits are read, the min and max show before the player types,
 * and a stake under the minimum names the minimum in the member's currency.
 */
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
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

/** An MMK member: min 2,500, max 100,000 (player_bet_limit, major units). */
const account: SlipAccount = {
  auth: { account_id: 'demo01', session_token: 'tok' },
  currency: 'MMK',
  oddsFormat: 'DEC',
  myanmar: false,
  betLimits: [{ sport_type: 1, bet_type: 'all', min_bet: 2500, max_bet: 100_000, max_payout: 1_000_000 }],
};

async function renderSlip(language: 'en' | 'th' = 'en') {
  const placed: unknown[] = [];
  const machine = betSlipMachine.provide({
    actors: {
      betCheck: fromPromise(
        async (): Promise<CheckedPick[]> => [
          {
            oddsId: selection.oddsId,
            price: 1.9,
            line: -0.25,
            limits: { minBet: 250_000, maxBet: 10_000_000, maxPayout: 100_000_000 },
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
  const root = view.container;
  const input = root.querySelector('input[name="stake"]') as HTMLInputElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const submit = () => fireEvent.click(root.querySelector('[data-action="submit"]') as Element);
  const note = () => root.querySelector('#slip-stake-note');
  return { root, input, type, submit, note, placed, slip, i18n };
}

describe('BetSlip stake messages', () => {
  it('shows the min and max stake in the currency before the player types', async () => {
    const { root, input, slip } = await renderSlip();
    expect(input.value).toBe('');
    expect(root.querySelector('[data-limits]')?.textContent).toBe('Min MMK 2,500.00 · Max MMK 100,000.00');
    expect(input.getAttribute('aria-describedby')).toContain('slip-limits');
    slip.stop();
  });

  it.each(['abc', '1e3', '0x10', ' 1 0 0 ', '-5', '1,00'])(
    'says %j is not a number as it is typed, and on Place bet, never "less than the min stake"',
    async (text) => {
      const { root, type, submit, note, placed, slip } = await renderSlip();
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
    const { root, type, submit, note, slip } = await renderSlip();
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
    const { type, submit, note, slip } = await renderSlip();
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
    const { type, submit, note, slip, i18n } = await renderSlip('th');
    type('100');
    submit();
    expect(note()?.textContent).toBe(
      i18n.t('slip.stakeBelowMin', { ns: 'book', currency: 'MMK', min: '2,500.00' }),
    );
    expect(note()?.textContent).not.toContain('minimum');
    slip.stop();
  });
});
