/**
 * The lobby's data: the room machine over the `rooms` topic (live rooms and player counts, stale
 * when the gateway says so; a joined room opens its page), and the member's own rooms (`mine`),
 * asked once and again whenever the "my rooms" tab is opened, since joins happen elsewhere too.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import { useAuth } from './RoomsGate.tsx';
import { roomCalls } from './roomsApi.ts';
import type { LobbyFilters } from './rules.ts';
import { useRoomActor } from './useRoomActor.ts';

export function useLobbyActor() {
  const auth = useAuth();
  const navigate = useNavigate();
  const actor = useRoomActor({ auth: auth ?? { account_id: '', session_token: '' } });
  const rooms = useSelector(actor, (s) => s.context.rooms);
  const stale = useSelector(actor, (s) => s.context.stale);
  const joining = useSelector(actor, (s) => s.matches('joining'));
  useEffect(() => {
    const sub = actor.on('room.joined', (e) => navigate(`/tournament2/room/${e.room.room_id}`));
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  return { auth, actor, rooms, stale, joining };
}

export function useMyRooms(auth: Auth | null, tab: LobbyFilters['tab']): ReadonlySet<number> {
  const [mine, setMine] = useState<ReadonlySet<number>>(new Set());
  const accountId = auth?.account_id;
  const token = auth?.session_token;
  useEffect(() => {
    if (!accountId || !token || (tab !== 'mine' && mine.size > 0)) return;
    const abort = new AbortController();
    void roomCalls(api)
      .list({ account_id: accountId, session_token: token }, true, abort.signal)
      .then((r) => {
        if (r.ok) setMine(new Set(r.value.map((x) => x.room_id)));
      })
      .catch(() => {});
    return () => abort.abort();
  }, [accountId, token, tab, mine.size]);
  return mine;
}
