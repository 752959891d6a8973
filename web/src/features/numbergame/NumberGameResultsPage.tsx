/**
 * /ngresult: the number game's latest draws with their ten numbers, and the member's own
 * settled tickets of a GMT+8 day (picks, hits, payout). Mini games disabled: nothing (silent).
 */
import { formatGmt8, isMiniGameDisabled } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { useAccount } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { useNumberGameText } from './i18n/index.ts';
import { fetchNgDraws, fetchNgResults, type NgDraw, type NgTicket } from './numberGameApi.ts';
import './numbergame.css';

export default function NumberGameResultsPage() {
  const { t } = useNumberGameText();
  const { auth, report } = useMember();
  const account = useAccount();
  const [refused, setRefused] = useState(false);
  const disabled = refused || (account !== null && isMiniGameDisabled(account.info));
  const [date, setDate] = useState(() => formatGmt8(Date.now(), 'yyyy-MM-dd'));
  const [draws, setDraws] = useState<NgDraw[] | null>(null);
  const [mine, setMine] = useState<NgTicket[] | null>(null);

  useEffect(() => {
    if (!auth || disabled) return;
    let live = true;
    void fetchNgDraws(api, auth).then((r) => {
      if (!live) return;
      if (r.ok) {
        setDraws(r.value.recent.filter((d) => d.status === 'drawn'));
        // The upstream's day, not the browser's (a simulator may run on its own clock).
        setDate((d) =>
          d === formatGmt8(Date.now(), 'yyyy-MM-dd') ? formatGmt8(r.value.now, 'yyyy-MM-dd') : d,
        );
      } else if (r.error.code === 'MiniGameDisabled') setRefused(true);
      else report(r.error.code);
    });
    return () => {
      live = false;
    };
  }, [auth, disabled, report]);

  useEffect(() => {
    if (!auth || disabled) return;
    let live = true;
    setMine(null);
    void fetchNgResults(api, auth, date, date).then((r) => {
      if (!live) return;
      setMine(r.ok ? r.value : []);
      if (!r.ok && r.error.code !== 'MiniGameDisabled') report(r.error.code);
    });
    return () => {
      live = false;
    };
  }, [auth, disabled, date, report]);

  if (disabled) return null;
  return (
    <section className="ng-results" aria-labelledby="ngr-title">
      <h1 id="ngr-title">{t('resultsTitle')}</h1>
      <h2>{t('draws')}</h2>
      {draws !== null && draws.length === 0 ? <p>{t('noDraws')}</p> : null}
      <div className="ng-table-wrap">
        <table className="ng-draws">
          <thead>
            <tr>
              <th>{t('time')}</th>
              <th>{t('numbers')}</th>
            </tr>
          </thead>
          <tbody>
            {(draws ?? []).map((d) => (
              <tr key={d.draw_id} data-draw={d.draw_id}>
                <td>{formatGmt8(d.draw_time, 'MM/dd HH:mm')}</td>
                <td className="ng-numbers">{(d.numbers ?? []).join(' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t('myResults')}</h2>
      <label>
        {t('date')}
        <input type="date" name="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      {mine !== null && mine.length === 0 ? <p data-empty>{t('none')}</p> : null}
      <div className="ng-table-wrap">
        <table className="ng-mine">
          <thead>
            <tr>
              <th>{t('time')}</th>
              <th>{t('numbers')}</th>
              <th>{t('hits')}</th>
              <th>{t('stake')}</th>
              <th>{t('payout')}</th>
            </tr>
          </thead>
          <tbody>
            {(mine ?? []).map((x) => (
              <tr key={x.ticket_id} data-ticket={x.ticket_id} data-status={x.status}>
                <td>{formatGmt8(x.draw_time, 'HH:mm')}</td>
                <td>{x.picks.join(' ')}</td>
                <td>{x.hits ?? ''}</td>
                <td>{formatMoney(toMinor(x.stake, x.currency), x.currency)}</td>
                <td>
                  {t(`status.${x.status}`)} {formatMoney(toMinor(x.payout, x.currency), x.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
