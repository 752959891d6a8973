import { describe, expect, it } from 'vitest';
import { placement } from './betApi.ts';
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
