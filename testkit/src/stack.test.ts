import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loginAt, simCalls } from './http.ts';
import { type Stack, startStack } from './stack.ts';

/** Whether anything still answers HTTP at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** Whether a TCP connection to the port on loopback succeeds. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startStack', () => {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it('starts a simulator and a gateway in front of it, and closes both', async () => {
    const started = await startStack({ sim: { world: { seed: 3, liveMatches: 2, todayMatches: 2 } } });
    stack = started;
    expect(started.redis).toBeUndefined();
    expect(started.browser).toBeUndefined();
    expect(started.gateway.app.cluster).toBeNull();
    const session = await loginAt(`${started.gateway.url}/api/authlogin`, 'demo01');
    expect(session.session_token.length).toBeGreaterThan(0);
    // The login went through the gateway to this simulator.
    expect(await simCalls(started.sim, 'authlogin')).toBe(1);
    // The admin calls carry the testkit's token.
    expect((await started.admin('faults', {})).status).toBe(1);
    await started.close();
    await started.close(); // twice is fine
    expect(await answers(`${started.gateway.url}/healthz`)).toBe(false);
    expect(await answers(`${started.sim.url}/metrics`)).toBe(false);
  });

  it('restarts the gateway on the same port', async () => {
    const started = await startStack();
    stack = started;
    const before = started.gateway;
    await started.restartGateway();
    expect(started.gateway).not.toBe(before);
    expect(started.gateway.port).toBe(before.port);
    expect((await fetch(`${started.gateway.url}/healthz`)).status).toBe(200);
  });

  it('with redis, runs a redis-server the gateway uses, and stops it on close', async () => {
    const started = await startStack({ redis: true });
    stack = started;
    expect(started.redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(started.gateway.app.cluster).not.toBeNull();
    expect(await listening(started.redis.port)).toBe(true);
    await started.close();
    expect(await listening(started.redis.port)).toBe(false);
  });
});
