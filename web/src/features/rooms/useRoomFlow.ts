/**
 * A member's flow on a room page, over the page's roomMachine: leaving before the start (ask, then
 * confirm or cancel; a confirmed leave is a new request) and placing the points slip (each submit is
 * a new request; the "placed" note shows from the machine's `bet.placed` until the next submit).
 */
import { type FormEvent, useEffect, useState } from 'react';
import type { RoomActor } from './useRoomData.ts';

export function useLeaveFlow(actor: RoomActor) {
  const [confirming, setConfirming] = useState(false);
  return {
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    leave: () => actor.send({ type: 'room.leave', requestId: `leave-${crypto.randomUUID()}` }),
  };
}

export type LeaveFlow = ReturnType<typeof useLeaveFlow>;

export function useSlipFlow(actor: RoomActor) {
  const [placedNote, setPlacedNote] = useState(false);
  useEffect(() => {
    const sub = actor.on('bet.placed', () => setPlacedNote(true));
    return () => sub.unsubscribe();
  }, [actor]);
  const place = (e: FormEvent) => {
    e.preventDefault();
    setPlacedNote(false);
    actor.send({ type: 'slip.place', requestId: `bet-${crypto.randomUUID()}` });
  };
  return { placedNote, place };
}
