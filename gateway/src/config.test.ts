import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CallTimeoutMs } from '@sportsbook/protocol';
import { serverBundle } from '@sportsbook/testkit';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, parseGatewayEnv } from './config.ts';

describe('gateway configuration from the environment', () => {
  it('defaults every setting', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      upstreamUrl: 'http://127.0.0.1:8090',
      allowedOrigins: [],
      allowedHosts: [],
      logLevel: 'info',
      pollIntervalMs: 1000,
      groupFactors: { live: 1, today: 5, early: 10, menu: 5, match: 1 },
      warmTopics: ['menu'],
      heartbeatMs: 5000,
      trustProxy: false,
      rateLimitIpPerMinute: 1200,
      rateLimitAccountPerMinute: 300,
      loginLimitPerAccountPerMinute: 10,
      loginLimitPerIpPerMinute: 60,
      idempotencyWindowMs: 600_000,
      idempotencyMaxEntries: 100_000,
      callTimeoutMs: CallTimeoutMs,
      requestTimeoutMs: 30_000,
      recordMaxBytes: 64 * 1024 * 1024,
      recordMaxAgeMs: 3_600_000,
    });
    for (const absent of [
      'redisUrl',
      'cluster',
      'feed',
      'metricsPort',
      'metricsToken',
      'loginSigningKey',
      'recordDir',
    ]) {
      expect(config, absent).not.toHaveProperty(absent);
    }
  });

  it('reads every variable, with the feed bounds mapped into config.feed', () => {
    const config = configFromEnv({
      PORT: '9000',
      HOST: '127.0.0.1',
      UPSTREAM_URL: 'http://upstream.example:81/',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CLUSTER_LEASE_MS: '5000',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      ALLOWED_HOSTS: 'play.example,play.example:8443',
      LOG_LEVEL: 'debug',
      POLL_FACTOR_EARLY: '20',
      WARM_TOPICS: 'menu,odds/1/hdpou/live',
      TRUST_PROXY: '1',
      LOGIN_LIMIT_ACCOUNT_PER_MINUTE: '5',
      REQUEST_TIMEOUT_MS: '15000',
      METRICS_PORT: '9464',
      METRICS_TOKEN: 'a-long-metrics-token',
      LOGIN_SIGNING_KEY: 'sign',
      WS_MAX_SOCKETS_PER_SESSION: '2',
      WS_MAX_SOCKETS_PER_ACCOUNT: '6',
      WS_MAX_SOCKETS_PER_IP: '100',
      FEED_MAX_TOPICS: '500',
      WS_PING_INTERVAL_MS: '20000',
      WS_PING_MISSES: '3',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      upstreamUrl: 'http://upstream.example:81',
      redisUrl: 'redis://127.0.0.1:6379',
      cluster: { leaseMs: 5000 },
      allowedOrigins: ['https://a.example', 'https://b.example'],
      allowedHosts: ['play.example', 'play.example:8443'],
      logLevel: 'debug',
      groupFactors: { live: 1, today: 5, early: 20, menu: 5, match: 1 },
      warmTopics: ['menu', 'odds/1/hdpou/live'],
      trustProxy: true,
      loginLimitPerAccountPerMinute: 5,
      requestTimeoutMs: 15_000,
      metricsPort: 9464,
      metricsToken: 'a-long-metrics-token',
      loginSigningKey: 'sign',
    });
    expect(config.feed).toEqual({
      maxSocketsPerSession: 2,
      maxSocketsPerAccount: 6,
      maxSocketsPerIp: 100,
      maxTopicsPerNode: 500,
      pingIntervalMs: 20_000,
      pingMissesBeforeClose: 3,
    });
  });

  it('treats empty values as unset', () => {
    expect(configFromEnv({ PORT: '', REDIS_URL: '', ALLOWED_ORIGINS: '', METRICS_PORT: '' })).toMatchObject({
      port: 8080,
      allowedOrigins: [],
    });
    expect(configFromEnv({ REDIS_URL: '' })).not.toHaveProperty('redisUrl');
  });

  it('REDIS_SENTINELS: the Sentinel group instead of a URL, the master name mymaster by default', () => {
    expect(configFromEnv({})).not.toHaveProperty('redisSentinels');
    expect(configFromEnv({ REDIS_SENTINELS: '10.0.0.1:26379, sentinel-b:26380,[::1]:26381' })).toMatchObject({
      redisSentinels: {
        name: 'mymaster',
        sentinels: [
          { host: '10.0.0.1', port: 26379 },
          { host: 'sentinel-b', port: 26380 },
          { host: '::1', port: 26381 },
        ],
      },
    });
    const named = configFromEnv({
      REDIS_SENTINELS: 's1:26379',
      REDIS_SENTINEL_NAME: 'book',
      REDIS_PASSWORD: 'p1',
      REDIS_SENTINEL_PASSWORD: 'p2',
    });
    expect(named.redisSentinels).toEqual({
      name: 'book',
      sentinels: [{ host: 's1', port: 26379 }],
      password: 'p1',
      sentinelPassword: 'p2',
    });
    expect(named).not.toHaveProperty('redisUrl');
    const both = parseGatewayEnv({ REDIS_URL: 'redis://r:6379', REDIS_SENTINELS: 's1:26379' });
    expect(both.ok ? [] : both.errors).toEqual([
      'REDIS_SENTINELS: set either REDIS_URL or REDIS_SENTINELS, not both',
    ]);
    const bad = parseGatewayEnv({ REDIS_SENTINELS: 's1' });
    expect(bad.ok ? [] : bad.errors.join(' ')).toContain('REDIS_SENTINELS');
    const empty = parseGatewayEnv({ REDIS_SENTINELS: ',' });
    expect(empty.ok ? [] : empty.errors.join(' ')).toContain('REDIS_SENTINELS');
  });

  it('names every bad variable and what it expected', () => {
    const parsed = parseGatewayEnv({
      PORT: 'eighty',
      TRUST_PROXY: 'maybe',
      LOG_LEVEL: 'loud',
      WS_PING_MISSES: '0',
      METRICS_TOKEN: 'short',
      ALLOWED_HOSTS: 'ok.example,not a host',
      RATE_LIMIT_IP_PER_MINUTE: '1.5',
    });
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.errors;
    for (const name of [
      'PORT',
      'TRUST_PROXY',
      'LOG_LEVEL',
      'WS_PING_MISSES',
      'METRICS_TOKEN',
      'ALLOWED_HOSTS',
      'RATE_LIMIT_IP_PER_MINUTE',
    ]) {
      expect(
        errors.some((e) => e.startsWith(`${name}: expected`)),
        name,
      ).toBe(true);
    }
    expect(errors).toContain('PORT: expected an integer >= 0 and <= 65535, got "eighty"');
    expect(() => configFromEnv({ HEARTBEAT_MS: '-5' })).toThrow(ConfigError);
    expect(() => configFromEnv({ HEARTBEAT_MS: '-5' })).toThrow(/HEARTBEAT_MS: expected a number > 0/);
  });

  it('the server exits at start with the variables at fault, before listening', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    // The server's bundle (the testkit's, one per test process), not the sources through tsx.
    const child = spawn(process.execPath, [await serverBundle('gateway/src/server.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'abc', WS_MAX_SOCKETS_PER_IP: '-1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(78);
    expect(stderr).toContain('bad configuration');
    expect(stderr).toContain('PORT: expected an integer');
    expect(stderr).toContain('WS_MAX_SOCKETS_PER_IP: expected an integer >= 1');
  }, 30_000);
});
