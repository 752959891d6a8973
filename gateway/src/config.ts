import { CallTimeoutMs, parseEnv, type TimeoutClass } from '@sportsbook/protocol';
import type { Static } from 'typebox';
import Type from 'typebox';
import type { RedisSentinelTarget } from './cluster/redis.ts';
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
  /**
   * Redis through Sentinel instead of a URL (`REDIS_SENTINELS`): the primary is asked of the
   * Sentinels on every (re)connection, so a failover moves every connection to the promoted
   * replica (gateway/CLUSTER.md "Redis with failover"). Never set together with `redisUrl`.
   */
  redisSentinels?: RedisSentinelTarget;
  /** Leases and history keys in cluster mode (gateway/CLUSTER.md); absent fields take the defaults. */
  cluster?: Partial<ClusterTuning>;
  /** Origins allowed on /ws and /api; empty: same-origin and non-browser clients only. */
  allowedOrigins: string[];
  /**
   * Host names this gateway is served as (`Host` header, optionally with `:port`). A browser's
   * same-origin request is accepted only from these (DNS rebinding); empty: the loopback names and
   * `host` (proxy/origin.ts `servedHosts`).
   */
  allowedHosts: string[];
  logLevel: string;
  /** Base poll interval (SPEC section 9: 1000 ms), multiplied by a factor per market group. */
  pollIntervalMs: number;
  /**
   * `rooms`: the tournament topics (default feed/plugin.ts DefaultRoomsPollFactor); `lists`: the
   * shared lists `list/<name>` (DefaultListPollFactor), `textLists`: `list/marquee|announce/<lang>`
   * (DefaultTextListPollFactor).
   */
  groupFactors: {
    live: number;
    today: number;
    early: number;
    menu: number;
    match: number;
    rooms?: number;
    lists?: number;
    textLists?: number;
  };
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
  /** Failed logins of one account from one client address per minute (another address is not affected). */
  loginLimitPerAccountPerMinute: number;
  loginLimitPerIpPerMinute: number;
  /** How long a bet placement's idempotency key returns the first reply, and how many keys are kept. */
  idempotencyWindowMs: number;
  idempotencyMaxEntries: number;
  /** Upstream timeout per call class (protocol's CallTimeoutMs by default). */
  callTimeoutMs: Readonly<Record<TimeoutClass, number>>;
  /**
   * A client must have sent its whole request (headers and body) within this; a trickled body is
   * cut with 408 at most a couple of seconds later (the server checks every `requestTimeoutMs / 10`).
   */
  requestTimeoutMs: number;
  /**
   * `/metrics` on its own port (not on the public one); absent: on the public port, for loopback
   * clients only, or for everyone presenting `metricsToken`.
   */
  metricsPort?: number;
  /** Bearer token `/metrics` requires (`Authorization: Bearer <token>`), on either port. */
  metricsToken?: string;
  /** The operator token of the ops dashboard's websocket `/ops/ws` (gateway/OPS.md); absent: no dashboard. */
  opsToken?: string;
  /** The replayer this gateway serves (`npm run replay`): enables the web's timeline (RECORDING.md). */
  replayControlUrl?: string;
  /** Record every upstream odds reply here (RECORDING.md); absent: no recording. */
  recordDir?: string;
  /** Recording files rotate at this compressed size and this age. */
  recordMaxBytes: number;
  recordMaxAgeMs: number;
  /** SPEC section 7 login signing key: when set, the gateway signs login bodies (HMAC-SHA256). */
  loginSigningKey?: string;
}

const Positive = (fallback: number) => Type.Number({ exclusiveMinimum: 0, default: fallback });
const Count = (fallback: number) => Type.Integer({ minimum: 1, default: fallback });
const Optional = Type.Optional;
const Port = Type.Integer({ minimum: 0, maximum: 65_535 });
const Text = Type.String({ minLength: 1 });

/**
 * Every environment variable the gateway reads (README.md's configuration table), parsed once by
 * protocol's parseEnv: a bad value names the variable and what it expected.
 */
export const GatewayEnv = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65_535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  UPSTREAM_URL: Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  SIM_PORT: Type.Integer({ minimum: 1, maximum: 65_535, default: 8090 }),
  WEB_DIST: Optional(Text),
  REDIS_URL: Optional(Text),
  /** `host:port,host:port,...` of the Sentinels; with it the gateway follows the group's primary. */
  REDIS_SENTINELS: Optional(
    Type.Array(Type.String({ pattern: '^([A-Za-z0-9_.-]+|\\[[0-9A-Fa-f:.]+\\]):\\d{1,5}$' }), {
      minItems: 1,
    }),
  ),
  REDIS_SENTINEL_NAME: Type.String({ minLength: 1, default: 'mymaster' }),
  REDIS_PASSWORD: Optional(Text),
  REDIS_SENTINEL_PASSWORD: Optional(Text),
  CLUSTER_LEASE_MS: Optional(Type.Number({ exclusiveMinimum: 0 })),
  ALLOWED_ORIGINS: Type.Array(Text, { default: [] }),
  ALLOWED_HOSTS: Type.Array(Type.String({ pattern: '^([A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\])(:\\d{1,5})?$' }), {
    default: [],
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  POLL_INTERVAL_MS: Positive(1000),
  POLL_FACTOR_LIVE: Positive(1),
  POLL_FACTOR_TODAY: Positive(5),
  POLL_FACTOR_EARLY: Positive(10),
  POLL_FACTOR_MENU: Positive(5),
  POLL_FACTOR_MATCH: Positive(1),
  WARM_TOPICS: Type.Array(Text, { default: ['menu'] }),
  HEARTBEAT_MS: Positive(5000),
  TRUST_PROXY: Type.Boolean({ default: false }),
  RATE_LIMIT_IP_PER_MINUTE: Count(1200),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: Count(300),
  LOGIN_LIMIT_ACCOUNT_PER_MINUTE: Count(10),
  LOGIN_LIMIT_IP_PER_MINUTE: Count(60),
  IDEMPOTENCY_WINDOW_MS: Positive(10 * 60_000),
  IDEMPOTENCY_MAX_ENTRIES: Count(100_000),
  REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  METRICS_PORT: Optional(Port),
  METRICS_TOKEN: Optional(Type.String({ minLength: 16 })),
  OPS_TOKEN: Optional(Type.String({ minLength: 16 })),
  REPLAY_CONTROL_URL: Optional(Text),
  LOGIN_SIGNING_KEY: Optional(Text),
  RECORD_DIR: Optional(Text),
  RECORD_MAX_BYTES: Positive(64 * 1024 * 1024),
  RECORD_MAX_AGE_MS: Positive(60 * 60_000),
  // Feed bounds (gateway/FEED.md); unset: feed/tuning.ts's defaults.
  WS_MAX_SOCKETS_PER_SESSION: Optional(Type.Integer({ minimum: 1 })),
  WS_MAX_SOCKETS_PER_ACCOUNT: Optional(Type.Integer({ minimum: 1 })),
  WS_MAX_SOCKETS_PER_IP: Optional(Type.Integer({ minimum: 1 })),
  FEED_MAX_TOPICS: Optional(Type.Integer({ minimum: 1 })),
  WS_PING_INTERVAL_MS: Optional(Type.Integer({ minimum: 100 })),
  WS_PING_MISSES: Optional(Type.Integer({ minimum: 1 })),
  /** Offer permessage-deflate on /ws (off by default: gateway/FEED.md "Compression"). */
  WS_DEFLATE: Optional(Type.Boolean()),
});
export type GatewayEnv = Static<typeof GatewayEnv>;

/** Defaults for everything but the upstream URL; buildGateway fills a partial config with these. */
export function resolveConfig(partial: Partial<GatewayConfig> & { upstreamUrl: string }): GatewayConfig {
  const base = configFromEnv({});
  return { ...base, ...partial, groupFactors: { ...base.groupFactors, ...partial.groupFactors } };
}

/** The configuration from an environment, or every problem with it (never throws). */
export function parseGatewayEnv(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; value: GatewayConfig } | { ok: false; errors: string[] } {
  const parsed = parseEnv(GatewayEnv, env);
  if (!parsed.ok) return parsed;
  const e = parsed.value;
  if (e.REDIS_URL !== undefined && e.REDIS_SENTINELS !== undefined) {
    return { ok: false, errors: ['REDIS_SENTINELS: set either REDIS_URL or REDIS_SENTINELS, not both'] };
  }
  const feed: Partial<FeedTuning> = {
    ...(e.WS_MAX_SOCKETS_PER_SESSION !== undefined
      ? { maxSocketsPerSession: e.WS_MAX_SOCKETS_PER_SESSION }
      : {}),
    ...(e.WS_MAX_SOCKETS_PER_ACCOUNT !== undefined
      ? { maxSocketsPerAccount: e.WS_MAX_SOCKETS_PER_ACCOUNT }
      : {}),
    ...(e.WS_MAX_SOCKETS_PER_IP !== undefined ? { maxSocketsPerIp: e.WS_MAX_SOCKETS_PER_IP } : {}),
    ...(e.FEED_MAX_TOPICS !== undefined ? { maxTopicsPerNode: e.FEED_MAX_TOPICS } : {}),
    ...(e.WS_PING_INTERVAL_MS !== undefined ? { pingIntervalMs: e.WS_PING_INTERVAL_MS } : {}),
    ...(e.WS_PING_MISSES !== undefined ? { pingMissesBeforeClose: e.WS_PING_MISSES } : {}),
    ...(e.WS_DEFLATE !== undefined ? { perMessageDeflate: e.WS_DEFLATE } : {}),
  };
  return {
    ok: true,
    value: {
      port: e.PORT,
      host: e.HOST,
      upstreamUrl: (e.UPSTREAM_URL ?? `http://127.0.0.1:${e.SIM_PORT}`).replace(/\/+$/, ''),
      webDist: e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname,
      ...(e.REDIS_URL !== undefined ? { redisUrl: e.REDIS_URL } : {}),
      ...(e.REDIS_SENTINELS !== undefined ? { redisSentinels: sentinelTarget(e) } : {}),
      ...(e.CLUSTER_LEASE_MS !== undefined ? { cluster: { leaseMs: e.CLUSTER_LEASE_MS } } : {}),
      allowedOrigins: e.ALLOWED_ORIGINS,
      allowedHosts: e.ALLOWED_HOSTS,
      logLevel: e.LOG_LEVEL,
      pollIntervalMs: e.POLL_INTERVAL_MS,
      groupFactors: {
        live: e.POLL_FACTOR_LIVE,
        today: e.POLL_FACTOR_TODAY,
        early: e.POLL_FACTOR_EARLY,
        menu: e.POLL_FACTOR_MENU,
        match: e.POLL_FACTOR_MATCH,
      },
      warmTopics: e.WARM_TOPICS,
      heartbeatMs: e.HEARTBEAT_MS,
      ...(Object.keys(feed).length > 0 ? { feed } : {}),
      trustProxy: e.TRUST_PROXY,
      rateLimitIpPerMinute: e.RATE_LIMIT_IP_PER_MINUTE,
      rateLimitAccountPerMinute: e.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      loginLimitPerAccountPerMinute: e.LOGIN_LIMIT_ACCOUNT_PER_MINUTE,
      loginLimitPerIpPerMinute: e.LOGIN_LIMIT_IP_PER_MINUTE,
      idempotencyWindowMs: e.IDEMPOTENCY_WINDOW_MS,
      idempotencyMaxEntries: e.IDEMPOTENCY_MAX_ENTRIES,
      callTimeoutMs: { ...CallTimeoutMs },
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      ...(e.METRICS_PORT !== undefined ? { metricsPort: e.METRICS_PORT } : {}),
      ...(e.METRICS_TOKEN !== undefined ? { metricsToken: e.METRICS_TOKEN } : {}),
      ...(e.OPS_TOKEN !== undefined ? { opsToken: e.OPS_TOKEN } : {}),
      ...(e.REPLAY_CONTROL_URL !== undefined ? { replayControlUrl: e.REPLAY_CONTROL_URL } : {}),
      ...(e.LOGIN_SIGNING_KEY !== undefined ? { loginSigningKey: e.LOGIN_SIGNING_KEY } : {}),
      ...(e.RECORD_DIR !== undefined ? { recordDir: e.RECORD_DIR } : {}),
      recordMaxBytes: e.RECORD_MAX_BYTES,
      recordMaxAgeMs: e.RECORD_MAX_AGE_MS,
    },
  };
}

/** `REDIS_SENTINELS` and its companions as the cluster's connection target. */
function sentinelTarget(e: GatewayEnv): RedisSentinelTarget {
  const sentinels = (e.REDIS_SENTINELS ?? []).map((address) => {
    const colon = address.lastIndexOf(':');
    return {
      host: address.slice(0, colon).replace(/^\[(.*)\]$/, '$1'),
      port: Number(address.slice(colon + 1)),
    };
  });
  return {
    sentinels,
    name: e.REDIS_SENTINEL_NAME,
    ...(e.REDIS_PASSWORD !== undefined ? { password: e.REDIS_PASSWORD } : {}),
    ...(e.REDIS_SENTINEL_PASSWORD !== undefined ? { sentinelPassword: e.REDIS_SENTINEL_PASSWORD } : {}),
  };
}

/** The configuration from `env`; throws one error naming every bad variable (server.ts prints it and exits). */
export function configFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): GatewayConfig {
  const parsed = parseGatewayEnv(env);
  if (!parsed.ok) throw new ConfigError(parsed.errors);
  return parsed.value;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`bad gateway configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}
