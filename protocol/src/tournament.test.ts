import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RoomStatus, RoomType } from './constants.ts';
import { parseRoomReplies, parseRoomsReply } from './roomFeed.ts';
import {
  betRefusal,
  distinctName,
  isTerminalStatus,
  joinRefusal,
  leaveRefusal,
  MaskFill,
  maskLoginId,
  nextRoomStatus,
  PrizeTable,
  pointsToCenti,
  prizeShares,
  prizeSplit,
  type RoomFacts,
  rankPlayers,
} from './tournament.ts';
import { parseTopic, topicCalls, topicName } from './wire.ts';

const Statuses = Object.values(RoomStatus);
/** The order a room moves in (cancelled and closed are side exits). */
const Order: Record<RoomStatus, number> = { A: 0, '0': 1, '4': 2, '3': 3, '2': 3, '1': 3 };

const facts = fc.record({
  status: fc.constantFrom(...Statuses),
  players: fc.integer({ min: 0, max: 30 }),
  lastJoinTime: fc.integer({ min: 0, max: 1_000_000 }),
  bettingGap: fc.integer({ min: 0, max: 1_000_000 }),
  allSettled: fc.boolean(),
});
const toFacts = (f: {
  status: RoomStatus;
  players: number;
  lastJoinTime: number;
  bettingGap: number;
  allSettled: boolean;
}): RoomFacts => ({
  status: f.status,
  players: f.players,
  lastJoinTime: f.lastJoinTime,
  lastBettingTime: f.lastJoinTime + f.bettingGap,
  allSettled: f.allSettled,
});

describe('nextRoomStatus', () => {
  it('worked example: open, active, stop betting, ended', () => {
    const room: RoomFacts = {
      status: 'A',
      players: 3,
      lastJoinTime: 100,
      lastBettingTime: 200,
      allSettled: false,
    };
    expect(nextRoomStatus(room, 99)).toBe('A');
    expect(nextRoomStatus(room, 100)).toBe('0');
    expect(nextRoomStatus({ ...room, status: '0' }, 200)).toBe('4');
    expect(nextRoomStatus({ ...room, status: '4' }, 5000)).toBe('4');
    expect(nextRoomStatus({ ...room, status: '4', allSettled: true }, 5000)).toBe('3');
    expect(nextRoomStatus({ ...room, players: 2 }, 100)).toBe('2');
    expect(nextRoomStatus(room, 50, 'close')).toBe('1');
  });

  it('is a fixed point after one call (however far time jumped)', () => {
    fc.assert(
      fc.property(facts, fc.integer({ min: 0, max: 3_000_000 }), (f, now) => {
        const room = toFacts(f);
        const once = nextRoomStatus(room, now);
        expect(nextRoomStatus({ ...room, status: once }, now)).toBe(once);
      }),
    );
  });

  it('never goes back, and final statuses stay', () => {
    fc.assert(
      fc.property(
        facts,
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.constantFrom('tick', 'close'),
        (f, now, e) => {
          const room = toFacts(f);
          const next = nextRoomStatus(room, now, e as 'tick' | 'close');
          expect(Order[next]).toBeGreaterThanOrEqual(Order[room.status]);
          if (isTerminalStatus(room.status)) expect(next).toBe(room.status);
        },
      ),
    );
  });

  it('cancels only an open room below 3 players at its last join time; closes only on the operator', () => {
    fc.assert(
      fc.property(facts, fc.integer({ min: 0, max: 3_000_000 }), (f, now) => {
        const room = toFacts(f);
        const next = nextRoomStatus(room, now);
        if (next === '2' && room.status !== '2') {
          expect(room.status).toBe('A');
          expect(room.players).toBeLessThan(3);
          expect(now).toBeGreaterThanOrEqual(room.lastJoinTime);
        }
        if (next === '1') expect(room.status).toBe('1');
        if (next === '3' && room.status !== '3') expect(room.allSettled).toBe(true);
        if (room.status === 'A' && now < room.lastJoinTime) expect(next).toBe('A');
      }),
    );
  });

  it('is monotone in time for the same facts', () => {
    fc.assert(
      fc.property(
        facts,
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        (f, a, b) => {
          const room = toFacts(f);
          const [t1, t2] = a <= b ? [a, b] : [b, a];
          expect(Order[nextRoomStatus(room, t2)]).toBeGreaterThanOrEqual(Order[nextRoomStatus(room, t1)]);
        },
      ),
    );
  });
});

describe('join, bet and leave rules', () => {
  const open = {
    status: 'A' as RoomStatus,
    roomType: RoomType.public as RoomType,
    players: 3,
    limit: 10,
    member: false,
    memberJoinedBefore: false,
    ipJoinedBefore: false,
    termsAccepted: true,
    sameCurrency: true,
  };

  it('answers the spec room codes', () => {
    expect(joinRefusal(open)).toBeNull();
    expect(joinRefusal({ ...open, status: '3' })).toBe('roomEnded');
    for (const status of ['0', '4', '1', '2'] as RoomStatus[])
      expect(joinRefusal({ ...open, status })).toBe('roomClosed');
    expect(joinRefusal({ ...open, member: true })).toBe('memberJoinedBefore');
    expect(joinRefusal({ ...open, players: 10 })).toBe('roomFull');
    const free = { ...open, roomType: RoomType.free as RoomType };
    expect(joinRefusal({ ...free, memberJoinedBefore: true })).toBe('memberJoinedBefore');
    expect(joinRefusal({ ...free, ipJoinedBefore: true })).toBe('IPJoinedBefore');
    expect(joinRefusal({ ...open, ipJoinedBefore: true })).toBeNull();
    const priv = { ...open, roomType: RoomType.private as RoomType, roomPin: '123456' };
    expect(joinRefusal({ ...priv, pin: '12345' })).toBe('invalidPin');
    expect(joinRefusal({ ...priv, pin: '654321' })).toBe('invalid_password');
    expect(joinRefusal({ ...priv, pin: '123456' })).toBeNull();
    expect(joinRefusal({ ...open, termsAccepted: false })).toBe('joinFailed-1');
    expect(joinRefusal({ ...open, sameCurrency: false })).toBe('joinFailed-1');
  });

  it('bets: members only, until the last betting time; leaving only while open', () => {
    expect(betRefusal('0', true, 10, 20)).toBeNull();
    expect(betRefusal('A', true, 10, 20)).toBeNull();
    expect(betRefusal('0', false, 10, 20)).toBe('roomNotJoined');
    expect(betRefusal('0', true, 20, 20)).toBe('roomStopBetting');
    expect(betRefusal('4', true, 10, 20)).toBe('roomStopBetting');
    expect(betRefusal('3', true, 10, 20)).toBe('roomEnded');
    expect(betRefusal('2', true, 10, 20)).toBe('roomClosed');
    expect(leaveRefusal('A', true)).toBeNull();
    expect(leaveRefusal('0', true)).toBe('roomStarted');
    expect(leaveRefusal('A', false)).toBe('roomNotJoined');
  });

  it('points have at most two decimals', () => {
    expect(pointsToCenti(12.5)).toBe(1250);
    expect(pointsToCenti(0.01)).toBe(1);
    expect(pointsToCenti(12.345)).toBeUndefined();
    expect(pointsToCenti(Number.NaN)).toBeUndefined();
  });
});

describe('player names in rooms (maskLoginId, distinctName)', () => {
  const loginId = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'),
    maxLength: 40,
  });

  it('the demo logins mask apart (they used to read dem*** each)', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `demo${String(i + 1).padStart(2, '0')}`);
    const masks = ids.map(maskLoginId);
    expect(masks.slice(0, 3)).toEqual(['d***01', 'd***02', 'd***03']);
    expect(new Set(masks).size).toBe(ids.length);
    expect(maskLoginId('agent0001abc')).toBe('ag***abc');
    expect(maskLoginId('ab')).toBe('***b');
    expect(maskLoginId('')).toBe('***');
  });

  it('the same id always gives the same mask, with the fill, showing at most half of the id (at most 5)', () => {
    fc.assert(
      fc.property(loginId, (id) => {
        const mask = maskLoginId(id);
        expect(maskLoginId(id)).toBe(mask);
        expect(mask).toContain(MaskFill);
        const shown = mask.length - MaskFill.length;
        expect(shown).toBeLessThanOrEqual(Math.min(5, Math.floor(id.length / 2)));
        // What is shown is the id's own start and end.
        const [head, tail] = mask.split(MaskFill) as [string, string];
        expect(id.startsWith(head) && id.endsWith(tail)).toBe(true);
      }),
    );
  });

  it('ids that differ in their last characters (the shown end) mask apart', () => {
    fc.assert(
      fc.property(loginId, loginId, (a, b) => {
        const shownTail = (id: string) => maskLoginId(id).split(MaskFill)[1] as string;
        fc.pre(shownTail(a) !== shownTail(b));
        expect(maskLoginId(a)).not.toBe(maskLoginId(b));
      }),
    );
  });

  it('a mask never reads as a nickname (letters and digits only)', () => {
    fc.assert(
      fc.property(loginId, (id) => {
        expect(/^[A-Za-z0-9]+$/.test(maskLoginId(id))).toBe(false);
      }),
    );
  });

  it('distinctName keeps every member of a room apart and keeps a free name as it is', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('d***01', 'd***02', 'player01'), { maxLength: 30 }), (names) => {
        const taken = new Set<string>();
        for (const name of names) {
          const shown = distinctName(name, taken);
          expect(taken.has(shown)).toBe(false);
          expect(shown.startsWith(name)).toBe(true);
          taken.add(shown);
        }
        expect(taken.size).toBe(names.length);
      }),
    );
    expect(distinctName('d***01', new Set(['d***02']))).toBe('d***01');
    expect(distinctName('d***01', new Set(['d***01', 'd***01 (2)']))).toBe('d***01 (3)');
  });
});

describe('ranking', () => {
  const player = fc.record({
    points: fc.integer({ min: 0, max: 500_000 }),
    lastBetAt: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  });

  it('ranks 1..n by points, ties by the earlier last bet (none last), then join order; any input order', () => {
    fc.assert(
      fc.property(fc.array(player, { maxLength: 30 }), fc.integer(), (list, seed) => {
        const players = list.map((p, i) => ({ ...p, key: `k${i}`, nickname: `n${i}`, joinSeq: i }));
        const ranked = rankPlayers(players);
        expect(ranked.map((r) => r.rank)).toEqual(players.map((_, i) => i + 1));
        for (let i = 1; i < ranked.length; i++) {
          const a = ranked[i - 1] as (typeof ranked)[number];
          const b = ranked[i] as (typeof ranked)[number];
          expect(a.points).toBeGreaterThanOrEqual(b.points);
          if (a.points === b.points) {
            const la = a.lastBetAt ?? Number.POSITIVE_INFINITY;
            const lb = b.lastBetAt ?? Number.POSITIVE_INFINITY;
            expect(la).toBeLessThanOrEqual(lb);
            if (la === lb) expect(a.joinSeq).toBeLessThan(b.joinSeq);
          }
        }
        const shuffled = [...players].sort(
          (x, y) => ((x.joinSeq * 7919 + seed) % 31) - ((y.joinSeq * 7919 + seed) % 31),
        );
        expect(rankPlayers(shuffled).map((r) => r.key)).toEqual(ranked.map((r) => r.key));
      }),
    );
  });
});

describe('prizes', () => {
  it('the table: 3-5 players 100%; 6-10 60/30/10; 11-30 50/25/15/10; every row sums to 100', () => {
    expect(prizeShares(3)).toEqual([100]);
    expect(prizeShares(5)).toEqual([100]);
    expect(prizeShares(6)).toEqual([60, 30, 10]);
    expect(prizeShares(10)).toEqual([60, 30, 10]);
    expect(prizeShares(11)).toEqual([50, 25, 15, 10]);
    expect(prizeShares(30)).toEqual([50, 25, 15, 10]);
    expect(prizeShares(0)).toEqual([]);
    for (const row of PrizeTable) expect(row.shares.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('worked example: 7 players at 25.50 MYR, 10% commission', () => {
    expect(prizeSplit({ feeMinor: 2550, players: 7 })).toEqual({
      fees: 17_850,
      pool: 16_065,
      commission: 1785,
      prizes: [9640, 4819, 1606],
    });
  });

  it('fees = prizes + commission to the minor unit, for every paid and free room', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 1000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
        (major, cents, players, pct, fixed) => {
          const feeMinor = fixed === undefined ? major * 100 + cents : 0;
          const split = prizeSplit({
            feeMinor,
            players,
            commissionPct: pct,
            ...(fixed !== undefined ? { fixedPoolMinor: fixed } : {}),
          });
          const paid = split.prizes.reduce((a, b) => a + b, 0);
          expect(split.fees).toBe(feeMinor * players);
          expect(paid).toBe(split.pool);
          expect(paid + split.commission).toBe(split.fees);
          expect(split.prizes.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
          expect(split.prizes.length).toBe(prizeShares(players).length);
          for (let i = 1; i < split.prizes.length; i++)
            expect(split.prizes[i - 1] as number).toBeGreaterThanOrEqual(split.prizes[i] as number);
          if (fixed === undefined && players > 0)
            expect(split.pool).toBe(Math.floor((split.fees * (100 - pct)) / 100));
        },
      ),
    );
  });
});

describe('room topics', () => {
  const room = {
    room_id: 1001,
    room_type: 2,
    rate: 10,
    currency: 'MYR',
    limit: 5,
    status: 'A',
    owner: 'House',
    operator: true,
    matches: [1, 2, 3],
    last_join_time: '2026-01-10T05:05:00.000Z',
    last_betting_time: '2026-01-10T05:15:00.000Z',
    players: 1,
    prize_pool: 9,
    prizes: [9],
    fees: 10,
    commission: 1,
    commission_pct: 10,
    bankroll: 1000,
    created_time: '2026-01-10T04:00:00.000Z',
    end_time: null,
    joined: true,
    password: '123456',
  };

  it('names round-trip; a room topic polls roominfo then roomrank', () => {
    for (const name of ['rooms', 'room/1001']) {
      const parsed = parseTopic(name);
      expect(parsed.ok && topicName(parsed.value)).toBe(name);
    }
    expect(parseTopic('room/01').ok).toBe(false);
    expect(parseTopic('room/x').ok).toBe(false);
    const parsed = parseTopic('room/7');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(topicCalls(parsed.value).map((c) => c.call)).toEqual(['roominfo', 'roomrank']);
  });

  it('models are keyed by room id and rank, without a member view or a PIN', () => {
    const lobby = parseRoomsReply({ status: 1, statusdesc: 'success', rooms: [room] });
    expect(lobby.ok && lobby.value.room['1001']).toMatchObject({ room_id: 1001, players: 1 });
    expect(JSON.stringify(lobby)).not.toContain('123456');
    expect(JSON.stringify(lobby)).not.toContain('joined');
    const row = { rank: 1, nickname: 'dem***', points: 1000, bets: 0, last_bet_time: null, prize: 0 };
    const one = parseRoomReplies(
      { status: 1, statusdesc: 'success', room },
      { status: 1, statusdesc: 'success', ranking: [row], me: null },
    );
    expect(one.ok && one.value).toEqual({
      room: { '1001': expect.not.objectContaining({ password: '123456' }) },
      rank: { '1': row },
    });
    expect(parseRoomsReply({ status: 0, statusdesc: 'roomNotExists' }).ok).toBe(false);
    expect(parseRoomReplies({ status: 1, statusdesc: 'success', room }, { nope: true }).ok).toBe(false);
  });
});
