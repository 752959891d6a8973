import { CallTimeoutMs, type TimeoutClass } from '@sportsbook/protocol';
import type { ClusterTuning } from './cluster/topic.ts';
import type { FeedTuning } from './feed/tuning.ts';

/**
 * Gateway configuration, read once from the environment by the process (server.ts) and passed to
 * buildGateway as plain options, so tests build the app with explicit values.
 */
export interface GatewayConfig {
  port: number;
  host: string;
  /** Base URL of the upstream sportsbook (the simulator or a real one), no trailing slash. */
  upstreamUrl: string;
  /** Built web app to serve at `/` (history-mode fallback); absent: no static serving. */
  webDist?: string;
  /** Redis for scale-out; absent: everything in-process. */
  redisUrl?: string;
  /** Leases and history keys in cluster mode (gateway/CLUSTER.md); absent fields take the defaults. */
  cluster?: Partial<ClusterTuning>;
  /** Origins allowed on /ws and /api; empty: same-origin and non-browser clients only. */
  allowedOrigins: string[];
  logLevel: string;
  /** Base poll interval (SPEC section 9: 1000 ms), multiplied by a factor per market group. */
  pollIntervalMs: number;
  groupFactors: { live: number; today: number; early: number; menu: number; match: number };
  /** Topics polled even with no watcher (e.g. `menu`, `odds/1/hdpou/live`). */
  warmTopics: string[];
  /** Heartbeat interval sent in `welcome.hb`. */
  heartbeatMs: number;
  /** Feed bounds and timers (gateway/FEED.md); absent fields take feed/tuning.ts's defaults. */
  feed?: Partial<FeedTuning>;
  /** Trust X-Forwarded-For for the client IP (per-IP limits); only behind a proxy that sets it. */
  trustProxy: boolean;
  /** /api rate limits (gateway/PROXY.md): requestLimit per IP and per account, loginLimit for logins. */
  rateLimitIpPerMinute: number;
  rateLimitAccountPerMinute: number;
  loginLimitPerAccountPerMinute: number;
  loginLimitPerIpPerMinute: number;
  /** How long a bet placement's idempotency key returns the first reply, and how many keys are kept. */
  idempotencyWindowMs: number;
  idempotencyMaxEntries: number;
  /** Upstream timeout per call class (protocol's CallTimeoutMs by default). */
  callTimeoutMs: Readonly<Record<TimeoutClass, number>>;
  /** Record every upstream odds reply here (RECORDING.md); absent: no recording. */
  recordDir?: string;
  /** Recording files rotate at this compressed size and this age. */
  recordMaxBytes: number;
  recordMaxAgeMs: number;
  /** SPEC section 7 login signing key: when set, the gateway signs login bodies (HMAC-SHA256). */
  loginSigningKey?: string;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/** Defaults for everything but the upstream URL; buildGateway fills a partial config with these. */
export function resolveConfig(partial: Partial<GatewayConfig> & { upstreamUrl: string }): GatewayConfig {
  const base = configFromEnv({});
  return { ...base, ...partial, groupFactors: { ...base.groupFactors, ...partial.groupFactors } };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const upstreamUrl = (env.UPSTREAM_URL ?? `http://127.0.0.1:${env.SIM_PORT ?? 8090}`).replace(/\/+$/, '');
  return {
    port: positive('PORT', env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    upstreamUrl,
    webDist: env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname,
    redisUrl: env.REDIS_URL || undefined,
    ...(env.CLUSTER_LEASE_MS
      ? { cluster: { leaseMs: positive('CLUSTER_LEASE_MS', env.CLUSTER_LEASE_MS, 3000) } }
      : {}),
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    logLevel: env.LOG_LEVEL ?? 'info',
    pollIntervalMs: positive('POLL_INTERVAL_MS', env.POLL_INTERVAL_MS, 1000),
    groupFactors: {
      live: positive('POLL_FACTOR_LIVE', env.POLL_FACTOR_LIVE, 1),
      today: positive('POLL_FACTOR_TODAY', env.POLL_FACTOR_TODAY, 5),
      early: positive('POLL_FACTOR_EARLY', env.POLL_FACTOR_EARLY, 10),
      menu: positive('POLL_FACTOR_MENU', env.POLL_FACTOR_MENU, 5),
      match: positive('POLL_FACTOR_MATCH', env.POLL_FACTOR_MATCH, 1),
    },
    warmTopics: list(env.WARM_TOPICS ?? 'menu'),
    heartbeatMs: positive('HEARTBEAT_MS', env.HEARTBEAT_MS, 5000),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    rateLimitIpPerMinute: positive('RATE_LIMIT_IP_PER_MINUTE', env.RATE_LIMIT_IP_PER_MINUTE, 1200),
    rateLimitAccountPerMinute: positive(
      'RATE_LIMIT_ACCOUNT_PER_MINUTE',
      env.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      300,
    ),
    loginLimitPerAccountPerMinute: positive(
      'LOGIN_LIMIT_ACCOUNT_PER_MINUTE',
      env.LOGIN_LIMIT_ACCOUNT_PER_MINUTE,
      10,
    ),
    loginLimitPerIpPerMinute: positive('LOGIN_LIMIT_IP_PER_MINUTE', env.LOGIN_LIMIT_IP_PER_MINUTE, 60),
    idempotencyWindowMs: positive('IDEMPOTENCY_WINDOW_MS', env.IDEMPOTENCY_WINDOW_MS, 10 * 60_000),
    idempotencyMaxEntries: positive('IDEMPOTENCY_MAX_ENTRIES', env.IDEMPOTENCY_MAX_ENTRIES, 100_000),
    callTimeoutMs: { ...CallTimeoutMs },
    loginSigningKey: env.LOGIN_SIGNING_KEY || undefined,
    recordDir: env.RECORD_DIR || undefined,
    recordMaxBytes: positive('RECORD_MAX_BYTES', env.RECORD_MAX_BYTES, 64 * 1024 * 1024),
    recordMaxAgeMs: positive('RECORD_MAX_AGE_MS', env.RECORD_MAX_AGE_MS, 60 * 60_000),
  };
}
