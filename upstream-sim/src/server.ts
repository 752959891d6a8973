/**
 * The simulator process: env, logger, signals, graceful close. `npm run sim`.
 * Settings (config.ts, parsed against a schema; a bad value exits at start naming the variable):
 * SIM_PORT (8090), SIM_HOST (127.0.0.1), SIM_SEED, SIM_LIVE_MATCHES, SIM_SPEED, SIM_DATA_DIR,
 * SIM_ADMIN_TOKEN, LOGIN_SIGNING_KEY, SIM_TRUST_PROXY (loopback), LOG_LEVEL (info).
 */
import { logTransport } from '@sportsbook/protocol';
import closeWithGrace from 'close-with-grace';
import { buildSim } from './app.ts';
import { simConfigFromEnv } from './config.ts';
import { DemoPassword, seedAccounts } from './domain/seed.ts';

const config = simConfigFromEnv(process.env);
if (!config.ok) {
  process.stderr.write(`simulator: invalid environment\n  ${config.errors.join('\n  ')}\n`);
  process.exit(1);
}
const { port, host, options } = config.value;
// Pretty lines at a terminal in development, JSON in production or when piped (protocol logging.ts).
const transport = logTransport(process.env.NODE_ENV, process.stdout.isTTY, installed('pino-pretty'));
const app = buildSim(
  transport && typeof options.logger === 'object'
    ? { ...options, logger: { ...options.logger, transport } }
    : options,
);

function installed(pkg: string): boolean {
  try {
    import.meta.resolve(pkg);
    return true;
  } catch {
    return false;
  }
}

// SIGTERM/SIGINT (and an uncaught error) close the app once: exit 0, or 1 after an error or when the
// close takes over 10 s (close-with-grace, as the gateway does).
closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'simulator closing after an uncaught error');
  else app.log.info({ signal }, 'simulator closing');
  await app.close();
});

try {
  await app.listen({ port, host });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${bound}`;
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
