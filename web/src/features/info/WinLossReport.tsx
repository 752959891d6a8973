/**
 * The win/loss report: per product (platformwinlose's `platform`: one row per product that moved the
 * ledger, protocol RULES.md "Win/loss per product") bets, turnover, valid turnover, win/loss and commission over a period
 * (today, yesterday, this week, last week, last 30 days; GMT+8 working dates), with a total row
 * summed on integer minor units.
 */
import type { PlatformWinLoseRow } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api.ts';
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import type { Auth } from '../../shared/result.ts';
import { type Period, Periods, periodRange } from './history.ts';
import { fetchWinLose } from './historyApi.ts';
import './history.css';

const Columns = ['turnover', 'valid_turnover', 'win_lose', 'commission'] as const;

export function WinLossReport({
  auth,
  currency,
  report,
}: {
  auth: Auth;
  currency: string;
  report: (code: string) => void;
}) {
  const { t } = usePlayer();
  const [period, setPeriod] = useState<Period>('today');
  const [rows, setRows] = useState<PlatformWinLoseRow[] | null>(null);
  useEffect(() => {
    let live = true;
    setRows(null);
    void fetchWinLose(api, auth, periodRange(period, Date.now())).then((r) => {
      if (!live) return;
      setRows(r.ok ? r.value : []);
      if (!r.ok) report(r.error.code);
    });
    return () => {
      live = false;
    };
  }, [auth, period, report]);
  const minor = (row: PlatformWinLoseRow, key: (typeof Columns)[number]) => toMinor(row[key], currency);
  const range = periodRange(period, Date.now());
  return (
    <section className="win-loss" aria-labelledby="win-loss-title">
      <h2 id="win-loss-title">{t('winlose.title')}</h2>
      <fieldset className="periods">
        <legend>{t('winlose.period')}</legend>
        {Periods.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={p === period}
            data-period={p}
            onClick={() => setPeriod(p)}
          >
            {t(`period.${p}`)}
          </button>
        ))}
      </fieldset>
      <p data-range={`${range.start}/${range.end}`}>
        {range.start} – {range.end}
      </p>
      {rows === null ? <p role="status">{t('history.loading')}</p> : null}
      {rows !== null && rows.length === 0 ? <p data-empty>{t('winlose.empty')}</p> : null}
      {rows !== null && rows.length > 0 ? (
        <div className="table-scroll">
          <table className="info-table" data-report={period}>
            <thead>
              <tr>
                <th>{t('winlose.product')}</th>
                <th>{t('winlose.count')}</th>
                {Columns.map((c) => (
                  <th key={c}>{t(`winlose.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.platform} data-platform={row.platform}>
                  <td>{t(`product.${row.platform}`, { defaultValue: row.platform })}</td>
                  <td className="num">{row.count}</td>
                  {Columns.map((c) => (
                    <td key={c} className="num" data-col={c} data-minor={minor(row, c)}>
                      {formatMoney(minor(row, c), currency)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr data-platform="total">
                <th scope="row">{t('winlose.total')}</th>
                <td className="num">{rows.reduce((sum, row) => sum + row.count, 0)}</td>
                {Columns.map((c) => {
                  const total = rows.reduce((sum, row) => sum + minor(row, c), 0);
                  return (
                    <td key={c} className="num" data-col={c} data-minor={total}>
                      {formatMoney(total, currency)}
                    </td>
                  );
                })}
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
