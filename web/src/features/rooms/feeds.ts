/**
 * The rooms feeds over the tab's stream (shared/stream): the lobby topic `rooms` and one room's
 * topic `room/<room_id>`, each as the plain update the room machine takes (snapshot and deltas are
 * applied by the stream; a gap resumes, a hash mismatch re-snapshots).
 */
import { distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import { rankingOf } from './rules.ts';
import type { RankRow, Room, RoomModel, RoomsModel } from './types.ts';

export interface LobbyUpdate {
  rooms: Room[];
  stale: boolean;
}

export interface RoomUpdate {
  room: Room | null;
  ranking: RankRow[];
  stale: boolean;
  /** The gateway refused the topic (a private room of others, a room that does not exist). */
  error: string | null;
}

export const LobbyTopic = 'rooms';
export const roomTopic = (roomId: number) => `room/${roomId}`;

export function lobbyFeed(stream: OddsStream): Observable<LobbyUpdate> {
  return stream.topic<RoomsModel>(LobbyTopic).pipe(
    filter((view) => view.model !== null),
    distinctUntilChanged((a, b) => a.model === b.model && a.stale === b.stale),
    map((view) => ({ rooms: Object.values(view.model?.room ?? {}), stale: view.stale })),
  );
}

export function roomFeed(stream: OddsStream, roomId: number): Observable<RoomUpdate> {
  return stream.topic<RoomModel>(roomTopic(roomId)).pipe(
    filter((view) => view.model !== null || view.error !== null),
    distinctUntilChanged((a, b) => a.model === b.model && a.stale === b.stale && a.error === b.error),
    map((view) => ({
      room: Object.values(view.model?.room ?? {})[0] ?? null,
      ranking: rankingOf(view.model?.rank),
      stale: view.stale,
      error: view.error,
    })),
  );
}
