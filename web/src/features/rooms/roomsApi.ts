/**
 * The tournament calls the rooms pages make (`POST /api/tournament/<call>`, bodies of protocol's
 * tournament schemas, replies checked by api.ts). Joins, leaves, creates and bets carry a
 * `request_id` (idempotency key): a retried key gets the first reply and never charges twice.
 * Every function answers an Outcome: the value, or the reply's catalogue code.
 */
import type { ApiClient, ApiResult } from '../../shared/api.ts';
import { type Auth, mapOutcome, type Outcome } from '../../shared/result.ts';
import type { Selection } from '../betslip/types.ts';
import type { RankRow, Room, RoomBet, RoomLeague, RoomMatch } from './types.ts';

const outcome = <T, R>(result: ApiResult<R>, pick: (reply: R) => T): Outcome<T> => mapOutcome(result, pick);

export interface JoinRequest {
  roomId: number;
  pin: string;
  terms: boolean;
  requestId: string;
}

export interface CreateRequest {
  roomType: 1 | 2;
  rate: number;
  limit: number;
  pin: string;
  matchIds: number[];
  terms: boolean;
  requestId: string;
  /** A room over virtual events: vroomcreate instead of roomcreate. */
  virtual?: boolean;
}

export interface PlaceRequest {
  roomId: number;
  mode: 'single' | 'parlay';
  picks: readonly Selection[];
  /** Points. */
  stake: number;
  requestId: string;
}

export interface MyBets {
  bets: RoomBet[];
  points: number;
  me: RankRow | null;
}

export function roomCalls(api: ApiClient) {
  return {
    /** Whether tournament is open to this account (`tournamentDisabled` otherwise). */
    async validate(auth: Auth, signal?: AbortSignal): Promise<Outcome<boolean>> {
      return outcome(await api.call('membervalidatetournament', { ...auth }, { signal }), () => true);
    },
    async list(auth: Auth, mine: boolean, signal?: AbortSignal): Promise<Outcome<Room[]>> {
      const result = await api.call(
        'tournament/roomlist',
        { ...auth, ...(mine ? { mine } : {}) },
        { signal },
      );
      return outcome(result, (d) => d.rooms);
    },
    async info(auth: Auth, roomId: number, signal?: AbortSignal): Promise<Outcome<Room>> {
      return outcome(
        await api.call('tournament/roominfo', { ...auth, room_id: roomId }, { signal }),
        (d) => d.room,
      );
    },
    async join(auth: Auth, r: JoinRequest, signal?: AbortSignal): Promise<Outcome<Room>> {
      const result = await api.call(
        'tournament/roomjoin',
        {
          ...auth,
          room_id: r.roomId,
          ...(r.pin !== '' ? { password: r.pin } : {}),
          terms: r.terms,
          request_id: r.requestId,
        },
        { signal },
      );
      return outcome(result, (d) => d.room);
    },
    async leave(auth: Auth, roomId: number, requestId: string, signal?: AbortSignal): Promise<Outcome<Room>> {
      const result = await api.call(
        'tournament/roomleave',
        { ...auth, room_id: roomId, request_id: requestId },
        { signal },
      );
      return outcome(result, (d) => d.room);
    },
    async create(auth: Auth, r: CreateRequest, signal?: AbortSignal): Promise<Outcome<Room>> {
      const result = await api.call(
        r.virtual === true ? 'tournament/vroomcreate' : 'tournament/roomcreate',
        {
          ...auth,
          room_type: r.roomType,
          rate: r.rate,
          limit: r.limit,
          ...(r.roomType === 2 ? { password: r.pin } : {}),
          match_ids: r.matchIds,
          terms: r.terms,
          request_id: r.requestId,
        },
        { signal },
      );
      return outcome(result, (d) => d.room);
    },
    /** `virtual`: the leagues and matches a virtual room may take (virtual events). */
    async leagues(auth: Auth, signal?: AbortSignal, virtual = false): Promise<Outcome<RoomLeague[]>> {
      return outcome(
        await api.call('tournament/roomleaguelist', { ...auth, ...(virtual ? { virtual } : {}) }, { signal }),
        (d) => d.leagues,
      );
    },
    async matches(
      auth: Auth,
      leagueIds: number[],
      signal?: AbortSignal,
      virtual = false,
    ): Promise<Outcome<RoomMatch[]>> {
      const result = await api.call(
        'tournament/roommatchlist',
        { ...auth, league_ids: leagueIds, page_number: 1, page_size: 100, ...(virtual ? { virtual } : {}) },
        { signal },
      );
      return outcome(result, (d) => d.matches);
    },
    async lookup(auth: Auth, keyword: string, signal?: AbortSignal): Promise<Outcome<RoomMatch[]>> {
      return outcome(
        await api.call('tournament/matchlookup', { ...auth, keyword }, { signal }),
        (d) => d.matches,
      );
    },
    async myBets(auth: Auth, roomId: number, signal?: AbortSignal): Promise<Outcome<MyBets>> {
      const result = await api.call('tournament/memberbetlist', { ...auth, room_id: roomId }, { signal });
      return outcome(result, (d) => ({
        bets: d.bets,
        points: d.points,
        me: d.me ?? null,
      }));
    },
    async place(
      auth: Auth,
      r: PlaceRequest,
      signal?: AbortSignal,
    ): Promise<Outcome<{ bet: RoomBet; points: number }>> {
      const legs = r.picks.map((p) => ({
        odds_id: p.oddsId,
        selection: p.selection,
        price: p.price,
        ...(typeof p.line === 'number' ? { line: p.line } : {}),
        // The row's own label (a CS score): a row relabelled by a goal answers marketTypeChanged.
        ...(typeof p.rowLabel === 'string' && p.rowLabel !== '' ? { label: p.rowLabel } : {}),
      }));
      const first = legs[0];
      const result =
        r.mode === 'single' && first
          ? await api.call(
              'tournament/bet',
              { ...auth, room_id: r.roomId, ...first, stake: r.stake, request_id: r.requestId },
              { signal },
            )
          : await api.call(
              'tournament/betplus',
              { ...auth, room_id: r.roomId, selections: legs, stake: r.stake, request_id: r.requestId },
              { signal },
            );
      return outcome(result, (d) => ({ bet: d.bet, points: d.points }));
    },
  };
}

export type RoomCalls = ReturnType<typeof roomCalls>;
