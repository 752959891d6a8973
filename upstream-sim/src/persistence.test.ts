// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestId, startTestSim, type TestSim } from '@sportsbook/testkit/sim';
import { afterAll, describe, expect, it } from 'vitest';

/** A 25.00 single at decimal odds on the first open row of today's soccer; asserts it is placed. */
async function placeSingle(sim: TestSim, session: { account_id: string; session_token: string }) {
  const { json } = await sim.call('/odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'today' });
  const row = json.data.odds.find((r: any) => r[4] === 0);
  const body = {
    ...session,
    request_id: requestId(),
    odds_id: row[0],
    selection: 0,
    price: row[5][0],
    stake: 25,
    odds_type: 4,
  };
  const placed = await sim.call('/bet/betsingle', body);
  expect(placed.json.status).toBe(1);
  return { body, placed };
}

describe('persistence with a data dir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-data-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accounts, wallets, bets, settings and idempotent replies survive a restart', async () => {
    const first = await startTestSim({ dataDir: dir });
    const s = await first.login('demo01');
    await first.call('/changepassword', {
      ...s,
      old_password: 'demo1234',
      new_password: 'kept1234',
      confirm_password: 'kept1234',
    });
    await first.call('/usersettings', { ...s, oddsType: 2 });
    const { body, placed } = await placeSingle(first, s);
    const balance = (await first.call('/userbalance', { ...s, parent_id: 'ag01' })).json;
    await first.close();

    const second = await startTestSim({ dataDir: dir });
    try {
      expect(
        (await second.call('/authlogin', { account_id: 'demo01', password: 'demo1234' })).json.statusdesc,
      ).toBe('invalid_password');
      const s2 = await second.login('demo01', 'kept1234');
      const after = (await second.call('/userbalance', { ...s2, parent_id: 'ag01' })).json;
      expect(after).toMatchObject({
        balance: balance.balance,
        outstanding_balance: balance.outstanding_balance,
      });
      const list = (await second.call('/bet/betacceptlist', s2)).json.data.items;
      expect(list.map((b: any) => b.bet_id)).toContain(placed.json.data.bet_id);
      expect((await second.call('/usersettings', s2)).json.settings.oddsType).toBe(2);
      const retry = await second.call('/bet/betsingle', { ...body, ...s2 });
      expect(retry.json.data.bet_id).toBe(placed.json.data.bet_id);
      // What the request asked is journaled too: another stake under the same id is still refused.
      const reused = await second.call('/bet/betsingle', { ...body, ...s2, stake: 26 });
      expect(reused.json.statusdesc).toBe('requestIdReused');
      expect((await second.call('/userbalance', { ...s2, parent_id: 'ag01' })).json.balance).toBe(
        balance.balance,
      );
    } finally {
      await second.close();
    }
  });

  it('a bet journaled without its idempotency record (killed between the writes) is found by its retry', async () => {
    const own = mkdtempSync(join(tmpdir(), 'sim-data-'));
    try {
      const first = await startTestSim({ dataDir: own });
      const s = await first.login('demo02');
      const { body, placed } = await placeSingle(first, s);
      const balance = (await first.call('/userbalance', { ...s, parent_id: 'ag01' })).json.balance;
      await first.close();
      // The crash: the bet's record made it to the journal, its idempotency record did not.
      const path = join(own, 'journal.ndjson');
      const lines = readFileSync(path, 'utf8').split('\n');
      const kept = lines.filter(
        (line) => !(line.startsWith('{"t":"idem"') && line.includes(body.request_id)),
      );
      expect(kept.length).toBe(lines.length - 1);
      writeFileSync(path, kept.join('\n'));

      const second = await startTestSim({ dataDir: own });
      try {
        const s2 = await second.login('demo02');
        const retry = await second.call('/bet/betsingle', { ...body, ...s2 });
        expect(retry.json.status).toBe(1);
        expect(retry.json.data.bet_id).toBe(placed.json.data.bet_id);
        expect((await second.call('/userbalance', { ...s2, parent_id: 'ag01' })).json.balance).toBe(balance);
        expect((await second.call('/bet/betacceptlist', s2)).json.data.items).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
