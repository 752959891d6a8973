/**
 * Many topics on one node: the simulator (real clock, 500 live matches, `loadN`
 * accounts) in its own process, one gateway process, and load processes holding the clients:
 * - base load: `match/<id>` topics (one client each, polled every second), the 5 shared list
 *   topics (one client each) and the in-play topic `odds/1/hdpou/live` with `TOPICS_INPLAY` clients;
 * - then `TOPICS_ACCOUNTS` account topics, one client each: real `account/load<i>` topics, each with
 *   its own login session, polled by the gateway every 30 s (7 upstream calls per poll, FEED.md
 *   "Account topic"), the same code path as a player's.
 * The gateway's CPU (% of a core), RSS, heap, event-loop delay p99 (prom-client's p99 of the time
 * between its 50 ms samples, since the last scrape, less those 50 ms; the raw p99 beside it), and
 * the upstream calls per second are measured over a window of the base load, then over
 * a window with the account topics added, in the same run and the same gateway process.
 *
 * `npx tsx scripts/bench/run.ts --only topics`; `TOPICS_ACCOUNTS`, `TOPICS_MATCHES`,
 * `TOPICS_INPLAY`, `TOPICS_WINDOW_MS` choose the sizes (defaults 10,000 / 500 / 1,000 / 30 s;
 * `--quick`: 300 / 50 / 100 / 10 s). `TOPICS_PROFILE=<file>`: after the windows, a CPU profile of the
 * gateway over one more window, its self time and its busy runs (profile-topic.ts) in the report.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { children, next, sleep, spawn, stats, stop } from './fanout.bench.ts';
import { blocks, tally } from './profile-topic.ts';
import type { Benchmark } from './run.ts';

interface Client {
  accountId: string;
  token: string;
  topics: string[];
}

const int = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

async function login(simUrl: string, accountId: string): Promise<Client> {
  const res = await fetch(`${simUrl}/authlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: accountId, password: 'demo1234' }),
  });
  const body = (await res.json()) as { member_profile?: { player_info?: { session_token?: string }[] } };
  const token = body.member_profile?.player_info?.[0]?.session_token;
  if (typeof token !== 'string') throw new Error(`login of ${accountId} failed`);
  return { accountId, token, topics: [] };
}

/** Starts `clients` over load processes of at most `perProcess` sockets, each on its own source address. */
async function load(
  url: string,
  clients: Client[],
  perProcess: number,
  firstAddress: number,
): Promise<ChildProcess[]> {
  const procs: ChildProcess[] = [];
  for (let i = 0; i * perProcess < clients.length; i++) {
    const p = spawn('topics-load.ts', []);
    procs.push(p);
    p.send({
      cmd: 'start',
      url,
      localAddress: `127.0.0.${firstAddress + i}`,
      clients: clients.slice(i * perProcess, (i + 1) * perProcess),
    });
  }
  await Promise.all(procs.map((p) => next(p, 'ready', 600_000)));
  return procs;
}

async function loadStats(procs: ChildProcess[]) {
  const all = await Promise.all(
    procs.map((p) => {
      const r = next<{
        snaps: number;
        deltas: number;
        errors: number;
        open: number;
        closes: Record<string, number>;
      }>(p, 'stats');
      p.send({ cmd: 'stats' });
      return r;
    }),
  );
  return all.reduce(
    (a, s) => {
      const closes = { ...a.closes };
      for (const [k, v] of Object.entries(s.closes)) closes[k] = (closes[k] ?? 0) + v;
      return {
        snaps: a.snaps + s.snaps,
        deltas: a.deltas + s.deltas,
        errors: a.errors + s.errors,
        open: a.open + s.open,
        closes,
      };
    },
    { snaps: 0, deltas: 0, errors: 0, open: 0, closes: {} as Record<string, number> },
  );
}

interface Window {
  cpu: number;
  rssMb: number;
  heapMb: number;
  /** prom-client's p99, the sampling interval included (what earlier runs reported). */
  loopP99Ms: number;
  /** The delay: that p99 less the 50 ms between samples. */
  loopDelayP99Ms: number;
  callsPerSec: number;
  topics: number;
  deltasPerSec: number;
}

async function measure(
  gateway: ChildProcess,
  sim: ChildProcess,
  procs: ChildProcess[],
  windowMs: number,
): Promise<Window> {
  const [g0, s0, l0] = await Promise.all([stats(gateway, false), stats(sim), loadStats(procs)]);
  const t0 = performance.now();
  await sleep(windowMs);
  const [g1, s1, l1] = await Promise.all([stats(gateway), stats(sim), loadStats(procs)]);
  const seconds = (performance.now() - t0) / 1000;
  const x = g1 as unknown as Record<string, number>;
  return {
    cpu: (g1.cpuMicros - g0.cpuMicros) / 1e4 / seconds,
    rssMb: g1.rss / 1e6,
    heapMb: (x.heapUsed ?? 0) / 1e6,
    loopP99Ms: (x.loopP99 ?? 0) * 1000,
    loopDelayP99Ms: (x.loopDelayP99 ?? 0) * 1000,
    callsPerSec:
      (((s1 as unknown as Record<string, number>).calls ?? 0) -
        ((s0 as unknown as Record<string, number>).calls ?? 0)) /
      seconds,
    topics: x.topics ?? 0,
    deltasPerSec: (l1.deltas - l0.deltas) / seconds,
  };
}

const topics: Benchmark = {
  name: 'topics',
  description:
    'One gateway node with many topics: match topics, the lists and the in-play topic (base), then account topics added, one client each; CPU, RSS, heap, loop delay p99, upstream calls/s.',
  async run(options) {
    const accounts = int('TOPICS_ACCOUNTS', options.quick ? 300 : 10_000);
    const matches = int('TOPICS_MATCHES', options.quick ? 50 : 500);
    const inplay = int('TOPICS_INPLAY', options.quick ? 100 : 1000);
    const windowMs = int('TOPICS_WINDOW_MS', options.quick ? 10_000 : 30_000);
    let base: Window;
    let withAccounts: Window;
    let connected = { snaps: 0, errors: 0, open: 0, closes: {} as Record<string, number> };
    const profileFile = process.env.TOPICS_PROFILE;
    let profiled = '';
    try {
      process.env.BENCH_LOAD_ACCOUNTS = String(accounts);
      const sim = spawn('fanout-server.ts', ['sim', '500']);
      const simUrl = (await next<{ url: string }>(sim, 'ready', 600_000)).url;
      const market = (await (
        await fetch(`${simUrl}/odds/uxmarket`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sport_id: 1, market_type: 'hdpou', group: 'live' }),
        })
      ).json()) as { data: { matches: [number][] } };
      const ids = market.data.matches.map((m) => m[0]).slice(0, matches);
      const gateway = spawn(
        'fanout-server.ts',
        ['gateway', simUrl, '', 'topics'],
        ['--max-old-space-size=4096', '--expose-gc'],
      );
      const wsUrl = `${(await next<{ url: string }>(gateway, 'ready')).url}`;
      await sleep(3000);
      const demo = await login(simUrl, 'demo01');
      const baseClients: Client[] = [
        ...Array.from({ length: inplay }, () => ({ ...demo, topics: ['odds/1/hdpou/live'] })),
        ...ids.map((id) => ({ ...demo, topics: [`match/${id}`] })),
        ...['list/livetv', 'list/esports', 'list/lottery', 'list/numbergame', 'list/highlights'].map((t) => ({
          ...demo,
          topics: [t],
        })),
      ];
      const baseProcs = await load(wsUrl, baseClients, 5000, 2);
      await sleep(8000);
      base = await measure(gateway, sim, baseProcs, windowMs);
      const accountClients: Client[] = [];
      for (let i = 1; i <= accounts; i += 50) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, accounts - i + 1) }, (_, k) =>
            login(simUrl, `load${String(i + k).padStart(2, '0')}`),
          ),
        );
        for (const c of batch)
          accountClients.push({ ...c, topics: [`account/${c.accountId.toLowerCase()}`] });
      }
      const accountProcs = await load(wsUrl, accountClients, 5000, 10);
      connected = await loadStats(accountProcs);
      await sleep(8000);
      withAccounts = await measure(gateway, sim, [...baseProcs, ...accountProcs], windowMs);
      if (profileFile !== undefined) {
        // After the windows (the profiler's own cost is not in them): where the loop was held.
        const done = next<string>(gateway, 'profiled', windowMs + 60_000);
        gateway.send({ cmd: 'profile', ms: windowMs, file: profileFile });
        const profile = JSON.parse(readFileSync(await done, 'utf8')) as Parameters<typeof tally>[0];
        profiled = `${tally(profile, 15)}\n\n${blocks(profile)}`;
      }
    } finally {
      await Promise.all([...children].map(stop));
      delete process.env.BENCH_LOAD_ACCOUNTS;
    }
    const row = (label: string, w: Window) =>
      `| ${label} | ${w.topics} | ${w.cpu.toFixed(1)} | ${w.rssMb.toFixed(0)} | ${w.heapMb.toFixed(0)} | ${w.loopDelayP99Ms.toFixed(1)} | ${w.loopP99Ms.toFixed(1)} | ${w.callsPerSec.toFixed(1)} | ${w.deltasPerSec.toFixed(0)} |`;
    const perTopicHeapKb = ((withAccounts.heapMb - base.heapMb) * 1000) / accounts;
    const perTopicRssKb = ((withAccounts.rssMb - base.rssMb) * 1000) / accounts;
    return {
      markdown: [
        `${matches} match topics, 5 lists, the in-play topic with ${inplay} clients (base); then ${accounts} account topics with one client each (${connected.snaps} snapshots, ${connected.errors} errors, ${connected.open} open, closes ${JSON.stringify(connected.closes)}). Windows of ${windowMs / 1000} s.`,
        '',
        '| load | topics | gateway CPU % of a core | RSS MB | heap MB | loop delay p99 ms | sample interval p99 ms | upstream calls/s | frames/s to clients |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
        row('base', base),
        row(`base + ${accounts} account topics`, withAccounts),
        '',
        `Per account topic (its socket, connection and session state included): heap ${perTopicHeapKb.toFixed(1)} KB, RSS ${perTopicRssKb.toFixed(1)} KB; CPU ${(((withAccounts.cpu - base.cpu) / accounts) * 1000).toFixed(3)}% of a core per 1,000.`,
        ...(profiled === ''
          ? []
          : ['', `CPU profile of the gateway after the windows (${profileFile}):`, '', profiled]),
      ].join('\n'),
      numbers: {
        base_cpu_percent: base.cpu,
        cpu_percent: withAccounts.cpu,
        base_rss_mb: base.rssMb,
        rss_mb: withAccounts.rssMb,
        loop_p99_ms: withAccounts.loopP99Ms,
        base_loop_p99_ms: base.loopP99Ms,
        loop_delay_p99_ms: withAccounts.loopDelayP99Ms,
        base_loop_delay_p99_ms: base.loopDelayP99Ms,
        calls_per_sec: withAccounts.callsPerSec,
        base_calls_per_sec: base.callsPerSec,
        per_topic_heap_kb: perTopicHeapKb,
        per_topic_rss_kb: perTopicRssKb,
      },
    };
  },
};

export default topics;
