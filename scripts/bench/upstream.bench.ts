/**
 * Upstream calls per player: 1, 100 and 1,000 simulated players on each page
 * profile, every player a websocket client speaking the wire (hello, one `sub` per topic the page
 * watches) plus the calls the page makes once through /api when it opens. Reports upstream calls
 * per second by call name, read from the simulator's own counter (`upstream_sim_calls_total`)
 * over a window of steady state, and the calls per player the page made once on opening.
 *
 * Profiles (what each page subscribes to and calls once; web/src/shared/stream/README.md "Pages
 * that show a topic"): board (/desktop: menu and soccer's today and live), 4D (/w4d: list/lottery;
 * once: lottery/betlist, gameresultlottery), number game (/minigame: list/numbergame; once:
 * ngdrawlist for the member's limits, ngbetlist), e-sports (/esports2: list/esports and sport 43's
 * boards), live TV (/livetv: list/livetv); every page also shows the layout's marquee
 * (list/marquee/en) and, when protocol knows the `account/<id>` topic, the
 * player's own account stream (the header's balance; the bet list page reads only that).
 *
 * Everything runs in this process (the simulator with its real clock, the gateway with the
 * production poll intervals, the clients as raw `ws` sockets that only count frames). Players are
 * spread over the demo accounts (demo01..demo05, one session each); socket and /api limits are
 * lifted so that 1,000 players fit on one loopback address.
 *
 * `npm run bench -- --only upstream` (N = 1, 100, 1000; 12 s windows), `--quick` (N = 1, 20;
 * 6 s windows); `UPSTREAM_N=1,100` chooses N, `UPSTREAM_PROFILES=4d,livetv` the profiles.
 */
import { parseTopic } from '@sportsbook/protocol';
import { loginAt, type Stack, startStack } from '@sportsbook/testkit';
import WebSocket from 'ws';
import type { Benchmark, BenchOptions } from './run.ts';

interface Profile {
  name: string;
  page: string;
  topics: (accountId: string) => string[];
  /** The calls the page makes once on opening (through /api, with the player's session). */
  once: { call: string; body: Record<string, unknown> }[];
}

/** The account stream, when protocol has it: every logged-in page's layout reads it. */
const hasAccountTopic = parseTopic('account/demo01').ok;

/** What the logged-in layout watches on every page: the marquee and, when protocol has it, the account. */
const layout = (accountId: string) =>
  hasAccountTopic ? ['list/marquee/en', `account/${accountId.toLowerCase()}`] : ['list/marquee/en'];

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

function profiles(): Profile[] {
  const list: Profile[] = [
    {
      name: 'board',
      page: '/desktop',
      topics: (a) => [...layout(a), 'menu', 'odds/1/hdpou/today', 'odds/1/hdpou/live'],
      once: [],
    },
    {
      name: '4d',
      page: '/w4d',
      topics: (a) => [...layout(a), 'list/lottery'],
      // The member's results; their open tickets are the account stream's (before it: lottery/betlist).
      once: hasAccountTopic
        ? [{ call: 'gameresultlottery', body: { start_date: today(), end_date: today(), page_size: 100 } }]
        : [
            { call: 'lottery/betlist', body: { page_size: 100 } },
            { call: 'gameresultlottery', body: { start_date: today(), end_date: today(), page_size: 100 } },
          ],
    },
    {
      name: 'numbergame',
      page: '/minigame',
      topics: (a) => [...layout(a), 'list/numbergame'],
      // The member's stake limits; their open tickets are the account stream's (before it: ngbetlist).
      once: hasAccountTopic
        ? [{ call: 'ngdrawlist', body: {} }]
        : [
            { call: 'ngdrawlist', body: {} },
            { call: 'ngbetlist', body: { page_size: 100 } },
          ],
    },
    {
      name: 'esports',
      page: '/esports2',
      topics: (a) => [
        ...layout(a),
        'list/esports',
        'odds/43/hdpou/live',
        'odds/43/hdpou/today',
        'odds/43/hdpou/early',
      ],
      once: [],
    },
    { name: 'livetv', page: '/livetv', topics: (a) => [...layout(a), 'list/livetv'], once: [] },
  ];
  // The bet list reads the account stream, which the layout already watches.
  if (hasAccountTopic) list.push({ name: 'betlist', page: '/info/betlist', topics: layout, once: [] });
  return list;
}

const Accounts = ['demo01', 'demo02', 'demo03', 'demo04', 'demo05'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every `upstream_sim_calls_total` by call name (hosts summed). */
async function callCounts(sim: { url: string }): Promise<Map<string, number>> {
  const text = await (await fetch(`${sim.url}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('upstream_sim_calls_total{')) continue;
    const call = /call="([^"]*)"/.exec(line)?.[1] ?? '?';
    out.set(call, (out.get(call) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return out;
}

function minus(a: Map<string, number>, b: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of a) {
    const d = v - (b.get(k) ?? 0);
    if (d > 0) out.set(k, d);
  }
  return out;
}

interface Player {
  ws: WebSocket;
  snaps: Set<string>;
  frames: number;
  errors: string[];
}

/** One player: a socket, hello, one sub per topic; counts frames and notes the snapshots. */
function openPlayer(url: string, session: { account_id: string; session_token: string }, topics: string[]) {
  return new Promise<Player>((resolve, reject) => {
    const ws = new WebSocket(url);
    const player: Player = { ws, snaps: new Set(), frames: 0, errors: [] };
    ws.on('open', () => {
      ws.send(JSON.stringify({ op: 'hello', v: 2, ...session }));
      topics.forEach((topic, i) => {
        ws.send(JSON.stringify({ op: 'sub', id: i + 1, topic }));
      });
      resolve(player);
    });
    ws.on('message', (data: Buffer) => {
      player.frames += 1;
      const head = data.subarray(0, 200).toString();
      if (head.startsWith('{"t":"snap"')) {
        const topic = /"topic":"([^"]+)"/.exec(head)?.[1];
        if (topic) player.snaps.add(topic);
      } else if (head.startsWith('{"t":"err"')) player.errors.push(head.slice(0, 120));
    });
    ws.on('error', reject);
  });
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

interface Row {
  profile: string;
  page: string;
  n: number;
  windowS: number;
  rates: Map<string, number>;
  oncePerPlayer: Map<string, number>;
  errors: number;
}

async function measure(
  stack: Stack,
  sessions: { account_id: string; session_token: string }[],
  profile: Profile,
  n: number,
  windowMs: number,
): Promise<Row> {
  const before = await callCounts(stack.sim);
  const players: Player[] = [];
  const indexes = Array.from({ length: n }, (_, i) => i);
  await inBatches(indexes, 100, async (i) => {
    const session = sessions[i % sessions.length] as { account_id: string; session_token: string };
    const player = await openPlayer(stack.gateway.wsUrl, session, profile.topics(session.account_id));
    players.push(player);
    // The page's calls made once on opening, with the player's session.
    for (const once of profile.once) {
      await fetch(`${stack.gateway.url}/api/${once.call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...session, ...once.body }),
      });
    }
  });
  const deadline = Date.now() + 60_000;
  const want = (p: Player, accountId: string) => profile.topics(accountId).every((t) => p.snaps.has(t));
  while (
    Date.now() < deadline &&
    !players.every((p, i) => want(p, (sessions[i % sessions.length] as { account_id: string }).account_id))
  )
    await sleep(100);
  await sleep(1000);
  const opened = await callCounts(stack.sim);
  // The page's own one-off calls (the topics' first polls during the opening are shared, not per player).
  const onceNames = new Set(profile.once.map((o) => o.call.slice(o.call.lastIndexOf('/') + 1)));
  const oncePerPlayer = new Map<string, number>();
  for (const [call, count] of minus(opened, before))
    if (onceNames.has(call)) oncePerPlayer.set(call, count / n);
  const t0 = await callCounts(stack.sim);
  const start = performance.now();
  await sleep(windowMs);
  const t1 = await callCounts(stack.sim);
  const seconds = (performance.now() - start) / 1000;
  const rates = new Map<string, number>();
  for (const [call, count] of minus(t1, t0)) rates.set(call, count / seconds);
  const errors = players.reduce((sum, p) => sum + p.errors.length, 0);
  for (const p of players) p.ws.close();
  await sleep(500);
  return { profile: profile.name, page: profile.page, n, windowS: seconds, rates, oncePerPlayer, errors };
}

const fmt = (x: number) => (x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(2));

function calls(map: Map<string, number>): string {
  const entries = [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.length === 0 ? '-' : entries.map(([k, v]) => `${k} ${fmt(v)}`).join(', ');
}

function total(map: Map<string, number>): number {
  let sum = 0;
  for (const v of map.values()) sum += v;
  return sum;
}

const upstream: Benchmark = {
  name: 'upstream',
  description:
    'Upstream calls per second by call name (the simulator counter) with 1, 100 and 1,000 players per page profile, each a websocket client of the gateway plus the calls its page makes once (issue 27).',
  async run(options: BenchOptions) {
    const sizes = (process.env.UPSTREAM_N ?? (options.quick ? '1,20' : '1,100,1000'))
      .split(',')
      .map(Number)
      .filter((x) => x > 0);
    const wanted = process.env.UPSTREAM_PROFILES?.split(',');
    const chosen = profiles().filter((p) => !wanted || wanted.includes(p.name));
    const windowMs = options.quick ? 6000 : 12_000;
    const stack = await startStack({
      sim: { clock: 'real', sessions: { requestsPerSecond: 0 } },
      gateway: {
        warmTopics: [],
        rateLimitIpPerMinute: 1_000_000,
        rateLimitAccountPerMinute: 1_000_000,
        feed: {
          maxSocketsPerSession: 10_000,
          maxSocketsPerAccount: 10_000,
          maxSocketsPerIp: 10_000,
          framesPerSecond: 1000,
          frameBurst: 1000,
        },
      },
    });
    const rows: Row[] = [];
    try {
      const sessions = [];
      for (const id of Accounts) sessions.push(await loginAt(`${stack.sim.url}/authlogin`, id));
      for (const profile of chosen) {
        for (const n of sizes) {
          const row = await measure(stack, sessions, profile, n, windowMs);
          rows.push(row);
          console.error(
            `upstream: ${profile.name} n=${n}: ${fmt(total(row.rates))} calls/s (${calls(row.rates)})`,
          );
        }
      }
    } finally {
      await stack.close();
    }
    const lines = [
      `Window ${windowMs / 1000} s of steady state per row, after every player's snapshots; production poll intervals (1 s base; lists x3, marquee x30). Calls/s by upstream call name (userprofile is the gateway's session check at each new session, then every 45 s per session).`,
      '',
      "| page | players | upstream calls/s (by call) | total/s | the page's one-off calls per player on opening | err frames |",
      '|---|---:|---|---:|---|---:|',
      ...rows.map(
        (r) =>
          `| ${r.page} | ${r.n} | ${calls(r.rates)} | ${fmt(total(r.rates))} | ${calls(r.oncePerPlayer)} | ${r.errors} |`,
      ),
    ];
    const numbers: Record<string, number> = {};
    for (const r of rows) numbers[`${r.profile}_${r.n}_calls_per_s`] = total(r.rates);
    return { markdown: lines.join('\n'), numbers };
  },
};

export default upstream;
