/**
 * The proxy's integration tests (`@sportsbook/testkit/proxy`): a simulator whose own limits stay out
 * of the way, gateways with short call timeouts and captured logs, logins through the gateway.
 */
import { Writable } from 'node:stream';
import {
  type BuildGatewayOptions,
  loggerOptions,
  type RunningGateway,
  startGateway,
} from '@sportsbook/gateway';
import { type RunningSim, type StartSimOptions, startSim } from '@sportsbook/upstream-sim';
import { type Json, type JsonAnswer, loginAt, postJson, simCalls, type TestSession } from './http.ts';
import { buildTestGateway, type GatewayApp } from './inject.ts';
import { AdminToken, type Stack, startStack } from './stack.ts';

export { requestId } from './http.ts';
export { AdminToken, type Json, simCalls };

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

/** The simulator options of the proxy tests (on top of the testkit's manual clock and admin token). */
export const ProxySimOptions: StartSimOptions = {
  loadAccounts: 8,
  world: { seed: 11, liveMatches: 4, todayMatches: 8, earlyMatches: 4 },
  // The gateway's limits are under test; the simulator's own must not interfere.
  sessions: { requestsPerSecond: 0, loginFailures: 1000 },
  bets: { liveDelayMs: { default: 0 } },
  // A fault-injected timeout holds the request long after the gateway's own timeout fired.
  faultTimeoutMs: 20_000,
};

/**
 * Short call timeouts so timeout tests take a fraction of a second; `fast` (the one-at-a-time
 * calls) outlasts the hold the lock tests put on the upstream.
 */
export const TestTimeouts = { fast: 3_000, normal: 400, slow: 1_500 } as const;

/** The gateway options of the proxy tests: short timeouts and, given a capture, debug logs into it. */
export function proxyGatewayOptions(
  options: Partial<BuildGatewayOptions> = {},
  logs?: LogCapture,
): Partial<BuildGatewayOptions> {
  return {
    callTimeoutMs: TestTimeouts,
    ...(logs ? { logger: loggerOptions('debug', logs) } : {}),
    ...options,
  };
}

/** The proxy tests' stack: `startStack` with the options above. */
export function startProxyStack(
  options: { sim?: StartSimOptions; gateway?: Partial<BuildGatewayOptions>; logs?: LogCapture } = {},
): Promise<Stack> {
  return startStack({
    sim: { ...ProxySimOptions, ...options.sim },
    gateway: proxyGatewayOptions(options.gateway, options.logs),
  });
}

/** A simulator alone, with the proxy tests' options (several gateways share it). */
export function startTestSim(options: StartSimOptions = {}): Promise<RunningSim> {
  return startSim({ clock: 'manual', adminToken: AdminToken, ...ProxySimOptions, ...options });
}

/** Another gateway in front of `sim`, with the proxy tests' options. */
export function startTestGateway(
  sim: { url: string },
  options: Partial<BuildGatewayOptions> = {},
  logs?: LogCapture,
): Promise<RunningGateway> {
  return startGateway({ upstreamUrl: sim.url, webDist: undefined, ...proxyGatewayOptions(options, logs) });
}

/** A gateway app in front of `sim` with the proxy tests' options, not listening: driven by inject. */
export function injectTestGateway(
  sim: { url: string },
  options: Partial<BuildGatewayOptions> = {},
  logs?: LogCapture,
): Promise<GatewayApp> {
  return buildTestGateway({ upstreamUrl: sim.url, ...proxyGatewayOptions(options, logs) });
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

/** The sum of upstream_sim_calls_total over every call. */
export const simCallsTotal = (sim: { url: string }): Promise<number> => simCalls(sim);

export type Session = TestSession;

export const login = (gateway: { url: string }, accountId: string): Promise<Session> =>
  loginAt(`${gateway.url}/api/authlogin`, accountId, Password);
