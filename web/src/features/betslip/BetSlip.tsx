/**
 * The bet slip panel: picks, mode, stake, figures, and the flow's buttons. Reads narrow slices of the
 * slip actor. On a phone it is a bottom sheet: a bar with the pick count that opens on the
 * first pick, and quick-stake buttons; the flow (betSlipMachine) is the same.
 */

import { formatOdds, type OddsFormat, ParlayLimits, uiActionFor } from '@sportsbook/protocol';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { TabList } from '../../shared/components/TabList.tsx';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { catalogueText } from '../../shared/i18n/index.ts';
import { formatMoney, parseStake } from '../../shared/money.ts';
import { useIsPhone } from '../../shared/phone.ts';
import { selectionText } from '../board/view.ts';
import { useSlipAnnouncement } from './announce.ts';
import type { betSlipMachine } from './betSlipMachine.ts';
import { ParlayTotals } from './ParlayTotals.tsx';
import {
  isMyanmarSelection,
  limitsFor,
  limitsText,
  StakeInputProblem,
  slipFigures,
  stakeMessage,
  systemSizesOffered,
  systemTickets,
} from './rules.ts';

type SlipRef = ActorRefFrom<typeof betSlipMachine>;

function price(p: number, format: OddsFormat): string {
  try {
    return formatOdds(p, format, { from: 'DEC' });
  } catch {
    return '';
  }
}

const newKey = () => crypto.randomUUID();

/** Quick stakes on a phone, in the currency's major units. */
export const QuickStakes = [10, 50, 100, 500] as const;

/** `viewOnly`: a suspended account (SPEC "suspend (view only)") may build a slip but not place it. */
export function BetSlip({ slip, viewOnly = false }: { slip: SlipRef; viewOnly?: boolean }) {
  const { t } = useBook();
  const tAll = useTranslation().t;
  const state = useSelector(slip, (s) => s.value);
  const ctx = useSelector(slip, (s) => s.context);
  const open = (state as { open?: unknown }).open;
  const stateName =
    typeof state === 'string'
      ? state
      : `open.${typeof open === 'string' ? open : Object.keys(open as object)[0]}`;
  // The confirm step takes Confirm only after its delay (betSlipMachine ConfirmDelayMs): the second
  // click of a double click on Place bet lands on a disabled button. Then Confirm takes the focus,
  // so a keyboard player confirms with Enter.
  const armed = useSelector(slip, (s) => s.matches({ open: { confirming: 'armed' } }));
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (armed) confirmRef.current?.focus();
  }, [armed]);
  // An outcome (and its Keep selections / Clear) is brought into view: on a phone the sheet scrolls,
  // and the outcome sits at its end, below the fold.
  const footerRef = useRef<HTMLElement>(null);
  const outcome = stateName === 'accepted' || stateName === 'rejected' || stateName === 'waiting';
  useEffect(() => {
    if (outcome) footerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);
  // The outcome replaces Confirm: a keyboard player's focus (on Confirm, now gone, or on the slip)
  // goes to Keep selections instead of being dropped on the page.
  const keepRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const decided = stateName === 'accepted' || stateName === 'rejected';
  useEffect(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || rootRef.current?.contains(active) === true;
    if (decided && lost) keepRef.current?.focus();
  }, [decided]);
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
  const phone = useIsPhone();
  const [sheet, setSheet] = useState(false);
  // The sheet opens on the first pick (and stays as the player left it for the next ones).
  const picks = useRef(n);
  useEffect(() => {
    if (picks.current === 0 && n > 0) setSheet(true);
    picks.current = n;
  }, [n]);
  const body = !phone || sheet;
  // More picks than a parlay takes (SPEC section 9: 12, Myanmar 10): said at once, with no tickets.
  const maxPicks = ctx.selections.some(isMyanmarSelection)
    ? ParlayLimits.maxMyanmarSelections
    : ParlayLimits.maxSelections;
  const tooMany = ctx.mode !== 'single' && n > maxPicks;
  const replaced = ctx.replaced;
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
  return (
    <aside
      ref={rootRef}
      className={`bet-slip${phone ? ' slip-sheet' : ''}`}
      data-state={stateName}
      data-sheet={phone ? (sheet ? 'open' : 'closed') : undefined}
      aria-label={t('slip.title')}
    >
      {/* Polite, always there (also while a phone's sheet is closed), so every change is said. */}
      <p className="visually-hidden" role="status" data-slip-live="">
        {liveText}
      </p>
      {phone ? (
        <button
          type="button"
          className="slip-toggle"
          aria-expanded={sheet}
          aria-controls="slip-body"
          title={sheet ? t('slip.hide') : undefined}
          onClick={() => setSheet((x) => !x)}
        >
          <span>{t('slip.title')}</span>
          <span className="badge" data-slip-count={n}>
            {n}
          </span>
          <span aria-hidden="true">{sheet ? '▾' : '▴'}</span>
        </button>
      ) : null}
      {body ? (
        <div className="slip-body" id="slip-body">
          <header>
            <h2>{t('slip.title')}</h2>
            <TabList
              className="slip-modes"
              attr="data-mode"
              tabs={['single', 'parlay', 'system'] as const}
              current={ctx.mode}
              onSelect={(mode) => slip.send({ type: 'bet.mode.change', mode })}
              label={(m) => t(`slip.mode.${m}`)}
            />
          </header>
          {n === 0 ? <p className="slip-empty">{t('slip.empty')}</p> : null}
          {/* Quick bet on (settings): a click on a price places this stake at once. */}
          {ctx.quickBet && ctx.quickBetAmount > 0 && ctx.mode === 'single' ? (
            <p className="slip-quick" data-quick-bet={ctx.quickBetAmount}>
              {t('slip.quickBetOn', {
                currency,
                amount: formatMoney(parseStake(String(ctx.quickBetAmount), currency) ?? 0, currency),
              })}
            </p>
          ) : null}
          <ul className="slip-picks">
            {ctx.selections.map((s) => (
              <li
                key={s.oddsId + s.selection}
                data-pick={s.oddsId}
                className={ctx.quotes[s.oddsId]?.suspended ? 'locked' : ''}
              >
                <div className="pick-match">
                  {s.home} v {s.away}
                </div>
                <div className="pick-label">
                  {/* Named from the pick's current line (protocol pick.ts); a Myanmar pick's text carries its body. */}
                  <span data-pick-text="">{selectionText(s, t)}</span>
                  {isMyanmarSelection(s) ? null : (
                    <>
                      {' '}
                      <b data-slip-price={s.price}>@ {price(s.price, ctx.account.oddsFormat)}</b>
                    </>
                  )}
                </div>
                <button
                  type="button"
                  aria-label={t('slip.remove')}
                  onClick={() => slip.send({ type: 'bet.remove', oddsId: s.oddsId })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {/* A polite live region, always there, so the replacement is announced when it happens. */}
          <p className="slip-notice" role="status" data-replaced={replaced?.oddsId}>
            {replaced
              ? t('slip.replaced', {
                  pick: `${replaced.home} v ${replaced.away}: ${selectionText(replaced, t)}`,
                })
              : null}
          </p>
          {tooMany ? (
            <p className="slip-error" role="alert" data-code="maxParlayTicket" data-too-many={n}>
              {t('slip.tooManyPicks', { max: maxPicks, count: n - maxPicks })}
            </p>
          ) : null}
          {ctx.oddsIsUpdating ? (
            <p className="slip-updating" data-updating>
              {tAll('error.oddsIsUpdating', { defaultValue: t('slip.updating') })}
            </p>
          ) : null}
          {locked ? (
            <p className="slip-locked" role="alert">
              {t('slip.locked')}
            </p>
          ) : null}
          {ctx.mode === 'system' && n >= 2 && !tooMany ? (
            <fieldset className="slip-sizes">
              <legend>{t('slip.sizes')}</legend>
              {systemSizesOffered(n).map((k) => {
                const on = ctx.sizes === null || ctx.sizes.includes(k);
                return (
                  <label key={k}>
                    <input
                      type="checkbox"
                      checked={on}
                      onChange={() => {
                        const current = ctx.sizes ?? systemSizesOffered(n);
                        const next = on
                          ? current.filter((x) => x !== k)
                          : [...current, k].sort((a, b) => a - b);
                        slip.send({ type: 'bet.sizes.change', sizes: next.length > 0 ? next : null });
                      }}
                    />
                    {t('slip.folds', { count: k })}
                  </label>
                );
              })}
              <p className="slip-tickets" data-tickets>
                {t('slip.tickets', { count: systemTickets(n, ctx.sizes) })}
              </p>
            </fieldset>
          ) : null}
          {n > 0 ? (
            <div className="slip-stake">
              <label>
                {ctx.mode === 'system' ? t('slip.unitStake') : t('slip.stake')}
                <input
                  inputMode="decimal"
                  enterKeyHint="done"
                  autoComplete="off"
                  name="stake"
                  aria-describedby={
                    [limits ? 'slip-limits' : '', stakeNote ? 'slip-stake-note' : ''].join(' ').trim() ||
                    undefined
                  }
                  aria-invalid={stakeNote !== null || undefined}
                  value={ctx.stake}
                  onChange={(e) => slip.send({ type: 'bet.stake.change', stake: e.target.value })}
                />
              </label>
              {phone ? (
                <fieldset className="quick-stakes">
                  <legend className="visually-hidden">{t('slip.quickStake')}</legend>
                  {QuickStakes.map((q) => (
                    <button
                      type="button"
                      key={q}
                      data-quick-stake={q}
                      onClick={() => slip.send({ type: 'bet.stake.change', stake: String(q) })}
                    >
                      {q}
                    </button>
                  ))}
                </fieldset>
              ) : null}
              {limits ? (
                <p className="slip-limits" id="slip-limits" data-limits={`${limits.minBet}-${limits.maxBet}`}>
                  {t('slip.limits', limitsText(limits, currency))}
                </p>
              ) : null}
              {stakeNote ? (
                <p className="slip-error" id="slip-stake-note" role="alert" data-code={stakeNote.code}>
                  {t(stakeNote.key, stakeNote.params)}
                </p>
              ) : null}
              {figures ? (
                <dl className="slip-figures">
                  <dt>{t('slip.risk')}</dt>
                  <dd data-risk>{formatMoney(figures.risk, currency)}</dd>
                  <dt>{t('slip.win')}</dt>
                  <dd data-win>{formatMoney(figures.win, currency)}</dd>
                  <dt>{t('slip.payout')}</dt>
                  <dd>{formatMoney(figures.payout, currency)}</dd>
                </dl>
              ) : null}
              <label>
                <input
                  type="checkbox"
                  checked={ctx.acceptBetterOdds}
                  onChange={(e) =>
                    slip.send({ type: 'bet.accept.change', acceptBetterOdds: e.target.checked })
                  }
                />
                {t('slip.acceptBetter')}
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={ctx.acceptAnyOdds}
                  onChange={(e) => slip.send({ type: 'bet.accept.change', acceptAnyOdds: e.target.checked })}
                />
                {t('slip.acceptAny')}
              </label>
            </div>
          ) : null}
          {viewOnly ? (
            <p className="slip-view-only" role="note" data-view-only="">
              {t('slip.viewOnly')}
            </p>
          ) : null}
          {errorText && !(tooMany && ctx.error === 'maxParlayTicket') ? (
            <p className="slip-error" role="alert" data-code={ctx.error}>
              {errorText}
            </p>
          ) : null}
          <footer ref={footerRef}>
            {stateName === 'open.ready' || stateName === 'open.checking' ? (
              <button
                type="button"
                className="primary"
                data-action="submit"
                disabled={locked || viewOnly || tooMany || stateName !== 'open.ready'}
                onClick={() => slip.send({ type: 'bet.submit' })}
              >
                {t('slip.place')}
              </button>
            ) : null}
            {stateName === 'open.confirming' ? (
              <>
                <button
                  ref={confirmRef}
                  type="button"
                  className="primary"
                  data-action="confirm"
                  data-armed={armed ? '' : undefined}
                  disabled={locked || viewOnly || !armed}
                  onClick={() => slip.send({ type: 'bet.confirm', requestId: newKey() })}
                >
                  {t('slip.confirm')}
                </button>
                <button type="button" onClick={() => slip.send({ type: 'bet.cancel' })}>
                  {t('slip.cancel')}
                </button>
              </>
            ) : null}
            {ctx.resumed ? (
              <p className="slip-resumed" role="status" data-resumed="">
                {t('slip.resumed')}
              </p>
            ) : null}
            {stateName === 'placing' ? <p data-placing>{t('slip.placing')}</p> : null}
            {stateName === 'placeFailed' ? (
              <button type="button" data-action="retry" onClick={() => slip.send({ type: 'bet.retry' })}>
                {t('slip.retry')}
              </button>
            ) : null}
            {stateName === 'waiting' ? <p data-outcome="waiting">{t('slip.waiting')}</p> : null}
            {stateName === 'accepted' ? (
              <p data-outcome="accepted">{t('slip.accepted', { ref: ctx.bet?.ref_no ?? '' })}</p>
            ) : null}
            {stateName === 'rejected' ? <p data-outcome="rejected">{t('slip.rejected')}</p> : null}
            {stateName === 'accepted' || stateName === 'rejected' || stateName === 'waiting' ? (
              <ParlayTotals bet={ctx.bet} />
            ) : null}
            {stateName === 'accepted' || stateName === 'rejected' ? (
              <>
                <button ref={keepRef} type="button" onClick={() => slip.send({ type: 'bet.keep' })}>
                  {t('slip.keep')}
                </button>
                <button type="button" onClick={() => slip.send({ type: 'bet.clear' })}>
                  {t('slip.clear')}
                </button>
              </>
            ) : null}
          </footer>
        </div>
      ) : null}
    </aside>
  );
}
