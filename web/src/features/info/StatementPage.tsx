/**
 * /info/statement: per working date (GMT+8) the opening and closing balance, debit, credit and
 * commission, with the check opening + credit - debit = closing done on integer minor units; each
 * day's lines by product and kind (StatementLines) and the win/loss report (WinLossReport).
 */
import { formatGmt8 } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { formatMoney } from '../../shared/money.ts';
import { fetchStatement } from './infoApi.ts';
import { readStatement, reconcile, type StatementDay } from './money.ts';
import { StatementLines } from './StatementLines.tsx';
import { WinLossReport } from './WinLossReport.tsx';
import './info.css';

const DayMs = 86_400_000;
/** Default range: this working date and the six before it. */
const DefaultDays = 7;

export function gmt8Date(utcMs: number): string {
  return formatGmt8(utcMs, 'yyyy-MM-dd');
}

export function StatementTable({ days, currency }: { days: readonly StatementDay[]; currency: string }) {
  const { t } = useBook();
  const m = (minor: number) => formatMoney(minor, currency);
  return (
    // A phone scrolls the statement sideways: the keyboard must reach and scroll it (axe
    // scrollable-region-focusable); it has no links or buttons of its own.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll
    <table className="info-table statement" tabIndex={0}>
      <thead>
        <tr>
          <th>{t('statement.date')}</th>
          <th>{t('statement.opening')}</th>
          <th>{t('statement.credit')}</th>
          <th>{t('statement.debit')}</th>
          <th>{t('statement.commission')}</th>
          <th>{t('statement.closing')}</th>
          <th>{t('statement.check')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => {
          const { expected, ok } = reconcile(day);
          return (
            <tr key={day.date} data-date={day.date} data-reconciled={ok}>
              <td>{day.date}</td>
              <td className="num" data-opening={day.opening}>
                {m(day.opening)}
              </td>
              <td className="num" data-credit={day.credit}>
                {m(day.credit)}
              </td>
              <td className="num" data-debit={day.debit}>
                {m(day.debit)}
              </td>
              <td className="num">{m(day.commission)}</td>
              <td className="num" data-closing={day.closing}>
                {m(day.closing)}
              </td>
              <td className={ok ? 'ok' : 'mismatch'}>
                {ok
                  ? t('statement.reconciled', {
                      opening: m(day.opening),
                      credit: m(day.credit),
                      debit: m(day.debit),
                      closing: m(day.closing),
                    })
                  : t('statement.mismatch', { expected: m(expected), closing: m(day.closing) })}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export default function StatementPage() {
  const { t } = useBook();
  const tAll = useTranslation().t;
  const { auth, currency, report } = useMember();
  const [end, setEnd] = useState(() => gmt8Date(Date.now()));
  const [start, setStart] = useState(() => gmt8Date(Date.now() - (DefaultDays - 1) * DayMs));
  const [days, setDays] = useState<StatementDay[] | null>(null);
  const [rows, setRows] = useState<readonly unknown[]>([]);
  const [shownCurrency, setShownCurrency] = useState(currency);
  const [tick, setTick] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` is the refresh trigger
  useEffect(() => {
    if (!auth || start > end) return;
    let live = true;
    setDays(null);
    void fetchStatement(api, auth, start, end).then((r) => {
      if (!live) return;
      if (!r.ok) {
        setDays([]);
        report(r.error.code);
        return;
      }
      const cur = r.value.currency ?? currency;
      setShownCurrency(cur);
      setDays(readStatement(r.value.data, cur));
      setRows(r.value.data);
    });
    return () => {
      live = false;
    };
  }, [auth, start, end, currency, report, tick]);

  return (
    <section className="info-page" aria-labelledby="page-title">
      <h1 id="page-title">{tAll('info.statement')}</h1>
      <form className="info-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('info.from')}
          <input
            type="date"
            name="start_date"
            value={start}
            max={end}
            onChange={(e) => setStart(e.target.value)}
          />
        </label>
        <label>
          {t('info.to')}
          <input
            type="date"
            name="end_date"
            value={end}
            min={start}
            onChange={(e) => setEnd(e.target.value)}
          />
        </label>
        <button type="button" data-action="refresh" onClick={() => setTick((n) => n + 1)}>
          {t('info.refresh')}
        </button>
      </form>
      {days === null ? <p role="status">{tAll('common.loading')}</p> : null}
      {days !== null && days.length === 0 ? <p data-empty>{t('statement.empty')}</p> : null}
      {days !== null && days.length > 0 ? <StatementTable days={days} currency={shownCurrency} /> : null}
      {days !== null ? <StatementLines rows={rows} currency={shownCurrency} /> : null}
      {auth ? <WinLossReport auth={auth} currency={shownCurrency} report={report} /> : null}
    </section>
  );
}
