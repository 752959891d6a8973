/**
 * The game engines: slot RTP (exact by enumeration and measured over a long seeded run,
 * each within a stated tolerance of the configuration), baccarat's third-card rules and payouts,
 * European roulette's returns, hi-lo, sic bo and fishing returns, and the round checks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baccaratReturn, baccaratTotal, bankerDraws, dealBaccarat, playCoup } from './baccarat.ts';
import { DiceSpots, diceReturn, Fishes, hiLoMultipleBp, hiLoReturn, shootFish } from './mini.ts';
import type { Card, Random } from './random.ts';
import { RouletteSpots, rouletteCovers, rouletteReturn } from './roulette.ts';
import { FishingRtpBp, type GameRules, HiLoRtpBp, playRound, roundProblem, SlotConfigs } from './rounds.ts';
import { isSlotStake, SlotLines, slotAt, slotRtp, spinSlot } from './slot.ts';

/** mulberry32: a small seeded source for the tests (the simulator passes its own). */
function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const card = fc.record({ rank: fc.integer({ min: 1, max: 13 }), suit: fc.integer({ min: 0, max: 3 }) });
const stake = fc.integer({ min: 1, max: 1_000_000 });

describe('slot', () => {
  it.each(Object.values(SlotConfigs))(
    '$id: the exact RTP is within 0.2 points of the configured RTP',
    (config) => {
      expect(Math.abs(slotRtp(config) - config.rtpBp / 10_000)).toBeLessThan(0.002);
    },
  );

  // Stated tolerances: about four standard errors of the run's mean (per-spin deviation about
  // 1.8 stakes for classic, 6 for volatile, over 1,000,000 spins).
  it.each([
    ['classic', 0.01],
    ['volatile', 0.025],
  ] as const)(
    '%s: the RTP measured over 1,000,000 seeded spins is within %d of the configuration',
    (id, tolerance) => {
      const config = SlotConfigs[id];
      const random = seeded(20_261_123);
      const spins = 1_000_000;
      let staked = 0;
      let returned = 0;
      for (let i = 0; i < spins; i++) {
        const spin = spinSlot(config, 100, random);
        staked += 100;
        returned += spin.win;
      }
      expect(Math.abs(returned / staked - config.rtpBp / 10_000)).toBeLessThan(tolerance);
    },
  );

  it('pays each line its line bet times the pay table, in whole minor units', () => {
    const config = SlotConfigs.classic;
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: 100_000 }).map((n) => n * 5),
        (stops, bet) => {
          const spin = slotAt(
            config,
            stops.map((s, r) => s % (config.reels[r]?.length ?? 1)),
            bet,
          );
          expect(Number.isSafeInteger(spin.win)).toBe(true);
          expect(spin.win).toBe(spin.lines.reduce((sum, l) => sum + l.win, 0));
          for (const line of spin.lines) {
            const symbols = SlotLines[line.line]?.map((row, reel) => spin.grid[reel]?.[row]);
            const pay = line.count === 3 ? config.pays[line.symbol] : config.cherryPays[line.count - 1];
            expect(line.win).toBe((bet / 5) * (pay ?? 0));
            if (line.count === 3) expect(new Set(symbols).size).toBe(1);
            else expect(symbols?.[0]).toBe('cherry');
          }
        },
      ),
    );
  });

  it('takes only positive stakes divisible by its five lines', () => {
    expect(isSlotStake(500)).toBe(true);
    expect(isSlotStake(7)).toBe(false);
    expect(isSlotStake(0)).toBe(false);
    expect(() => spinSlot(SlotConfigs.classic, 12, seeded(1))).toThrow(RangeError);
  });
});

describe('baccarat', () => {
  it('follows the third-card rules on every coup', () => {
    fc.assert(
      fc.property(fc.array(card, { minLength: 6, maxLength: 6 }), (cards) => {
        let i = 0;
        const hand = playCoup(() => cards[i++] as Card);
        const p2 = baccaratTotal(hand.player.slice(0, 2));
        const b2 = baccaratTotal(hand.banker.slice(0, 2));
        const natural = p2 >= 8 || b2 >= 8;
        if (natural) {
          expect(hand.player).toHaveLength(2);
          expect(hand.banker).toHaveLength(2);
        } else {
          expect(hand.player.length).toBe(p2 <= 5 ? 3 : 2);
          expect(hand.banker.length).toBe(bankerDraws(b2, hand.player[2]) ? 3 : 2);
        }
        expect(hand.playerTotal).toBe(baccaratTotal(hand.player));
        expect(hand.winner).toBe(
          hand.playerTotal > hand.bankerTotal
            ? 'player'
            : hand.playerTotal < hand.bankerTotal
              ? 'banker'
              : 'tie',
        );
      }),
    );
  });

  it('draws the banker by the table: 3 stands on an 8, 6 draws on a 6 or 7 only', () => {
    const c = (rank: number): Card => ({ rank, suit: 0 });
    expect(bankerDraws(3, c(8))).toBe(false);
    expect(bankerDraws(3, c(9))).toBe(true);
    expect(bankerDraws(4, c(1))).toBe(false);
    expect(bankerDraws(4, c(2))).toBe(true);
    expect(bankerDraws(5, c(4))).toBe(true);
    expect(bankerDraws(5, c(3))).toBe(false);
    expect(bankerDraws(6, c(6))).toBe(true);
    expect(bankerDraws(6, c(8))).toBe(false);
    expect(bankerDraws(6, undefined)).toBe(false);
    expect(bankerDraws(5, undefined)).toBe(true);
    expect(bankerDraws(7, c(7))).toBe(false);
  });

  it('pays banker 0.95:1 rounded down, player 1:1, tie 8:1, and pushes player and banker on a tie', () => {
    fc.assert(
      fc.property(fc.array(card, { minLength: 6, maxLength: 6 }), stake, (cards, s) => {
        let i = 0;
        const hand = playCoup(() => cards[i++] as Card);
        const banker = baccaratReturn(hand, 'banker', s);
        const player = baccaratReturn(hand, 'player', s);
        const tie = baccaratReturn(hand, 'tie', s);
        if (hand.winner === 'banker')
          expect([banker, player, tie]).toEqual([s + Math.floor((s * 95) / 100), 0, 0]);
        if (hand.winner === 'player') expect([banker, player, tie]).toEqual([0, 2 * s, 0]);
        if (hand.winner === 'tie') expect([banker, player, tie]).toEqual([s, s, 9 * s]);
      }),
    );
  });

  it('wins banker 45.9%, player 44.6%, tie 9.5% of 200,000 seeded coups (within 0.5 points)', () => {
    const random = seeded(42);
    const counts = { player: 0, banker: 0, tie: 0 };
    const n = 200_000;
    for (let i = 0; i < n; i++) counts[dealBaccarat(random).winner]++;
    expect(Math.abs(counts.banker / n - 0.4586)).toBeLessThan(0.005);
    expect(Math.abs(counts.player / n - 0.4462)).toBeLessThan(0.005);
    expect(Math.abs(counts.tie / n - 0.0952)).toBeLessThan(0.005);
  });
});

describe('roulette', () => {
  it('returns 36/37 of every stake on every spot over the 37 numbers (35:1, 2:1, 1:1)', () => {
    for (const spot of RouletteSpots) {
      let total = 0;
      for (let n = 0; n <= 36; n++) total += rouletteReturn(spot, n, 37);
      expect(total, spot).toBe(36 * 37);
    }
    expect(rouletteReturn('straight-17', 17, 10)).toBe(360);
    expect(rouletteReturn('dozen-2', 13, 10)).toBe(30);
    expect(rouletteReturn('red', 1, 10)).toBe(20);
    for (const outside of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen-1', 'column-1'])
      expect(rouletteReturn(outside, 0, 10)).toBe(0);
    expect(rouletteCovers('straight-37')).toEqual([]);
    const colours = new Set([...rouletteCovers('red'), ...rouletteCovers('black')]);
    expect(colours.size).toBe(36);
  });
});

describe('mini games', () => {
  it('hi-lo: each bet that can win returns at most its RTP and within 0.01 point of it', () => {
    for (let base = 1; base <= 13; base++) {
      for (const spot of ['higher', 'lower'] as const) {
        const wins = spot === 'higher' ? 13 - base : base - 1;
        const multiple = hiLoMultipleBp(base, spot, HiLoRtpBp);
        if (wins === 0) {
          expect(multiple).toBe(0);
          continue;
        }
        const rtp = (wins / 13) * (multiple / 10_000);
        expect(rtp).toBeLessThanOrEqual(HiLoRtpBp / 10_000);
        expect(rtp).toBeGreaterThan(HiLoRtpBp / 10_000 - 0.0001);
      }
    }
    fc.assert(
      fc.property(card, card, stake, (base, next, s) => {
        const up = hiLoReturn({ base, next }, 'higher', s, HiLoRtpBp);
        const down = hiLoReturn({ base, next }, 'lower', s, HiLoRtpBp);
        if (next.rank === base.rank) expect([up, down]).toEqual([0, 0]);
        else expect(up > 0).toBe(next.rank > base.rank);
        expect(Number.isSafeInteger(up) && Number.isSafeInteger(down)).toBe(true);
      }),
    );
  });

  it('sic bo: big, small, odd and even return 97.22%, any triple 86.11% over the 216 rolls', () => {
    for (const spot of DiceSpots) {
      let total = 0;
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) total += diceReturn([a, b, c], spot, 1);
      expect(total / 216, spot).toBeCloseTo(spot === 'triple' ? 186 / 216 : 210 / 216, 10);
    }
  });

  it('fishing: every target returns its configured RTP (within 1 point over 1,000,000 seeded shots)', () => {
    const random = seeded(7);
    let staked = 0;
    let returned = 0;
    for (let i = 0; i < 1_000_000; i++) {
      const fish = Fishes[i % 4] as (typeof Fishes)[number];
      staked += 1;
      if (shootFish(fish, FishingRtpBp, random)) returned += fish.multiple;
    }
    expect(Math.abs(returned / staked - FishingRtpBp / 10_000)).toBeLessThan(0.01);
  });
});

describe('rounds', () => {
  const limits = { min: 100, max: 100_000 };
  const rules: GameRules[] = [
    { kind: 'slot', slot: SlotConfigs.classic },
    { kind: 'baccarat' },
    { kind: 'roulette' },
    { kind: 'dice' },
    { kind: 'hilo', rtpBp: HiLoRtpBp },
    { kind: 'fishing', rtpBp: FishingRtpBp },
  ];
  const spots = [
    'spin',
    'banker',
    'player',
    'tie',
    'red',
    'straight-0',
    'big',
    'triple',
    'higher',
    'lower',
    'shark',
    'nope',
  ];

  it('plays only checked bets, and a round returns the sum of its bets in whole minor units', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...rules),
        fc.uniqueArray(
          fc.record({ spot: fc.constantFrom(...spots), stake: fc.integer({ min: -5, max: 120_000 }) }),
          {
            maxLength: 4,
            selector: (b) => b.spot,
          },
        ),
        fc.integer(),
        (game, bets, seed) => {
          const state = { base: { rank: 7, suit: 0 } };
          const problem = roundProblem(game, bets, state, limits);
          const valid =
            bets.length > 0 &&
            bets.every((b) => b.stake >= limits.min && b.stake <= limits.max) &&
            bets.reduce((a, b) => a + b.stake, 0) <= limits.max;
          if (!valid) expect(problem).not.toBeNull();
          if (problem !== null) return;
          const round = playRound(game, bets, state, seeded(seed));
          expect(round.outcome.kind).toBe(game.kind);
          expect(round.stake).toBe(bets.reduce((a, b) => a + b.stake, 0));
          expect(round.win).toBe(round.bets.reduce((a, b) => a + b.returned, 0));
          expect(Number.isSafeInteger(round.win) && round.win >= 0).toBe(true);
          if (game.kind === 'hilo' && round.outcome.kind === 'hilo')
            expect(round.state.base).toEqual(round.outcome.next);
        },
      ),
    );
  });

  it('refuses a hi-lo bet that cannot win, a second bet on single-bet games and repeated spots', () => {
    const hilo: GameRules = { kind: 'hilo', rtpBp: HiLoRtpBp };
    expect(
      roundProblem(hilo, [{ spot: 'higher', stake: 100 }], { base: { rank: 13, suit: 0 } }, limits),
    ).toBe('spot');
    expect(
      roundProblem(hilo, [{ spot: 'lower', stake: 100 }], { base: { rank: 13, suit: 0 } }, limits),
    ).toBeNull();
    expect(
      roundProblem(
        { kind: 'slot', slot: SlotConfigs.classic },
        [
          { spot: 'spin', stake: 100 },
          { spot: 'spin', stake: 100 },
        ],
        {},
        limits,
      ),
    ).toBe('bets');
    expect(
      roundProblem(
        { kind: 'baccarat' },
        [
          { spot: 'tie', stake: 100 },
          { spot: 'tie', stake: 100 },
        ],
        {},
        limits,
      ),
    ).toBe('spot');
    expect(roundProblem({ kind: 'roulette' }, [{ spot: 'straight-37', stake: 100 }], {}, limits)).toBe(
      'spot',
    );
    expect(roundProblem({ kind: 'roulette' }, [{ spot: 'red', stake: 100.5 }], {}, limits)).toBe('stake');
  });
});
