/**
 * The gateway process: reads the environment, owns the logger, listens, and closes gracefully on
 * SIGTERM/SIGINT (stop polling, tell websocket clients to reconnect elsewhere, close).
 */
import { logTransport } from '@sportsbook/protocol';
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

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'gateway shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info({ port: config.port, upstream: config.upstreamUrl }, 'gateway listening');
