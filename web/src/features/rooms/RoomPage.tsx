/**
 * /tournament2/room/<id>: one room. Details, countdowns to the last join and last betting times
 * (GMT+8), prize pool and prize table, the room's matches with live odds, the points bet slip
 * (single and parlay), my bets, the live ranking (my row highlighted), the result and prizes when
 * it ends; leave before it starts (fee refunded). A non-member gets the join form. All of it follows
 * the roomMachine, fed by the `room/<id>` topic: its data comes from `useRoomData.ts`, the member's
 * leave and slip flows from `useRoomFlow.ts`, the member's page is `MemberRoom`.
 */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { codeText } from './codeText.ts';
import { JoinForm } from './JoinForm.tsx';
import { MemberRoom } from './MemberRoom.tsx';
import { RoomsGate } from './RoomsGate.tsx';
import './rooms.css';
import { useRoom } from './useRoomData.ts';
import { useRoomsText } from './useRoomsText.ts';

export default function RoomPage() {
  return (
    <RoomsGate>
      <RoomById />
    </RoomsGate>
  );
}

function RoomById() {
  const { roomId } = useParams();
  const id = Number(roomId);
  // A new id is a new machine.
  return <Room key={id} roomId={Number.isSafeInteger(id) && id > 0 ? id : 0} />;
}

function Room({ roomId }: { roomId: number }) {
  const { t } = useRoomsText();
  const main = useTranslation();
  const { actor, stage, error } = useRoom(roomId);
  const back = (
    <Link className="back" to="/tournament2/home">
      {t('room.backToLobby')}
    </Link>
  );
  if (stage === 'loading') return <p className="loading" role="status" aria-busy="true" />;
  if (stage === 'missing')
    return (
      <div className="rooms-page room-page">
        {back}
        <p role="alert">{error ? codeText(main.t, error) : t('room.missing')}</p>
      </div>
    );
  if (stage === 'left')
    return (
      <div className="rooms-page room-page">
        {back}
        <p role="status" data-testid="left">
          {t('room.left')}
        </p>
      </div>
    );
  if (stage === 'joining')
    return (
      <div className="rooms-page room-page">
        {back}
        <JoinForm actor={actor} />
      </div>
    );
  return <MemberRoom actor={actor} back={back} />;
}
