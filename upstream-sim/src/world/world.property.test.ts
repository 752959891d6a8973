import { MarketTypes, type UxMarketRequest } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMarketData } from './conformance.ts';
import { createWorld, type MatchEnd } from './index.ts';
import { lineWinShare, myanmarBody, toPrice } from './pricing.ts';
import { SportProfiles } from './sports.ts';

const START = Date.UTC(2025, 10, 22, 12, 0);
const BOARD_TYPES = MarketTypes.filter((t): t is UxMarketRequest['market_type'] => t !== 'mmo');
const GROUPS = ['early', 'today', 'live'] as const;

describe('random worlds', () => {
  it('never produce an invalid row, whatever the seed, tick and step sizes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
        fc.record({ live: fc.nat(6), today: fc.nat(4), early: fc.nat(3), outrights: fc.nat(2) }),
        fc.constantFrom(1000, 3000, 15_000, 60_000),
        fc.constantFrom(1, 4),
        fc.array(fc.integer({ min: 0, max: 40 * 60_000 }), { minLength: 1, maxLength: 3 }),
        (seed, counts, tickMs, speed, steps) => {
          const w = createWorld({
            seed,
            liveMatches: counts.live,
            todayMatches: counts.today,
            earlyMatches: counts.early,
            outrights: counts.outrights,
            startTime: START + (seed % 86_400) * 1000,
            tickMs,
            speed,
            cancelRate: 0.2,
          });
          const ended = new Set<number>();
          w.onMatchEnd((e: MatchEnd) => {
            expect(ended.has(e.matchId)).toBe(false);
            ended.add(e.matchId);
            expect(e.score.htHome).toBeLessThanOrEqual(e.score.home);
            expect(e.score.htAway).toBeLessThanOrEqual(e.score.away);
          });
          for (const ms of [0, ...steps]) {
            w.advance(ms);
            for (const sport of SportProfiles) {
              for (const group of GROUPS) {
                for (const type of BOARD_TYPES) {
                  const data = w.market({ sport_id: sport.id, market_type: type, group });
                  expect(checkMarketData(data)).toEqual([]);
                  for (const m of data.matches)
                    if (m[4] !== 3) expect(checkMarketData(w.match(m[0]) ?? data)).toEqual([]);
                }
                expect(checkMarketData(w.myanmar({ sport_id: sport.id, group }))).toEqual([]);
              }
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('pricing', () => {
  it('prices every probability to a valid decimal with at most 2 decimals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        (p, margin) => {
          const price = toPrice(p, margin);
          expect(price).toBeGreaterThan(1.01);
          expect(price).toBeLessThanOrEqual(500);
          expect(Math.round(price * 100) / 100).toBe(price);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the two sides of a line complementary shares (the away side is the home side mirrored)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: -8, max: 8 }),
        (weights, offset, quarters) => {
          const total = weights.reduce((s, x) => s + x, 0) || 1;
          const p = Float64Array.from(weights.map((x) => x / total));
          const line = quarters / 4;
          const home = lineWinShare({ offset, p }, 1, line);
          const away = lineWinShare({ offset, p }, -1, -line);
          expect(home + away).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes Myanmar bodies in the documented forms', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: -3, max: 5 }),
        (weights, offset) => {
          const total = weights.reduce((s, x) => s + x, 0) || 1;
          const body = myanmarBody({ offset, p: Float64Array.from(weights.map((x) => x / total)) });
          expect(body.text).toMatch(/^(?:D|[1-9]\d*D|D[+-][1-9]0|[1-9]\d*[+-][1-9]0)$/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
