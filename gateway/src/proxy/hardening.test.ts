/**
 * The gateway's hardening against a real simulator and real gateways: the origin rule on /ws and
 * the served-host check, idempotency keys bound to the bet, no query string in any log line, login
 * limits per account and address, the envelope on every /api answer, /metrics not public and
 * trickled bodies cut at the request timeout (gateway/PROXY.md).
 */
import net from 'node:net';
import { type GatewayApp, inject, injectJson, injectLogin } from '@sportsbook/testkit';
import {
  injectTestGateway,
  type Json,
  LogCapture,
  Password,
  post,
  requestId,
  type Session,
  simCalls,
  startTestGateway,
  startTestSim,
} from '@sportsbook/testkit/proxy';
import type { RunningSim } from '@sportsbook/upstream-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningGateway } from '../index.ts';

type Row = [string, number, string, number | string | null, number, number[], string[] | null];

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  json: Json | undefined;
}

/** One HTTP/1.1 request written as is (no client-side URL or header normalisation). */
function raw(port: number, head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => {
      const length = body === '' ? '' : `content-length: ${Buffer.byteLength(body)}\r\n`;
      socket.write(`${head}\r\n${length}connection: close\r\n\r\n${body}`);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headers = text.slice(0, split);
      const rest = text.slice(split + 4);
      // Chunked replies: keep the JSON between the first chunk size line and the terminator.
      const bodyText = /transfer-encoding: chunked/i.test(headers)
        ? rest.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '')
        : rest;
      let json: Json | undefined;
      try {
        json = JSON.parse(bodyText) as Json;
      } catch {
        json = undefined;
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), headers, body: bodyText, json });
    });
  });
}

/**
 * Opens /ws on the app through `injectWS` (no socket) with these headers: 'open', or the HTTP
 * status the upgrade was refused with.
 */
async function injectWs(app: GatewayApp, headers: Record<string, string>): Promise<'open' | number> {
  try {
    const ws = await app.injectWS('/ws', { headers });
    ws.terminate();
    return 'open';
  } catch (err) {
    const status = /Unexpected server response: (\d+)/.exec((err as Error).message)?.[1];
    if (status === undefined) throw err;
    return Number(status);
  }
}

/** Opens /ws over a socket with these headers: 'open', or the HTTP status the upgrade was refused with. */
function openWs(url: string, headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
  });
}

describe('gateway hardening against the simulator', () => {
  let sim: RunningSim;
  /** Listening: the raw request lines, the logs of upgrades and the trickled body need its socket. */
  let gateway: RunningGateway;
  let app: GatewayApp;
  const logs = new LogCapture();

  async function openRow(): Promise<Row> {
    const { json } = await post(`${sim.url}/odds/uxmarket`, {
      sport_id: 1,
      market_type: 'hdpou',
      group: 'today',
    });
    const row = (json.data.odds as Row[]).find((r) => r[4] === 0 && r[5].length > 0);
    if (!row) throw new Error('no open row');
    return row;
  }

  function betBody(session: Session, row: Row, stake: number, id: string): Json {
    return {
      ...session,
      request_id: id,
      odds_id: row[0],
      selection: 0,
      price: row[5][0],
      stake,
      odds_type: 4,
    };
  }

  beforeAll(async () => {
    sim = await startTestSim();
    gateway = await startTestGateway(sim, { allowedOrigins: ['https://app.example'] }, logs);
    app = gateway.app;
  });
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  describe('the origin rule on /ws, and same-origin only from served hosts', () => {
    it('refuses a foreign Origin on the websocket upgrade, lets the allowlist and same-origin through', async () => {
      const host = '127.0.0.1:4711';
      expect(await injectWs(app, { host, origin: 'https://evil.example' })).toBe(403);
      expect(await injectWs(app, { host, origin: 'null' })).toBe(403);
      expect(await injectWs(app, { host, origin: 'https://app.example' })).toBe('open');
      expect(await injectWs(app, { host, origin: `http://${host}` })).toBe('open');
      // Non-browser clients send no Origin.
      expect(await injectWs(app, { host })).toBe('open');
    });

    it('a page whose host name resolves here (DNS rebinding) is not same-origin: /api and /ws refuse it', async () => {
      // The call it asked for, not every call: the gateway's warm menu topic polls the simulator meanwhile.
      const before = await simCalls(sim, 'version');
      const rebound = await raw(
        gateway.port,
        `POST /api/version HTTP/1.1\r\nhost: rebind.example:${gateway.port}\r\norigin: http://rebind.example:${gateway.port}\r\ncontent-type: application/json`,
        '{}',
      );
      expect(rebound.status).toBe(403);
      expect(rebound.json).toEqual({ status: 0, statusdesc: 'NoUserAccessRight' });
      expect(await simCalls(sim, 'version')).toBe(before);
      expect(
        await injectWs(app, {
          host: `rebind.example:${gateway.port}`,
          origin: `http://rebind.example:${gateway.port}`,
        }),
      ).toBe(403);
      // The loopback names are served by default; localhost is the same host by another name.
      const local = await raw(
        gateway.port,
        `POST /api/version HTTP/1.1\r\nhost: localhost:${gateway.port}\r\norigin: http://localhost:${gateway.port}\r\ncontent-type: application/json`,
        '{}',
      );
      expect(local.json?.status).toBe(1);
      // ...and it reached the upstream, which the count above would have seen of the rebound one.
      expect(await simCalls(sim, 'version')).toBe(before + 1);
    });

    it('ALLOWED_HOSTS names the hosts a same-origin page may come from', async () => {
      const served = await injectTestGateway(sim, { allowedHosts: ['play.example'] });
      try {
        const ask = (host: string) =>
          injectJson(served, '/api/version', {}, { host, origin: `http://${host}` });
        expect((await ask('play.example')).json.status).toBe(1);
        expect((await ask('play.example:4711')).json.status).toBe(1);
        expect((await ask('127.0.0.1:4711')).http).toBe(403);
        expect(await injectWs(served, { host: 'play.example', origin: 'http://play.example' })).toBe('open');
      } finally {
        await served.close();
      }
    });
  });

  describe('an idempotency key is bound to its bet, not to the session', () => {
    it('after a gateway restart, the same request_id with another stake gets requestIdReused and places nothing', async () => {
      const first = await injectTestGateway(sim);
      const session = await injectLogin(first, 'load06');
      const row = await openRow();
      const id = requestId();
      const placed = await injectJson(first, '/api/bet/betsingle', betBody(session, row, 10, id));
      expect(placed.json.status).toBe(1);
      await first.close();
      const balanceBefore = (await post(`${sim.url}/userbalance`, { ...session, parent_id: 'ag01' })).json
        .balance;
      const second = await injectTestGateway(sim);
      try {
        const changed = await injectJson(second, '/api/bet/betsingle', betBody(session, row, 50, id));
        expect(changed.json.statusdesc).toBe('requestIdReused');
        expect(changed.http).toBe(409);
        const balanceAfter = (await post(`${sim.url}/userbalance`, { ...session, parent_id: 'ag01' })).json
          .balance;
        expect(balanceAfter).toBe(balanceBefore);
        const bets = sim.sim.store.entries('load06').filter((e) => e.type === 'freeze');
        expect(bets).toHaveLength(1);
      } finally {
        await second.close();
      }
    });

    it('a retry of the same bet after a re-login (new session token) gets the bet, not duplicateRequest', async () => {
      const before = await injectLogin(app, 'load07');
      const row = await openRow();
      const id = requestId();
      const placed = await injectJson(app, '/api/bet/betsingle', betBody(before, row, 10, id));
      expect(placed.json.status).toBe(1);
      const calls = await simCalls(sim, 'betsingle');
      const after = await injectLogin(app, 'load07');
      expect(after.session_token).not.toBe(before.session_token);
      const retried = await injectJson(app, '/api/bet/betsingle', betBody(after, row, 10, id));
      expect(retried.json).toEqual(placed.json);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(await simCalls(sim, 'betsingle')).toBe(calls);
      // Someone without a live session of the account never sees the first reply.
      const stranger = await injectJson(
        app,
        '/api/bet/betsingle',
        betBody({ account_id: 'load07', session_token: 'not-a-session' }, row, 10, id),
      );
      expect(stranger.json.statusdesc).toBe('session_not_exists');
      expect(stranger.json.data).toBeUndefined();
    });

    it('a placement answered with a session code is not kept: the retry after a re-login is placed', async () => {
      const row = await openRow();
      const id = requestId();
      const lost = await injectJson(
        app,
        '/api/bet/betsingle',
        betBody({ account_id: 'load05', session_token: 'lost-in-a-restart' }, row, 10, id),
      );
      expect(lost.json.statusdesc).toBe('session_not_exists');
      const session = await injectLogin(app, 'load05');
      const retried = await injectJson(app, '/api/bet/betsingle', betBody(session, row, 10, id));
      expect(retried.json.status).toBe(1);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(sim.sim.store.entries('load05').filter((e) => e.type === 'freeze')).toHaveLength(1);
    });

    it('the same retry after a re-login reaching a restarted gateway gets the bet from the upstream', async () => {
      const first = await injectTestGateway(sim);
      const before = await injectLogin(first, 'load08');
      const row = await openRow();
      const id = requestId();
      const placed = await injectJson(first, '/api/bet/betsingle', betBody(before, row, 10, id));
      expect(placed.json.status).toBe(1);
      await first.close();
      const second = await injectTestGateway(sim);
      try {
        const after = await injectLogin(second, 'load08');
        const retried = await injectJson(second, '/api/bet/betsingle', betBody(after, row, 10, id));
        expect(retried.json.status).toBe(1);
        expect(retried.json.data.bet_id).toBe(placed.json.data.bet_id);
        expect(sim.sim.store.entries('load08').filter((e) => e.type === 'freeze')).toHaveLength(1);
      } finally {
        await second.close();
      }
    });
  });

  describe('no query string reaches the log', () => {
    it('logs request lines and framework errors with the path only', async () => {
      const secrets = [
        'LAUNCH1secret',
        'QUERY2secret',
        'BADURL3secret',
        'WS4secret',
        'NOTFOUND5secret',
        'UPGRADE6secret',
      ];
      await (await fetch(`${gateway.url}/?token=${secrets[0]}`)).text();
      await post(`${gateway.url}/api/version?session_token=${secrets[1]}`, {});
      await raw(gateway.port, `GET /api/%zz?token=${secrets[2]} HTTP/1.1\r\nhost: 127.0.0.1`);
      await openWs(`${gateway.wsUrl}?token=${secrets[3]}`, {});
      await raw(gateway.port, `DELETE /nope?token=${secrets[4]} HTTP/1.1\r\nhost: 127.0.0.1`);
      // A websocket upgrade of a plain HTTP route (@fastify/websocket logs its path).
      await openWs(`${gateway.url.replace('http', 'ws')}/healthz?token=${secrets[5]}`, {}).catch(
        () => 'closed',
      );
      const text = logs.text();
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).toContain('/api/version?[redacted]');
    });
  });

  describe('login limits count per account and address together', () => {
    it('a stranger guessing a password is throttled; the owner, from another address, still gets in', async () => {
      const limited = await injectTestGateway(sim, { loginLimitPerAccountPerMinute: 3, trustProxy: true });
      try {
        const from = (ip: string, password: string) =>
          injectJson(
            limited,
            '/api/authlogin',
            { account_id: 'demo07', password },
            { 'x-forwarded-for': ip },
          );
        for (let i = 0; i < 3; i++)
          expect((await from('203.0.113.9', 'guess')).json.statusdesc).toBe('invalid_password');
        const blocked = await from('203.0.113.9', 'guess');
        expect(blocked.http).toBe(429);
        expect(blocked.json).toEqual({ status: 0, statusdesc: 'loginLimit' });
        const owner = await from('198.51.100.7', Password);
        expect(owner.json.status).toBe(1);
        // Only failures count: the owner logging in again and again is never throttled.
        for (let i = 0; i < 4; i++) expect((await from('198.51.100.7', Password)).json.status).toBe(1);
      } finally {
        await limited.close();
      }
    });
  });

  describe('every /api answer is the envelope', () => {
    it('bad URL encoding, a wrong method with a bad body, /api itself, unknown methods', async () => {
      const cases: [string, string, string, number][] = [
        ['GET /api/%zz HTTP/1.1', '', 'badRequest', 400],
        ['POST /api/bet/%E0%A4%A HTTP/1.1', '{}', 'badRequest', 400],
        ['PUT /api/authlogin HTTP/1.1', '{"account_id":', 'badRequest', 400],
        ['GET /api/authlogin HTTP/1.1', '{"account_id":', 'unknownCall', 404],
        ['DELETE /api/authlogin HTTP/1.1', '', 'unknownCall', 404],
        ['POST /api HTTP/1.1', '{}', 'unknownCall', 404],
        ['POST /api HTTP/1.1', '{"bad":', 'badRequest', 400],
        ['GET /api HTTP/1.1', '', 'unknownCall', 404],
        ['POST /api/ HTTP/1.1', '{}', 'unknownCall', 404],
        ['POST /api/games/bad.provider/LaunchGame HTTP/1.1', '{}', 'unknownCall', 404],
      ];
      for (const [line, body, code, status] of cases) {
        const answer = await raw(
          gateway.port,
          `${line}\r\nhost: 127.0.0.1\r\n${body === '' ? '' : 'content-type: application/json\r\n'}`.trimEnd(),
          body,
        );
        expect(answer.json, `${line} ${body}: ${answer.body}`).toMatchObject({ status: 0, statusdesc: code });
        expect(answer.status, line).toBe(status);
      }
    });
  });

  describe('/metrics is not public, and a trickled body is cut at the request timeout', () => {
    it('on the public port /metrics answers local clients only, or a bearer token', async () => {
      // Injected requests come from 127.0.0.1, a local client.
      const local = await inject(app, { url: '/metrics' });
      expect(local.http).toBe(200);
      const proxied = await inject(app, { url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.1' } });
      expect(proxied.http).toBe(403);
      const token = 'metrics-token-0123456789';
      const guarded = await injectTestGateway(sim, { metricsToken: token });
      try {
        const bare = await inject(guarded, { url: '/metrics' });
        expect(bare.http).toBe(403);
        const wrong = await inject(guarded, { url: '/metrics', headers: { authorization: 'Bearer nope' } });
        expect(wrong.http).toBe(403);
        const right = await inject(guarded, {
          url: '/metrics',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(right.http).toBe(200);
        expect(right.text).toContain('gateway_proxy_requests_total');
      } finally {
        await guarded.close();
      }
    });

    it('METRICS_PORT serves /metrics on its own port and not on the public one', async () => {
      const separate = await startTestGateway(sim, { metricsPort: 0 });
      try {
        const port = separate.app.metricsPort();
        expect(port).toBeGreaterThan(0);
        expect(port).not.toBe(separate.port);
        const publicAnswer = await fetch(`${separate.url}/metrics`);
        expect(publicAnswer.status).toBe(404);
        expect(await publicAnswer.json()).toEqual({ status: 0, statusdesc: 'unknownCall' });
        const own = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(own.status).toBe(200);
        expect(await own.text()).toContain('gateway_upstream_calls_total');
      } finally {
        await separate.close();
      }
    });

    it('cuts a request whose body trickles in slower than the request timeout (408, socket closed)', async () => {
      const quick = await startTestGateway(sim, { requestTimeoutMs: 600 });
      try {
        const outcome = await new Promise<{ status: string; closed: boolean }>((resolve) => {
          const socket = net.connect(quick.port, '127.0.0.1');
          let received = '';
          let timer: ReturnType<typeof setInterval> | undefined;
          // The whole body would take 10,000 x 50 ms: only the server's timeout can end this early.
          const giveUp = setTimeout(() => {
            clearInterval(timer);
            socket.destroy();
            resolve({ status: received.split('\r\n')[0] ?? '', closed: false });
          }, 20_000);
          socket.on('connect', () => {
            socket.write(
              'POST /api/authlogin HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 10000\r\n\r\n{"a":"',
            );
            timer = setInterval(() => {
              if (!socket.destroyed) socket.write('a');
            }, 50);
          });
          socket.on('data', (chunk) => {
            received += chunk.toString('utf8');
          });
          socket.on('error', () => undefined);
          socket.on('close', () => {
            clearInterval(timer);
            clearTimeout(giveUp);
            resolve({ status: received.split('\r\n')[0] ?? '', closed: true });
          });
        });
        expect(outcome.closed).toBe(true);
        expect(outcome.status).toBe('HTTP/1.1 408 Request Timeout');
      } finally {
        await quick.close();
      }
    }, 30_000);
  });
});
