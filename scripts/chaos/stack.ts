/**
 * What every chaos scenario stands on: real processes on loopback (the simulator, gateways,
 * redis-server), real websocket clients that survive their node's death, the upstream's own state
 * hash, and small measuring helpers (RSS, call counters).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  decodeServerFrame,
  type Model,
  normalizeMarket,
  normalizeMenu,
  parseMarketData,
  parseMenuData,
  parseTopic,
  stateHash,
  topicCall,
} from '@sportsbook/protocol';
import {
  FeedTestClient,
  freePort,
  type GatewayProcess,
  type Json,
  login,
  postJson,
  serverBundle,
  simCalls,
  startGatewayProcess as startGatewayFromSource,
  type TopicState,
} from '@sportsbook/testkit';
import { startSim } from '@sportsbook/upstream-sim';

export {
  FeedTestClient,
  freePort,
  type GatewayProcess,
  type Json,
  login,
  postJson,
  type RunningRedis,
  type RunningSentinelGroup,
  removeServerBundles,
  simCalls,
  startRedis,
  startSentinelGroup,
} from '@sportsbook/testkit';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A gateway process (testkit's `startGatewayProcess`) run from the bundle. */
export async function startGatewayProcess(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<GatewayProcess> {
  return startGatewayFromSource(env, { ...options, bundle: await serverBundle('gateway/src/server.ts') });
}

/** Gateway env: the per-session/account socket bounds lifted, for scenarios that share the 20 load
 * accounts' sessions among many clients (those bounds are the caps scenario's subject). */
export const UnboundedSockets = {
  WS_MAX_SOCKETS_PER_SESSION: '100000',
  WS_MAX_SOCKETS_PER_ACCOUNT: '100000',
} as const;

/** Gateway env: request and login rate limits lifted, for scenarios that log in and bet at load. */
export const UnboundedRates = {
  RATE_LIMIT_IP_PER_MINUTE: '1000000',
  RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000000',
  LOGIN_LIMIT_IP_PER_MINUTE: '1000',
} as const;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Progress lines go to stderr (the figure lines are the scenario's result, printed by the runner). */
export function progress(scenario: string, text: string): void {
  if (process.env.CHAOS_QUIET !== '1') process.stderr.write(`  [${scenario}] ${text}\n`);
}

/** Resident set size of a process in MiB (Linux /proc), or NaN when it is gone. */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** A loopback source address per `perAddress` clients (127.0.0.2, .3...): spreads per-IP bounds. */
export function loopbackAddress(index: number, perAddress: number): string {
  const n = 2 + Math.floor(index / perAddress);
  return `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;
}

/** A deterministic PRNG (mulberry32) so a failing run can be replayed with its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The upstream's current state of a topic, hashed exactly as the gateways hash it. */
export async function upstreamHash(simUrl: string, topic: string): Promise<string> {
  const parsed = parseTopic(topic);
  if (!parsed.ok) throw new Error(parsed.error);
  const call = topicCall(parsed.value);
  const { json } = await postJson(`${simUrl}/odds/${call.call}`, call.body);
  if (parsed.value.kind === 'menu') {
    const menu = parseMenuData(json.data);
    if (!menu.ok) throw new Error(menu.error);
    return stateHash(normalizeMenu(menu.value) as unknown as Model);
  }
  const market = parseMarketData(json.data);
  if (!market.ok) throw new Error(market.error);
  return stateHash(normalizeMarket(market.value) as unknown as Model);
}

/** POSTs a JSON body with a client-side deadline; `timedOut` when the deadline cut it. */
export async function postWithDeadline(
  url: string,
  body: unknown,
  deadlineMs: number,
): Promise<{ http: number; json: Json } | { timedOut: true } | { error: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await res.text();
    let json: Json;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = { unparsable: text.slice(0, 200) };
    }
    return { http: res.status, json };
  } catch (err) {
    if (controller.signal.aborted) return { timedOut: true };
    return { error: String(err) };
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// The simulator as a process (a bundle of `upstream-sim/src/server.ts`), so it can be killed with -9.

export interface SimProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly adminToken: string;
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** Starts it again on the same port with the same environment (same SIM_DATA_DIR). */
  restart(): Promise<void>;
  admin(path: string, body: unknown): Promise<Json>;
}

function exitedOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startSimProcess(options: {
  seed?: number;
  liveMatches?: number;
  dataDir?: string;
  port?: number;
}): Promise<SimProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const adminToken = `chaos-${process.pid}`;
  const bundle = await serverBundle('upstream-sim/src/server.ts');
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(process.execPath, [bundle], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        SIM_PORT: String(port),
        SIM_HOST: '127.0.0.1',
        SIM_SEED: String(options.seed ?? 1),
        SIM_ADMIN_TOKEN: adminToken,
        LOG_LEVEL: 'warn',
        ...(options.liveMatches ? { SIM_LIVE_MATCHES: String(options.liveMatches) } : {}),
        ...(options.dataDir ? { SIM_DATA_DIR: options.dataDir } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`simulator exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/metrics`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    child.kill('SIGKILL');
    throw new Error(`simulator at ${url} did not start within 60 s`);
  };
  const signal = async (sig: NodeJS.Signals) => {
    const done = exitedOf(child);
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await done;
  };
  await launch();
  return {
    url,
    port,
    adminToken,
    get pid() {
      return child.pid ?? 0;
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    restart: async () => {
      await exitedOf(child);
      await launch();
    },
    admin: async (path, body) =>
      (await postJson(`${url}/admin/${path}`, body, { 'x-admin-token': adminToken })).json,
  };
}

// ---------------------------------------------------------------------------------------------
// A websocket client that outlives its node: on an unexpected close it reconnects to a live node
// and resumes every topic with `from` (what the web client does), keeping the seq/hash checks of
// FeedTestClient across incarnations.

export interface ResilientOptions {
  /** The ws URLs of the nodes alive now (a reconnect picks one at random). */
  nodes: () => string[];
  session: { accountId: string; token: string };
  topics: string[];
  localAddress?: string;
  /** Keep checking hashes (default true). */
  verify?: boolean;
  rand?: () => number;
}

export class ResilientClient {
  current: FeedTestClient | undefined;
  /** Problems (hash mismatch, seq gap, unparsable frame) of every incarnation. */
  readonly problems: string[] = [];
  /** Close codes of connections we did not close ourselves. */
  readonly unexpectedCloses: number[] = [];
  reconnects = 0;
  /** Snapshots received on a resume (`sub` with `from`): the node could not replay. */
  resumeSnaps = 0;
  /** Status frames seen, per topic: true = stale, false = fresh, in order. */
  readonly statuses = new Map<string, boolean[]>();
  private stopped = false;
  private reconnecting: Promise<void> | undefined;
  private readonly rand: () => number;

  constructor(private readonly options: ResilientOptions) {
    this.rand = options.rand ?? Math.random;
  }

  state(topic: string): TopicState | undefined {
    return this.current?.topics.get(topic);
  }

  get connected(): boolean {
    return this.current !== undefined && this.current.closed === undefined && !this.reconnecting;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    await this.connect(undefined, timeoutMs);
  }

  private async connect(previous: FeedTestClient | undefined, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let attempt = 0;
    for (;;) {
      const nodes = this.options.nodes();
      const url = nodes[Math.floor(this.rand() * nodes.length)];
      let c: FeedTestClient | undefined;
      try {
        if (!url) throw new Error('no live node');
        c = await FeedTestClient.connect(
          url,
          this.options.localAddress ? { localAddress: this.options.localAddress } : {},
        );
        c.forgetFrames();
        this.watchStatuses(c);
        const froms = new Map<string, { epoch: string; seq: number }>();
        for (const topic of this.options.topics) {
          const held = previous?.topics.get(topic);
          if (held) froms.set(topic, c.adopt(topic, held));
        }
        await c.hello(this.options.session.accountId, this.options.session.token, 10_000);
        for (const topic of this.options.topics) await c.sub(topic, froms.get(topic), 10_000);
        await c.until(
          () => this.options.topics.every((t) => c?.topics.has(t)),
          15_000,
          'a state of every topic',
        );
        if (previous) {
          for (const topic of this.options.topics) this.resumeSnaps += c.topics.get(topic)?.snaps ?? 0;
        }
        this.current = c;
        c.ws.once('close', (code) => this.onClose(c as FeedTestClient, code));
        if (c.closed) this.onClose(c, c.closed.code);
        return;
      } catch (err) {
        if (c) {
          this.problems.push(...c.problems);
          c.problems.length = 0;
          c.ws.terminate();
        }
        if (this.stopped) return;
        if (Date.now() > deadline) throw new Error(`could not (re)connect within ${timeoutMs} ms: ${err}`);
        attempt += 1;
        await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 5)) * (0.5 + this.rand()));
      }
    }
  }

  private watchStatuses(c: FeedTestClient): void {
    c.ws.on('message', (data) => {
      const text = data.toString();
      if (!text.startsWith('{"t":"status"')) return;
      const frame = decodeServerFrame(text);
      if (!frame.ok || frame.value.t !== 'status') return;
      const list = this.statuses.get(frame.value.topic) ?? [];
      list.push(frame.value.stale);
      this.statuses.set(frame.value.topic, list);
    });
  }

  private onClose(c: FeedTestClient, code: number): void {
    if (this.current !== c) return;
    this.problems.push(...c.problems);
    c.problems.length = 0;
    if (this.stopped) return;
    this.unexpectedCloses.push(code);
    this.reconnects += 1;
    this.reconnecting = this.connect(c, 60_000)
      .catch((err: Error) => {
        this.problems.push(`reconnect failed: ${err.message}`);
      })
      .finally(() => {
        this.reconnecting = undefined;
      });
  }

  /** Waits until a reconnect in progress (if any) is done. */
  async settled(): Promise<void> {
    while (this.reconnecting) await this.reconnecting;
  }

  /** Every problem so far, the live connection's included. */
  allProblems(): string[] {
    return [...this.problems, ...(this.current?.problems ?? [])];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.reconnecting;
    if (this.current) {
      this.problems.push(...this.current.problems);
      this.current.problems.length = 0;
      await this.current.close();
    }
  }
}

/** `count` clients on the same topics, the sessions dealt round robin, 50 to a loopback address;
 * each is added to `into` (so the caller's teardown stops it) and they start 20 at a time. */
export async function startClients(
  into: ResilientClient[],
  count: number,
  options: Omit<ResilientOptions, 'session' | 'localAddress'> & { sessions: ResilientOptions['session'][] },
): Promise<void> {
  const { sessions, ...rest } = options;
  const batch: ResilientClient[] = [];
  for (let i = 0; i < count; i++) {
    const session = sessions[i % sessions.length] as ResilientOptions['session'];
    batch.push(new ResilientClient({ ...rest, session, localAddress: loopbackAddress(i, 50) }));
  }
  into.push(...batch);
  for (let i = 0; i < batch.length; i += 20) await Promise.all(batch.slice(i, i + 20).map((c) => c.start()));
}

/** Resolves when every client holds `hash` for `topic`; returns the clients that did not in time. */
export async function untilAllOn(
  clients: ResilientClient[],
  topic: string,
  hash: string,
  timeoutMs: number,
): Promise<ResilientClient[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const behind = clients.filter((c) => c.state(topic)?.hash !== hash || !c.connected);
    if (behind.length === 0 || Date.now() > deadline) return behind;
    await sleep(100);
  }
}

/** `GET key` on a Redis server (one RESP round trip over node:net; null when absent or on error). */
export function redisGet(url: string, key: string): Promise<string | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    let data = '';
    const done = (value: string | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(2000, () => done(null));
    socket.on('error', () => done(null));
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      const m = /^\$(-?\d+)\r\n/.exec(data);
      if (!m) {
        if (data.startsWith('-')) done(null);
        return;
      }
      const len = Number(m[1]);
      if (len < 0) return done(null);
      const start = (m[0] ?? '').length;
      if (Buffer.byteLength(data) >= start + len + 2) done(data.slice(start, start + len));
    });
    socket.write(`*2\r\n$3\r\nGET\r\n$${Buffer.byteLength(key)}\r\n${key}\r\n`);
  });
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor(s.length / 2)] as number);
};

/** The cluster scenarios' topic and timing: the in-play topic, a fast poll, a short lease. */
export const ClusterChaos = { topic: 'odds/1/hdpou/live', intervalMs: 250, leaseMs: 1500 } as const;

/** Gateway env of a cluster scenario's nodes over `redis` (REDIS_URL, or the Sentinel variables). */
export function clusterEnv(simUrl: string, redis: Record<string, string>): Record<string, string> {
  return {
    UPSTREAM_URL: simUrl,
    ...redis,
    POLL_INTERVAL_MS: String(ClusterChaos.intervalMs),
    CLUSTER_LEASE_MS: String(ClusterChaos.leaseMs),
    WARM_TOPICS: '',
    ...UnboundedSockets,
  };
}

/** A measuring window's start: each client's deltas on `topic` and the simulator's `call` count. */
export interface RateMark {
  at: number;
  deltas: number[];
  calls: number;
}

export async function rateMark(
  clients: ResilientClient[],
  sim: { url: string },
  topic: string,
  call = 'uxmarket',
): Promise<RateMark> {
  return {
    at: Date.now(),
    deltas: clients.map((c) => c.state(topic)?.deltas ?? 0),
    calls: await simCalls(sim, call),
  };
}

/** Deltas per client per second on `topic` since `mark`, and upstream calls per second. */
export async function ratesSince(
  mark: RateMark,
  clients: ResilientClient[],
  sim: { url: string },
  topic: string,
  call = 'uxmarket',
): Promise<{ perClient: number[]; calls: number; ms: number }> {
  const ms = Math.max(1, Date.now() - mark.at);
  const perClient = clients.map(
    (c, i) => (((c.state(topic)?.deltas ?? 0) - (mark.deltas[i] as number)) * 1000) / ms,
  );
  const calls = (((await simCalls(sim, call)) - mark.calls) * 1000) / ms;
  return { perClient, calls, ms };
}

/** What the clients saw of `topic`: seq gaps, hash mismatches, other problems, unexpected closes,
 * and snapshots taken since `snapsBefore` (each client's snapshot count at a mark). */
export function tally(clients: ResilientClient[], topic: string, snapsBefore?: number[]) {
  const problems = clients.flatMap((c) => c.allProblems());
  const gaps = problems.filter((p) => p.includes('delta base')).length;
  const mismatches = problems.filter((p) => p.includes('hash')).length;
  const other = problems.filter((p) => !p.includes('delta base') && !p.includes('hash'));
  return {
    problems,
    gaps,
    mismatches,
    other,
    closes: clients.reduce((n, c) => n + c.unexpectedCloses.length, 0),
    snapshots: clients.reduce((n, c, i) => n + (c.state(topic)?.snaps ?? 0) - (snapsBefore?.[i] ?? 0), 0),
  };
}

/** A started cluster scenario: the simulator, the live gateway nodes, the clients on the in-play
 * topic, and the Redis side the scenario breaks. */
export interface ClusterStack<B> {
  sim: { url: string; advance(ms: number): void };
  backend: B;
  /** The nodes clients may connect to; a scenario that kills one removes it. */
  nodes: GatewayProcess[];
  clients: ResilientClient[];
  /** Starts one more node with the stack's env (stopped at teardown). */
  spawn(): Promise<GatewayProcess>;
  /** Stops the world's clock, waits four polls, and returns the clients not on the upstream's hash
   * after `timeoutMs`. */
  settle(timeoutMs: number): Promise<ResilientClient[]>;
}

/**
 * The set-up and teardown every cluster scenario shares: an in-process simulator whose odds move
 * on every poll (a manual clock advanced 3 s every half interval), `nodes` gateway processes over
 * the Redis side `backend` starts (its `env` for the gateways), and `clients` resilient clients on
 * the in-play topic spread over the nodes with the 20 load accounts' sessions. `body` runs with
 * all of it; everything it started is stopped afterwards, whatever `body` did.
 */
export async function withClusterStack<B extends { stop(): Promise<void> }, T>(
  options: {
    name: string;
    seed: number;
    worldSeed: number;
    nodes: number;
    clients: number;
    backend: () => Promise<B>;
    env: (backend: B) => Record<string, string>;
  },
  body: (stack: ClusterStack<B>) => Promise<T>,
): Promise<T> {
  const sim = await startSim({
    clock: 'manual',
    sessions: { requestsPerSecond: 0 },
    world: { seed: options.worldSeed, liveMatches: 12, todayMatches: 20, earlyMatches: 4 },
  });
  const all: GatewayProcess[] = [];
  const clients: ResilientClient[] = [];
  let backend: B | undefined;
  let driver: NodeJS.Timeout | undefined;
  try {
    const started = await options.backend();
    backend = started;
    const env = clusterEnv(sim.url, options.env(started));
    const nodes: GatewayProcess[] = [];
    const addNode = async () => {
      const node = await startGatewayProcess(env);
      nodes.push(node);
      all.push(node);
      return node;
    };
    await Promise.all(Array.from({ length: options.nodes }, addNode));
    driver = setInterval(() => sim.advance(3000), ClusterChaos.intervalMs / 2);
    const sessions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(sim.url, `load${String(i + 1).padStart(2, '0')}`)),
    );
    await startClients(clients, options.clients, {
      nodes: () => nodes.map((n) => n.wsUrl),
      sessions,
      topics: [ClusterChaos.topic],
      rand: random(options.seed),
    });
    const perNode = nodes.map((n) => clients.filter((c) => c.current?.ws.url.startsWith(n.wsUrl)).length);
    progress(options.name, `${clients.length} clients (${perNode.join(' + ')}) on ${nodes.length} nodes`);
    const settle = async (timeoutMs: number) => {
      if (driver) clearInterval(driver);
      driver = undefined;
      await sleep(ClusterChaos.intervalMs * 4);
      const hash = await upstreamHash(sim.url, ClusterChaos.topic);
      return untilAllOn(clients, ClusterChaos.topic, hash, timeoutMs);
    };
    return await body({ sim, backend: started, nodes, clients, spawn: addNode, settle });
  } finally {
    if (driver) clearInterval(driver);
    await Promise.all(clients.map((c) => c.stop()));
    await Promise.all(all.map((n) => n.stop().catch(() => {})));
    await sim.close();
    await backend?.stop().catch(() => {});
  }
}
