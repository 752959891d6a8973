/**
 * /tournament2/home: the rooms lobby. Tabs public / private / free / my rooms, search by room id or
 * owner, filters (fee, status, seats left), live player counts from the `rooms` topic; the join
 * dialog (PIN for a private room, terms) and the create wizard; the guided tour on a first visit.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api.ts';
import { TabList } from '../../shared/components/TabList.tsx';
import { CreateWizard } from './CreateWizard.tsx';
import { JoinForm } from './JoinForm.tsx';
import { FeeText, StatusBadge } from './RoomBits.tsx';
import { RoomsGate, useAuth } from './RoomsGate.tsx';
import { roomCalls } from './roomsApi.ts';
import {
  DefaultLobbyFilters,
  FeeFilters,
  filterRooms,
  joinable,
  type LobbyFilters,
  LobbyTabs,
  StatusFilters,
  seatsLeft,
} from './rules.ts';
import { Tour, TourReplay } from './Tour.tsx';
import './rooms.css';
import { useRoomActor } from './useRoomActor.ts';
import { useRoomsText } from './useRoomsText.ts';

export default function LobbyPage() {
  return (
    <RoomsGate>
      <Lobby />
    </RoomsGate>
  );
}

function Lobby() {
  const { t } = useRoomsText();
  const auth = useAuth();
  const navigate = useNavigate();
  const actor = useRoomActor({ auth: auth ?? { account_id: '', session_token: '' } });
  const rooms = useSelector(actor, (s) => s.context.rooms);
  const stale = useSelector(actor, (s) => s.context.stale);
  const joining = useSelector(actor, (s) => s.matches('joining'));
  const [filters, setFilters] = useState<LobbyFilters>(DefaultLobbyFilters);
  const [mine, setMine] = useState<ReadonlySet<number>>(new Set());
  const [creating, setCreating] = useState(false);

  // My rooms: asked once, and again when the tab is opened (joins happen elsewhere too).
  const accountId = auth?.account_id;
  const token = auth?.session_token;
  useEffect(() => {
    if (!accountId || !token || (filters.tab !== 'mine' && mine.size > 0)) return;
    const abort = new AbortController();
    void roomCalls(api)
      .list({ account_id: accountId, session_token: token }, true, abort.signal)
      .then((r) => {
        if (r.ok) setMine(new Set(r.value.map((x) => x.room_id)));
      })
      .catch(() => {});
    return () => abort.abort();
  }, [accountId, token, filters.tab, mine.size]);

  useEffect(() => {
    const sub = actor.on('room.joined', (e) => navigate(`/tournament2/room/${e.room.room_id}`));
    return () => sub.unsubscribe();
  }, [actor, navigate]);

  const shown = useMemo(() => filterRooms(rooms, filters, mine), [rooms, filters, mine]);
  const set = (patch: Partial<LobbyFilters>) => setFilters((f) => ({ ...f, ...patch }));
  // My room: enter it; a room that takes players: the join dialog; a full or started room: its page
  // to view, with no join.
  const open = (room: (typeof rooms)[number]) => {
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
      <div className="lobby-filters" data-tour="filters">
        <label>
          {t('filter.search')}
          <input
            type="search"
            value={filters.search}
            placeholder={t('filter.searchHint')}
            onChange={(e) => set({ search: e.target.value })}
          />
        </label>
        <label>
          {t('filter.fee')}
          <select value={filters.fee} onChange={(e) => set({ fee: e.target.value as LobbyFilters['fee'] })}>
            {FeeFilters.map((f) => (
              <option key={f} value={f}>
                {t(`filter.fee.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filter.status')}
          <select
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as LobbyFilters['status'] })}
          >
            {StatusFilters.map((f) => (
              <option key={f} value={f}>
                {f === 'any' || f === 'done' ? t(`filter.status.${f}`) : t(`status.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filter.seats')}
          <select value={filters.seats} onChange={(e) => set({ seats: Number(e.target.value) })}>
            {[0, 1, 3, 5, 10].map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t('filter.seats.any') : t('filter.seats.atLeast', { count: n })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {stale ? (
        <p className="rooms-stale" role="alert">
          {t('lobby.stale')}
        </p>
      ) : null}
      <ul className="room-list" data-tour="lobby" aria-label={t('lobby.rooms')}>
        {shown.length === 0 ? <li className="empty">{t('lobby.empty')}</li> : null}
        {shown.map((room) => (
          <li key={room.room_id} className="room-card" data-room={room.room_id}>
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
              <span data-testid="players">
                {t('room.players', { players: room.players, limit: room.limit })}
              </span>
              <span>{t('room.seatsLeft', { count: seatsLeft(room) })}</span>
              <span>{t('room.matchCount', { count: room.matches.length })}</span>
            </div>
            <div className="room-card-go">
              {mine.has(room.room_id) ? <span className="joined-badge">{t('room.joined')}</span> : null}
              <button
                type="button"
                data-tour="join"
                data-go={mine.has(room.room_id) ? 'enter' : joinable(room) ? 'join' : 'view'}
                onClick={() => open(room)}
              >
                {mine.has(room.room_id)
                  ? t('room.enter')
                  : joinable(room)
                    ? t('room.view')
                    : t('room.viewOnly')}
              </button>
            </div>
          </li>
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
