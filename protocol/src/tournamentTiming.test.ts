/**
 * Room timing (RULES.md "Tournament rooms", "Virtual rooms"): which kick-offs a new room takes, and
 * when its joins and bets close, for rooms over real matches and over virtual events.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TournamentLimits } from './constants.ts';
import {
  kickoffRefusal,
  RealRoomTiming,
  type RoomTiming,
  roomTimes,
  TournamentDefaults,
  VirtualRoomTiming,
  virtualKickoff,
  virtualRoomTiming,
} from './tournament.ts';
import { kickoffOf, nextEventIndex, VirtualSports, virtualMatchId } from './virtual.ts';

const timing: fc.Arbitrary<RoomTiming> = fc.oneof(
  fc.constant(RealRoomTiming),
  fc.constant(VirtualRoomTiming),
  fc.integer({ min: 1_000, max: 3_600_000 }).map(virtualRoomTiming),
);

describe('room timing', () => {
  it('real rooms keep the tournament defaults; virtual rooms scale with the 3-minute schedule', () => {
    expect(RealRoomTiming.minLeadMs).toBe(TournamentDefaults.minLeadMs);
    expect(RealRoomTiming.joinCloseBeforeKickoffMs).toBe(TournamentDefaults.joinCloseBeforeKickoffMs);
    expect(VirtualRoomTiming).toEqual({
      minLeadMs: 360_000,
      maxLeadMs: 3_600_000,
      joinCloseBeforeKickoffMs: 180_000,
      betsUntil: 'last',
    });
  });

  it('a room of accepted kick-offs: joins close after creation, at or before the first kick-off; bets at the first (real) or last (virtual)', () => {
    fc.assert(
      fc.property(
        timing,
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 10 }),
        (t, now, spots) => {
          const kickoffs = spots.map((u) => now + t.minLeadMs + Math.floor(u * (t.maxLeadMs - t.minLeadMs)));
          for (const k of kickoffs) expect(kickoffRefusal(k, now, t)).toBeNull();
          const { lastJoinTime, lastBettingTime } = roomTimes(kickoffs, t);
          const first = Math.min(...kickoffs);
          const last = Math.max(...kickoffs);
          expect(lastJoinTime).toBeGreaterThan(now);
          expect(lastJoinTime).toBeLessThanOrEqual(first);
          expect(lastBettingTime).toBe(t.betsUntil === 'first' ? first : last);
          expect(lastBettingTime).toBeGreaterThanOrEqual(lastJoinTime);
        },
      ),
    );
  });

  it('refuses started, too near and too far kick-offs with their codes', () => {
    fc.assert(
      fc.property(
        timing,
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: -1e9, max: 1e10 }),
        (t, now, d) => {
          const code = kickoffRefusal(now + d, now, t);
          if (d <= 0) expect(code).toBe('liveMatchNotAllowed');
          else if (d < t.minLeadMs || d > t.maxLeadMs) expect(code).toBe('createRoomFailed-3');
          else expect(code).toBeNull();
        },
      ),
    );
  });

  it('a given last_join_time (operator rooms) wins; betting never closes before joins', () => {
    expect(roomTimes([1_000_000], RealRoomTiming, 2_000_000)).toEqual({
      lastJoinTime: 2_000_000,
      lastBettingTime: 2_000_000,
    });
  });

  it('virtual match ids give their scheduled kick-off; real ids none', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(VirtualSports)),
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        (sport, index, realId) => {
          expect(virtualKickoff(virtualMatchId(sport.id, index))).toBe(kickoffOf(sport, index));
          expect(virtualKickoff(realId)).toBeUndefined();
        },
      ),
    );
  });

  it('at any time enough virtual events of each sport qualify for a new virtual room', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (now) => {
        for (const sport of Object.values(VirtualSports)) {
          let ok = 0;
          for (
            let i = nextEventIndex(sport, now);
            kickoffOf(sport, i) <= now + VirtualRoomTiming.maxLeadMs;
            i++
          )
            if (kickoffRefusal(kickoffOf(sport, i), now, VirtualRoomTiming) === null) ok++;
          expect(ok).toBeGreaterThanOrEqual(TournamentLimits.minMatches);
        }
      }),
    );
  });
});
