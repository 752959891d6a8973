/**
 * The keyboard-first entry grid: number, Big, Small and bet type per row, with each row's
 * permutations and cost (or its problem) and the total as the player types.
 */
import { type LotteryBetTypeCode, type LotteryRowBody, normalizeDigits } from '@sportsbook/protocol';
import { useMemo } from 'react';
import { formatMoney } from '../../shared/money.ts';
import { useLotteryText } from './i18n/index.ts';
import { BetTypes, quoteGrid, type RowQuote, rowsBody } from './rows.ts';
import type { EntryRows } from './useEntryRows.ts';

type Limits = { min: number; max: number } | null;

export function EntryGrid({
  entry,
  currency,
  unitLimits,
  canReview,
  checking,
  onReview,
}: {
  entry: EntryRows;
  currency: string;
  /** The member's per-unit Big/Small limits (minor units), once known. */
  unitLimits: Limits;
  /** A draw is chosen and the ticket machine is editing. */
  canReview: boolean;
  checking: boolean;
  onReview: (rows: LotteryRowBody[]) => void;
}) {
  const { t } = useLotteryText();
  const quote = useMemo(
    () => quoteGrid(entry.rows, currency, unitLimits),
    [entry.rows, currency, unitLimits],
  );
  return (
    <section className="lottery-entry" aria-labelledby="lottery-entry-title">
      <h2 id="lottery-entry-title">{t('entry')}</h2>
      <p className="lottery-hint">{t('hint')}</p>
      {unitLimits ? (
        <p className="lottery-limits" id="lottery-limits" data-limits={`${unitLimits.min}-${unitLimits.max}`}>
          {t('limits', {
            currency,
            min: formatMoney(unitLimits.min, currency),
            max: formatMoney(unitLimits.max, currency),
          })}
        </p>
      ) : null}
      <fieldset className="lottery-grid" ref={entry.grid} aria-labelledby="lottery-entry-title">
        <div className="lottery-row lottery-grid-head" aria-hidden="true">
          <span>#</span>
          <span>{t('number')}</span>
          <span>{t('big')}</span>
          <span>{t('small')}</span>
          <span>{t('betType')}</span>
          <span className="num">{t('permutations')}</span>
          <span className="num">{t('cost')}</span>
        </div>
        {quote.rows.map((q, i) => (
          <EntryRow key={q.row.id} q={q} i={i} entry={entry} currency={currency} unitLimits={unitLimits} />
        ))}
      </fieldset>
      <p className="lottery-total" data-total={quote.total}>
        {t('total')}: {currency} {formatMoney(quote.total, currency)}
      </p>
      <div className="lottery-actions">
        <button type="button" onClick={entry.addRows}>
          {t('addRows')}
        </button>
        <button type="button" onClick={entry.clear}>
          {t('clear')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            if (quote.ready) onReview(rowsBody(quote, currency));
          }}
          disabled={!quote.ready || !canReview}
        >
          {checking ? t('checking') : t('review')}
        </button>
      </div>
    </section>
  );
}

/** One row of the grid (`i`: its place, which names its cells for the Enter walk). */
function EntryRow({
  q,
  i,
  entry,
  currency,
  unitLimits,
}: {
  q: RowQuote;
  i: number;
  entry: EntryRows;
  currency: string;
  unitLimits: Limits;
}) {
  const { t } = useLotteryText();
  const { setRow, onKeyDown } = entry;
  const label = t('rowLabel', { n: i + 1 });
  const problem = q.problem
    ? t(`row.${q.problem}`, {
        currency,
        min: formatMoney(q.limit ?? 0, currency),
        max: formatMoney(q.limit ?? 0, currency),
      })
    : '';
  const amountWrong =
    q.problem === 'amount' ||
    q.problem === 'tooManyDecimals' ||
    q.problem === 'belowMin' ||
    q.problem === 'aboveMax' ||
    undefined;
  const describedBy = amountWrong ? `lottery-row-${i}-problem` : unitLimits ? 'lottery-limits' : undefined;
  return (
    <div className="lottery-row" data-row={i} data-problem={q.problem ?? undefined}>
      <span className="lottery-row-n">{i + 1}</span>
      <input
        data-cell={`${i}-0`}
        aria-label={`${label} ${t('number')}`}
        placeholder={t('number')}
        aria-invalid={q.problem === 'number' || undefined}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        value={q.row.number}
        onChange={(e) => setRow(q.row.id, { number: normalizeDigits(e.target.value).replace(/\D/g, '') })}
        onKeyDown={(e) => onKeyDown(e, i, 0)}
      />
      <input
        data-cell={`${i}-1`}
        aria-label={`${label} ${t('big')}`}
        placeholder={t('big')}
        aria-invalid={amountWrong}
        aria-describedby={describedBy}
        inputMode="decimal"
        autoComplete="off"
        value={q.row.big}
        onChange={(e) => setRow(q.row.id, { big: e.target.value })}
        onKeyDown={(e) => onKeyDown(e, i, 1)}
      />
      <input
        data-cell={`${i}-2`}
        aria-label={`${label} ${t('small')}`}
        placeholder={t('small')}
        aria-invalid={amountWrong}
        aria-describedby={describedBy}
        inputMode="decimal"
        autoComplete="off"
        value={q.row.small}
        onChange={(e) => setRow(q.row.id, { small: e.target.value })}
        onKeyDown={(e) => onKeyDown(e, i, 2)}
      />
      <select
        data-cell={`${i}-3`}
        aria-label={`${label} ${t('betType')}`}
        value={q.row.betType}
        onChange={(e) => setRow(q.row.id, { betType: e.target.value as LotteryBetTypeCode })}
        onKeyDown={(e) => onKeyDown(e, i, 3)}
      >
        {BetTypes.map((code) => (
          <option key={code} value={code}>
            {t(`type.${code}`)}
          </option>
        ))}
      </select>
      <span className="num" data-perms={q.permutations ?? ''}>
        {q.permutations ?? ''}
      </span>
      <span className="num" data-cost={q.cost ?? ''} title={problem} id={`lottery-row-${i}-problem`}>
        {q.cost !== null ? formatMoney(q.cost, currency) : problem}
      </span>
    </div>
  );
}
