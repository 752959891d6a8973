/**
 * A room page's data, all of it read from the page's roomMachine (fed by the `room/<id>` topic and
 * the room calls, useRoomActor.ts): where the page is (loading, joining, member, left, missing), the
 * member view (room, ranking, my row, stale, phase), the points slip's fields and my bets.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useAuth } from './RoomsGate.tsx';
import type { roomMachine } from './roomMachine.ts';
import { useRoomActor } from './useRoomActor.ts';

export type RoomActor = ActorRefFrom<typeof roomMachine>;

export type RoomStage = 'member' | 'joining' | 'left' | 'missing' | 'loading';

/** The room's machine for this page, and where it is. */
export function useRoom(roomId: number) {
  const auth = useAuth();
  const actor = useRoomActor({ auth: auth ?? { account_id: '', session_token: '' }, roomId });
  const stage = useSelector(
    actor,
    (s): RoomStage =>
      s.matches('member')
        ? 'member'
        : s.matches('joining')
          ? 'joining'
          : s.matches('left')
            ? 'left'
            : s.matches('missing')
              ? 'missing'
              : 'loading',
  );
  const error = useSelector(actor, (s) => s.context.error);
  return { actor, stage, error };
}

/** A member's view of the room; `phase` is the member's phase state (routing until known). */
export function useMemberRoom(actor: RoomActor) {
  const room = useSelector(actor, (s) => s.context.room);
  const ranking = useSelector(actor, (s) => s.context.ranking);
  const me = useSelector(actor, (s) => s.context.me);
  const stale = useSelector(actor, (s) => s.context.stale);
  const phase = useSelector(actor, (s) => {
    const value = s.value as { member?: { phase?: unknown } };
    const p = value.member?.phase;
    return typeof p === 'string' ? p : p && typeof p === 'object' ? Object.keys(p)[0] : 'routing';
  });
  const error = useSelector(actor, (s) => s.context.error);
  return { room, ranking, me, stale, phase, error };
}

/** The points slip's fields. */
export function useSlipData(actor: RoomActor) {
  const mode = useSelector(actor, (s) => s.context.slipMode);
  const picks = useSelector(actor, (s) => s.context.picks);
  const stake = useSelector(actor, (s) => s.context.stake);
  const points = useSelector(actor, (s) => s.context.points);
  const error = useSelector(actor, (s) => s.context.error);
  const placing = useSelector(actor, (s) => s.matches({ member: { phase: { active: 'placing' } } }));
  return { mode, picks, stake, points, error, placing };
}

/** The slip's picks as `<oddsId>/<selection>` keys, for the price buttons' pressed state. */
export function usePicked(actor: RoomActor): ReadonlySet<string> {
  const picks = useSelector(actor, (s) => s.context.picks);
  return useMemo(() => new Set(picks.map((p) => `${p.oddsId}/${p.selection}`)), [picks]);
}

export const useMyBets = (actor: RoomActor) => useSelector(actor, (s) => s.context.bets);
