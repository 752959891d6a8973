// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * A player's history on the simulator: outrights settled for real, last login and password expiry, the
 * spec's empty-login codes, parlay totals, statement lines that add up, abandoned matches.
 */
import { AccountLimits } from '@sportsbook/protocol';
import {
  requestId,
  startTestSim,
  startTestSimAs,
  type TestSession,
  type TestSim,
} from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Row = [string, number, string, number | string | null, number, number[], string[] | null];
const HOUR = 3_600_000;
const start = Date.UTC(2026, 0, 10, 4, 0, 0);

describe('history and account on the simulator', () => {
  let t: TestSim;
  let s: TestSession;

  beforeAll(async () => {
    ({ t, s } = await startTestSimAs('demo01', {
      bets: { liveDelayMs: { default: 0 } },
      stepMs: 60_000,
      world: {
        seed: 7,
        liveMatches: 2,
        todayMatches: 6,
        earlyMatches: 4,
        outrights: 3,
        startTime: start,
        tickMs: 60_000,
      },
    }));
  });
  afterAll(() => t.close());

  it('answers usernameRequired / passwordRequired for an empty login id or password', async () => {
    for (const path of ['/authlogin', '/userlogin', '/switchlogin']) {
      const noId = await t.call(path, { account_id: '', password: 'demo1234' });
      expect([noId.http, noId.json.statusdesc]).toEqual([400, 'usernameRequired']);
      const noPassword = await t.call(path, { account_id: 'demo01' });
      expect([noPassword.http, noPassword.json.statusdesc]).toEqual([400, 'passwordRequired']);
    }
  });

  it('returns the previous login and the password expiry in player_info', async () => {
    const first = await t.call('/authlogin', { account_id: 'demo04', password: 'demo1234' });
    const info = first.json.member_profile.player_info[0];
    expect(info.last_login_time).toBeNull();
    const changed = t.sim.store.accounts.get('demo04')?.passwordChangedAt ?? 0;
    expect(info.password_expiry_time).toBe(changed + AccountLimits.passwordMaxAgeDays * 86_400_000);
    const at = t.world.now();
    t.advance(60_000);
    const second = await t.call('/authlogin', { account_id: 'demo04', password: 'demo1234' });
    expect(second.json.member_profile.player_info[0].last_login_time).toBe(at);
    const profile = await t.call('/userprofile', {
      account_id: 'demo04',
      session_token: second.json.member_profile.player_info[0].session_token,
    });
    expect(profile.json.member_profile.player_info[0].last_login_time).toBe(at);
  });

  it('a parlay and a system parlay reply with the parlay totals', async () => {
    const { json } = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'today' });
    const parlayMatches = new Set((json.data.matches as any[]).filter((m) => m[8] === 1).map((m) => m[0]));
    const seen = new Set<number>();
    const picks: Row[] = [];
    for (const row of json.data.odds as Row[]) {
      if (row[4] !== 0 || row[5].length === 0 || !parlayMatches.has(row[1]) || seen.has(row[1])) continue;
      seen.add(row[1]);
      picks.push(row);
    }
    expect(picks.length).toBeGreaterThanOrEqual(3);
    const selections = picks.slice(0, 3).map((r) => ({ odds_id: r[0], selection: 0, price: r[5][0] }));
    const parlay = await t.call('/bet/betparlay', { ...s, request_id: requestId(), selections, stake: 10 });
    expect(parlay.json.status).toBe(1);
    expect(parlay.json.data.totals).toEqual({
      total_bet: 1,
      total_stake: 10,
      total_payout: parlay.json.data.payout,
      total_accept: 1,
      total_reject: 0,
      combination: 1,
    });
    const system = await t.call('/bet/betsysparlay', { ...s, request_id: requestId(), selections, stake: 5 });
    expect(system.json.status).toBe(1);
    expect(system.json.data.totals).toMatchObject({
      total_bet: 4,
      total_stake: 20,
      total_accept: 4,
      combination: 4,
    });
    const single = await t.call('/bet/betsingle', {
      ...s,
      request_id: requestId(),
      odds_id: picks[0]?.[0],
      selection: 0,
      price: picks[0]?.[5][0],
      stake: 10,
      odds_type: 4,
    });
    expect(single.json.status).toBe(1);
    expect(single.json.data.totals).toBeUndefined();
  });

  it('an outright settles: the winner is paid stake x odds, every other runner loses', async () => {
    const { json } = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'outright', group: 'early' });
    const today = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'outright', group: 'today' });
    const rows = [...(json.data.odds as Row[]), ...(today.json.data.odds as Row[])].filter(
      (r) => r[2] === 'OR' && r[4] === 0,
    );
    const kickoffs = new Map<number, number>(
      [...json.data.matches, ...today.json.data.matches].map((m: any) => [m[0], m[9]]),
    );
    rows.sort((a, b) => (kickoffs.get(a[1]) ?? 0) - (kickoffs.get(b[1]) ?? 0));
    const row = rows[0];
    if (!row) throw new Error('no outright on offer');
    const labels = row[6] ?? [];
    const betIds: string[] = [];
    for (let selection = 0; selection < labels.length; selection++) {
      const placed = await t.call('/bet/betsinglespecial', {
        ...s,
        request_id: requestId(),
        odds_id: row[0],
        selection,
        price: row[5][selection],
        stake: 5,
        odds_type: 4,
      });
      expect(placed.json.statusdesc).toBe('success');
      betIds.push(placed.json.data.bet_id);
    }
    for (let hours = 0; hours < 120; hours++) {
      if (betIds.every((id) => t.sim.store.bets.get(id)?.settledAt !== null)) break;
      t.advance(HOUR);
    }
    const bets = betIds.map((id) => t.sim.store.bets.get(id));
    expect(bets.map((b) => b?.status).sort()).toEqual(['won', ...labels.slice(1).map(() => 'lost')].sort());
    const winner = bets.find((b) => b?.status === 'won');
    expect(winner?.returned).toBe(Math.round(500 * (winner?.legs[0]?.price ?? 0)));
    expect(winner?.legs[0]?.outcome).toBe('won');
  });

  it("the day's statement lines add up from the opening to the closing balance", async () => {
    const date = new Date(start + 8 * HOUR).toISOString().slice(0, 10);
    const end = new Date(t.world.now() + 8 * HOUR).toISOString().slice(0, 10);
    const { json } = await t.call('/dailystatement', { ...s, start_date: date, end_date: end, lines: true });
    expect(json.status).toBe(1);
    let lines = 0;
    for (const day of json.data) {
      const cents = (v: number) => Math.round(v * 100);
      let balance = cents(day.opening_balance);
      for (const line of day.lines) {
        balance += cents(line.amount);
        expect(cents(line.balance)).toBe(balance);
        expect(typeof line.product).toBe('string');
        lines++;
      }
      expect(balance).toBe(cents(day.closing_balance));
    }
    expect(lines).toBeGreaterThan(3);
    const kinds = new Set(json.data.flatMap((d: any) => d.lines.map((l: any) => `${l.product}/${l.kind}`)));
    expect(kinds).toContain('sportsbook/payout');
    expect(kinds).toContain('sportsbook/stake');
    const plain = await t.call('/dailystatement', { ...s, start_date: date, end_date: date });
    expect(plain.json.data[0].lines).toBeUndefined();
  });
});

describe('market refusals as the spec codes (protocol marketRefusalCode)', () => {
  let t: TestSim;
  let s: TestSession;
  beforeAll(async () => {
    ({ t, s } = await startTestSimAs());
  });
  afterAll(() => t.close());

  it('a ticket taken pre-match on a match now in play (or the reverse) answers marketTypeChanged', async () => {
    const row = async (group: 'live' | 'today') => {
      const { json } = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group });
      return (json.data.odds as Row[]).find(
        (r) => r[2] === 'HDP' && r[4] === 0 && t.world.quote(r[0])?.status === 0,
      );
    };
    const single = (r: Row, live: boolean) =>
      t.call('/bet/betsingle', {
        ...s,
        request_id: requestId(),
        odds_id: r[0],
        selection: 0,
        price: r[5][0],
        stake: 10,
        odds_type: 4,
        live,
      });
    const live = await row('live');
    const today = await row('today');
    if (!live || !today) throw new Error('no open rows');
    expect((await single(live, false)).json.statusdesc).toBe('marketTypeChanged');
    expect((await single(today, true)).json.statusdesc).toBe('marketTypeChanged');
    expect((await single(today, false)).json.status).toBe(1);
    // A parlay leg likewise.
    const { json } = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'today' });
    const seen = new Set<number>();
    const legs = (json.data.odds as Row[])
      .filter((r) => {
        const q = t.world.quote(r[0]);
        const ok = r[2] === 'HDP' && q?.status === 0 && q.parlay && !seen.has(r[1]);
        if (ok) seen.add(r[1]);
        return ok;
      })
      .slice(0, 2)
      .map((r, i) => ({ odds_id: r[0], selection: 0, price: r[5][0], live: i === 1 }));
    const parlay = await t.call('/bet/betparlay', {
      ...s,
      request_id: requestId(),
      selections: legs,
      stake: 10,
    });
    expect(parlay.json.statusdesc).toBe('marketTypeChanged');
  });

  it("a leg's quoted row label (a correct score) that the row no longer has answers marketTypeChanged, even with accept_any_odds", async () => {
    const { json } = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'cs', group: 'today' });
    const row = (json.data.odds as Row[]).find(
      (r) => r[2] === 'CS' && r[4] === 0 && t.world.quote(r[0])?.status === 0 && (r[6]?.length ?? 0) > 2,
    );
    if (!row) throw new Error('no open correct-score row');
    const labels = row[6] as string[];
    const place = (label: string, accept_any_odds: boolean) =>
      t.call('/bet/betsingle', {
        ...s,
        request_id: requestId(),
        odds_id: row[0],
        selection: 1,
        price: row[5][1],
        stake: 10,
        odds_type: 4,
        label,
        accept_any_odds,
      });
    // Another score's label at this index: refused whatever the price flags say; nothing placed.
    const before = t.sim.store.accountBets(s.account_id).length;
    const wrong = await place(labels[2] as string, true);
    expect(wrong.json.statusdesc).toBe('marketTypeChanged');
    expect(t.sim.store.accountBets(s.account_id).length).toBe(before);
    const right = await place(labels[1] as string, false);
    expect(right.json.status).toBe(1);
    expect(right.json.data.legs[0].label).toBe(labels[1]);
  });

  it('a live row suspended after a goal answers oddsIsUpdating (a held match: 328)', async () => {
    const seen = new Set<string>();
    for (let step = 0; step < 400 && seen.size < 2; step++) {
      const { json } = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'live' });
      for (const row of json.data.odds as Row[]) {
        const quote = t.world.quote(row[0]);
        if (!quote || quote.matchStatus === 1 || quote.matchStatus === 2) continue;
        const expected = quote.matchStatus === 5 ? '328' : quote.status !== 0 ? 'oddsIsUpdating' : null;
        if (expected === null || seen.has(expected)) continue;
        const check = await t.call('/bet/betcheck', { ...s, odds_id: row[0], selection: 0 });
        expect(check.json.statusdesc).toBe(expected);
        seen.add(expected);
      }
      t.advance(15_000);
    }
    expect(seen.has('oddsIsUpdating')).toBe(true);
  });
});

describe('abandoned matches', () => {
  it('a bet on a match abandoned after kick-off is abandoned: stake released, no cash moved', async () => {
    // Every match is cancelled: the live ones mid-game (abandoned), unless drawn as postponed.
    const t = await startTestSim({
      bets: { liveDelayMs: { default: 0 } },
      world: { seed: 3, liveMatches: 6, todayMatches: 2, earlyMatches: 0, cancelRate: 1, startTime: start },
    });
    try {
      const s = await t.login('demo02');
      const { json } = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'live' });
      const seen = new Set<number>();
      const rows = (json.data.odds as Row[]).filter((r) => {
        const ok =
          r[2] === 'HDP' &&
          r[4] === 0 &&
          !seen.has(r[1]) &&
          t.world.quote(r[0])?.matchStatus === 0 &&
          t.world.matchRow(r[1])?.[4] !== 3; // a main match, not a child market
        if (ok) seen.add(r[1]);
        return ok;
      });
      const ids: string[] = [];
      for (const row of rows) {
        const placed = await t.call('/bet/betsingle', {
          ...s,
          request_id: requestId(),
          odds_id: row[0],
          selection: 0,
          price: row[5][0],
          stake: 10,
          odds_type: 4,
        });
        expect(placed.json.status).toBe(1);
        ids.push(placed.json.data.bet_id);
      }
      const before = t.sim.wallet.balance('demo02').cash;
      for (let i = 0; i < 200 && ids.some((id) => t.sim.store.bets.get(id)?.settledAt === null); i++)
        t.advance(60_000);
      const bets = ids.map((id) => t.sim.store.bets.get(id));
      const abandoned = bets.filter((b) => b?.status === 'abandoned');
      expect(abandoned.length).toBeGreaterThan(0);
      for (const bet of abandoned) expect(bet?.legs[0]?.outcome).toBe('void');
      // Abandoned bets moved no cash: the balance changed only by the others' results.
      const others = bets.filter((b) => b?.status !== 'abandoned');
      const net = others.reduce((sum, b) => sum + (b ? b.returned - b.risk + b.commission : 0), 0);
      expect(t.sim.wallet.balance('demo02')).toMatchObject({ cash: before + net, frozen: 0 });
      const list = await t.call('/bet/betrejectfulllist', { ...s });
      expect(list.json.data.items.map((b: any) => b.status)).toContain('abandoned');
    } finally {
      await t.close();
    }
  });
});
