/**
 * One ticket's way through the ticket machine, as the page drives it: the machine with the real
 * calls, its `ticket.failed` reported through the session's catalogue, and a placed ticket
 * refreshing the balance, clearing the grid and asking for the member's results again.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { SessionContext } from '../../app/contexts.ts';
import { api } from '../../shared/api.ts';
import { checkRows, newRequestId, placeTicket } from './lotteryApi.ts';
import { type TicketDeps, ticketMachine } from './ticketMachine.ts';

export function useTicketFlow(report: (code: string) => void, onPlaced: () => void) {
  const session = SessionContext.useActorRef();
  const deps = useMemo<TicketDeps>(
    () => ({
      check: (a, d, r) => checkRows(api, a, d, r),
      place: (a, d, r, id) => placeTicket(api, a, d, r, id),
      newRequestId,
    }),
    [],
  );
  const [state, send, actor] = useMachine(ticketMachine, { input: { deps } });
  useEffect(() => {
    const failed = actor.on('ticket.failed', (e) => report(e.code));
    const placed = actor.on('ticket.placed', () => {
      session.send({ type: 'balance.refresh' });
      onPlaced();
    });
    return () => {
      failed.unsubscribe();
      placed.unsubscribe();
    };
  }, [actor, report, session, onPlaced]);
  return [state, send] as const;
}

export type TicketFlow = ReturnType<typeof useTicketFlow>;
