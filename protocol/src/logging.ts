/**
 * Paths pino censors in every service: passwords, session and launch tokens, signatures and auth
 * headers never reach a log line. Shared so the simulator and the gateway redact the same fields.
 */
export const RedactPaths = [
  'password',
  '*.password',
  'old_password',
  'new_password',
  'confirm_password',
  '*.old_password',
  '*.new_password',
  '*.confirm_password',
  'session_token',
  '*.session_token',
  '*.*.session_token',
  'token',
  '*.token',
  'signature',
  '*.signature',
  'req.headers["x-admin-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["sec-websocket-protocol"]',
] as const;

/**
 * A URL as it may be logged: the path, and `?[redacted]` in place of any query string. Query
 * strings carry launch and session tokens (`/?token=...`), so no log line keeps one.
 */
export function redactUrl(url: string): string {
  if (typeof url !== 'string') return '';
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : `${url.slice(0, cut)}?[redacted]`;
}

/** Every query string of a URL or path inside free text (error messages, stacks) redacted. */
export function redactUrlsIn(text: string): string {
  if (typeof text !== 'string') return '';
  return text.replace(/((?:https?:\/\/[^\s/?#'"`]*)?\/[^\s?#'"`]*)[?#][^\s'"`]*/g, '$1?[redacted]');
}

/**
 * The log format of a service process: pino's pretty transport for a person at a terminal in
 * development, one JSON object per line in production (`NODE_ENV=production`) or when the output
 * is piped to a collector, as Fastify apps usually do. Pure: the caller passes `process.env` and
 * `process.stdout.isTTY`.
 */
export function logFormat(nodeEnv: string | undefined, isTTY: boolean | undefined): 'pretty' | 'json' {
  return isTTY === true && nodeEnv !== 'production' ? 'pretty' : 'json';
}

/** pino's transport options for the `pretty` format (pino-pretty, a development dependency). */
export const PrettyLogTransport = {
  target: 'pino-pretty',
  options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
} as const;

/**
 * The pino transport of a service process: pretty when `logFormat` says so and pino-pretty is
 * installed (a production image has no development dependencies), else none (JSON to stdout).
 */
export function logTransport(
  nodeEnv: string | undefined,
  isTTY: boolean | undefined,
  prettyInstalled: boolean,
): typeof PrettyLogTransport | undefined {
  return prettyInstalled && logFormat(nodeEnv, isTTY) === 'pretty' ? PrettyLogTransport : undefined;
}
