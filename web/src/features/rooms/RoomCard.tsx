/** One room of the lobby's list: type, status, owner, fee, players, seats left, matches, and its
 * action (enter my room, join a room that takes players, or view one that does not). */
import { FeeText, StatusBadge } from './RoomBits.tsx';
import { joinable, seatsLeft } from './rules.ts';
import type { Room } from './types.ts';
import { useRoomsText } from './useRoomsText.ts';

export function RoomCard({ room, mine, onOpen }: { room: Room; mine: boolean; onOpen: () => void }) {
  const { t } = useRoomsText();
  const canJoin = joinable(room);
  return (
    <li className="room-card" data-room={room.room_id}>
      <div className="room-card-main">
        <strong>
          #{room.room_id} · {t(`type.${room.room_type}`)}
        </strong>
        <StatusBadge room={room} />
        <span className="owner">{t('room.owner', { owner: room.owner })}</span>
      </div>
      <div className="room-card-facts">
        <span>
          {t('room.fee')}: <FeeText room={room} />
        </span>
        <span data-testid="players">{t('room.players', { players: room.players, limit: room.limit })}</span>
        <span>{t('room.seatsLeft', { count: seatsLeft(room) })}</span>
        <span>{t('room.matchCount', { count: room.matches.length })}</span>
      </div>
      <div className="room-card-go">
        {mine ? <span className="joined-badge">{t('room.joined')}</span> : null}
        <button
          type="button"
          data-tour="join"
          data-go={mine ? 'enter' : canJoin ? 'join' : 'view'}
          onClick={onOpen}
        >
          {mine ? t('room.enter') : canJoin ? t('room.view') : t('room.viewOnly')}
        </button>
      </div>
    </li>
  );
}
