/**
 * `GATEWAY_PROCESSES=N` (scripts/cluster-primary.ts): N gateway processes share one port, and
 * connections spread over them.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FeedTestClient, freePort, login, startRedis } from '@sportsbook/testkit';
import { startSim } from '@sportsbook/upstream-sim';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('GATEWAY_PROCESSES', () => {
  it('runs two gateway processes on one port, each serving connections, and stops them on SIGTERM', async () => {
    const redis = await startRedis();
    const sim = await startSim({ clock: 'manual' });
    const port = await freePort();
    const primary = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster-primary.ts'], {
      cwd: root,
      env: {
        ...process.env,
        GATEWAY_PROCESSES: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        UPSTREAM_URL: sim.url,
        REDIS_URL: redis.url,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
        // Sockets of one session on both workers until each has answered (caps hold across nodes).
        WS_MAX_SOCKETS_PER_SESSION: '100',
        WS_MAX_SOCKETS_PER_ACCOUNT: '100',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    const clients: FeedTestClient[] = [];
    try {
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 60_000, interval: 200 },
        )
        .toBe(200);
      const session = await login(sim.url);
      const nodes = new Set<string>();
      // The primary hands connections to the listening workers in turn; /healthz answers as soon
      // as the first worker listens, so keep connecting (bounded) until the second one answers too.
      await expect
        .poll(
          async () => {
            const c = await FeedTestClient.connect(`ws://127.0.0.1:${port}/ws`);
            clients.push(c);
            await c.hello(session.accountId, session.token, 30_000);
            nodes.add(c.welcome?.node ?? '');
            return nodes.size;
          },
          { timeout: 60_000, interval: 250 },
        )
        .toBe(2);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      primary.kill('SIGTERM');
      const code = await exited;
      await sim.close();
      await redis.stop();
      expect(code).toBe(0);
    }
  }, 120_000);
});
