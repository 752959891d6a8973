/** The number game's presentational pieces: the 40-number grid, the open tickets, the payout table. */
import { formatGmt8 } from '@sportsbook/protocol';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { useNumberGameText } from './i18n/index.ts';
import type { NgTicket } from './numberGameApi.ts';
import { togglePick } from './picks.ts';
import type { NumberGameDraws } from './useNumberGameData.ts';

export function NumberGrid({
  picks,
  onChange,
}: {
  picks: number[];
  onChange: (change: (picks: number[]) => number[]) => void;
}) {
  const { t } = useNumberGameText();
  return (
    <fieldset className="ng-grid">
      <legend>{t('picks', { n: picks.length })}</legend>
      {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => (
        <button
          type="button"
          key={n}
          data-number={n}
          aria-pressed={picks.includes(n)}
          onClick={() => onChange((p) => togglePick(p, n))}
        >
          {n}
        </button>
      ))}
    </fieldset>
  );
}

export function OpenTickets({ open }: { open: NgTicket[] }) {
  const { t } = useNumberGameText();
  return (
    <>
      <h2>{t('openTickets')}</h2>
      {open.length === 0 ? <p>{t('none')}</p> : null}
      <ul className="ng-open">
        {open.map((x) => (
          <li key={x.ticket_id} data-ticket={x.ticket_id}>
            {x.ticket_id} · {formatGmt8(x.draw_time, 'HH:mm')} · {x.picks.join(' ')} ·{' '}
            {formatMoney(toMinor(x.stake, x.currency), x.currency)}
          </li>
        ))}
      </ul>
    </>
  );
}

const Hits = [0, 1, 2, 3, 4, 5];

/** Multipliers by picks and hits, with each row's return to player. */
export function PayoutTable({ table }: { table: NumberGameDraws['table'] }) {
  const { t } = useNumberGameText();
  return (
    <details className="ng-table">
      <summary>{t('table')}</summary>
      <table>
        <thead>
          <tr>
            <th />
            {Hits.map((h) => (
              <th key={h}>
                {t('hits')} {h}
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {table.map((row) => (
            <tr key={row.picks}>
              <th>{t('pickCount', { n: row.picks })}</th>
              {Hits.map((h) => (
                <td key={h}>{row.multipliers[h] ? `x${row.multipliers[h]}` : ''}</td>
              ))}
              <td>{t('rtp', { rtp: (row.rtp * 100).toFixed(1) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
