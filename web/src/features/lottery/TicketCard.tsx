/** A lottery ticket as the page shows it (open, settled, just accepted), and a titled list of them. */
import { formatGmt8 } from '@sportsbook/protocol';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { useLotteryText } from './i18n/index.ts';
import type { LotteryTicket } from './lotteryApi.ts';

export function TicketCard({ ticket, currency }: { ticket: LotteryTicket; currency: string }) {
  const { t } = useLotteryText();
  const money = (major: number) => formatMoney(toMinor(major, currency), currency);
  return (
    <article
      className="lottery-ticket"
      data-ticket={ticket.ticket_id}
      data-status={ticket.status}
      data-payout={ticket.payout}
      data-draw={ticket.draw_id}
    >
      <header>
        <strong>
          {t('ticket')} {ticket.ticket_id}
        </strong>{' '}
        <span>{t('drawOption', { time: formatGmt8(ticket.draw_time, 'dd/MM HH:mm') })}</span>{' '}
        <span className={`lottery-status lottery-status-${ticket.status}`}>
          {t(`status.${ticket.status}`)}
        </span>
      </header>
      <ul>
        {ticket.rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one ticket never reorder; equal rows may repeat.
          <li key={`${r.number}-${i}`}>
            {r.number} · {t(`type.${r.bet_type}`)} · {t('big')} {money(r.big)} · {t('small')} {money(r.small)}{' '}
            · {t('cost')} {money(r.cost)}
            {r.wins.length > 0 ? (
              <span className="lottery-wins">
                {' '}
                · {t('wins')}:{' '}
                {r.wins.map((w) => `${t(w.rank)} ${w.number} ${t(w.size)} ${money(w.amount)}`).join(', ')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        {t('cost')} {money(ticket.cost)}
        {ticket.status !== 'open' ? ` · ${t('payout')} ${money(ticket.payout)}` : ''}
      </p>
    </article>
  );
}

/** A section of tickets under a heading (`id` names the heading), or "no tickets". */
export function TicketList({
  id,
  title,
  className,
  tickets,
  currency,
}: {
  id: string;
  title: string;
  className: string;
  tickets: LotteryTicket[];
  currency: string;
}) {
  const { t } = useLotteryText();
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {tickets.length === 0 ? <p>{t('noTickets')}</p> : null}
      {tickets.map((ticket) => (
        <TicketCard key={ticket.ticket_id} ticket={ticket} currency={currency} />
      ))}
    </section>
  );
}
