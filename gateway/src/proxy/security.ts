/**
 * Security headers for every gateway response (@fastify/helmet): a CSP that lets the page load
 * only the app's own files and talk only to its own host (HTTP and the /ws websocket), no MIME
 * sniffing, and no framing by other sites.
 */

import type { IncomingMessage } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/** A Host header safe to echo into a CSP source: host[:port], nothing else. */
const SAFE_HOST = /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(:\d{1,5})?$/;

/**
 * The websocket source of this host. `'self'` covers `ws:`/`wss:` to the same host only in CSP
 * level 3 browsers; older Safari needs the explicit URL.
 */
function websocketSource(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

export function securityHeaders(): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets inline style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        // Live TV and highlights play from the gateway's own /media relay (proxy/media.ts).
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", (req) => websocketSource(req as IncomingMessage)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation headers would break game-provider launches in new windows.
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS terminator in front of the gateway, not to a plain-HTTP dev server.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'no-referrer' },
  };
}
