/**
 * /w4d, the 4D lottery: a keyboard-first entry grid (`EntryGrid`), a server quote to confirm, then
 * the accepted ticket (`TicketReview`); open tickets, my results, and a results board with the
 * latest draws' 23 numbers (`ResultsBoard`) and a countdown to the next close (`DrawHeader`). A
 * member with the lottery disabled (`lotteryDisabled`, silent) sees nothing of it. Times show in
 * GMT+8; the countdown runs on the upstream's clock (drawlist `now`). The data comes from
 * `useLotteryData` (shared topic, account stream, results asked on events, never on a timer); the
 * ticket's way from review to placement is the ticket machine (`useTicketFlow`).
 */
import type { LotteryRowBody } from '@sportsbook/protocol';
import { useCallback, useState } from 'react';
import { useMember } from '../../app/useMember.ts';
import { useNow } from '../../shared/useNow.ts';
import { DrawHeader } from './DrawHeader.tsx';
import { EntryGrid } from './EntryGrid.tsx';
import { useLotteryText } from './i18n/index.ts';
import { ResultsBoard } from './ResultsBoard.tsx';
import { TicketList } from './TicketCard.tsx';
import { TicketAccepted, TicketReview } from './TicketReview.tsx';
import { useEntryRows } from './useEntryRows.ts';
import { hasResult, useLotteryData } from './useLotteryData.ts';
import { useTicketFlow } from './useTicketFlow.ts';
import './lottery.css';

export default function LotteryPage() {
  const { t } = useLotteryText();
  const { auth, currency, report } = useMember();
  const { disabled, draws, open, results, refreshMine, unitLimits } = useLotteryData();
  const entry = useEntryRows();
  const { clear } = entry;
  const onPlaced = useCallback(() => {
    clear();
    void refreshMine();
  }, [clear, refreshMine]);
  const flow = useTicketFlow(report, onPlaced);
  const [state, send] = flow;
  const [drawId, setDrawId] = useState<string | null>(null);
  const now = useNow(1000) + (draws?.offset ?? 0);

  if (disabled || !auth) return <section className="lottery" hidden data-lottery="hidden" />;

  const openDraws = (draws?.open ?? []).filter((d) => d.status === 'open' && d.close_time > now);
  const selected = openDraws.find((d) => d.draw_id === drawId) ?? openDraws[0] ?? null;
  const drawn = (draws?.recent ?? []).filter(hasResult);
  const review = (rows: LotteryRowBody[]) => {
    if (!selected) return;
    send({
      type: 'ticket.review',
      auth,
      drawId: selected.draw_id,
      drawTime: selected.draw_time,
      closeTime: selected.close_time,
      rows,
    });
  };

  return (
    <section className="lottery" aria-labelledby="lottery-title">
      <DrawHeader
        openDraws={openDraws}
        selected={selected}
        haveDraws={draws !== null}
        now={now}
        editing={state.matches('editing') || state.matches('checking')}
        onSelect={setDrawId}
      />
      {state.matches('confirming') || state.matches('placing') ? (
        <TicketReview
          flow={flow}
          draws={draws}
          openDraws={openDraws}
          now={now}
          currency={currency}
          onMove={setDrawId}
        />
      ) : state.matches('placed') && state.context.ticket ? (
        <TicketAccepted flow={flow} currency={currency} />
      ) : (
        <EntryGrid
          entry={entry}
          currency={currency}
          unitLimits={unitLimits}
          canReview={selected !== null && state.matches('editing')}
          checking={state.matches('checking')}
          onReview={review}
        />
      )}
      <ResultsBoard drawn={drawn} />
      <TicketList
        id="lottery-open-title"
        className="lottery-tickets"
        title={t('openTickets')}
        tickets={open}
        currency={currency}
      />
      <TicketList
        id="lottery-results-title"
        className="lottery-tickets lottery-results"
        title={t('myResults')}
        tickets={results}
        currency={currency}
      />
    </section>
  );
}
