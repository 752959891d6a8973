/**
 * The slip's stake block: the system's fold sizes with their ticket count, the stake (or unit
 * stake) with the phone's quick stakes, the limits, the stake's own message, risk/win/payout, and
 * the accept-better/any-odds choices.
 */
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { formatMoney } from '../../shared/money.ts';
import { limitsText, systemSizesOffered, systemTickets } from './rules.ts';
import type { SlipRef, SlipView } from './useSlipView.ts';

/** Quick stakes on a phone, in the currency's major units. */
export const QuickStakes = [10, 50, 100, 500] as const;

/** The fold sizes of a system bet (all offered sizes when none is picked) and its ticket count. */
export function SlipSizes({ slip, view }: { slip: SlipRef; view: SlipView }) {
  const { t } = useBook();
  const { ctx, n } = view;
  return (
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
                const next = on ? current.filter((x) => x !== k) : [...current, k].sort((a, b) => a - b);
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
  );
}

export function SlipStake({ slip, view, phone }: { slip: SlipRef; view: SlipView; phone: boolean }) {
  const { t } = useBook();
  const { ctx, currency, limits, stakeNote, figures } = view;
  return (
    <div className="slip-stake">
      <label>
        {ctx.mode === 'system' ? t('slip.unitStake') : t('slip.stake')}
        <input
          inputMode="decimal"
          enterKeyHint="done"
          autoComplete="off"
          name="stake"
          aria-describedby={
            [limits ? 'slip-limits' : '', stakeNote ? 'slip-stake-note' : ''].join(' ').trim() || undefined
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
          onChange={(e) => slip.send({ type: 'bet.accept.change', acceptBetterOdds: e.target.checked })}
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
  );
}
