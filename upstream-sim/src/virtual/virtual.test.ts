// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * Virtual sports: results follow prices over a large seeded run; the odds host lists the
 * virtual sports; vbet* take virtual events only (real matches answer matchNotAllowBet, and the
 * normal bet calls refuse virtual events); a virtual bet settles at the event's end through the
 * ledger and shows in the bet lists, the statement and the results.
 */
import { impliedProbabilities, toMinorUnits, VirtualSportIds, VirtualSports } from '@sportsbook/protocol';
import { requestId, startTestSimAs, type TestSession, type TestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from './events.ts';

const minor = (major: number) => toMinorUnits(major, 2) as number;

describe('virtual results follow their prices', () => {
  // 12,000 events per sport: the share of each outcome is within 1.5 points of the mean implied
  // probability (the prices' 1/price normalised). The standard error at this size is about 0.45
  // points, and rounding prices down to 0.01 moves implied probabilities by well under a point.
  const Events = 12_000;
  const Tolerance = 0.015;
  for (const sportId of [VirtualSportIds.football, VirtualSportIds.basketball]) {
    it(`${VirtualSports[sportId]?.name}: win market outcome frequencies match implied probabilities`, () => {
      const sport = VirtualSports[sportId];
      if (!sport) throw new Error('no sport');
      const width = sportId === VirtualSportIds.football ? 3 : 2;
      const implied = new Array<number>(width).fill(0);
      const seen = new Array<number>(width).fill(0);
      let overImplied = 0;
      let overSeen = 0;
      let decided = 0;
      for (let i = 1; i <= Events; i++) {
        const event = buildEvent(11, sport, 9_000_000 + i);
        const [win, , ou] = [event.markets[0], event.markets[1], event.markets[2]];
        if (!win || !ou) throw new Error('markets missing');
        const p = impliedProbabilities(win.prices);
        p.forEach((x, k) => {
          implied[k] = (implied[k] ?? 0) + x;
        });
        const { home, away } = event.score;
        const outcome = home > away ? 0 : home === away && width === 3 ? 1 : width === 3 ? 2 : 1;
        seen[outcome] = (seen[outcome] ?? 0) + 1;
        // Over/under on whole and half lines (quarter lines split stakes): a push is neither, and
        // the over's implied probability is its share of the decided events.
        if (typeof ou.line === 'number' && Number.isInteger(ou.line * 2) && home + away !== ou.line) {
          decided++;
          overImplied += impliedProbabilities(ou.prices)[0] ?? 0;
          overSeen += home + away > ou.line ? 1 : 0;
        }
      }
      for (let k = 0; k < width; k++)
        expect(Math.abs((seen[k] ?? 0) / Events - (implied[k] ?? 0) / Events)).toBeLessThan(Tolerance);
      // The over/under follows its prices too (the same model priced it).
      expect(decided).toBeGreaterThan(Events / 10);
      expect(Math.abs(overSeen - overImplied) / decided).toBeLessThan(Tolerance * 2);
    });
  }

  it('is deterministic per seed and event', () => {
    const sport = VirtualSports[VirtualSportIds.football];
    if (!sport) throw new Error('no sport');
    expect(buildEvent(3, sport, 100)).toEqual(buildEvent(3, sport, 100));
    expect(buildEvent(3, sport, 100).matchId).toBe(1_000_000_100);
  });
});

describe('virtual sports over HTTP', () => {
  let t: TestSim;
  let s: TestSession;
  beforeAll(async () => {
    ({ t, s } = await startTestSimAs());
  });
  afterAll(() => t.close());
  const cash = () => t.balance(s);
  /** A single on the row's home/first price, decimal odds. */
  const single = (call: string, row: any[], stake: number) =>
    t.call(`/bet/${call}`, {
      ...s,
      request_id: requestId(),
      odds_id: row[0],
      selection: 0,
      price: row[5][0],
      stake,
      odds_type: 4,
    });
  const nextFootball = async () => {
    const { json } = await t.call('/odds/uxmarket', { sport_id: 180, market_type: '1x2', group: 'today' });
    expect(json.status).toBe(1);
    const rows = json.data.odds as any[];
    const match = (json.data.matches as any[]).sort((a, b) => a[9] - b[9])[0];
    return { match, row: rows.find((r) => r[1] === match[0] && r[2] === '1X2') };
  };

  it('lists virtual football and basketball in the menu with open events', async () => {
    const { json } = await t.call('/odds/uxmenu', {});
    const sports = json.data.sports as any[];
    const football = sports.find((r) => r[0] === 180);
    const basketball = sports.find((r) => r[0] === 181);
    expect(football?.[1]).toBe('Virtual Football');
    expect(football?.[3] + football?.[2]).toBe(3);
    expect(basketball?.[3] + basketball?.[2]).toBe(3);
    const { match, row } = await nextFootball();
    expect(match[6]).toBe(180);
    expect(match[9]).toBeGreaterThan(t.world.now());
    expect(row[4]).toBe(0);
    expect(row[5]).toHaveLength(3);
    const ml = await t.call('/odds/uxmarket', { sport_id: 181, market_type: 'hdpou', group: 'today' });
    expect((ml.json.data.odds as any[]).some((r) => r[2] === 'ML')).toBe(true);
  });

  it('vbet* refuse a real match and bet* refuse a virtual event with matchNotAllowBet', async () => {
    const real = await t.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'today' });
    const realRow = (real.json.data.odds as any[]).find((r) => r[4] === 0);
    const check = await t.call('/bet/vbetcheck', { ...s, odds_id: realRow[0], selection: 0 });
    expect(check.json.statusdesc).toBe('matchNotAllowBet');
    expect((await single('vbetsingle', realRow, 10)).json.statusdesc).toBe('matchNotAllowBet');
    const { row } = await nextFootball();
    expect((await single('betsingle', row, 10)).json.statusdesc).toBe('matchNotAllowBet');
    const parlay = await t.call('/bet/vbetparlay', {
      ...s,
      request_id: requestId(),
      stake: 10,
      selections: [
        { odds_id: row[0], selection: 0, price: row[5][0] },
        { odds_id: realRow[0], selection: 0, price: realRow[5][0] },
      ],
    });
    expect(parlay.json.statusdesc).toBe('matchNotAllowBet');
    expect(parlay.json.odds_id).toBe(realRow[0]);
    // Session first: a bad token is a session code, not matchNotAllowBet.
    const anon = await t.call('/bet/vbetcheck', {
      ...s,
      session_token: 'x'.repeat(32),
      odds_id: realRow[0],
      selection: 0,
    });
    expect(anon.json.statusdesc).not.toBe('matchNotAllowBet');
  });

  it('a tournament room cannot take virtual events (unlisted ones are unknown, listed ones too close)', async () => {
    const { match } = await nextFootball();
    const far = [match[0] + 100, match[0] + 101, match[0] + 102];
    expect(t.world.matchRow(far[0] as number)).toBeUndefined();
    for (const ids of [far, [match[0], match[0] + 1, match[0] + 2]]) {
      const { json } = await t.call('/tournament/roomcreate', {
        ...s,
        room_type: 1,
        rate: 10,
        limit: 3,
        match_ids: ids,
        terms: true,
      });
      expect(json.statusdesc).toBe('createRoomFailed-3');
    }
  });

  it('a virtual single settles at the event end through the ledger, the lists, the statement and results', async () => {
    const before = await cash();
    const { match, row } = await nextFootball();
    const check = await t.call('/bet/vbetcheck', { ...s, odds_id: row[0], selection: 0, odds_type: 4 });
    expect(check.json.status).toBe(1);
    expect(check.json.data.price).toBe(row[5][0]);
    const placed = await single('vbetsingle', row, 20);
    expect(placed.json.status).toBe(1);
    const bet = placed.json.data;
    expect(bet.status).toBe('running');
    expect(bet.virtual).toBe(true);
    expect((await cash()).frozen).toBe(before.frozen + minor(20));
    // Kick-off: the event plays, its markets are suspended (a late bet is refused).
    t.advance(match[9] - t.world.now() + 1_000);
    const late = await single('vbetsingle', row, 20);
    expect(late.json.status).toBe(0);
    const live = await t.call('/odds/uxmatch', { match_id: match[0] });
    expect(live.json.data.matches[0][7]).toBe(1);
    // The event ends playMs after kick-off.
    t.advance(VirtualSports[180]?.playMs ?? 0);
    const final = t.world.score(match[0]);
    expect(final).not.toBeNull();
    const full = await t.call('/bet/betacceptfulllist', { ...s });
    const settled = (full.json.data.items as any[]).find((b) => b.bet_id === bet.bet_id);
    const won = (final?.home ?? 0) > (final?.away ?? 0);
    expect(settled.status).toBe(won ? 'won' : 'lost');
    expect(settled.virtual).toBe(true);
    const after = await cash();
    expect(after.frozen).toBe(before.frozen);
    const payout = won ? Math.round(minor(20) * row[5][0]) : 0;
    expect(after.cash).toBe(
      before.cash - minor(20) + payout + (settled.commission ? minor(settled.commission) : 0),
    );
    const date = new Date(t.world.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const statement = await t.call('/dailystatement', {
      ...s,
      start_date: date,
      end_date: date,
      lines: true,
    });
    const lines = (statement.json.data as any[]).flatMap((d) => d.lines ?? []);
    expect(lines.some((l) => l.ref === bet.bet_id && l.kind === 'stake')).toBe(true);
    const results = await t.call('/matchresult', { ...s, date, sport_id: 180 });
    expect(results.json.status).toBe(1);
    expect(JSON.stringify(results.json.data)).toContain(String(match[0]));
  });
});
