/** Helpers for the proxy's integration tests: the real simulator and the real gateway on port 0. */
import { Writable } from 'node:stream';
import {
  type Json,
  type JsonAnswer,
  loginAt,
  postJson,
  type RunningSim,
  type StartSimOptions,
  simCalls,
  startSim,
  type TestSession,
} from '@sportsbook/upstream-sim';
import type { BuildGatewayOptions } from '../app.ts';
import { loggerOptions } from '../app.ts';
import { type RunningGateway, startGateway } from '../index.ts';

export type { Json };

export const AdminToken = 'proxy-test-admin';
export const Password = 'demo1234';

export type Answer = JsonAnswer;

export const post = postJson;

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

export { simCalls };

/** The sum of upstream_sim_calls_total over every call. */
export const simCallsTotal = (sim: { url: string }): Promise<number> => simCalls(sim);

export type Session = TestSession;

export const login = (gateway: { url: string }, accountId: string): Promise<Session> =>
  loginAt(`${gateway.url}/api/authlogin`, accountId, Password);

let seq = 0;
export function requestId(): string {
  seq++;
  return `gw-${process.pid}-${Date.now()}-${seq}`;
}
