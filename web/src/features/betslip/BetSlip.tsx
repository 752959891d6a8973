/**
 * The bet slip panel: picks, mode, stake, figures, and the flow's buttons. Reads narrow slices of the
 * slip actor (useSlipView). On a phone it is a bottom sheet: a bar with the pick count that opens on
 * the first pick, and quick-stake buttons; the flow (betSlipMachine) is the same. The parts:
 * SlipPicks, SlipSizes and SlipStake, SlipActions (the footer); focus and sheet in useSlipFocus.
 */

import { TabList } from '../../shared/components/TabList.tsx';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { formatMoney, parseStake } from '../../shared/money.ts';
import { useIsPhone } from '../../shared/phone.ts';
import { SlipActions } from './SlipActions.tsx';
import { SlipPicks } from './SlipPicks.tsx';
import { SlipSizes, SlipStake } from './SlipStake.tsx';
import { useSlipFocus, useSlipSheet } from './useSlipFocus.ts';
import { type SlipRef, useSlipView } from './useSlipView.ts';

export { QuickStakes } from './SlipStake.tsx';

/** `viewOnly`: a suspended account (SPEC "suspend (view only)") may build a slip but not place it. */
export function BetSlip({ slip, viewOnly = false }: { slip: SlipRef; viewOnly?: boolean }) {
  const { t } = useBook();
  const view = useSlipView(slip);
  const { ctx, stateName, currency, n, locked, errorText, maxPicks, tooMany, liveText } = view;
  const { rootRef, ...refs } = useSlipFocus(stateName, view.armed);
  const phone = useIsPhone();
  const [sheet, setSheet] = useSlipSheet(n);
  const body = !phone || sheet;
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
          <SlipPicks slip={slip} view={view} />
          {tooMany ? (
            <p className="slip-error" role="alert" data-code="maxParlayTicket" data-too-many={n}>
              {t('slip.tooManyPicks', { max: maxPicks, count: n - maxPicks })}
            </p>
          ) : null}
          {ctx.oddsIsUpdating ? (
            <p className="slip-updating" data-updating>
              {view.tAll('error.oddsIsUpdating', { defaultValue: t('slip.updating') })}
            </p>
          ) : null}
          {locked ? (
            <p className="slip-locked" role="alert">
              {t('slip.locked')}
            </p>
          ) : null}
          {ctx.mode === 'system' && n >= 2 && !tooMany ? <SlipSizes slip={slip} view={view} /> : null}
          {n > 0 ? <SlipStake slip={slip} view={view} phone={phone} /> : null}
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
          <SlipActions slip={slip} view={view} viewOnly={viewOnly} refs={refs} />
        </div>
      ) : null}
    </aside>
  );
}
