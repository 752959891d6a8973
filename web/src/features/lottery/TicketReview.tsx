/**
 * The review of a quoted ticket (confirm or go back) and the accepted ticket. The review stays on
 * its draw: closed once its close time passes on the upstream's clock, or when the placement
 * answered drawClosed; then the next open draw is offered.
 */
import { formatGmt8 } from '@sportsbook/protocol';
import { useEffect } from 'react';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { useLotteryText } from './i18n/index.ts';
import type { DrawList, LotteryDraw } from './lotteryApi.ts';
import { TicketCard } from './TicketCard.tsx';
import type { TicketFlow } from './useTicketFlow.ts';

const drawLabel = (time: number) => formatGmt8(time, 'dd/MM HH:mm');

export function TicketReview({
  flow: [state, send],
  draws,
  openDraws,
  now,
  currency,
  onMove,
}: {
  flow: TicketFlow;
  draws: DrawList | null;
  openDraws: LotteryDraw[];
  /** Now on the upstream's clock (UTC ms). */
  now: number;
  currency: string;
  /** The review moved to this draw: the page's draw choice follows. */
  onMove: (drawId: string) => void;
}) {
  const { t } = useLotteryText();
  const { context } = state;
  const reviewClosed =
    state.matches('confirming') &&
    (context.code === 'drawClosed' || (context.closeTime !== null && now >= context.closeTime));
  const nextDraw = openDraws.find((d) => d.draw_id !== context.drawId) ?? null;
  useEffect(() => {
    if (reviewClosed && context.code !== 'drawClosed') send({ type: 'draw.closed' });
  }, [reviewClosed, context.code, send]);

  const money = (major: number) => formatMoney(toMinor(major, currency), currency);
  const reviewTime =
    context.drawTime ??
    [...(draws?.open ?? []), ...(draws?.recent ?? [])].find((d) => d.draw_id === context.drawId)?.draw_time ??
    0;
  const moveToNext = () => {
    if (!nextDraw) return;
    onMove(nextDraw.draw_id);
    send({
      type: 'ticket.move',
      drawId: nextDraw.draw_id,
      drawTime: nextDraw.draw_time,
      closeTime: nextDraw.close_time,
    });
  };
  const placing = state.matches('placing');

  return (
    <section
      className="lottery-confirm"
      aria-labelledby="lottery-confirm-title"
      data-review-draw={context.drawId ?? undefined}
      data-closed={reviewClosed || undefined}
    >
      <h2 id="lottery-confirm-title">{t('confirmTitle')}</h2>
      <p>{t('drawOption', { time: drawLabel(reviewTime) })}</p>
      {reviewClosed ? (
        <div className="lottery-closed" role="alert" data-draw-closed={context.drawId ?? undefined}>
          <p>
            <strong>{t('drawClosedTitle', { time: drawLabel(reviewTime) })}</strong>
          </p>
          <p>{nextDraw ? t('drawClosedNote') : t('noDraw')}</p>
        </div>
      ) : null}
      <table className="lottery-table">
        <thead>
          <tr>
            <th>{t('number')}</th>
            <th>{t('betType')}</th>
            <th className="num">{t('big')}</th>
            <th className="num">{t('small')}</th>
            <th className="num">{t('permutations')}</th>
            <th className="num">{t('cost')}</th>
          </tr>
        </thead>
        <tbody>
          {context.quote?.rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one quote never reorder; equal rows may repeat.
            <tr key={`${r.number}-${i}`}>
              <td>{r.number}</td>
              <td>{t(`type.${r.bet_type}`)}</td>
              <td className="num">{money(r.big)}</td>
              <td className="num">{money(r.small)}</td>
              <td className="num">{r.permutations}</td>
              <td className="num">{money(r.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="lottery-total" data-confirm-total={toMinor(context.quote?.total_cost ?? 0, currency)}>
        {t('total')}: {currency} {money(context.quote?.total_cost ?? 0)}
      </p>
      <div className="lottery-actions">
        <button type="button" onClick={() => send({ type: 'ticket.back' })} disabled={placing}>
          {t('back')}
        </button>
        {reviewClosed ? (
          nextDraw ? (
            <button type="button" className="primary" data-action="move" onClick={moveToNext}>
              {t('moveToNext', { time: drawLabel(nextDraw.draw_time) })}
            </button>
          ) : null
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => send({ type: 'ticket.confirm' })}
            disabled={placing}
          >
            {placing ? t('placing') : t('confirm')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The ticket the upstream accepted, and the way back to a new one. */
export function TicketAccepted({ flow: [state, send], currency }: { flow: TicketFlow; currency: string }) {
  const { t } = useLotteryText();
  const ticket = state.context.ticket;
  if (!ticket) return null;
  return (
    <section className="lottery-accepted" aria-live="polite">
      <h2>{t('accepted', { id: ticket.ticket_id })}</h2>
      <TicketCard ticket={ticket} currency={currency} />
      <button type="button" className="primary" onClick={() => send({ type: 'ticket.again' })}>
        {t('newTicket')}
      </button>
    </section>
  );
}
