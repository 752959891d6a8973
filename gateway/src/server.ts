/**
 * The gateway process: reads the environment, owns the logger, listens, and closes gracefully on
 * SIGTERM/SIGINT (stop polling, tell websocket clients to reconnect elsewhere, close).
 */
import { logTransport } from '@sportsbook/protocol';
import closeWithGrace from 'close-with-grace';
import { buildGateway, loggerOptions } from './app.ts';
import { parseGatewayEnv } from './config.ts';

// A bad setting stops the process at start, naming every variable at fault (exit code 78: config).
const parsed = parseGatewayEnv(process.env);
if (!parsed.ok) {
  process.stderr.write(`gateway: bad configuration, not starting:\n  ${parsed.errors.join('\n  ')}\n`);
  process.exit(78);
}
const config = parsed.value;
// Pretty lines at a terminal in development, JSON in production or when piped (protocol logging.ts).
const transport = logTransport(process.env.NODE_ENV, process.stdout.isTTY, installed('pino-pretty'));
const app = await buildGateway({ ...config, logger: loggerOptions(config.logLevel, undefined, transport) });

function installed(pkg: string): boolean {
  try {
    import.meta.resolve(pkg);
    return true;
  } catch {
    return false;
  }
}

// SIGTERM/SIGINT (and an uncaught error) close the app once: exit 0, or 1 after an error or when the
// close takes over 10 s (close-with-grace, as the simulator does).
closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'gateway closing after an uncaught error');
  else app.log.info({ signal }, 'gateway shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info({ port: config.port, upstream: config.upstreamUrl }, 'gateway listening');
