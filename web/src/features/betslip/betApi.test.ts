import { describe, expect, it } from 'vitest';
import { adjustedStake, placement } from './betApi.ts';
import type { Selection, SlipAccount } from './types.ts';

const account: SlipAccount = {
  auth: { account_id: 'demo01', session_token: 't' },
  currency: 'MYR',
  oddsFormat: 'DEC',
  myanmar: false,
  betLimits: [],
};
const pick = (oddsId: string, matchId: number, live: boolean): Selection => ({
  topic: 'odds/1/hdpou/today',
  oddsId,
  matchId,
  sportId: 1,
  leagueName: 'L',
  home: 'H',
  away: 'A',
  betType: 'HDP',
  selection: 0,
  line: -0.5,
  price: 1.95,
  label: 'H -0.5',
  live,
  parlay: true,
});
const input = {
  account,
  stake: 1000,
  sizes: null,
  acceptBetterOdds: false,
  acceptAnyOdds: false,
  requestId: 'r-12345678',
};

describe('placement bodies', () => {
  it("carry each pick's market (live) so a match that kicked off since answers marketTypeChanged", () => {
    const single = placement({ ...input, mode: 'single', selections: [pick('1-HDP-0', 1, true)] });
    expect(single).toMatchObject({ call: 'bet/betsingle', body: { odds_id: '1-HDP-0', live: true } });
    const parlay = placement({
      ...input,
      mode: 'parlay',
      selections: [pick('1-HDP-0', 1, false), pick('2-HDP-0', 2, true)],
    });
    expect(parlay.call).toBe('bet/betparlay');
    expect((parlay.body as { selections: { live?: boolean }[] }).selections.map((s) => s.live)).toEqual([
      false,
      true,
    ]);
  });
});

describe("a row's own label", () => {
  it('goes with every leg that has one (a CS score), so a row relabelled by a goal is refused', () => {
    const score: Selection = { ...pick('1-CS-0', 1, true), betType: 'CS', line: null, rowLabel: '2-1' };
    const single = placement({ ...input, mode: 'single', selections: [score] });
    expect(single.body).toMatchObject({ odds_id: '1-CS-0', label: '2-1' });
    const parlay = placement({ ...input, mode: 'parlay', selections: [score, pick('2-HDP-0', 2, false)] });
    const legs = (parlay.body as { selections: { label?: string }[] }).selections;
    expect(legs.map((l) => l.label)).toEqual(['2-1', undefined]);
    expect('label' in (legs[1] ?? {})).toBe(false);
  });
});

describe('virtual events', () => {
  it('go through vbetsingle / vbetparlay; real matches keep betsingle / betparlay', () => {
    const virtual = (oddsId: string, matchId: number): Selection => ({
      ...pick(oddsId, matchId, false),
      sportId: 180,
    });
    const single = placement({
      ...input,
      mode: 'single',
      selections: [virtual('1000000001-1X2-0', 1_000_000_001)],
    });
    expect(single.call).toBe('bet/vbetsingle');
    const parlay = placement({
      ...input,
      mode: 'parlay',
      selections: [virtual('1000000001-1X2-0', 1_000_000_001), virtual('2000000001-ML-0', 2_000_000_001)],
    });
    expect(parlay.call).toBe('bet/vbetparlay');
    const mixed = placement({
      ...input,
      mode: 'parlay',
      selections: [virtual('1000000001-1X2-0', 1_000_000_001), pick('2-HDP-0', 2, false)],
    });
    expect(mixed.call).toBe('bet/betparlay');
  });
});

describe('adjustedStake', () => {
  it('reads the offered limit of changeStakeMin / changeStakeMax in minor units, and nothing else', () => {
    expect(adjustedStake('changeStakeMax', { max_bet: 2500, min_bet: 5 }, 'MYR')).toBe(250_000);
    expect(adjustedStake('changeStakeMin', { max_bet: 2500, min_bet: 10 }, 'MYR')).toBe(1000);
    expect(adjustedStake('changeStakeMin', { min_bet: 10_000 }, 'IDR')).toBe(1_000_000);
    expect(adjustedStake('changeStakeMax', undefined, 'MYR')).toBeNull();
    expect(adjustedStake('changeStakeMax', { max_bet: 'lots' }, 'MYR')).toBeNull();
    expect(adjustedStake('oddsChanged', { max_bet: 2500 }, 'MYR')).toBeNull();
  });
});
