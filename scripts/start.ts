/**
 * `npm start`: builds the web app when its sources are newer than the build, starts the upstream
 * simulator (unless UPSTREAM_URL points at another upstream) and the gateway, and prints the URL and
 * the demo logins. Each service runs as its own process; Ctrl-C stops them all.
 *
 * GATEWAY_PROCESSES=N (N > 1) runs N gateway processes sharing the port (scripts/cluster-primary.ts)
 * over Redis: REDIS_URL, or a local redis-server started here (gateway/CLUSTER.md).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type RunningRedis, startLocalRedis } from '@sportsbook/gateway';
import { waitForHttp } from './http.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
const simPort = Number(env.SIM_PORT ?? 8090);
const gatewayPort = Number(env.PORT ?? 8080);
const gatewayProcesses = Number(env.GATEWAY_PROCESSES ?? 1);
const children: ChildProcess[] = [];
let localRedis: RunningRedis | undefined;

function startService(name: string, entry: string, extraEnv: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code: number): void {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))))
    // Redis last: the gateways release their leases on the way out.
    .then(() => localRedis?.stop())
    .then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function main(): Promise<void> {
  if (existsSync(`${root}web/index.html`)) {
    console.log('[start] building the web app');
    const build = spawnSync('npm', ['run', 'build', '-w', '@sportsbook/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('web build failed');
  }
  let upstream = env.UPSTREAM_URL;
  if (!upstream) {
    startService('simulator', 'upstream-sim/src/server.ts', { SIM_PORT: String(simPort) });
    upstream = `http://127.0.0.1:${simPort}`;
    await waitForHttp(`${upstream}/metrics`, 30_000);
  }
  if (existsSync(`${root}gateway/src/server.ts`)) {
    if (!Number.isInteger(gatewayProcesses) || gatewayProcesses < 1) {
      throw new Error(`GATEWAY_PROCESSES must be a positive integer, got ${env.GATEWAY_PROCESSES}`);
    }
    if (gatewayProcesses > 1) {
      let redisUrl = env.REDIS_URL;
      // REDIS_SENTINELS (inherited by the workers) names the Redis instead of a URL.
      if (!redisUrl && !env.REDIS_SENTINELS) {
        localRedis = await startLocalRedis();
        redisUrl = localRedis.url;
        console.log(`[start] local redis-server at ${redisUrl}`);
      }
      startService('gateway', 'scripts/cluster-primary.ts', {
        PORT: String(gatewayPort),
        UPSTREAM_URL: upstream,
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        GATEWAY_PROCESSES: String(gatewayProcesses),
      });
    } else {
      startService('gateway', 'gateway/src/server.ts', { PORT: String(gatewayPort), UPSTREAM_URL: upstream });
    }
    await waitForHttp(`http://127.0.0.1:${gatewayPort}/healthz`, 30_000);
    console.log(`\n  Sportsbook:  http://localhost:${gatewayPort}/`);
  } else {
    console.log('\n  The gateway is not built yet; only the upstream simulator runs.');
  }
  console.log(`  Upstream:    ${upstream}`);
  console.log('  Demo logins: demo01 .. demo10, password demo1234');
  console.log('    demo01 MYR, demo02 CNY, demo03 IDR, demo04 THB, demo05 USD, demo06 SGD,');
  console.log('    demo07 MMK (Myanmar odds), demo08 operator_type 2, demo09 suspended, demo10 zero balance');
  console.log('    demo11-14 closed / blocked / frozen / inactive (login refused)');
  console.log(
    '    demo15 tournament disabled, demo16 / demo17 / demo18 tournament players (MYR), demo20 lottery disabled',
  );
  console.log(
    '    demo21 live casino disabled, demo22 mini games disabled, demo23 BDT member (alternate sports order)\n',
  );
}

main().catch((err: unknown) => {
  console.error('[start]', err instanceof Error ? err.message : err);
  stop(1);
});
