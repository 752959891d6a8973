/**
 * The simulator process: env, logger, signals, graceful close. `npm run sim`.
 * SIM_PORT (8090), SIM_HOST (0.0.0.0), SIM_SEED, SIM_LIVE_MATCHES, SIM_SPEED, SIM_DATA_DIR,
 * SIM_ADMIN_TOKEN, LOGIN_SIGNING_KEY, LOG_LEVEL (info).
 */
import { buildSim } from './app.ts';
import { DemoPassword, seedAccounts } from './domain/seed.ts';

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number: ${raw}`);
  return value;
}

const port = intEnv('SIM_PORT', 8090);
const host = process.env.SIM_HOST || '0.0.0.0';
const app = buildSim({
  logger: { level: process.env.LOG_LEVEL || 'info' },
  world: {
    seed: intEnv('SIM_SEED', 1),
    ...(process.env.SIM_LIVE_MATCHES ? { liveMatches: intEnv('SIM_LIVE_MATCHES', 12) } : {}),
  },
  speed: intEnv('SIM_SPEED', 1),
  ...(process.env.SIM_DATA_DIR ? { dataDir: process.env.SIM_DATA_DIR } : {}),
  ...(process.env.SIM_ADMIN_TOKEN ? { adminToken: process.env.SIM_ADMIN_TOKEN } : {}),
  // The same key the gateway signs login bodies with (SPEC section 7: optional login signing).
  ...(process.env.LOGIN_SIGNING_KEY ? { loginSigningKey: process.env.LOGIN_SIGNING_KEY } : {}),
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'simulator closing');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port, host });
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const demos = seedAccounts(0)
    .filter((a) => a.role === 'member')
    .map((a) => `${a.id} (${a.note})`);
  process.stdout.write(
    `upstream simulator listening on ${url}\n` +
      `demo logins, password ${DemoPassword}:\n  ${demos.join('\n  ')}\n` +
      `try: curl -s -XPOST ${url}/authlogin -H 'content-type: application/json' -d '{"account_id":"demo01","password":"${DemoPassword}"}'\n`,
  );
} catch (err) {
  app.log.error({ err }, 'simulator failed to start');
  process.exit(1);
}
