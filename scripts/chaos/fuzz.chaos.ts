/**
 * Fuzzed `/api` bodies and `/ws` frames against a real gateway process (in front of the real
 * simulator): the gateway never crashes, never answers a 5xx, every HTTP answer is the
 * `{status, statusdesc}` envelope, every websocket frame it sends parses, and it closes sockets
 * only with the protocol's close codes (never 1011).
 */
import { Calls, CloseCode, decodeServerFrame } from '@sportsbook/protocol';
import { startSim } from '@sportsbook/upstream-sim';
import fc from 'fast-check';
import { request } from 'undici';
import WebSocket from 'ws';
import { type ChaosReport, Checks, type Scenario } from './scenario.ts';
import { login, progress, random, startGatewayProcess } from './stack.ts';

const Sizes = {
  full: { bodies: 5000, sockets: 200, framesPerSocket: 25, concurrency: 16 },
  quick: { bodies: 500, sockets: 24, framesPerSocket: 20, concurrency: 8 },
};

const closeCodes = new Set<number>([...Object.values(CloseCode), 1000, 1005]);

function text(size: number, rand: () => number): string {
  let s = '';
  while (s.length < size) s += String.fromCharCode(32 + Math.floor(rand() * 95));
  return s;
}

/** Field names the schemas know, so mutated bodies get past the first checks. */
const fields = [
  'account_id',
  'session_token',
  'password',
  'request_id',
  'odds_id',
  'selection',
  'price',
  'stake',
  'odds_type',
  'parent_id',
  'selections',
  'bet_id',
  'date',
  'page',
  'launch_token',
  'nickname',
  'language',
  'match_id',
  'sport_id',
];

function apiCase(
  i: number,
  rand: () => number,
  values: unknown[],
  session: { accountId: string; token: string },
): { method: 'POST' | 'GET' | 'PUT' | 'DELETE'; path: string; body?: string; contentType?: string } {
  const calls = Calls.map((c) => c.path.replace(':provider', 'p1'));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const value = () => values[Math.floor(rand() * values.length)];
  const paths = [
    () => `/api${pick(calls)}`,
    () => `/api${pick(calls)}`,
    () => `/api${pick(calls)}`,
    () => `/api/${text(1 + Math.floor(rand() * 20), rand).replace(/[^A-Za-z0-9]/g, '')}`,
    () => `/api${pick(calls)}/`,
    () => `/api${pick(calls)}?x=${Math.floor(rand() * 100)}`,
    () => '/api/',
    () => '/api/bet/../authlogin',
    () => '/api/%2e%2e/%2e%2e/etc/passwd',
    () => `/api/${'a'.repeat(3000)}`,
    () => '/api/odds/uxmarket',
    () => `/api${pick(calls)}%00`,
  ];
  const path = pick(paths)();
  const method = rand() < 0.9 ? 'POST' : pick(['GET', 'PUT', 'DELETE'] as const);
  const base = { account_id: session.accountId, session_token: session.token };
  const bodies = [
    () => JSON.stringify(value()),
    () => JSON.stringify({ ...base, [pick(fields)]: value(), [pick(fields)]: value() }),
    () => JSON.stringify({ ...base, request_id: `fz${i}`, odds_id: value(), stake: value(), price: value() }),
    () => text(Math.floor(rand() * 200), rand),
    () => JSON.stringify({ ...base, nickname: 'x'.repeat(70 * 1024) }),
    () => `${'['.repeat(5000)}${']'.repeat(5000)}`,
    () => '{"__proto__":{"polluted":1},"account_id":"demo01"}',
    () => '{"constructor":{"prototype":{"polluted":1}}}',
    () => '{"account_id":"demo01","account_id":"demo02"}',
    () => '{"stake":1e400,"price":-0,"selection":123456789012345678901234567890}',
    () => '',
    () => JSON.stringify({ ...base, account_id: value() }),
  ];
  const body = pick(bodies)();
  const contentType = pick([
    'application/json',
    'application/json',
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
    'application/json; charset=latin1',
  ]);
  return { method, path, ...(method === 'GET' ? {} : { body }), ...(contentType ? { contentType } : {}) };
}

function wsFrame(rand: () => number, values: unknown[], session: { accountId: string; token: string }) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const value = () => values[Math.floor(rand() * values.length)];
  const id = () => pick([1, 2, -1, 0, 1.5, 2 ** 60, 'x', null, value()]);
  const topic = () =>
    pick([
      'odds/1/hdpou/live',
      'menu',
      'match/0',
      'match/99999999999999999999',
      'odds/22/hdpou/live',
      'odds/1/hdpou/live/',
      'odds/01/hdpou/live',
      '',
      'x'.repeat(200),
      `match/${Math.floor(rand() * 1e9)}`,
      value(),
    ]);
  const frames: (() => string | Buffer)[] = [
    () => JSON.stringify(value()),
    () =>
      JSON.stringify({ op: pick(['hello', 'sub', 'unsub', 'ping', 'x', value()]), id: id(), topic: topic() }),
    () => JSON.stringify({ op: 'sub', id: id(), topic: topic() }),
    () =>
      JSON.stringify({
        op: 'sub',
        id: id(),
        topic: 'odds/1/hdpou/live',
        from: pick([{ epoch: 'e', seq: -1 }, { epoch: value(), seq: value() }, { seq: 2 ** 53 }, value()]),
      }),
    () => JSON.stringify({ op: 'unsub', id: id(), topic: topic() }),
    () => JSON.stringify({ op: 'ping', id: id() }),
    () =>
      JSON.stringify({
        op: 'hello',
        v: pick([1, 2, 0, '1', value()]),
        account_id: value(),
        session_token: value(),
      }),
    () => JSON.stringify({ op: 'hello', v: 1, account_id: session.accountId, session_token: session.token }),
    () => text(Math.floor(rand() * 100), rand),
    () => Buffer.from(text(Math.floor(rand() * 64), rand)),
    () => 'x'.repeat(4097 + Math.floor(rand() * 5000)),
    () => '{"op":"sub","__proto__":{"id":1},"topic":"menu"}',
  ];
  return pick(frames)();
}

interface WsTally {
  frames: number;
  unparsable: number;
  closes: Map<number, number>;
  badCloses: number;
  internalErrors: number;
  upgrades5xx: number;
  upgradeRefused: number;
}

async function fuzzSocket(
  url: string,
  count: number,
  rand: () => number,
  values: unknown[],
  session: { accountId: string; token: string },
  tally: WsTally,
): Promise<void> {
  const origin = [
    undefined,
    undefined,
    'http://evil.example',
    'null',
    url.replace('ws:', 'http:').replace('/ws', ''),
  ][Math.floor(rand() * 5)];
  const ws = new WebSocket(url, origin ? { headers: { origin } } : {});
  let closedByUs = false;
  let refused = false;
  const done = new Promise<void>((resolve) => {
    ws.on('unexpected-response', (_req, res) => {
      refused = true;
      if ((res.statusCode ?? 0) >= 500) tally.upgrades5xx += 1;
      else tally.upgradeRefused += 1;
      res.resume();
      resolve();
    });
    ws.on('error', () => resolve());
    ws.on('message', (data) => {
      tally.frames += 1;
      const parsed = decodeServerFrame(data.toString());
      if (!parsed.ok) tally.unparsable += 1;
      else if (parsed.value.t === 'err' && parsed.value.code === 'internalError') tally.internalErrors += 1;
    });
    ws.on('close', (code) => {
      if (!closedByUs && !refused) {
        tally.closes.set(code, (tally.closes.get(code) ?? 0) + 1);
        if (!closeCodes.has(code) || code === CloseCode.internalError) tally.badCloses += 1;
      }
      resolve();
    });
  });
  const opened = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('error', () => resolve(false));
    ws.once('unexpected-response', () => resolve(false));
  });
  if (opened) {
    const burst = rand() < 0.1;
    if (rand() < 0.6)
      ws.send(
        JSON.stringify({ op: 'hello', v: 1, account_id: session.accountId, session_token: session.token }),
      );
    for (let i = 0; i < count && ws.readyState === WebSocket.OPEN; i++) {
      ws.send(wsFrame(rand, values, session));
      // Mostly under the 20 frames/s limit; one socket in ten bursts (and may be closed with 4429).
      if (!burst) await new Promise((resolve) => setTimeout(resolve, 55 + rand() * 40));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    closedByUs = ws.readyState === WebSocket.OPEN;
    if (closedByUs) ws.close();
    else if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
  }
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
}

const scenario: Scenario = {
  name: 'fuzz',
  property:
    'fuzzed /ws frames and /api bodies: 0 crashes, 0 5xx, every HTTP answer in the {status, statusdesc} envelope, every frame parses, only protocol close codes',
  async run({ quick, seed }): Promise<ChaosReport> {
    const size = quick ? Sizes.quick : Sizes.full;
    const checks = new Checks();
    const sim = await startSim({ clock: 'manual', sessions: { requestsPerSecond: 0 } });
    const gw = await startGatewayProcess({
      UPSTREAM_URL: sim.url,
      WARM_TOPICS: '',
      // Every fuzzed socket shares one session: let the frames reach the authenticated paths (the
      // per-session/account socket bounds are the caps scenario's subject).
      WS_MAX_SOCKETS_PER_SESSION: '100000',
      WS_MAX_SOCKETS_PER_ACCOUNT: '100000',
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000000',
      LOGIN_LIMIT_ACCOUNT_PER_MINUTE: '1000000',
      LOGIN_LIMIT_IP_PER_MINUTE: '1000000',
    });
    try {
      const session = await login(sim.url, 'demo02');
      const rand = random(seed);
      const values = fc.sample(fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.double()), {
        seed,
        numRuns: 500,
      });
      // /api
      let answers = 0;
      let fives = 0;
      let outside = 0;
      let transport = 0;
      const examples: string[] = [];
      const paths = new Set<string>();
      let next = 0;
      const worker = async () => {
        while (next < size.bodies) {
          const i = next++;
          const c = apiCase(i, rand, values, session);
          paths.add(c.path.split('?')[0] ?? '');
          try {
            const res = await request(`${gw.url}${c.path}`, {
              method: c.method,
              headers: c.contentType ? { 'content-type': c.contentType } : {},
              ...(c.body !== undefined ? { body: c.body } : {}),
            });
            const body = await res.body.text();
            answers += 1;
            if (res.statusCode >= 500) {
              fives += 1;
              if (examples.length < 5)
                examples.push(`${res.statusCode} ${c.method} ${c.path.slice(0, 60)}: ${body.slice(0, 120)}`);
            }
            let env = false;
            try {
              const json = JSON.parse(body) as Record<string, unknown>;
              env = typeof json.status === 'number' && typeof json.statusdesc === 'string';
            } catch {
              env = false;
            }
            if (!env) {
              outside += 1;
              if (examples.length < 5)
                examples.push(
                  `not an envelope: ${res.statusCode} ${c.method} ${c.path.slice(0, 60)}: ${body.slice(0, 120)}`,
                );
            }
          } catch (err) {
            transport += 1;
            if (examples.length < 5)
              examples.push(`transport error ${c.method} ${c.path.slice(0, 60)}: ${err}`);
          }
        }
      };
      await Promise.all(Array.from({ length: size.concurrency }, worker));
      progress('fuzz', `/api: ${answers} answers, ${fives} 5xx, ${outside} outside the envelope`);

      // /ws
      const tally: WsTally = {
        frames: 0,
        unparsable: 0,
        closes: new Map(),
        badCloses: 0,
        internalErrors: 0,
        upgrades5xx: 0,
        upgradeRefused: 0,
      };
      let started = 0;
      const wsWorker = async () => {
        while (started < size.sockets) {
          started += 1;
          await fuzzSocket(gw.wsUrl, size.framesPerSocket, rand, values, session, tally);
        }
      };
      await Promise.all(Array.from({ length: Math.min(20, size.sockets) }, wsWorker));
      const sent = size.sockets * size.framesPerSocket;
      progress(
        'fuzz',
        `/ws: ${tally.frames} frames back, ${tally.unparsable} unparsable, closes ${JSON.stringify([...tally.closes])}`,
      );

      const alive = gw.child.exitCode === null && gw.child.signalCode === null;
      let healthy = false;
      try {
        healthy = (await fetch(`${gw.url}/healthz`)).status === 200;
      } catch {
        healthy = false;
      }
      const crashes = alive && healthy ? 0 : 1;
      checks.check(crashes === 0, `the gateway crashed or stopped answering (exit ${gw.child.exitCode})`);
      checks.check(fives === 0, `${fives} /api answers were 5xx (e.g. ${examples.join(' | ')})`);
      checks.check(
        outside === 0,
        `${outside} /api answers were not the envelope (e.g. ${examples.join(' | ')})`,
      );
      checks.check(transport === 0, `${transport} /api requests got no HTTP answer (reset, hang-up)`);
      checks.check(tally.unparsable === 0, `${tally.unparsable} /ws frames did not parse`);
      checks.check(
        tally.badCloses === 0,
        `${tally.badCloses} sockets closed with 1011 or a code outside the protocol`,
      );
      checks.check(tally.internalErrors === 0, `${tally.internalErrors} err internalError frames`);
      checks.check(tally.upgrades5xx === 0, `${tally.upgrades5xx} websocket upgrades answered 5xx`);
      const closes = [...tally.closes].map(([code, n]) => `${code}x${n}`).join(' ') || 'none';
      return {
        figure: `${size.bodies} /api bodies over ${paths.size} paths + ${sent} /ws frames on ${size.sockets} sockets: ${crashes} crashes, ${fives} 5xx, ${outside} answers outside the envelope, ${tally.unparsable} unparsable frames, ${tally.badCloses} bad closes (server closes: ${closes}; ${tally.upgradeRefused} upgrades refused)`,
        failures: checks.failures,
        numbers: {
          bodies: size.bodies,
          frames: sent,
          crashes,
          fives,
          outside,
          transport,
          unparsable: tally.unparsable,
          badCloses: tally.badCloses,
        },
      };
    } finally {
      await gw.stop();
      await sim.close();
    }
  },
};

export default scenario;
