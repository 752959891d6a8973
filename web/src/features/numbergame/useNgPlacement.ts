/**
 * One number-game ticket: the picked numbers, the typed stake, and the placement (`ngbet`) with a
 * request id kept until it is accepted, so a placement sent again is the same ticket.
 */
import { useState } from 'react';
import { SessionContext } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { parseStake, toMajor } from '../../shared/money.ts';
import { placeNgTicket } from './numberGameApi.ts';

export function useNgPlacement(draw: { draw_id: string } | null, fail: (code: string) => void) {
  const { auth, currency } = useMember();
  const session = SessionContext.useActorRef();
  const [picks, setPicks] = useState<number[]>([]);
  const [stake, setStake] = useState('');
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const stakeMinor = parseStake(stake, currency);
  const canPlace = draw !== null && picks.length > 0 && stakeMinor !== null && stakeMinor > 0 && !busy;

  const place = async () => {
    if (!auth || !draw || stakeMinor === null) return;
    setBusy(true);
    const r = await placeNgTicket(api, auth, {
      draw_id: draw.draw_id,
      picks,
      stake: toMajor(stakeMinor, currency),
      request_id: requestId,
    });
    setBusy(false);
    if (!r.ok) return fail(r.error.code);
    setAccepted(r.value.ticket_id);
    setRequestId(crypto.randomUUID());
    setPicks([]);
    session.send({ type: 'balance.refresh' });
  };
  return { picks, setPicks, stake, setStake, busy, accepted, canPlace, place };
}
