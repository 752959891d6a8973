/**
 * /tournament2/home: the rooms lobby. Tabs public / private / free / my rooms, search by room id or
 * owner, filters (fee, status, seats left), live player counts from the `rooms` topic; the join
 * dialog (PIN for a private room, terms) and the create wizard; the guided tour on a first visit.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { TabList } from '../../shared/components/TabList.tsx';
import { CreateWizard } from './CreateWizard.tsx';
import { JoinForm } from './JoinForm.tsx';
import { LobbyFilterBar } from './LobbyFilterBar.tsx';
import { RoomCard } from './RoomCard.tsx';
import { RoomsGate } from './RoomsGate.tsx';
import { DefaultLobbyFilters, filterRooms, joinable, type LobbyFilters, LobbyTabs } from './rules.ts';
import { Tour, TourReplay } from './Tour.tsx';
import type { Room } from './types.ts';
import { useLobbyActor, useMyRooms } from './useLobby.ts';
import { useRoomsText } from './useRoomsText.ts';
import './rooms.css';

export default function LobbyPage() {
  return (
    <RoomsGate>
      <Lobby />
    </RoomsGate>
  );
}

function Lobby() {
  const { t } = useRoomsText();
  const navigate = useNavigate();
  const { auth, actor, rooms, stale, joining } = useLobbyActor();
  const [filters, setFilters] = useState<LobbyFilters>(DefaultLobbyFilters);
  const mine = useMyRooms(auth, filters.tab);
  const [creating, setCreating] = useState(false);

  const shown = useMemo(() => filterRooms(rooms, filters, mine), [rooms, filters, mine]);
  const set = (patch: Partial<LobbyFilters>) => setFilters((f) => ({ ...f, ...patch }));
  // My room: enter it; a room that takes players: the join dialog; a full or started room: its page
  // to view, with no join.
  const open = (room: Room) => {
    if (mine.has(room.room_id) || !joinable(room)) navigate(`/tournament2/room/${room.room_id}`);
    else actor.send({ type: 'room.select', roomId: room.room_id });
  };

  return (
    <div className="rooms-page lobby">
      <div className="lobby-head">
        <h1>{t('lobby.title')}</h1>
        <div className="lobby-actions">
          <button type="button" data-tour="create" onClick={() => setCreating(true)}>
            {t('lobby.create')}
          </button>
          <button type="button" className="link" onClick={() => navigate('/tournament2/tutorial')}>
            {t('lobby.tutorial')}
          </button>
          <TourReplay />
        </div>
      </div>
      <TabList
        className="lobby-tabs"
        tabs={LobbyTabs}
        current={filters.tab}
        onSelect={(tab) => set({ tab })}
        label={(tab) => t(`tab.${tab}`)}
      />
      <LobbyFilterBar filters={filters} onChange={set} />
      {stale ? (
        <p className="rooms-stale" role="alert">
          {t('lobby.stale')}
        </p>
      ) : null}
      <ul className="room-list" data-tour="lobby" aria-label={t('lobby.rooms')}>
        {shown.length === 0 ? <li className="empty">{t('lobby.empty')}</li> : null}
        {shown.map((room) => (
          <RoomCard key={room.room_id} room={room} mine={mine.has(room.room_id)} onOpen={() => open(room)} />
        ))}
      </ul>
      {joining ? (
        <div className="backdrop rooms-backdrop">
          <div className="dialog join-dialog" role="dialog" aria-modal="true" aria-label={t('join.title')}>
            <JoinForm actor={actor} onCancel={() => actor.send({ type: 'room.cancel' })} />
          </div>
        </div>
      ) : null}
      {creating ? (
        <CreateWizard
          onClose={() => setCreating(false)}
          onCreated={(room) => navigate(`/tournament2/room/${room.room_id}`)}
        />
      ) : null}
      <Tour />
    </div>
  );
}
