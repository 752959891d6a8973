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
