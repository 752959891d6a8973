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

/** Served as these when ALLOWED_HOSTS is empty: the loopback names, and `host` unless it is a wildcard. */
export const LoopbackHosts = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * The host names this gateway is served as (`config.allowedHosts`, or when that is empty the
 * loopback names and the configured listen host). An entry without a port matches any port.
 */
export function servedHosts(config: Pick<GatewayConfig, 'allowedHosts' | 'host'>): string[] {
  if (config.allowedHosts.length > 0) return config.allowedHosts.map((h) => h.trim().toLowerCase());
  const listen = config.host.trim().toLowerCase();
  const wildcard = listen === '' || listen === '0.0.0.0' || listen === '::' || listen === '[::]';
  const own = listen.includes(':') && !listen.startsWith('[') ? `[${listen}]` : listen;
  return [...LoopbackHosts, ...(wildcard ? [] : [own])];
}

/** Is `host` (`name[:port]`, normalised) one of `served`? */
function isServedHost(host: string, served: readonly string[]): boolean {
  const name = host.replace(/:\d+$/, '');
  return served.some((entry) => entry === host || entry === name);
}

/** What an origin check needs: the allowlist and, in the gateway, the served hosts. */
export interface OriginPolicy {
  allowedOrigins: readonly string[];
  /**
   * Hosts a same-origin request may name (servedHosts). Absent: any Host header counts, which is
   * open to DNS rebinding; the gateway always passes the list.
   */
  servedHosts?: readonly string[];
}

/**
 * May a request with this `Origin` header use `/api` or `/ws`?
 * - no Origin (non-browser client): yes;
 * - listed in `allowedOrigins` (exact, after normalising; `*` allows every origin): yes;
 * - same origin as the request's Host header (`requestHost`, when given), and that host is one of
 *   `servedHosts`: yes (a rebinding page names its own host, which is not served here);
 * - anything else, including `null` (sandboxed frames, file:) unless listed: no.
 */
/**
 * The gateway's one origin check of a request (`/api`, the `/ws` upgrade, `POST /replay`):
 * `isOriginAllowed` with the configured allowlist and served hosts.
 */
export function originCheck(
  config: Pick<GatewayConfig, 'allowedOrigins' | 'allowedHosts' | 'host'>,
): (req: { headers: { origin?: string | undefined; host?: string | undefined } }) => boolean {
  const policy = { allowedOrigins: config.allowedOrigins, servedHosts: servedHosts(config) };
  return (req) => isOriginAllowed(req.headers.origin, policy, req.headers.host);
}

export function isOriginAllowed(
  origin: string | undefined,
  policy: OriginPolicy,
  requestHost?: string,
): boolean {
  if (origin === undefined) return true;
  if (policy.allowedOrigins.includes('*')) return true;
  if (origin === 'null') return policy.allowedOrigins.includes('null');
  const normalized = normalizeOrigin(origin);
  if (normalized === null) return false;
  for (const allowed of policy.allowedOrigins) {
    if (normalizeOrigin(allowed) === normalized) return true;
  }
  if (requestHost !== undefined) {
    const host = normalizeHost(requestHost);
    if (host === null) return false;
    if (policy.servedHosts !== undefined && !isServedHost(host, policy.servedHosts)) return false;
    const originHost = normalized.slice(normalized.indexOf('://') + 3);
    // Same origin: the page was served by this host (the scheme may differ behind a TLS proxy).
    const stripped = host.replace(/:(80|443)$/, '');
    return originHost === host || originHost === stripped;
  }
  return false;
}
