/** Helpers for the proxy's integration tests: the real simulator and the real gateway on port 0. */
import { Writable } from 'node:stream';
import { type RunningSim, type StartSimOptions, startSim } from '@sportsbook/upstream-sim';
import type { BuildGatewayOptions } from '../app.ts';
import { loggerOptions } from '../app.ts';
import { type RunningGateway, startGateway } from '../index.ts';

// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field in assertions
export type Json = Record<string, any>;

export const AdminToken = 'proxy-test-admin';
export const Password = 'demo1234';

export interface Answer {
  http: number;
  json: Json;
  headers: Headers;
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { unparsable: text };
  }
  return { http: response.status, json, headers: response.headers };
}

/** Every log line the gateway writes, for the redaction checks. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.length > 0),
    );
    done();
  }
  text(): string {
    return this.lines.join('\n');
  }
}

export function startTestSim(options: StartSimOptions = {}): Promise<RunningSim> {
  return startSim({
    clock: 'manual',
    adminToken: AdminToken,
    loadAccounts: 8,
    world: { seed: 11, liveMatches: 4, todayMatches: 8, earlyMatches: 4 },
    // The gateway's limits are under test; the simulator's own must not interfere.
    sessions: { requestsPerSecond: 0, loginFailures: 1000 },
    bets: { liveDelayMs: { default: 0 } },
    // A fault-injected timeout holds the request long after the gateway's own timeout fired.
    faultTimeoutMs: 20_000,
    ...options,
  });
}

/**
 * Short call timeouts so timeout tests take a fraction of a second; `fast` (the one-at-a-time
 * calls) outlasts the hold the lock tests put on the upstream.
 */
export const TestTimeouts = { fast: 3_000, normal: 400, slow: 1_500 } as const;

export async function startTestGateway(
  sim: { url: string },
  options: Partial<BuildGatewayOptions> = {},
  logs?: LogCapture,
): Promise<RunningGateway> {
  return startGateway({
    upstreamUrl: sim.url,
    webDist: undefined,
    callTimeoutMs: TestTimeouts,
    ...(logs ? { logger: loggerOptions('debug', logs) } : {}),
    ...options,
  });
}

export async function setFault(
  sim: { url: string },
  fault:
    | { call: string; latencyMs?: number; errorRate?: number; timeoutRate?: number; malformedRate?: number }
    | Record<string, never>,
): Promise<void> {
  const res = await post(`${sim.url}/admin/faults`, fault, { 'x-admin-token': AdminToken });
  if (res.json.status !== 1) throw new Error(`fault not set: ${JSON.stringify(res.json)}`);
}

/** upstream_sim_calls_total for one call name (the last path segment), from the sim's /metrics. */
export async function simCalls(sim: { url: string }, call: string): Promise<number> {
  const text = await (await fetch(`${sim.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('upstream_sim_calls_total{') && line.includes(`call="${call}"`)) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

/** The sum of upstream_sim_calls_total over every call. */
export async function simCallsTotal(sim: { url: string }): Promise<number> {
  const text = await (await fetch(`${sim.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('upstream_sim_calls_total{')) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

export interface Session {
  account_id: string;
  session_token: string;
}

export async function login(gateway: { url: string }, accountId: string): Promise<Session> {
  const { json } = await post(`${gateway.url}/api/authlogin`, { account_id: accountId, password: Password });
  if (json.status !== 1) throw new Error(`login ${accountId} failed: ${JSON.stringify(json)}`);
  return { account_id: accountId, session_token: json.member_profile.player_info[0].session_token as string };
}

let seq = 0;
export function requestId(): string {
  seq++;
  return `gw-${process.pid}-${Date.now()}-${seq}`;
}
