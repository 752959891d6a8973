/**
 * A member's room page: the head (title, status, owner, the PIN of a private room), the stale and
 * result notes, the facts with their countdowns, the matches with live odds, the points slip with my
 * bets, the ranking, the prizes, and leaving while the room has not started.
 */
import { RoomStatus } from '@sportsbook/protocol';
import type { ReactNode } from 'react';
import { LeaveRoom } from './LeaveRoom.tsx';
import { MyBets } from './MyBets.tsx';
import { PointsSlip } from './PointsSlip.tsx';
import { money, RoomFacts, StatusBadge } from './RoomBits.tsx';
import { RoomMatch } from './RoomOdds.tsx';
import { PrizeTable, RankingTable } from './RoomTables.tsx';
import { type RoomActor, useMemberRoom, usePicked } from './useRoomData.ts';
import { useLeaveFlow } from './useRoomFlow.ts';
import { useRoomsText } from './useRoomsText.ts';

export function MemberRoom({ actor, back }: { actor: RoomActor; back: ReactNode }) {
  const { t } = useRoomsText();
  const { room, ranking, me, stale, phase, error } = useMemberRoom(actor);
  const leave = useLeaveFlow(actor);
  if (!room) return null;
  const canBet = phase === 'active';
  const ended = room.status === RoomStatus.ended;
  const myPrize = ended && me ? me.prize : 0;
  return (
    <div className="rooms-page room-page" data-room={room.room_id} data-phase={phase}>
      {back}
      <div className="room-head">
        <h1>
          {t('room.title', { id: room.room_id })} · {t(`type.${room.room_type}`)}
        </h1>
        <StatusBadge room={room} />
        <span className="owner">{t('room.owner', { owner: room.owner })}</span>
        {room.password ? (
          <span className="pin-note" data-testid="room-pin">
            {t('room.pinIs', { pin: room.password })}
          </span>
        ) : null}
      </div>
      {stale ? (
        <p className="rooms-stale" role="alert">
          {t('lobby.stale')}
        </p>
      ) : null}
      {ended ? (
        <p className="room-result" role="status" data-testid="room-result">
          {me
            ? t('result.ended', { rank: me.rank, points: me.points, prize: money(myPrize, room.currency) })
            : t('result.endedNoRank')}
        </p>
      ) : null}
      {room.status === RoomStatus.cancelled ? (
        <p className="room-result" role="status" data-testid="room-result">
          {t('result.cancelled')}
        </p>
      ) : null}
      {room.status === RoomStatus.closed ? (
        <p className="room-result" role="status" data-testid="room-result">
          {t('result.closed')}
        </p>
      ) : null}
      {phase === 'stopBetting' ? <p className="room-note">{t('room.stopBetting')}</p> : null}
      {phase === 'joined' ? <p className="room-note">{t('room.waitingStart')}</p> : null}
      <RoomFacts room={room} />
      <div className="room-grid">
        <section className="room-section" aria-labelledby="room-matches">
          <h2 id="room-matches">{t('room.matches')}</h2>
          <RoomMatches actor={actor} matches={room.matches} canBet={canBet} />
        </section>
        <section className="room-section" aria-labelledby="room-slip" data-tour="bet">
          <h2 id="room-slip">{t('slip.title')}</h2>
          <PointsSlip actor={actor} canBet={canBet} />
          <MyBets actor={actor} />
        </section>
        <section className="room-section" aria-labelledby="room-ranking" data-tour="ranking">
          <h2 id="room-ranking">{t('ranking.title')}</h2>
          <RankingTable room={room} ranking={ranking} me={me} ended={ended} />
        </section>
        <section className="room-section" aria-labelledby="room-prizes" data-tour="prizes">
          <h2 id="room-prizes">{t('prizes.title')}</h2>
          <PrizeTable room={room} />
        </section>
      </div>
      {phase === 'joined' || phase === 'leaving' ? (
        <LeaveRoom phase={phase} error={error} flow={leave} />
      ) : null}
    </div>
  );
}

function RoomMatches({ actor, matches, canBet }: { actor: RoomActor; matches: number[]; canBet: boolean }) {
  const picked = usePicked(actor);
  return (
    <ul className="room-matches">
      {matches.map((id) => (
        <RoomMatch
          key={id}
          matchId={id}
          canBet={canBet}
          picked={picked}
          onPick={(selection) => actor.send({ type: 'slip.pick', selection })}
        />
      ))}
    </ul>
  );
}
