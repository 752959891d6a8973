// @vitest-environment node
/**
 * Outright picks (specials) from the slip's own calls against the real simulator
 * through the real gateway: quoted by betcheckspecial and placed by betsinglespecial (the upstream
 * refuses an outright on betcheck / betsingle with invalidBetType); a plain pick keeps the plain calls.
 */
import { type RunningGateway, startGateway } from '@sportsbook/gateway';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../shared/api.ts';
import { checkPicks, placeBet, placement } from './betApi.ts';
import type { Selection, SlipAccount } from './types.ts';

type Row = [string, number, string, number | string | null, number, number[], string[] | null];

describe('outright picks go through the special calls', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let api: ApiClient;
  let account: SlipAccount;

  beforeAll(async () => {
    sim = await startSim({
      clock: 'manual',
      world: { seed: 5, liveMatches: 1, todayMatches: 3, earlyMatches: 2, outrights: 3 },
    });
    gateway = await startGateway({ upstreamUrl: sim.url, webDist: undefined, warmTopics: [] });
    api = createApiClient({ baseUrl: `${gateway.url}/api` });
    const r = await api.call('authlogin', { account_id: 'demo01', password: 'demo1234' });
    const token = r.ok ? r.value.member_profile?.player_info[0]?.session_token : undefined;
    if (!token) throw new Error('login failed');
    account = {
      auth: { account_id: 'demo01', session_token: token },
      currency: 'USD',
      oddsFormat: 'DEC',
      myanmar: false,
      betLimits: [],
    };
  });
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  async function openRow(marketType: string, betType: string): Promise<Row> {
    for (const group of ['today', 'early']) {
      const res = await fetch(`${sim.url}/odds/uxmarket`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sport_id: 1, market_type: marketType, group }),
      });
      const rows = ((await res.json()) as { data: { odds: Row[] } }).data.odds;
      const row = rows.find((r) => r[2] === betType && r[4] === 0);
      if (row) return row;
    }
    throw new Error(`no open ${betType} row`);
  }

  const pick = (row: Row, selection: number): Selection => ({
    topic: 'odds/1/outright/today',
    oddsId: row[0],
    matchId: row[1],
    sportId: 1,
    leagueName: 'L',
    home: 'H',
    away: 'A',
    betType: row[2],
    selection,
    line: typeof row[3] === 'number' ? row[3] : null,
    price: row[5][selection] ?? 0,
    label: 'pick',
    live: false,
    parlay: false,
  });

  it('an outright single is quoted and placed; a plain pick keeps betsingle', async () => {
    const outright = pick(await openRow('outright', 'OR'), 1);
    const checked = await checkPicks(api, { account, selections: [outright] });
    expect(checked).toMatchObject({ ok: true, value: [{ oddsId: outright.oddsId, price: outright.price }] });
    const input = {
      account,
      mode: 'single' as const,
      selections: [outright],
      stake: 500,
      sizes: null,
      acceptBetterOdds: false,
      acceptAnyOdds: false,
      requestId: `special-${Date.now()}`,
    };
    expect(placement(input).call).toBe('bet/betsinglespecial');
    const placed = await placeBet(api, input);
    expect(placed).toMatchObject({ ok: true, value: { status: 'running' } });
    const plain = pick(await openRow('hdpou', 'HDP'), 0);
    expect((await checkPicks(api, { account, selections: [plain] })).ok).toBe(true);
    expect(placement({ ...input, selections: [plain] }).call).toBe('bet/betsingle');
  });
});
