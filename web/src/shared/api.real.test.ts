// @vitest-environment node
/**
 * Every bet and info reply the web reads, from the real simulator through the real gateway, fits
 * protocol's reply schema: the api client hands each one over (`ok: true`) instead of turning it
 * into systemError. Covers singles, parlays, system parlays, Myanmar picks, the lists, cash-out,
 * the statement, results, events and messages.
 */
import { type RunningGateway, startGateway } from '@sportsbook/gateway';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type ApiResult, createApiClient } from './api.ts';

type Row = [string, number, string, number | string, number, number[], string[] | null];
type Auth = { account_id: string; session_token: string };

describe('reply schemas against the real gateway and simulator', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let api: ApiClient;
  let n = 0;
  const requestId = () => `schema-${Date.now()}-${++n}`;

  beforeAll(async () => {
    sim = await startSim({
      clock: 'manual',
      world: { seed: 5, liveMatches: 3, todayMatches: 4, earlyMatches: 2 },
    });
    gateway = await startGateway({ upstreamUrl: sim.url, webDist: undefined, warmTopics: [] });
    api = createApiClient({ baseUrl: `${gateway.url}/api` });
  });

  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  async function rows(path: string, body: object): Promise<Row[]> {
    const res = await fetch(`${sim.url}/odds/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: { odds: Row[] } }).data.odds;
  }

  async function login(account_id: string): Promise<Auth> {
    const r = await api.call('authlogin', { account_id, password: 'demo1234' });
    const token = r.ok ? r.value.member_profile?.player_info[0]?.session_token : undefined;
    if (!token) throw new Error(`login ${account_id} failed`);
    return { account_id, session_token: token };
  }

  function ok<T>(result: ApiResult<T>): T {
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) throw new Error(result.error.code);
    return result.value;
  }

  it('bet replies: quotes, placements, lists, parlay details, cash-out', async () => {
    const auth = await login('demo01');
    const open = (await rows('uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'today' })).filter(
      (o) => o[2] === 'HDP' && o[4] === 0,
    );
    const byMatch: Row[] = [];
    for (const o of new Map(open.map((o) => [o[1], o])).values()) {
      const quote = ok(
        await api.call('bet/betcheck', { ...auth, odds_id: o[0], selection: 0, odds_type: 4 }),
      );
      expect(quote.data.min_bet).toBeGreaterThan(0);
      if (quote.data.parlay) byMatch.push(o);
    }
    expect(byMatch.length).toBeGreaterThanOrEqual(3);
    const leg = (o: Row) => ({ odds_id: o[0], selection: 0, price: o[5][0] as number, line: o[3] as number });
    const [a, b, c] = byMatch as [Row, Row, Row];

    const single = ok(
      await api.call('bet/betsingle', {
        ...auth,
        request_id: requestId(),
        ...leg(a),
        stake: 10,
        odds_type: 4,
      }),
    );
    expect(single.data.status).toBe('running');
    const parlay = ok(
      await api.call('bet/betparlay', {
        ...auth,
        request_id: requestId(),
        selections: [leg(a), leg(b)],
        stake: 10,
      }),
    );
    ok(
      await api.call('bet/betsysparlay', {
        ...auth,
        request_id: requestId(),
        selections: [leg(a), leg(b), leg(c)],
        stake: 5,
      }),
    );
    for (const call of ['bet/betacceptlist', 'bet/pendingbetlist', 'bet/betrejectlist'] as const)
      ok(await api.call(call, { ...auth, page_size: 100 }));
    expect(ok(await api.call('bet/betacceptlist', { ...auth })).data.total).toBeGreaterThanOrEqual(3);
    for (const call of ['bet/betacceptfulllist', 'bet/dbetlist', 'bet/dbetlistcancel'] as const)
      ok(await api.call(call, { ...auth }));
    ok(await api.call('bet/parlayacceptdetails', { ...auth, bet_id: parlay.data.bet_id }));

    const offer = ok(await api.call('bet/cashoutcheck', { ...auth, bet_id: single.data.bet_id }));
    const cashed = await api.call('bet/cashout', {
      ...auth,
      request_id: requestId(),
      bet_id: single.data.bet_id,
      quote_id: offer.data.quote_id,
      accept_any_value: true,
    });
    expect(ok(cashed).data.status).toBe('cashedOut');
  });

  it('Myanmar replies: betmmoclick and betsinglemmo', async () => {
    const auth = await login('demo07');
    const mhdp = (await rows('uxmatch2', { sport_id: 1, group: 'today' })).find(
      (o) => o[2] === 'MHDP' && o[4] === 0,
    );
    if (!mhdp) throw new Error('no open MHDP row');
    const click = ok(await api.call('bet/betmmoclick', { ...auth, odds_id: mhdp[0], selection: 0 }));
    const bet = ok(
      await api.call('bet/betsinglemmo', {
        ...auth,
        request_id: requestId(),
        odds_id: mhdp[0],
        selection: 0,
        body: String(click.data.body),
        stake: click.data.min_bet,
      }),
    );
    expect(bet.data.kind).toBe('mmoSingle');
  });

  it('info replies: statement, results, events, messages', async () => {
    const auth = await login('demo02');
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const statement = ok(await api.call('dailystatement', { ...auth, start_date: today, end_date: today }));
    expect(statement.currency).toBe('CNY');
    ok(await api.call('matchresult', { ...auth, date: today }));
    expect(ok(await api.call('eventlist', { ...auth })).data.length).toBeGreaterThan(0);
    for (const call of ['announcelist', 'personallist'] as const)
      ok(await api.call(call, { ...auth, page_size: 10 }));
    ok(await api.call('marqueelist', { ...auth }));
    expect(ok(await api.call('personalunread', { ...auth })).data.unread).toBeGreaterThanOrEqual(0);
  });
});
