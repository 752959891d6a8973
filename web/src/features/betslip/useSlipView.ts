/**
 * What the bet slip panel shows, read as narrow slices of the slip actor: the state's name, the
 * context, the figures, the limits before the player types, the stake's own message, the
 * catalogue text of a refusal, too many picks for a parlay, and the live region's text.
 */
import { ParlayLimits, uiActionFor } from '@sportsbook/protocol';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { catalogueText } from '../../shared/i18n/index.ts';
import { parseStake } from '../../shared/money.ts';
import { useSlipAnnouncement } from './announce.ts';
import type { betSlipMachine } from './betSlipMachine.ts';
import { isMyanmarSelection, limitsFor, StakeInputProblem, slipFigures, stakeMessage } from './rules.ts';

export type SlipRef = ActorRefFrom<typeof betSlipMachine>;

/** The state's value as one name: `accepted`, `open.ready`, `open.confirming`... */
function nameOf(state: unknown): string {
  if (typeof state === 'string') return state;
  const open = (state as { open?: unknown }).open;
  return `open.${typeof open === 'string' ? open : Object.keys(open as object)[0]}`;
}

export function useSlipView(slip: SlipRef) {
  const { t } = useBook();
  const tAll = useTranslation().t;
  const stateName = useSelector(slip, (s) => nameOf(s.value));
  const ctx = useSelector(slip, (s) => s.context);
  // The confirm step takes Confirm only after its delay (betSlipMachine ConfirmDelayMs): the second
  // click of a double click on Place bet lands on a disabled button.
  const armed = useSelector(slip, (s) => s.matches({ open: { confirming: 'armed' } }));
  const currency = ctx.account.currency;
  const stake = parseStake(ctx.stake, currency) ?? 0;
  const figures = slipFigures(ctx.mode, ctx.selections, stake, ctx.account.oddsFormat, ctx.sizes);
  const n = ctx.selections.length;
  const locked = ctx.selections.some((s) => ctx.quotes[s.oddsId]?.suspended || ctx.quotes[s.oddsId]?.stale);
  // The limits in the member's currency, shown before the player types.
  const limits = limitsFor(ctx.account, ctx.mode, ctx.selections, ctx.checked);
  // Not a number or too many decimals said as it is typed (never rounded); a refused stake names
  // the limit it broke ("The minimum stake is MMK 2,500.").
  const stakeNote = stakeMessage(ctx.stake, currency, limits, ctx.error);
  const ownStakeProblem = (Object.values(StakeInputProblem) as string[]).includes(ctx.error ?? '');
  const errorText =
    ctx.error && ctx.error !== stakeNote?.code && !ownStakeProblem
      ? catalogueText(tAll, uiActionFor(ctx.error, { loggedIn: true }))
      : null;
  // More picks than a parlay takes (SPEC section 9: 12, Myanmar 10): said at once, with no tickets.
  const maxPicks = ctx.selections.some(isMyanmarSelection)
    ? ParlayLimits.maxMyanmarSelections
    : ParlayLimits.maxSelections;
  const tooMany = ctx.mode !== 'single' && n > maxPicks;
  // A screen reader hears a moved price of a pick and a placement's outcome (announce.ts).
  const liveText = useSlipAnnouncement(
    stateName,
    ctx.selections,
    ctx.bet,
    ctx.error,
    ctx.account.oddsFormat,
    t,
    tAll as (key: string, options?: Record<string, unknown>) => string,
  );
  return {
    tAll,
    ctx,
    stateName,
    armed,
    currency,
    figures,
    n,
    locked,
    limits,
    stakeNote,
    errorText,
    maxPicks,
    tooMany,
    liveText,
  };
}

export type SlipView = ReturnType<typeof useSlipView>;
