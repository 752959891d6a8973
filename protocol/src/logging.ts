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
