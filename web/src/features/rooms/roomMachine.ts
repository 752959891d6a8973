/**
 * A tournament room's lifecycle for one member (DESIGN.md "The web client": `room`; SPEC sections
 * 4, 5, 8). States: `list` (the lobby, fed by the `rooms` topic), `checking` (a room page opened by
 * id: roominfo says whether we are in it), `joining` (PIN and terms, then roomjoin with an
 * idempotency key), `member` (fed by the `room/<id>` topic) whose `phase` follows the room's status
 * — `joined` (A, may leave: fee refunded), `active` (0, the points bet slip), `stopBetting` (4),
 * `ended` (3), `cancelled` (2), `closed` (1) — while `bets` reloads my bets and points whenever the
 * ranking moves. `left` after a leave, `missing` when the room cannot be shown.
 *
 * Every failure code goes through the catalogue (`uiActionFor`) and is emitted as `notify` (a failed
 * join only when the code does more than the join form's inline text: logout, network); a join,
 * leave, bet or the room's end emits `balance.refresh`. Call actors resolve with the value and reject
 * with a SlipFailure (failures routed with `onError`; anything else thrown is `systemError`).
 */
import {
  RoomStatus,
  type RoomType,
  type UiAction,
  uiActionFor,
  validateRoomJoin,
} from '@sportsbook/protocol';
import { EMPTY, map, type Observable } from 'rxjs';
import { assertEvent, assign, emit, fromEventObservable, fromPromise, setup } from 'xstate';
import { api as defaultApi } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import { addSelection, type Failure, failureOf, unwrap } from '../betslip/betSlipMachine.ts';
import type { Selection } from '../betslip/types.ts';
import type { LobbyUpdate, RoomUpdate } from './feeds.ts';
import { type MyBets, type RoomCalls, roomCalls } from './roomsApi.ts';
import { type PointsMode, parsePoints, pointsProblem } from './rules.ts';
import type { RankRow, Room, RoomBet } from './types.ts';

export interface RoomInput {
  auth: Auth;
  /** A room page: the room to show; none for the lobby. */
  roomId?: number | null;
}

export interface RoomContext {
  auth: Auth;
  /** The lobby's rooms (the `rooms` topic). */
  rooms: Room[];
  roomId: number | null;
  room: Room | null;
  ranking: RankRow[];
  /** The feed is stale (the gateway cannot reach the upstream) or refused the topic. */
  stale: boolean;
  feedError: string | null;
  me: RankRow | null;
  bets: RoomBet[];
  /** Points left to bet (null until memberbetlist answered). */
  points: number | null;
  pin: string;
  terms: boolean;
  slipMode: PointsMode;
  picks: Selection[];
  stake: string;
  /** The idempotency key of the join / leave / bet in flight. */
  requestId: string | null;
  /** The last code shown (a refusal, a failed call). */
  error: string | null;
  /** The status the phase region last routed on, and the ranking my bets were last loaded for. */
  phaseStatus: RoomStatus | null;
  rankSeen: string;
}

export type RoomEvent =
  | { type: 'rooms.update'; update: LobbyUpdate }
  | { type: 'room.select'; roomId: number }
  | { type: 'room.enter'; roomId: number }
  | { type: 'room.pin.change'; pin: string }
  | { type: 'room.terms.change'; accepted: boolean }
  | { type: 'room.join'; requestId: string }
  | { type: 'room.cancel' }
  | { type: 'room.update'; update: RoomUpdate }
  | { type: 'room.leave'; requestId: string }
  | { type: 'bets.refresh' }
  | { type: 'slip.pick'; selection: Selection }
  | { type: 'slip.remove'; oddsId: string }
  | { type: 'slip.mode.change'; mode: PointsMode }
  | { type: 'slip.stake.change'; stake: string }
  /** The odds feed moved a picked price (or line): the pick follows it. */
  | { type: 'slip.reprice'; oddsId: string; selection: number; price: number; line: number | string | null }
  | { type: 'slip.place'; requestId: string }
  | { type: 'slip.clear' };

export type RoomEmitted =
  | { type: 'room.notify'; code: string; action: UiAction }
  | { type: 'balance.refresh' }
  | { type: 'room.joined'; room: Room }
  | { type: 'room.left'; room: Room }
  | { type: 'bet.placed'; bet: RoomBet };

export interface RoomDeps {
  calls: RoomCalls;
  /** The lobby topic; EMPTY without a stream. */
  lobby: () => Observable<LobbyUpdate>;
  /** One room's topic; EMPTY without a stream. */
  room: (roomId: number) => Observable<RoomUpdate>;
}

export function roomActors(deps: RoomDeps) {
  return {
    lobbyFeed: fromEventObservable<{ type: 'rooms.update'; update: LobbyUpdate }, Record<string, never>>(() =>
      deps.lobby().pipe(map((update) => ({ type: 'rooms.update' as const, update }))),
    ),
    roomFeed: fromEventObservable<{ type: 'room.update'; update: RoomUpdate }, { roomId: number }>(
      ({ input }) =>
        deps.room(input.roomId).pipe(map((update) => ({ type: 'room.update' as const, update }))),
    ),
    roomInfo: fromPromise<Room, { auth: Auth; roomId: number }>(async ({ input, signal }) =>
      unwrap(await deps.calls.info(input.auth, input.roomId, signal)),
    ),
    joinRoom: fromPromise<
      Room,
      { auth: Auth; roomId: number; pin: string; terms: boolean; requestId: string }
    >(async ({ input, signal }) => unwrap(await deps.calls.join(input.auth, input, signal))),
    leaveRoom: fromPromise<Room, { auth: Auth; roomId: number; requestId: string }>(
      async ({ input, signal }) =>
        unwrap(await deps.calls.leave(input.auth, input.roomId, input.requestId, signal)),
    ),
    myBets: fromPromise<MyBets, { auth: Auth; roomId: number }>(async ({ input, signal }) =>
      unwrap(await deps.calls.myBets(input.auth, input.roomId, signal)),
    ),
    placeBet: fromPromise<
      { bet: RoomBet; points: number },
      { auth: Auth; roomId: number; mode: PointsMode; picks: Selection[]; stake: number; requestId: string }
    >(async ({ input, signal }) => unwrap(await deps.calls.place(input.auth, input, signal))),
  };
}

const notifyOf = (code: string): RoomEmitted => ({
  type: 'room.notify',
  code,
  action: uiActionFor(code, { loggedIn: true, callerWantsDialog: true }),
});

/** Why the join form cannot be sent (a validation or catalogue code), or null. */
export function joinProblem(context: Pick<RoomContext, 'room' | 'pin' | 'terms'>): string | null {
  const type = (context.room?.room_type ?? 1) as RoomType;
  const errors = validateRoomJoin({ type, pin: context.pin, termsAccepted: context.terms });
  return errors[0]?.code ?? null;
}

const statusIs =
  (status: RoomStatus) =>
  ({ context }: { context: RoomContext }) =>
    context.room?.status === status;

/** What of the ranking my bets follow: a move of anyone's points or prize (a settlement). */
const rankKey = (ranking: readonly RankRow[]) =>
  ranking.map((r) => `${r.nickname}:${r.points}:${r.prize}`).join('|');

export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as RoomInput,
    emitted: {} as RoomEmitted,
  },
  actors: roomActors({ calls: roomCalls(defaultApi), lobby: () => EMPTY, room: () => EMPTY }),
  guards: {
    hasRoomId: ({ context }) => context.roomId !== null,
    joined: (_, room: Room) => room.joined === true,
    canJoin: ({ context }) => joinProblem(context) === null,
    canPlace: ({ context }) =>
      pointsProblem(
        { mode: context.slipMode, picks: context.picks, stake: context.stake },
        context.points,
      ) === null,
    alreadyMember: (_, failure: Failure) => failure.code === 'memberJoinedBefore',
    /**
     * A code that does more than say something (log out, go home, mark the network failed): the
     * session must hear it even where a form already shows the text.
     */
    sessionLevel: (_, failure: Failure) => {
      const action = uiActionFor(failure.code, { loggedIn: true });
      return action.logout || action.goHome || action.markNetworkFailed;
    },
    statusMoved: ({ context }) => (context.room?.status ?? null) !== context.phaseStatus,
    rankMoved: ({ context }) => rankKey(context.ranking) !== context.rankSeen,
    isOpen: statusIs(RoomStatus.open),
    isActive: statusIs(RoomStatus.active),
    isStopBetting: statusIs(RoomStatus.stopBetting),
    isEnded: statusIs(RoomStatus.ended),
    isCancelled: statusIs(RoomStatus.cancelled),
    isClosed: statusIs(RoomStatus.closed),
  },
  actions: {
    notify: emit((_, params: { code: string }) => notifyOf(params.code)),
    refreshBalance: emit({ type: 'balance.refresh' as const }),
    setError: assign((_, params: { code: string | null }) => ({ error: params.code })),
    setRoom: assign((_, room: Room) => ({ room, roomId: room.room_id })),
    setLobby: assign(({ event }) => {
      assertEvent(event, 'rooms.update');
      return { rooms: event.update.rooms, stale: event.update.stale };
    }),
    select: assign(({ context, event }) => {
      assertEvent(event, ['room.select', 'room.enter']);
      const room = context.rooms.find((r) => r.room_id === event.roomId) ?? null;
      return { roomId: event.roomId, room, pin: '', terms: false, error: null };
    }),
    /** A room topic update; the phase and bets regions see what moved (`statusMoved`, `rankMoved`). */
    applyUpdate: assign(({ context, event }) => {
      assertEvent(event, 'room.update');
      const { room, ranking, stale, error } = event.update;
      // The topic is shared: it never carries `joined` or a PIN; keep ours.
      const merged =
        room === null
          ? context.room
          : {
              ...room,
              joined: context.room?.joined ?? true,
              ...(context.room?.password ? { password: context.room.password } : {}),
            };
      return { room: merged, ranking, stale, feedError: error };
    }),
    notePhase: assign(({ context }) => ({ phaseStatus: context.room?.status ?? null })),
    noteRank: assign(({ context }) => ({ rankSeen: rankKey(context.ranking) })),
    setMyBets: assign((_, mine: MyBets) => ({ bets: mine.bets, points: mine.points, me: mine.me })),
    startRequest: assign((_, params: { requestId: string }) => ({
      requestId: params.requestId,
      error: null,
    })),
    endRequest: assign({ requestId: null }),
    emitJoined: emit(({ context }) => ({ type: 'room.joined' as const, room: context.room as Room })),
    emitLeft: emit((_, room: Room) => ({ type: 'room.left' as const, room })),
    pick: assign(({ context, event }) => {
      assertEvent(event, 'slip.pick');
      return {
        picks: addSelection({ mode: context.slipMode, selections: context.picks }, event.selection),
        error: null,
      };
    }),
    removePick: assign(({ context, event }) => {
      assertEvent(event, 'slip.remove');
      return { picks: context.picks.filter((p) => p.oddsId !== event.oddsId), error: null };
    }),
    setSlipMode: assign(({ context, event }) => {
      assertEvent(event, 'slip.mode.change');
      return {
        slipMode: event.mode,
        picks: event.mode === 'single' ? context.picks.slice(-1) : context.picks,
        error: null,
      };
    }),
    reprice: assign(({ context, event }) => {
      assertEvent(event, 'slip.reprice');
      return {
        picks: context.picks.map((p) =>
          p.oddsId === event.oddsId && p.selection === event.selection
            ? { ...p, price: event.price, line: event.line }
            : p,
        ),
      };
    }),
    setStake: assign(({ event }) => {
      assertEvent(event, 'slip.stake.change');
      return { stake: event.stake, error: null };
    }),
    clearSlip: assign({ picks: [], error: null }),
    placed: assign(({ context }, done: { bet: RoomBet; points: number }) => ({
      bets: [done.bet, ...context.bets.filter((b) => b.bet_id !== done.bet.bet_id)],
      points: done.points,
      picks: [],
      stake: '',
      requestId: null,
    })),
    emitPlaced: emit((_, done: { bet: RoomBet }) => ({ type: 'bet.placed' as const, bet: done.bet })),
  },
}).createMachine({
  id: 'room',
  context: ({ input }) => ({
    auth: input.auth,
    rooms: [],
    roomId: input.roomId ?? null,
    room: null,
    ranking: [],
    stale: false,
    feedError: null,
    me: null,
    bets: [],
    points: null,
    pin: '',
    terms: false,
    slipMode: 'single',
    picks: [],
    stake: '',
    requestId: null,
    error: null,
    phaseStatus: null,
    rankSeen: '',
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasRoomId', target: 'checking' }, { target: 'list' }],
    },
    list: {
      invoke: { src: 'lobbyFeed', input: {} },
      on: {
        'rooms.update': { actions: 'setLobby' },
        'room.select': { target: 'joining', actions: 'select' },
        'room.enter': { target: 'checking', actions: 'select' },
      },
    },
    /** A room by id: roominfo (with our session) says whether we are in it. */
    checking: {
      invoke: {
        src: 'roomInfo',
        input: ({ context }) => ({ auth: context.auth, roomId: context.roomId ?? 0 }),
        onDone: [
          {
            guard: { type: 'joined', params: ({ event }) => event.output },
            target: 'member',
            actions: { type: 'setRoom', params: ({ event }) => event.output },
          },
          { target: 'joining', actions: { type: 'setRoom', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'missing',
          actions: [
            { type: 'setError', params: ({ event }) => failureOf(event.error) },
            { type: 'notify', params: ({ event }) => failureOf(event.error) },
          ],
        },
      },
    },
    joining: {
      initial: 'form',
      on: { 'room.cancel': { target: 'list', actions: assign({ pin: '', terms: false, error: null }) } },
      states: {
        form: {
          on: {
            'room.pin.change': { actions: assign(({ event }) => ({ pin: event.pin, error: null })) },
            'room.terms.change': { actions: assign(({ event }) => ({ terms: event.accepted, error: null })) },
            'room.join': [
              {
                guard: 'canJoin',
                target: 'submitting',
                actions: { type: 'startRequest', params: ({ event }) => ({ requestId: event.requestId }) },
              },
              { actions: { type: 'setError', params: ({ context }) => ({ code: joinProblem(context) }) } },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'joinRoom',
            input: ({ context }) => ({
              auth: context.auth,
              roomId: context.roomId ?? 0,
              pin: context.room?.room_type === 2 ? context.pin : '',
              terms: context.terms,
              requestId: context.requestId ?? '',
            }),
            onDone: {
              target: '#room.member',
              actions: [
                { type: 'setRoom', params: ({ event }) => ({ ...event.output, joined: true }) },
                'endRequest',
                'refreshBalance',
                'emitJoined',
              ],
            },
            onError: [
              {
                // Joined already (another tab, an earlier visit): go in.
                guard: { type: 'alreadyMember', params: ({ event }) => failureOf(event.error) },
                target: '#room.checking',
                actions: 'endRequest',
              },
              {
                guard: { type: 'sessionLevel', params: ({ event }) => failureOf(event.error) },
                target: 'form',
                actions: [
                  'endRequest',
                  { type: 'setError', params: ({ event }) => failureOf(event.error) },
                  { type: 'notify', params: ({ event }) => failureOf(event.error) },
                ],
              },
              {
                // The join form says it (a wrong PIN, a full room): once, beside the field, not
                // also in a dialog over the form.
                target: 'form',
                actions: ['endRequest', { type: 'setError', params: ({ event }) => failureOf(event.error) }],
              },
            ],
          },
        },
      },
    },
    member: {
      type: 'parallel',
      invoke: { src: 'roomFeed', input: ({ context }) => ({ roomId: context.roomId ?? 0 }) },
      on: {
        'room.update': { actions: 'applyUpdate' },
        'slip.pick': { actions: 'pick' },
        'slip.remove': { actions: 'removePick' },
        'slip.mode.change': { actions: 'setSlipMode' },
        'slip.stake.change': { actions: 'setStake' },
        'slip.reprice': { actions: 'reprice' },
        'slip.clear': { actions: 'clearSlip' },
      },
      states: {
        phase: {
          initial: 'routing',
          always: { guard: 'statusMoved', target: '.routing' },
          states: {
            routing: {
              entry: 'notePhase',
              always: [
                { guard: 'isOpen', target: 'joined' },
                { guard: 'isActive', target: 'active' },
                { guard: 'isStopBetting', target: 'stopBetting' },
                { guard: 'isEnded', target: 'ended' },
                { guard: 'isCancelled', target: 'cancelled' },
                { guard: 'isClosed', target: 'closed' },
              ],
            },
            joined: {
              on: {
                'room.leave': {
                  target: 'leaving',
                  actions: { type: 'startRequest', params: ({ event }) => ({ requestId: event.requestId }) },
                },
              },
            },
            leaving: {
              invoke: {
                src: 'leaveRoom',
                input: ({ context }) => ({
                  auth: context.auth,
                  roomId: context.roomId ?? 0,
                  requestId: context.requestId ?? '',
                }),
                onDone: {
                  target: '#room.left',
                  actions: [
                    'endRequest',
                    'refreshBalance',
                    { type: 'emitLeft', params: ({ event }) => event.output },
                  ],
                },
                onError: {
                  target: 'routing',
                  actions: [
                    'endRequest',
                    { type: 'setError', params: ({ event }) => failureOf(event.error) },
                    { type: 'notify', params: ({ event }) => failureOf(event.error) },
                  ],
                },
              },
            },
            active: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'slip.place': [
                      {
                        guard: 'canPlace',
                        target: 'placing',
                        actions: {
                          type: 'startRequest',
                          params: ({ event }) => ({ requestId: event.requestId }),
                        },
                      },
                      {
                        actions: {
                          type: 'setError',
                          params: ({ context }) => ({
                            code: pointsProblem(
                              { mode: context.slipMode, picks: context.picks, stake: context.stake },
                              context.points,
                            ),
                          }),
                        },
                      },
                    ],
                  },
                },
                placing: {
                  invoke: {
                    src: 'placeBet',
                    input: ({ context }) => ({
                      auth: context.auth,
                      roomId: context.roomId ?? 0,
                      mode: context.slipMode,
                      picks: context.picks,
                      stake: (parsePoints(context.stake) ?? 0) / 100,
                      requestId: context.requestId ?? '',
                    }),
                    onDone: {
                      target: 'idle',
                      actions: [
                        { type: 'placed', params: ({ event }) => event.output },
                        { type: 'emitPlaced', params: ({ event }) => event.output },
                      ],
                    },
                    onError: {
                      target: 'idle',
                      actions: [
                        'endRequest',
                        { type: 'setError', params: ({ event }) => failureOf(event.error) },
                        { type: 'notify', params: ({ event }) => failureOf(event.error) },
                      ],
                    },
                  },
                },
              },
            },
            stopBetting: {},
            /** Prizes are credited when the room ends: the balance is fetched again. */
            ended: { entry: 'refreshBalance' },
            /** Every fee is refunded. */
            cancelled: { entry: 'refreshBalance' },
            closed: { entry: 'refreshBalance' },
          },
        },
        // The reloads are transitions of the region's children: a reentering one on `bets` itself
        // would have `member` (the parallel parent) as its domain, and leave and re-enter the whole
        // member state on every ranking move (a bet in flight cancelled, its reply lost).
        bets: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'noteRank',
              always: { guard: 'rankMoved', target: 'loading', reenter: true },
              on: { 'bets.refresh': { target: 'loading', reenter: true } },
              invoke: {
                src: 'myBets',
                input: ({ context }) => ({ auth: context.auth, roomId: context.roomId ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setMyBets', params: ({ event }) => event.output },
                },
                // The bets are a view: a failure leaves the last ones (the next ranking move retries).
                onError: 'idle',
              },
            },
            idle: {
              always: { guard: 'rankMoved', target: 'loading' },
              on: { 'bets.refresh': 'loading' },
            },
          },
        },
      },
    },
    left: {
      on: { 'room.enter': { target: 'checking', actions: 'select' } },
    },
    missing: {},
  },
});
