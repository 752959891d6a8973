/**
 * What the slip tests share (BetSlip.test, BetSlip.stake.test, BetSlipParlay.test, BetSlip.live.test,
 * betSlipMachine.test): a
 * handicap pick, a member, and the real slip machine rendered in a language with its calls swapped
 * by `provide` (quotes echo the picks with the given limits; a placement is recorded and refused).
 * Test code only: nothing in the app imports it.
 */
import { render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { EMPTY, map, type Observable } from 'rxjs';
import { expect } from 'vitest';
import { createActor, fromEventObservable, fromPromise } from 'xstate';
import { createI18n, switchLanguage } from '../../shared/i18n/index.ts';
import { BetSlip } from './BetSlip.tsx';
import type { CheckedPick } from './betApi.ts';
import { betSlipMachine } from './betSlipMachine.ts';
import type { BetView, Limits, LiveQuote, Selection, SlipAccount, SlipMode } from './types.ts';

/** The home side of match `matchId`'s handicap row at -0.25, decimal 1.90. */
export const hdpPick = (matchId = 1, extra: Partial<Selection> = {}): Selection => ({
  topic: 'odds/1/hdpou/today',
  oddsId: `${matchId}-HDP-0`,
  matchId,
  sportId: 1,
  leagueName: 'League',
  home: `Home ${matchId}`,
  away: `Away ${matchId}`,
  betType: 'HDP',
  selection: 0,
  line: -0.25,
  price: 1.9,
  label: `Home ${matchId} -0.25`,
  live: false,
  parlay: true,
  ...extra,
});

/** A placed single's view (the bet list's shape) in `status`: 10 MYR at 1.90 decimal. */
export const betView = (status: string, extra: Partial<BetView> = {}): BetView => ({
  bet_id: '100000001',
  ref_no: 'SB100000001',
  bet_type: 'HDP',
  kind: 'single',
  status,
  reject_reason: null,
  stake: 10,
  risk: 10,
  to_win: 9,
  payout: 19,
  odds: 1.9,
  odds_type: 4,
  currency: 'MYR',
  transaction_time: 0,
  settled_time: null,
  settled_amount: 0,
  win_lose: 0,
  valid_turnover: 0,
  commission: 0,
  cashout_value: null,
  combination: null,
  legs: [],
  ...extra,
});

/** A member in `currency` with one bet limit (major units, as player_bet_limit has it). */
export const slipAccount = (
  currency: string,
  limit: { sport_type: number; bet_type: string; min_bet: number; max_bet: number; max_payout: number },
): SlipAccount => ({
  auth: { account_id: 'demo01', session_token: 'tok' },
  currency,
  oddsFormat: 'DEC',
  myanmar: false,
  betLimits: [limit],
});

export interface RenderSlipOptions {
  account: SlipAccount;
  /** The quote's limits (minor units). */
  limits: Limits;
  language?: 'en' | 'th';
  /** Picks selected before rendering; the render waits for the slip to be ready when there are any. */
  picks?: readonly Selection[];
  mode?: SlipMode;
  /** The placement's reply (default: refused, not expected). */
  place?: () => Promise<BetView>;
  /** A waiting bet's decision (default: never comes). */
  decision?: () => Promise<BetView>;
  /** The stream's quotes of the picks (default: none). */
  quotes?: Observable<LiveQuote>;
  /** The confirm step's delay (default the machine's). */
  confirmDelayMs?: number;
}

export async function renderSlip(options: RenderSlipOptions) {
  const placed: unknown[] = [];
  const machine = betSlipMachine.provide({
    actors: {
      betCheck: fromPromise(
        async ({
          input,
        }: {
          input: { account: SlipAccount; selections: Selection[] };
        }): Promise<CheckedPick[]> =>
          input.selections.map((s) => ({
            oddsId: s.oddsId,
            price: s.price,
            line: s.line,
            limits: options.limits,
          })),
      ),
      placeBet: fromPromise(async ({ input }): Promise<BetView> => {
        placed.push(input);
        if (options.place) return options.place();
        throw new Error('not expected');
      }),
      betDecision: fromPromise(
        (): Promise<BetView> => (options.decision ? options.decision() : new Promise<BetView>(() => {})),
      ),
      oddsWatch: fromEventObservable(() =>
        options.quotes
          ? options.quotes.pipe(map((quote) => ({ type: 'odds.update' as const, quote })))
          : (EMPTY as Observable<{ type: 'odds.update'; quote: LiveQuote }>),
      ),
    },
  });
  const slip = createActor(machine, {
    input: {
      account: options.account,
      ...(options.confirmDelayMs === undefined ? {} : { confirmDelayMs: options.confirmDelayMs }),
    },
  }).start();
  if (options.mode) slip.send({ type: 'bet.mode.change', mode: options.mode });
  for (const selection of options.picks ?? []) slip.send({ type: 'bet.select', selection });
  const i18n = createI18n('en');
  await switchLanguage(i18n, options.language ?? 'en');
  const view = render(
    <I18nextProvider i18n={i18n}>
      <BetSlip slip={slip} />
    </I18nextProvider>,
  );
  if ((options.picks ?? []).length > 0)
    await waitFor(() => expect(view.container.querySelector('[data-state="open.ready"]')).not.toBeNull());
  return { root: view.container, placed, slip, i18n };
}
