/**
 * The statement's lines: per working date, every movement of cash grouped by product and kind
 * (sportsbook stakes, payouts, commission; deposits and adjustments; any product's own kinds, shown
 * by name until it has a translation), and the check that the lines take the opening balance to
 * the closing one, on integer minor units.
 */
import { formatGmt8, isRecord } from '@sportsbook/protocol';
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { checkLines, groupLines, readLines } from './history.ts';
import './history.css';

function DayLines({ row, currency }: { row: Record<string, unknown>; currency: string }) {
  const { t } = usePlayer();
  const m = (minor: number) => formatMoney(minor, currency);
  const lines = readLines(row.lines, currency);
  const opening = toMinor(Number(row.opening_balance ?? 0), currency);
  const closing = toMinor(Number(row.closing_balance ?? 0), currency);
  const check = checkLines(opening, closing, lines);
  const date = String(row.date ?? '');
  return (
    <details
      className="day-lines"
      data-lines-date={date}
      data-lines-ok={check.ok}
      open={lines.length > 0 && lines.length <= 20}
    >
      <summary>
        {date} · {t('lines.count', { count: lines.length })} ·{' '}
        <span className={check.ok ? 'ok' : 'mismatch'}>
          {check.ok
            ? t('lines.ok', { opening: m(opening), closing: m(closing) })
            : t('lines.mismatch', { end: m(check.end), closing: m(closing) })}
        </span>
      </summary>
      {lines.length === 0 ? <p>{t('lines.none')}</p> : null}
      {groupLines(lines).map((group) => (
        <div key={group.product} className="line-group" data-product={group.product}>
          <h3>
            {t(`product.${group.product}`, { defaultValue: group.product })}{' '}
            <span className="num" data-product-total={group.total}>
              {m(group.total)}
            </span>
          </h3>
          <ul>
            {group.kinds.map((k) => (
              <li key={k.kind} data-kind={k.kind} data-kind-total={k.total}>
                {t(`lineKind.${k.kind}`, { defaultValue: k.kind })} ({k.count}): {m(k.total)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {lines.length > 0 ? (
        <div className="table-scroll">
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll (axe scrollable-region-focusable) */}
          <table className="info-table" tabIndex={0}>
            <thead>
              <tr>
                <th>{t('lines.time')}</th>
                <th>{t('lines.product')}</th>
                <th>{t('lines.ref')}</th>
                <th>{t('lines.amount')}</th>
                <th>{t('lines.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.seq} data-line={line.seq} data-amount={line.amount}>
                  <td>{formatGmt8(line.time, 'HH:mm:ss')}</td>
                  <td>
                    {t(`product.${line.product}`, { defaultValue: line.product })} ·{' '}
                    {t(`lineKind.${line.kind}`, { defaultValue: line.kind })}
                  </td>
                  <td>{line.ref}</td>
                  <td className="num">{m(line.amount)}</td>
                  <td className="num">{m(line.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}

/** Lines of each day of a dailystatement reply asked with `lines: true` (days without lines: none). */
export function StatementLines({ rows, currency }: { rows: readonly unknown[]; currency: string }) {
  const { t } = usePlayer();
  const days = rows.filter(isRecord).filter((row) => Array.isArray(row.lines));
  if (days.length === 0) return null;
  return (
    <section className="statement-lines" aria-label={t('lines.title')}>
      <h2>{t('lines.title')}</h2>
      {days.map((row) => (
        <DayLines key={String(row.date)} row={row} currency={currency} />
      ))}
    </section>
  );
}
