import { RoomStatus } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Selection } from '../betslip/types.ts';
import {
  countdown,
  DefaultLobbyFilters,
  FeeFilters,
  filterRooms,
  gmt8,
  joinable,
  LobbyTabs,
  parsePoints,
  pointsProblem,
  rankingOf,
  StatusFilters,
  seatsLeft,
} from './rules.ts';
import { moveTour, TourSteps, tourStep } from './tour.ts';
import type { Room } from './types.ts';

const room = (patch: Partial<Room>): Room => ({
  room_id: 1,
  room_type: 1,
  rate: 10,
  currency: 'MYR',
  limit: 10,
  status: RoomStatus.open,
  owner: 'House',
  operator: true,
  matches: [1, 2, 3],
  last_join_time: '2026-11-23T12:00:00.000Z',
  last_betting_time: '2026-11-23T12:10:00.000Z',
  players: 0,
  prize_pool: 0,
  prizes: [],
  fees: 0,
  commission: 0,
  commission_pct: 10,
  bankroll: 1000,
  created_time: '2026-11-23T10:00:00.000Z',
  end_time: null,
  ...patch,
});

const pick = (matchId: number, live = false): Selection => ({
  topic: `match/${matchId}`,
  oddsId: `o${matchId}`,
  matchId,
  sportId: 1,
  leagueName: '',
  home: 'H',
  away: 'A',
  betType: 'HDP',
  selection: 0,
  line: 0,
  price: 2,
  label: 'H',
  live,
  parlay: true,
});

describe('lobby filters', () => {
  const rooms = [
    room({ room_id: 1, owner: 'House', rate: 10, players: 9 }),
    room({ room_id: 2, room_type: 2, owner: 'dem***', rate: 500, players: 2 }),
    room({ room_id: 3, room_type: 3, rate: 0, players: 1, status: RoomStatus.active }),
    room({ room_id: 4, owner: 'Alice', rate: 100, players: 3, status: RoomStatus.ended }),
  ];
  const ids = (patch: Partial<typeof DefaultLobbyFilters>, mine = new Set<number>()) =>
    filterRooms(rooms, { ...DefaultLobbyFilters, ...patch }, mine).map((r) => r.room_id);

  it('tabs by type, my rooms by membership; open rooms first', () => {
    expect(ids({ tab: 'public' })).toEqual([1, 4]);
    expect(ids({ tab: 'private' })).toEqual([2]);
    expect(ids({ tab: 'free' })).toEqual([3]);
    expect(ids({ tab: 'mine' }, new Set([3, 2]))).toEqual([2, 3]);
  });

  it('searches by room id (exact) or owner (part, any case)', () => {
    expect(ids({ tab: 'public', search: 'ali' })).toEqual([4]);
    expect(ids({ tab: 'public', search: '4' })).toEqual([4]);
    expect(ids({ tab: 'private', search: 'DEM' })).toEqual([2]);
  });

  it('filters by fee band, status and seats left', () => {
    expect(ids({ tab: 'public', fee: 'upTo50' })).toEqual([1]);
    expect(ids({ tab: 'public', fee: 'upTo200' })).toEqual([4]);
    expect(ids({ tab: 'private', fee: 'over200' })).toEqual([2]);
    expect(ids({ tab: 'free', fee: 'free' })).toEqual([3]);
    expect(ids({ tab: 'public', status: 'done' })).toEqual([4]);
    expect(ids({ tab: 'public', status: 'A' })).toEqual([1]);
    expect(ids({ tab: 'public', seats: 3 })).toEqual([4]);
  });

  it('every room shown passes every filter (property)', () => {
    const arbRoom = fc.record({
      room_id: fc.integer({ min: 1, max: 50 }),
      room_type: fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>,
      rate: fc.integer({ min: 0, max: 1000 }),
      limit: fc.integer({ min: 3, max: 30 }),
      players: fc.integer({ min: 0, max: 30 }),
      status: fc.constantFrom(...Object.values(RoomStatus)),
      owner: fc.string({ maxLength: 8 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbRoom, { maxLength: 20 }),
        fc.constantFrom(...LobbyTabs),
        fc.constantFrom(...FeeFilters),
        fc.constantFrom(...StatusFilters),
        fc.integer({ min: 0, max: 10 }),
        (patches, tab, fee, status, seats) => {
          const all = patches.map((p) => room(p as Partial<Room>));
          const shown = filterRooms(all, { tab, search: '', fee, status, seats }, new Set([1, 2]));
          for (const r of shown) {
            expect(all).toContain(r);
            if (seats > 0) expect(seatsLeft(r)).toBeGreaterThanOrEqual(seats);
            if (tab === 'mine') expect([1, 2]).toContain(r.room_id);
            if (fee === 'free') expect(r.rate).toBe(0);
          }
        },
      ),
    );
  });
});

describe('joinable (a full room is view only)', () => {
  it('only an open room with a seat left is offered to join', () => {
    expect(joinable(room({ limit: 3, players: 2 }))).toBe(true);
    expect(joinable(room({ limit: 3, players: 3 }))).toBe(false);
    expect(joinable(room({ status: RoomStatus.active, players: 1 }))).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom(...Object.values(RoomStatus)),
        (limit, players, status) => {
          const r = room({ limit, players, status });
          expect(joinable(r)).toBe(status === RoomStatus.open && players < limit);
        },
      ),
    );
  });
});

describe('times and ranking', () => {
  it('counts down to a time and shows times in GMT+8', () => {
    const now = Date.parse('2026-11-23T10:00:00.000Z');
    expect(countdown('2026-11-23T11:02:03.000Z', now)).toBe('01:02:03');
    expect(countdown('2026-11-25T10:00:01.000Z', now)).toBe('2d 00:00:01');
    expect(countdown('2026-11-23T09:59:59.000Z', now)).toBeNull();
    expect(gmt8('2026-11-23T16:30:00.000Z')).toBe('2026-11-24 00:30 GMT+8');
    expect(gmt8(null)).toBe('-');
  });

  it('orders the topic ranking by rank', () => {
    const row = (rank: number) => ({
      rank,
      nickname: `p${rank}`,
      points: 0,
      bets: 0,
      last_bet_time: null,
      prize: 0,
    });
    expect(rankingOf({ '2': row(2), '10': row(10), '1': row(1) }).map((r) => r.rank)).toEqual([1, 2, 10]);
  });
});

describe('points slip', () => {
  it('parses a points stake exactly (2 decimals at most, never rounded)', () => {
    expect(parsePoints('100')).toBe(10_000);
    expect(parsePoints('12.5')).toBe(1250);
    expect(parsePoints('12.345')).toBeNull();
    expect(parsePoints('-1')).toBeNull();
    expect(parsePoints('1e3')).toBeNull();
  });

  it('checks picks, parlay size (3 with a live pick), minimum and points left', () => {
    expect(pointsProblem({ mode: 'single', picks: [], stake: '10' }, 1000)).toBe('empty');
    expect(pointsProblem({ mode: 'single', picks: [pick(1)], stake: '0.5' }, 1000)).toBe('betLowerMin');
    expect(pointsProblem({ mode: 'single', picks: [pick(1)], stake: '1000.01' }, 1000)).toBe(
      'insufficient_balance',
    );
    expect(pointsProblem({ mode: 'single', picks: [pick(1)], stake: '1000' }, 1000)).toBeNull();
    expect(pointsProblem({ mode: 'parlay', picks: [pick(1)], stake: '10' }, 1000)).toBe(
      'atLeastTwoMatchToBetParlay',
    );
    expect(pointsProblem({ mode: 'parlay', picks: [pick(1), pick(2, true)], stake: '10' }, 1000)).toBe(
      'atLeastThreeMatchToBetParlay',
    );
    expect(pointsProblem({ mode: 'parlay', picks: [pick(1), pick(2)], stake: '10' }, 1000)).toBeNull();
  });
});

describe('guided tour', () => {
  it('has the ten steps of the spec, in order', () => {
    expect(TourSteps.join(' > ')).toBe(
      'lobby > filters > create > fee-seats > pin > matches > join > bet > ranking > prizes',
    );
  });

  it('starts on a first visit, moves, finishes after the last step, skips and replays', () => {
    expect(tourStep({ done: false, step: 0 })).toBe(0);
    expect(moveTour({ done: false, step: 0 }, 'next')).toEqual({ done: false, step: 1 });
    expect(moveTour({ done: false, step: 9 }, 'next')).toEqual({ done: true, step: 0 });
    expect(moveTour({ done: false, step: 4 }, 'skip')).toEqual({ done: true, step: 0 });
    expect(tourStep(moveTour({ done: true, step: 0 }, 'replay'))).toBe(0);
    expect(tourStep({ done: false, step: 99 })).toBe(0);
  });

  it('never leaves the ten steps, whatever the moves (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('next', 'back', 'skip', 'replay' as const)),
        fc.integer(),
        (moves, start) => {
          let flags = { done: false, step: start };
          for (const m of moves) {
            flags = moveTour(flags, m);
            const step = tourStep(flags);
            if (step !== null) expect(step >= 0 && step < TourSteps.length).toBe(true);
          }
        },
      ),
    );
  });
});
