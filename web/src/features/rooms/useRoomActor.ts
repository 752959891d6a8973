/**
 * A roomMachine for a page, over the page's stream and the app's session: its codes go to the
 * session (the catalogue's toast / dialog / logout), a join, leave or the room's end refreshes the
 * header's balance.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { EMPTY } from 'rxjs';
import { SessionContext } from '../../app/contexts.ts';
import { api } from '../../shared/api.ts';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import { useOddsStream } from '../../shared/stream/react.tsx';
import { lobbyFeed, roomFeed } from './feeds.ts';
import { type RoomInput, roomActors, roomMachine } from './roomMachine.ts';
import { roomCalls } from './roomsApi.ts';

export function useRoomActor(input: RoomInput) {
  const session = SessionContext.useActorRef();
  const stream = useOddsStream();
  const streamRef = useRef<OddsStream | null>(stream);
  streamRef.current = stream;
  const machine = useMemo(
    () =>
      roomMachine.provide({
        actors: roomActors({
          calls: roomCalls(api),
          lobby: () => (streamRef.current ? lobbyFeed(streamRef.current) : EMPTY),
          room: (roomId) => (streamRef.current ? roomFeed(streamRef.current, roomId) : EMPTY),
        }),
      }),
    [],
  );
  const actor = useActorRef(machine, { input });
  useEffect(() => {
    const a = actor.on('room.notify', (e) =>
      session.send({ type: 'error.report', code: e.code, callerWantsDialog: true }),
    );
    const b = actor.on('balance.refresh', () => session.send({ type: 'balance.refresh' }));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [actor, session]);
  return actor;
}
