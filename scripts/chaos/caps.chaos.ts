/**
 * N sockets and topics from one account (one session, one IP): the upstream calls stay flat as N
 * grows. Stage A: N1 connections of the account, each asking for T distinct topics (odds topics
 * of every sport and market, known match ids, unknown match ids). Stage B: N2 = 3-4 x N1
 * connections, T more distinct topics each. The upstream's call rate in stage B must stay within
 * 1.25x (+1 call/s) of stage A: per-session, per-account and per-IP bounds, not the attacker,
 * decide what the upstream sees. N1 is the gateway's per-account socket bound (8 by default), so a
 * bounded gateway is already at its cap in stage A.
 */
import { MarketTypes, type OddsRow, Sports } from '@sportsbook/protocol';
import { startSim } from '@sportsbook/upstream-sim';
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import {
  FeedTestClient,
  type GatewayProcess,
  login,
  postJson,
  progress,
  random,
  simCalls,
  sleep,
  startGatewayProcess,
} from './stack.ts';

const Sizes = {
  full: { first: 8, sockets: 32, topicsPerSocket: 32, intervalMs: 4000, windowIntervals: 3 },
  quick: { first: 8, sockets: 24, topicsPerSocket: 8, intervalMs: 1000, windowIntervals: 3 },
};

const FLAT_RATIO = 1.25;
const FLAT_SLACK_PER_S = 1;

async function knownMatchIds(simUrl: string): Promise<number[]> {
  const ids = new Set<number>();
  for (const group of ['live', 'today', 'early']) {
    const { json } = await postJson(`${simUrl}/odds/uxmarket`, { sport_id: 1, market_type: 'hdpou', group });
    for (const m of (json.data?.matches ?? []) as OddsRow[]) ids.add(Number(m[0]));
  }
  return [...ids];
}

interface Attacker {
  client: FeedTestClient | undefined;
  acked: number;
  refused: number;
  closedWith: number | undefined;
}

async function attack(url: string, session: { accountId: string; token: string }, topics: string[]) {
  const a: Attacker = { client: undefined, acked: 0, refused: 0, closedWith: undefined };
  try {
    const c = await FeedTestClient.connect(url);
    a.client = c;
    c.forgetFrames();
    await c.hello(session.accountId, session.token, 10_000);
    for (const topic of topics) {
      const id = await c.sub(topic, undefined, 10_000);
      if (c.frames.some((f) => f.t === 'err' && f.id === id)) a.refused += 1;
      else a.acked += 1;
      c.frames.length = 0;
      // Under the 20 frames/s per-connection limit: the attacker is patient.
      await sleep(60);
    }
  } catch {
    a.closedWith = a.client?.closed?.code ?? -1;
  }
  return a;
}

const scenario: Scenario = {
  name: 'caps',
  property:
    'N sockets and topics from one account: upstream calls stay flat (N2 = 3-4 x N1 sockets cost within 1.25x + 1/s of N1)',
  async run({ quick, seed }): Promise<ChaosReport> {
    const size = quick ? Sizes.quick : Sizes.full;
    const checks = new Checks();
    const sim = await startSim({ clock: 'manual', sessions: { requestsPerSecond: 0 } });
    let gw: GatewayProcess | undefined;
    const attackers: Attacker[] = [];
    try {
      gw = await startGatewayProcess({
        UPSTREAM_URL: sim.url,
        WARM_TOPICS: '',
        POLL_INTERVAL_MS: String(size.intervalMs),
      });
      const session = await login(sim.url, 'demo01');
      const rand = random(seed);
      const pool: string[] = [];
      for (const sport of Object.keys(Sports))
        for (const m of MarketTypes) pool.push(`odds/${sport}/${m}/live`);
      for (const id of await knownMatchIds(sim.url)) pool.push(`match/${id}`);
      for (let i = 0; pool.length < size.sockets * size.topicsPerSocket; i++)
        pool.push(`match/${900_000_000 + i}`);
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
      }
      const slice = (k: number) => pool.slice(k * size.topicsPerSocket, (k + 1) * size.topicsPerSocket);
      const windowMs = size.intervalMs * size.windowIntervals;
      const rate = async () => {
        const before = await simCalls(sim);
        await sleep(windowMs);
        return ((await simCalls(sim)) - before) / (windowMs / 1000);
      };

      // Stage A: N1 connections, T topics each.
      attackers.push(
        ...(await Promise.all(
          Array.from({ length: size.first }, (_, k) => attack(gw?.wsUrl ?? '', session, slice(k))),
        )),
      );
      await sleep(size.intervalMs * 1.5);
      const reference = await rate();
      const openA = attackers.filter((a) => a.client && a.client.closed === undefined).length;
      progress('caps', `stage A: ${openA}/${size.first} sockets open: ${reference.toFixed(1)} calls/s`);

      // Stage B: up to N2 connections of the same account, each with T other topics.
      const more = await Promise.all(
        Array.from({ length: size.sockets - size.first }, (_, k) =>
          attack(gw?.wsUrl ?? '', session, slice(size.first + k)),
        ),
      );
      attackers.push(...more);
      await sleep(size.intervalMs * 1.5);
      const attacked = await rate();
      const open = attackers.filter((a) => a.client && a.client.closed === undefined).length;
      const closeCounts = new Map<number, number>();
      for (const a of attackers) {
        const code = a.client?.closed?.code ?? a.closedWith;
        if (code !== undefined) closeCounts.set(code, (closeCounts.get(code) ?? 0) + 1);
      }
      const closes = [...closeCounts].map(([code, n]) => `${code}x${n}`);
      const acked = attackers.reduce((n, a) => n + a.acked, 0);
      const asked = size.sockets * size.topicsPerSocket;
      const ratio = attacked / Math.max(reference, 0.001);
      progress(
        'caps',
        `attack: ${open}/${size.sockets} sockets open, ${acked}/${asked} subs acked: ${attacked.toFixed(1)} calls/s`,
      );
      const bound = reference * FLAT_RATIO + FLAT_SLACK_PER_S;
      checks.check(
        attacked <= bound,
        `upstream calls grew with the attacker: ${attacked.toFixed(1)}/s with ${size.sockets} sockets vs ${reference.toFixed(1)}/s with ${size.first} (bound ${bound.toFixed(1)}/s)`,
      );
      checks.check(gw.child.exitCode === null, 'the gateway died');
      return {
        figure: `1 account, 1 IP: ${size.first} -> ${size.sockets} sockets (${open} still open${closes.length > 0 ? `, closed: ${closes.join(' ')}` : ''}), ${size.first * size.topicsPerSocket} -> ${asked} topics asked (${acked} acked): upstream calls ${reference.toFixed(1)}/s -> ${attacked.toFixed(1)}/s (x${ratio.toFixed(2)}; flat = at most x${FLAT_RATIO} + ${FLAT_SLACK_PER_S}/s)`,
        failures: checks.failures,
        numbers: { sockets: size.sockets, open, asked, acked, reference, attacked, ratio },
      };
    } finally {
      await Promise.all(attackers.map((a) => a.client?.close()));
      await gw?.stop();
      await sim.close();
    }
  },
};

export default scenario;
