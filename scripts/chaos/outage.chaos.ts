/**
 * Redis and the simulator killed with -9 and restarted: two clustered gateway processes, clients
 * on the live topic, the simulator as its own process with a data directory (its journal) and a
 * real clock. First Redis dies (restarted empty on the same port), then the simulator dies while
 * bets are in flight (restarted on the same data directory). During the Redis outage each node
 * polls its own clients' topics, so nobody is told stale; during the simulator's, clients see
 * `stale` then fresh. They end on the upstream's hash with no gap; nothing is lost: every bet
 * acknowledged before the kill is still there, every in-flight bet retried with its request_id
 * ends placed once or not at all, and each balance fell by exactly the accepted stakes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OddsRow } from '@sportsbook/protocol';
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import {
  type GatewayProcess,
  type Json,
  login,
  postJson,
  postWithDeadline,
  progress,
  type ResilientClient,
  type RunningRedis,
  random,
  type SimProcess,
  sleep,
  startClients,
  startGatewayProcess,
  startRedis,
  startSimProcess,
  UnboundedRates,
  UnboundedSockets,
  untilAllOn,
  upstreamHash,
} from './stack.ts';

const LIVE = 'odds/1/hdpou/live';
const INTERVAL_MS = 250;
const LEASE_MS = 1500;
const STAKE = 10;
const ACCOUNTS = 20;

const Sizes = {
  full: { clients: 100, outageMs: 5000, betsBefore: 40, betsInFlight: 20 },
  quick: { clients: 12, outageMs: 2000, betsBefore: 6, betsInFlight: 6 },
};

const retryable = new Set([
  'requestTimeout',
  'requestFailed',
  'systemError',
  'requestProcessing',
  'requestLimit',
  'timeoutError',
]);
/** Answers after which a player logs in again and retries the same request_id. */
const sessionGone = new Set(['session_not_exists', 'session_expired', 'invalidSession']);

/** Each client saw stale:true and, after it, stale:false, since `marks` (status counts at the kill). */
function staleThenFresh(clients: ResilientClient[], marks: number[]): number {
  return clients.filter((c, i) => {
    const seen = (c.statuses.get(LIVE) ?? []).slice(marks[i]);
    const stale = seen.indexOf(true);
    return stale >= 0 && seen.indexOf(false, stale) > stale;
  }).length;
}

async function untilFresh(clients: ResilientClient[], marks: number[], timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = staleThenFresh(clients, marks);
    if (n === clients.length || Date.now() > deadline) return n;
    await sleep(100);
  }
}

const scenario: Scenario = {
  name: 'outage',
  property:
    'Redis and the simulator killed with -9 and restarted: stale then fresh while the simulator is down (while Redis is, each node polls on its own); clients end on the upstream hash with 0 gaps; no acknowledged bet, balance or in-flight bet lost or doubled',
  async run({ quick, seed }): Promise<ChaosReport> {
    const size = quick ? Sizes.quick : Sizes.full;
    const checks = new Checks();
    const rand = random(seed);
    const dataDir = mkdtempSync(join(tmpdir(), 'chaos-sim-'));
    let redis: RunningRedis | undefined;
    let sim: SimProcess | undefined;
    const nodes: GatewayProcess[] = [];
    const clients: ResilientClient[] = [];
    try {
      redis = await startRedis();
      sim = await startSimProcess({ seed: 3, liveMatches: 12, dataDir });
      const simUrl = sim.url;
      const env = {
        UPSTREAM_URL: sim.url,
        REDIS_URL: redis.url,
        POLL_INTERVAL_MS: String(INTERVAL_MS),
        CLUSTER_LEASE_MS: String(LEASE_MS),
        WARM_TOPICS: '',
        ...UnboundedSockets,
        ...UnboundedRates,
      };
      nodes.push(...(await Promise.all([startGatewayProcess(env), startGatewayProcess(env)])));
      const [a, b] = nodes as [GatewayProcess, GatewayProcess];
      const accounts = Array.from({ length: ACCOUNTS }, (_, i) => `load${String(i + 1).padStart(2, '0')}`);
      const wsSessions = await Promise.all(accounts.map((id) => login(simUrl, id)));
      await startClients(clients, size.clients, {
        nodes: () => nodes.map((n) => n.wsUrl),
        sessions: wsSessions,
        topics: [LIVE],
        rand,
      });
      const marks = () => clients.map((c) => c.statuses.get(LIVE)?.length ?? 0);

      // Phase 1: Redis.
      await sleep(1000);
      let m = marks();
      await redis.kill();
      progress('outage', `kill -9 redis-server; ${size.outageMs} ms down`);
      await sleep(size.outageMs);
      await redis.restart();
      let back = Date.now();
      // Both nodes in touch with Redis again (their readiness says so) before the bets: a login's
      // lock lives in Redis.
      for (const deadline = back + 20_000; Date.now() < deadline; await sleep(100)) {
        const states = await Promise.all(
          nodes.map((n) =>
            fetch(`${n.url}/readyz`)
              .then((r) => r.json() as Promise<{ status?: string }>)
              .then(
                (b) => b.status,
                () => undefined,
              ),
          ),
        );
        if (states.every((st) => st === 'ready')) break;
      }
      // Redis down: every node polls its own clients' topics (gateway/CLUSTER.md "Redis down"), so
      // clients are not told stale for it (reported, not judged: a poll slowed by a loaded machine
      // says stale too; the redis-kill scenario judges the rates).
      const redisFresh = clients.filter(
        (c, i) => !(c.statuses.get(LIVE) ?? []).slice(m[i]).includes(true),
      ).length;
      const redisRecoveryS = (Date.now() - back) / 1000;
      progress('outage', `redis back: ${redisFresh}/${clients.length} clients never told stale`);

      // Bets acknowledged before the simulator dies.
      const sessions = new Map<string, { account_id: string; session_token: string }>();
      for (const id of accounts) {
        const { json } = await postJson(`${a.url}/api/authlogin`, { account_id: id, password: 'demo1234' });
        if (json.status !== 1) throw new Error(`login ${id}: ${JSON.stringify(json)}`);
        sessions.set(id, { account_id: id, session_token: json.member_profile.player_info[0].session_token });
      }
      const market = await postJson(`${simUrl}/odds/uxmarket`, {
        sport_id: 1,
        market_type: 'hdpou',
        group: 'today',
      });
      const rows = ((market.json.data?.odds ?? []) as OddsRow[]).filter((r) => r[4] === 0 && r[5].length > 0);
      const betBody = (i: number) => {
        const s = sessions.get(accounts[i % ACCOUNTS] as string) as {
          account_id: string;
          session_token: string;
        };
        const row = rows[Math.floor(rand() * rows.length)] as OddsRow;
        return {
          ...s,
          request_id: `outage-${seed}-${i}`,
          odds_id: row[0],
          selection: 0,
          price: row[5][0],
          stake: STAKE,
          odds_type: 4,
        };
      };
      const balanceOf = async (s: { account_id: string; session_token: string }) => {
        const { json } = await postJson(`${simUrl}/userbalance`, { ...s, parent_id: 'ag01' });
        return json.status === 1 ? Math.round(Number(json.balance) * 100) : Number.NaN;
      };
      const before = new Map<string, number>();
      for (const s of sessions.values()) before.set(s.account_id, await balanceOf(s));
      const acknowledged: { account: string; betId: string }[] = [];
      const finals = new Map<number, Json>();
      for (let i = 0; i < size.betsBefore; i++) {
        const { json } = await postJson(`${(i % 2 ? a : b).url}/api/bet/betsingle`, betBody(i));
        finals.set(i, json);
        if (json.status === 1)
          acknowledged.push({ account: accounts[i % ACCOUNTS] as string, betId: json.data.bet_id });
      }

      // Phase 2: the simulator, with bets in flight.
      m = marks();
      const inFlight = Array.from({ length: size.betsInFlight }, (_, k) => size.betsBefore + k);
      const bodies = new Map(inFlight.map((i) => [i, betBody(i)]));
      const firstTries = inFlight.map((i) =>
        postWithDeadline(`${(i % 2 ? a : b).url}/api/bet/betsingle`, bodies.get(i), 10_000),
      );
      await sleep(rand() * 60);
      await sim.kill();
      progress(
        'outage',
        `kill -9 simulator with ${size.betsInFlight} bets in flight; ${size.outageMs} ms down`,
      );
      const first = await Promise.all(firstTries);
      await sleep(size.outageMs);
      await sim.restart();
      back = Date.now();
      const simFresh = await untilFresh(clients, m, 30_000);
      const simRecoveryS = (Date.now() - back) / 1000;
      progress('outage', `simulator back: ${simFresh}/${clients.length} clients saw stale then fresh`);
      // The in-flight bets: a final answer or a retry with the same request_id until one. The
      // simulator keeps no sessions over a restart (upstream-sim README): like the web client, a
      // player told its session is gone logs in again and retries the same request_id, which the
      // upstream answers with the first placement's reply under the new token.
      let unresolved = 0;
      let relogins = 0;
      const lastAnswers = new Map<string, number>();
      for (const [k, i] of inFlight.entries()) {
        const body = bodies.get(i) as ReturnType<typeof betBody>;
        const answer = first[k];
        let final = answer && 'json' in answer ? answer.json : undefined;
        for (let attempt = 0; attempt < 10; attempt++) {
          const code = String(final?.statusdesc);
          if (final !== undefined && !retryable.has(code) && !sessionGone.has(code)) break;
          if (sessionGone.has(code)) {
            const { json } = await postJson(`${a.url}/api/authlogin`, {
              account_id: body.account_id,
              password: 'demo1234',
            });
            if (json.status === 1) {
              body.session_token = json.member_profile.player_info[0].session_token;
              relogins += 1;
            }
          } else if (final !== undefined || attempt > 0) await sleep(300);
          const retry = await postWithDeadline(
            `${(attempt % 2 ? a : b).url}/api/bet/betsingle`,
            body,
            10_000,
          );
          final = 'json' in retry ? retry.json : undefined;
        }
        const code = String(final?.statusdesc);
        if (final === undefined || retryable.has(code) || sessionGone.has(code)) {
          unresolved += 1;
          lastAnswers.set(code, (lastAnswers.get(code) ?? 0) + 1);
        } else finals.set(i, final);
      }

      // The end state: stop the world, every client on the upstream's hash.
      await sim.admin('clock', { action: 'pause' });
      await sleep(INTERVAL_MS * 4);
      const finalHash = await upstreamHash(simUrl, LIVE);
      const behind = await untilAllOn(clients, LIVE, finalHash, 20_000);
      const problems = clients.flatMap((c) => c.allProblems());
      const gaps = problems.filter((p) => p.includes('delta base')).length;

      // Nothing lost: acknowledged bets still there, one bet per accepted request, balances exact.
      const fresh = new Map<string, { account_id: string; session_token: string }>();
      for (const id of accounts) {
        const { json } = await postJson(`${simUrl}/authlogin`, { account_id: id, password: 'demo1234' });
        if (json.status === 1)
          fresh.set(id, { account_id: id, session_token: json.member_profile.player_info[0].session_token });
      }
      const betsOf = async (s: { account_id: string; session_token: string }) => {
        const ids: string[] = [];
        for (let page = 1; page < 50; page++) {
          const { json } = await postJson(`${simUrl}/bet/betacceptfulllist`, {
            ...s,
            page_size: 100,
            page_number: page,
          });
          const items = (json.data?.items ?? []) as { bet_id: string }[];
          ids.push(...items.map((x) => x.bet_id));
          if (items.length < 100) break;
        }
        return ids;
      };
      let lost = 0;
      let doubled = 0;
      let balanceOff = 0;
      for (const id of accounts) {
        const s = fresh.get(id);
        if (!s) {
          lost += 1;
          continue;
        }
        const held = await betsOf(s);
        const mine = acknowledged.filter((x) => x.account === id);
        lost += mine.filter((x) => !held.includes(x.betId)).length;
        const accepted = [...finals.entries()].filter(
          ([i, j]) => accounts[i % ACCOUNTS] === id && j.status === 1,
        ).length;
        // More bets than accepted answers: placed twice, or placed while the player was told otherwise.
        if (held.length > accepted) doubled += held.length - accepted;
        if (held.length < accepted) lost += accepted - held.length;
        const drop = (before.get(id) ?? 0) - (await balanceOf(s));
        if (drop !== accepted * STAKE * 100) balanceOff += 1;
      }
      const acceptedTotal = [...finals.values()].filter((j) => j.status === 1).length;
      const rejections = new Map<string, number>();
      for (const j of finals.values()) {
        if (j.status !== 1)
          rejections.set(String(j.statusdesc), (rejections.get(String(j.statusdesc)) ?? 0) + 1);
      }
      const rejected = [...rejections].map(([code, n]) => `${code}x${n}`).join(' ');
      checks.check(
        simFresh === clients.length,
        `${clients.length - simFresh} clients did not see stale then fresh around the simulator outage`,
      );
      checks.check(behind.length === 0, `${behind.length} clients did not end on the upstream's hash`);
      checks.check(gaps === 0, `${gaps} seq gaps`);
      checks.check(
        problems.length - gaps === 0,
        `${problems.length - gaps} other client problems (e.g. ${problems.find((p) => !p.includes('delta base'))})`,
      );
      checks.check(
        lost === 0,
        `${lost} acknowledged or accepted bets (or accounts) lost over the simulator's kill -9`,
      );
      checks.check(
        doubled === 0,
        `${doubled} bets held beyond the accepted answers (placed twice, or placed while the player was told otherwise)`,
      );
      checks.check(balanceOff === 0, `${balanceOff} balances off by other than the accepted stakes`);
      checks.check(
        unresolved === 0,
        `${unresolved} in-flight bets never got a final answer in 10 retries (last answers: ${[...lastAnswers].map(([c, n]) => `${c}x${n}`).join(' ')}; after a re-login too)`,
      );
      return {
        figure: `${size.clients} clients on 2 nodes; Redis and then the simulator killed -9 for ${size.outageMs} ms each: never stale ${redisFresh}/${clients.length} (Redis: each node polled its own topics), stale then fresh ${simFresh}/${clients.length} (simulator; ${simRecoveryS.toFixed(1)} s); ${clients.length - behind.length}/${clients.length} on the upstream's hash, ${gaps} gaps; bets: ${acknowledged.length} acknowledged before + ${size.betsInFlight} in flight at the kill -> ${acceptedTotal} accepted${rejected ? ` (rejected: ${rejected})` : ''}, ${lost} lost, ${doubled} extra, ${relogins} re-logins after the restart, ${balanceOff} balances off, ${unresolved} unresolved`,
        failures: checks.failures,
        numbers: {
          clients: size.clients,
          redisFresh,
          simFresh,
          redisRecoveryS,
          simRecoveryS,
          onHash: clients.length - behind.length,
          gaps,
          acknowledged: acknowledged.length,
          accepted: acceptedTotal,
          lost,
          doubled,
          balanceOff,
          unresolved,
        },
      };
    } finally {
      await Promise.all(clients.map((c) => c.stop()));
      await Promise.all(nodes.map((n) => n.stop()));
      await sim?.stop();
      await redis?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
