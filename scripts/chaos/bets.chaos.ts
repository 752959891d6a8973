/**
 * 1,000 retried bets with injected timeouts across two nodes: two clustered gateway processes
 * (shared Redis idempotency keys) in front of the simulator, whose `betsingle` is slowed (150 ms)
 * and sometimes held then cut (an upstream timeout). The player's side hangs up after a random
 * 50-600 ms (a client timeout) and retries with the same `request_id` on the other node, until a
 * final answer; every placed bet is then retried once more (a double click). Exactly one debit
 * per placed bet: the simulator's store holds one bet per accepted request id and none for
 * rejected ones, and each account's balance fell by exactly the accepted stakes.
 */
import type { OddsRow } from '@sportsbook/protocol';
import { startSim } from '@sportsbook/upstream-sim';
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import {
  type GatewayProcess,
  type Json,
  postJson,
  postWithDeadline,
  progress,
  type RunningRedis,
  random,
  sleep,
  startGatewayProcess,
  startRedis,
  UnboundedRates,
} from './stack.ts';

const Sizes = {
  full: { bets: 1000, concurrency: 20 },
  quick: { bets: 60, concurrency: 10 },
};
const STAKE = 10;
const ACCOUNTS = 20;
const MAX_ATTEMPTS = 12;
/** Outcomes that are not final: the player retries with the same request_id. */
const retryable = new Set([
  'requestTimeout',
  'requestFailed',
  'systemError',
  'requestProcessing',
  'requestLimit',
  'timeoutError',
]);

interface Outcome {
  account: string;
  requestId: string;
  final: Json | undefined;
  attempts: number;
  clientTimeouts: number;
  upstreamFailures: number;
  replayMismatch: boolean;
}

const scenario: Scenario = {
  name: 'bets',
  property:
    '1,000 bets retried across two nodes with injected client and upstream timeouts: exactly one debit per accepted bet, none for rejected ones',
  async run({ quick, seed }): Promise<ChaosReport> {
    const size = quick ? Sizes.quick : Sizes.full;
    const checks = new Checks();
    const rand = random(seed);
    const adminToken = `chaos-${process.pid}`;
    const sim = await startSim({
      clock: 'manual',
      adminToken,
      faultTimeoutMs: 400,
      loadAccounts: ACCOUNTS,
      sessions: { requestsPerSecond: 0 },
      world: { seed: 7, liveMatches: 6, todayMatches: 40, earlyMatches: 4 },
    });
    let redis: RunningRedis | undefined;
    const nodes: GatewayProcess[] = [];
    try {
      redis = await startRedis();
      const env = {
        UPSTREAM_URL: sim.url,
        REDIS_URL: redis.url,
        WARM_TOPICS: '',
        ...UnboundedRates,
      };
      nodes.push(...(await Promise.all([startGatewayProcess(env), startGatewayProcess(env)])));
      const a = nodes[0] as GatewayProcess;

      const sessions: { account_id: string; session_token: string }[] = [];
      for (let i = 1; i <= ACCOUNTS; i++) {
        const id = `load${String(i).padStart(2, '0')}`;
        const { json } = await postJson(`${a.url}/api/authlogin`, { account_id: id, password: 'demo1234' });
        if (json.status !== 1) throw new Error(`login ${id}: ${JSON.stringify(json)}`);
        sessions.push({ account_id: id, session_token: json.member_profile.player_info[0].session_token });
      }
      const balanceMinor = async (s: { account_id: string; session_token: string }) => {
        const { json } = await postJson(`${sim.url}/userbalance`, { ...s, parent_id: 'ag01' });
        return Math.round(Number(json.balance) * 100);
      };
      const before = new Map<string, number>();
      for (const s of sessions) before.set(s.account_id, await balanceMinor(s));

      const market = await postJson(`${sim.url}/odds/uxmarket`, {
        sport_id: 1,
        market_type: 'hdpou',
        group: 'today',
      });
      const rows = ((market.json.data?.odds ?? []) as OddsRow[]).filter((r) => r[4] === 0 && r[5].length > 0);
      if (rows.length === 0) throw new Error('no open odds row in the today market');

      // Injected upstream faults: every placement slowed, some held then cut (a timeout).
      await postJson(
        `${sim.url}/admin/faults`,
        { call: 'betsingle', latencyMs: 150, timeoutRate: 0.15 },
        { 'x-admin-token': adminToken },
      );

      const outcomes: Outcome[] = [];
      let next = 0;
      const worker = async () => {
        while (next < size.bets) {
          const i = next++;
          const s = sessions[i % sessions.length] as { account_id: string; session_token: string };
          const row = rows[Math.floor(rand() * rows.length)] as OddsRow;
          const body = {
            ...s,
            request_id: `chaos-${seed}-${i}`,
            odds_id: row[0],
            selection: 0,
            price: row[5][0],
            stake: STAKE,
            odds_type: 4,
          };
          const o: Outcome = {
            account: s.account_id,
            requestId: body.request_id,
            final: undefined,
            attempts: 0,
            clientTimeouts: 0,
            upstreamFailures: 0,
            replayMismatch: false,
          };
          let node = rand() < 0.5 ? 0 : 1;
          while (o.final === undefined && o.attempts < MAX_ATTEMPTS) {
            o.attempts += 1;
            // Early attempts hang up after 50-600 ms; later ones wait for the answer.
            const deadline = o.attempts <= 3 ? 50 + rand() * 550 : 20_000;
            const answer = await postWithDeadline(
              `${(nodes[node] as GatewayProcess).url}/api/bet/betsingle`,
              body,
              deadline,
            );
            node = 1 - node;
            if ('timedOut' in answer) o.clientTimeouts += 1;
            else if ('error' in answer) o.upstreamFailures += 1;
            else if (answer.json.status === 0 && retryable.has(String(answer.json.statusdesc)))
              o.upstreamFailures += 1;
            else o.final = answer.json;
            if (o.final === undefined) await sleep(20 + rand() * 80);
          }
          // A double click on the other node: the first reply again, no second bet.
          if (o.final?.status === 1) {
            const again = await postWithDeadline(
              `${(nodes[node] as GatewayProcess).url}/api/bet/betsingle`,
              body,
              20_000,
            );
            if (!('json' in again) || JSON.stringify(again.json) !== JSON.stringify(o.final))
              o.replayMismatch = true;
          }
          outcomes.push(o);
        }
      };
      await Promise.all(Array.from({ length: size.concurrency }, worker));
      await postJson(`${sim.url}/admin/faults`, {}, { 'x-admin-token': adminToken });
      // Placements whose player hung up finish on the gateway: let them land.
      await sleep(1500);

      const stored = new Map<string, string[]>();
      for (const bet of sim.sim.store.bets.values()) {
        if (!bet.requestId.startsWith(`chaos-${seed}-`)) continue;
        const key = `${bet.accountId}\u0000${bet.requestId}`;
        stored.set(key, [...(stored.get(key) ?? []), bet.betId]);
      }
      const accepted = outcomes.filter((o) => o.final?.status === 1);
      const rejected = outcomes.filter((o) => o.final !== undefined && o.final.status !== 1);
      const unresolved = outcomes.filter((o) => o.final === undefined);
      const codes = new Map<string, number>();
      for (const o of rejected)
        codes.set(String(o.final?.statusdesc), (codes.get(String(o.final?.statusdesc)) ?? 0) + 1);
      const rejectedCodes = [...codes].map(([code, n]) => `${code}x${n}`).join(' ');
      const doubles = [...stored.values()].filter((ids) => ids.length > 1).length;
      const missing = accepted.filter((o) => {
        const ids = stored.get(`${o.account}\u0000${o.requestId}`) ?? [];
        return ids.length !== 1 || ids[0] !== o.final?.data?.bet_id;
      }).length;
      const ghost = rejected.filter(
        (o) => (stored.get(`${o.account}\u0000${o.requestId}`)?.length ?? 0) > 0,
      ).length;
      let balanceOff = 0;
      for (const s of sessions) {
        const placed = accepted.filter((o) => o.account === s.account_id).length;
        const drop = (before.get(s.account_id) ?? 0) - (await balanceMinor(s));
        if (drop !== placed * STAKE * 100) balanceOff += 1;
      }
      const attempts = outcomes.reduce((n, o) => n + o.attempts, 0);
      const clientTimeouts = outcomes.reduce((n, o) => n + o.clientTimeouts, 0);
      const upstreamFailures = outcomes.reduce((n, o) => n + o.upstreamFailures, 0);
      const replayMismatches = outcomes.filter((o) => o.replayMismatch).length;
      const debits = [...stored.values()].reduce((n, ids) => n + ids.length, 0);
      progress(
        'bets',
        `${attempts} attempts, ${clientTimeouts} client timeouts, ${upstreamFailures} failed attempts`,
      );
      checks.check(doubles === 0, `${doubles} request ids were debited more than once`);
      checks.check(missing === 0, `${missing} accepted bets are not exactly the one bet their reply named`);
      checks.check(ghost === 0, `${ghost} rejected bets were placed anyway`);
      checks.check(
        balanceOff === 0,
        `${balanceOff} accounts' balances did not fall by exactly their accepted stakes`,
      );
      checks.check(
        replayMismatches === 0,
        `${replayMismatches} double clicks got another reply than the first`,
      );
      checks.check(
        unresolved.length === 0,
        `${unresolved.length} bets got no final answer in ${MAX_ATTEMPTS} attempts`,
      );
      return {
        figure: `${size.bets} bets over 2 nodes, ${attempts} attempts (${clientTimeouts} client hang-ups, ${upstreamFailures} timeouts/failures answered) + ${accepted.length} double clicks: ${accepted.length} accepted -> ${debits} debits, ${doubles} doubles, ${missing} missing, ${rejected.length} rejected${rejectedCodes ? ` (${rejectedCodes})` : ''} (${ghost} placed anyway), ${unresolved.length} unresolved, ${balanceOff} balances off`,
        failures: checks.failures,
        numbers: {
          bets: size.bets,
          attempts,
          clientTimeouts,
          upstreamFailures,
          accepted: accepted.length,
          debits,
          doubles,
          missing,
          rejected: rejected.length,
          unresolved: unresolved.length,
          balanceOff,
        },
      };
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
      await sim.close();
      await redis?.stop();
    }
  },
};

export default scenario;
