// @vitest-environment node
/**
 * The bet slip with its real actors against the real gateway (`/api` proxy) and simulator: a
 * pre-match single is accepted at once, a live single waits and is decided as the sim clock moves,
 * and the balance reply reflects the frozen stake.
 */
import type { RunningGateway } from '@sportsbook/gateway';
import { normalizeBetLimits } from '@sportsbook/protocol';
import { startStack } from '@sportsbook/testkit';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { EMPTY } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createApiClient } from '../../shared/api.ts';
import { betSlipActors, betSlipMachine } from './betSlipMachine.ts';
import type { Selection, SlipAccount } from './types.ts';

describe('bet slip against the real gateway and simulator', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let account: SlipAccount;
  const api = () => createApiClient({ baseUrl: `${gateway.url}/api` });

  beforeAll(async () => {
    ({ sim, gateway } = await startStack({
      sim: { world: { seed: 5, liveMatches: 3, todayMatches: 4, earlyMatches: 2 } },
      gateway: { warmTopics: [] },
    }));
    const login = await api().call('authlogin', { account_id: 'demo01', password: 'demo1234' });
    if (!login.ok) throw new Error(`login failed: ${login.error.code}`);
    const profile = login.value.member_profile;
    const token = profile?.player_info[0]?.session_token;
    if (!profile || !token) throw new Error('login without a profile');
    account = {
      auth: { account_id: 'demo01', session_token: token },
      currency: 'MYR',
      oddsFormat: 'DEC',
      myanmar: false,
      betLimits: normalizeBetLimits(profile.player_bet_limit),
    };
  });

  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  async function firstPick(group: 'today' | 'live'): Promise<Selection> {
    const res = await fetch(`${sim.url}/odds/uxmarket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sport_id: 1, market_type: 'hdpou', group }),
    });
    const data = (
      (await res.json()) as { data: { odds: [string, number, string, number, number, number[]][] } }
    ).data;
    const row = data.odds.find((o) => o[2] === 'HDP' && o[4] === 0);
    if (!row) throw new Error(`no open HDP row in ${group}`);
    return {
      topic: `odds/1/hdpou/${group}`,
      oddsId: row[0],
      matchId: row[1],
      sportId: 1,
      leagueName: '',
      home: 'H',
      away: 'A',
      betType: 'HDP',
      selection: 0,
      line: row[3],
      price: row[5][0] as number,
      label: 'H',
      live: group === 'live',
      parlay: true,
    };
  }

  const slip = () =>
    createActor(
      betSlipMachine.provide({
        actors: betSlipActors({ api: api(), watch: () => EMPTY, decisionPollMs: 50 }),
      }),
      {
        input: { account },
      },
    ).start();

  it('places a pre-match single: accepted at once, the stake frozen in the balance', async () => {
    const actor = slip();
    const refreshed: string[] = [];
    actor.on('balance.refresh', (e) => refreshed.push(e.type));
    actor.send({ type: 'bet.select', selection: await firstPick('today') });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }), { timeout: 10_000 });
    expect(actor.getSnapshot().context.checked?.minBet).toBe(500);
    actor.send({ type: 'bet.stake.change', stake: '10' });
    actor.send({ type: 'bet.submit' });
    // Confirm counts once the confirm step has been open for its delay (a double click never confirms).
    await waitFor(actor, (s) => s.matches({ open: { confirming: 'armed' } }), { timeout: 5_000 });
    actor.send({ type: 'bet.confirm', requestId: `real-${Date.now()}-1` });
    const done = await waitFor(actor, (s) => s.matches('accepted') || s.matches({ open: 'ready' }), {
      timeout: 10_000,
    });
    expect(done.context.error).toBeNull();
    expect(done.context.bet?.status).toBe('running');
    expect(refreshed).toEqual(['balance.refresh']);
    const balance = await api().call('userbalance', { ...account.auth, parent_id: 'ag01' });
    expect(balance.ok && balance.value.outstanding_balance).toBe(10);
    actor.stop();
  });

  it('places a live single: waiting, then accepted when the sim clock passes the delay', async () => {
    const actor = slip();
    actor.send({ type: 'bet.select', selection: await firstPick('live') });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }), { timeout: 10_000 });
    actor.send({ type: 'bet.stake.change', stake: '10' });
    actor.send({ type: 'bet.submit' });
    // Confirm counts once the confirm step has been open for its delay (a double click never confirms).
    await waitFor(actor, (s) => s.matches({ open: { confirming: 'armed' } }), { timeout: 5_000 });
    actor.send({ type: 'bet.confirm', requestId: `real-${Date.now()}-2` });
    await waitFor(actor, (s) => s.matches('waiting'), { timeout: 10_000 });
    // Past the 5 s live delay, in small steps so the in-play world barely moves.
    for (let i = 0; i < 6; i++) sim.advance(1000);
    const decided = await waitFor(actor, (s) => s.matches('accepted') || s.matches('rejected'), {
      timeout: 10_000,
    });
    expect(['running', 'rejected']).toContain(decided.context.bet?.status);
    actor.stop();
  });
});
