/**
 * The origin allowlist of `/api` and `/ws` (one rule for both, so a page that may not call the API
 * may not open the feed either). Browsers send `Origin` on every cross-origin request, on every
 * POST and on websocket upgrades; non-browser clients (scripts, the bench, server-to-server) send
 * none and are let through, because an origin check protects browsers' ambient credentials, not the
 * API itself (rate limits and sessions do that).
 */
import type { GatewayConfig } from '../config.ts';

/** An origin as browsers serialise it: scheme, host, optional port; nothing else. */
const ORIGIN = /^(https?):\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** Default ports are dropped so `https://a.example` and `https://a.example:443` compare equal. */
export function normalizeOrigin(origin: string): string | null {
  const m = ORIGIN.exec(origin.trim());
  if (!m) return null;
  const scheme = (m[1] ?? '').toLowerCase();
  const host = (m[2] ?? '').toLowerCase();
  const port = m[3];
  const isDefault =
    port === undefined || (scheme === 'http' && port === '80') || (scheme === 'https' && port === '443');
  return `${scheme}://${host}${isDefault ? '' : `:${port}`}`;
}

/** `host[:port]` of a Host header, lower-cased, or null when it is not a plain host. */
function normalizeHost(host: string): string | null {
  const m = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/.exec(host.trim());
  if (!m) return null;
  return `${(m[1] ?? '').toLowerCase()}${m[2] ? `:${m[2]}` : ''}`;
}

/**
 * May a request with this `Origin` header use `/api` or `/ws`?
 * - no Origin (non-browser client): yes;
 * - listed in `config.allowedOrigins` (exact, after normalising; `*` allows every origin): yes;
 * - same origin as the request's Host header (`requestHost`, when given): yes;
 * - anything else, including `null` (sandboxed frames, file:) unless listed: no.
 */
export function isOriginAllowed(
  origin: string | undefined,
  config: Pick<GatewayConfig, 'allowedOrigins'>,
  requestHost?: string,
): boolean {
  if (origin === undefined) return true;
  if (config.allowedOrigins.includes('*')) return true;
  if (origin === 'null') return config.allowedOrigins.includes('null');
  const normalized = normalizeOrigin(origin);
  if (normalized === null) return false;
  for (const allowed of config.allowedOrigins) {
    if (normalizeOrigin(allowed) === normalized) return true;
  }
  if (requestHost !== undefined) {
    const host = normalizeHost(requestHost);
    if (host === null) return false;
    const originHost = normalized.slice(normalized.indexOf('://') + 3);
    // Same origin: the page was served by this host (the scheme may differ behind a TLS proxy).
    const stripped = host.replace(/:(80|443)$/, '');
    return originHost === host || originHost === stripped;
  }
  return false;
}
